/* A set of parsed rules, filled from rule files and strings, handed to
 * detect_engine_build(). Bad rules are reported and skipped; the rest
 * load. */
#ifndef QUELL_RULES_RULESET_H
#define QUELL_RULES_RULESET_H

#include "core/base.h"
#include "core/diag.h"

struct rule;
struct rules_classes;
struct rules_refs;
struct rules_vars;
struct ruleset;

struct rules_stats {
	size_t		 loaded;
	size_t		 failed;
	size_t		 unsupported;	/* skipped only for an unimplemented
					 * keyword or protocol */
};

struct ruleset *rules_ruleset_new(void);
void	rules_ruleset_free(struct ruleset *);
void	rules_ruleset_stats(const struct ruleset *, struct rules_stats *);

/* Checks rules loaded from now on against these tables: an unknown
 * classtype is an error, an unknown reference system a warning, and a
 * rule without priority takes its classtype's. Not owned; they must
 * outlive the loading. NULL (the default) accepts anything. */
void	rules_ruleset_set_classes(struct ruleset *,
	    const struct rules_classes *);
void	rules_ruleset_set_refs(struct ruleset *, const struct rules_refs *);
const struct rules_classes *rules_ruleset_classes(const struct ruleset *);
const struct rules_refs *rules_ruleset_refs(const struct ruleset *);

/* Why rules were skipped as unsupported, one entry per reason (a keyword
 * name such as "http.uri", or "protocol http"), most frequent first
 * (ties by name). */
size_t	rules_ruleset_unsupported_reasons(const struct ruleset *);
const char *rules_ruleset_unsupported_reason(const struct ruleset *,
	    size_t i, size_t *count);
/* "http.uri 120, protocol http 80, file_data 3" into buf (truncated to
 * len, "..." marking the cut); "" when nothing was unsupported. */
const char *rules_ruleset_unsupported_summary(const struct ruleset *,
	    char *buf, size_t len);

/* Parses the rule file at path into rs: one rule per line, '\' at the end
 * of a line continues the rule, '#' starts a comment line, CRLF is fine.
 * Problems go to diags as file:line:col records; a continued rule is
 * reported at its first line, its columns counted in the joined text. 0, also when some rules
 * were bad; -1 with errno set (and a diag naming the file) only when the
 * file cannot be read or memory ran out. vars may be NULL. */
int	rules_load_file(struct ruleset *rs, const char *path,
	    const struct rules_vars *vars, struct diag_list *diags);
/* Same for text held in memory; name stands for the file in diags. */
int	rules_load_string(struct ruleset *rs, const char *name,
	    const char *text, const struct rules_vars *vars,
	    struct diag_list *diags);

/* Loaded rules in load order. */
size_t	rules_ruleset_count(const struct ruleset *);
const struct rule *rules_ruleset_rule(const struct ruleset *, size_t i);
/* The same, to change (threshold.config adds its limits before the
 * engine is built). */
struct rule *rules_ruleset_rule_mut(struct ruleset *, size_t i);
/* The rule gid:sid, or NULL. */
struct rule *rules_ruleset_find(struct ruleset *, uint32_t gid, uint32_t sid);

/* Adds r (ownership taken on success). -1 with errno EEXIST and *dup set
 * when a rule with the same gid:sid is present (r is then not taken), or
 * ENOMEM. */
int	rules_ruleset_add(struct ruleset *, struct rule *r,
	    const struct rule **dup);
void	rules_ruleset_count_failed(struct ruleset *);
/* Counts a rule skipped for reason why (see above). */
void	rules_ruleset_count_unsupported(struct ruleset *, const char *why);
/* Hands over the rules (load order) and their ownership; rs is left
 * empty. *rules is NULL when there are none. */
void	rules_ruleset_take(struct ruleset *, struct rule ***rules, size_t *n);

#endif
