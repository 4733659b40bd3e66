/* Line reader for the small Suricata side files (classification.config,
 * reference.config, threshold.config): whole file in memory, '#'
 * comments and blank lines skipped, each line handed over trimmed. */
#ifndef QUELL_RULES_CFGFILE_H
#define QUELL_RULES_CFGFILE_H

#include "core/base.h"
#include "core/diag.h"

#define RULES_CFGFILE_MAX	(4u << 20)	/* bytes of one file */

/* Called for every non-blank, non-comment line: s[0..len), trimmed, not
 * NUL-terminated. */
typedef void (*rules_cfgfile_line_fn)(void *arg, const char *file,
	    unsigned line, const char *s, size_t len);

/* Feeds every line of text to fn. */
void	rules_cfgfile_lines(const char *name, const char *text, size_t len,
	    rules_cfgfile_line_fn fn, void *arg);
/* Reads path and feeds its lines to fn. 0, or -1 with errno set and a
 * diag naming the file. */
int	rules_cfgfile_load(const char *path, rules_cfgfile_line_fn fn,
	    void *arg, struct diag_list *);

#endif
