/* reference.config: the reference systems rules may name, each with the
 * URL prefix its ids complete:
 *
 *	config reference: cve https://cve.mitre.org/cgi-bin/cvename.cgi?name=
 */
#ifndef QUELL_RULES_REFERENCE_H
#define QUELL_RULES_REFERENCE_H

#include "core/base.h"
#include "core/diag.h"

struct rules_refs;

struct rules_refs *rules_refs_new(void);
void	rules_refs_free(struct rules_refs *);
/* Adds the systems of the file at path; bad lines are diags and skipped.
 * 0, or -1 with errno when the file cannot be read. */
int	rules_refs_load_file(struct rules_refs *, const char *path,
	    struct diag_list *);
void	rules_refs_load_string(struct rules_refs *, const char *name,
	    const char *text, struct diag_list *);
/* The URL prefix of system name[0..len) (case-insensitive), or NULL. */
const char *rules_refs_lookup(const struct rules_refs *, const char *name,
	    size_t len);
size_t	rules_refs_count(const struct rules_refs *);

#endif
