/* classification.config: the classtypes rules may name, each with a
 * description (eve's "category") and a default priority:
 *
 *	config classification: shortname,short description,priority
 */
#ifndef QUELL_RULES_CLASSIFICATION_H
#define QUELL_RULES_CLASSIFICATION_H

#include "core/base.h"
#include "core/diag.h"

struct rules_classes;

struct rules_class {
	char		*name;
	char		*desc;
	uint8_t		 priority;	/* 1..255 */
};

struct rules_classes *rules_classes_new(void);
void	rules_classes_free(struct rules_classes *);
/* Adds the classes of the file at path; a later definition of a name
 * replaces the earlier one. Bad lines are diags (file:line) and skipped.
 * 0, or -1 with errno when the file cannot be read. */
int	rules_classes_load_file(struct rules_classes *, const char *path,
	    struct diag_list *);
/* Same for text in memory; name stands for the file in diags. */
void	rules_classes_load_string(struct rules_classes *, const char *name,
	    const char *text, struct diag_list *);
/* The class called name[0..len) (case-insensitive), or NULL. */
const struct rules_class *rules_classes_lookup(const struct rules_classes *,
	    const char *name, size_t len);
size_t	rules_classes_count(const struct rules_classes *);

#endif
