/* Turns one logical rule line into a struct rule:
 *
 *	action proto src_addr src_port direction dst_addr dst_port (options)
 *
 * Every problem becomes a diagnostic at file:line:col naming the token;
 * the parse goes on after an error where it can, so one pass reports all
 * of a rule's problems. Keyword setup functions report through the same
 * parser with the helpers below. */
#ifndef QUELL_RULES_PARSER_H
#define QUELL_RULES_PARSER_H

#include "core/base.h"
#include "core/diag.h"

struct rule;
struct rules_classes;
struct rules_option;
struct rules_parser;
struct rules_refs;
struct rules_vars;

#define RULES_RULE_MAX		65536	/* bytes of one logical rule */
#define RULES_ERRORS_PER_RULE	8	/* further errors are summarized */

enum rules_parse_result {
	RULES_PARSE_OK,
	RULES_PARSE_FAILED,		/* at least one error */
	RULES_PARSE_UNSUPPORTED,	/* valid, but needs what we lack */
};

/* What rules are parsed against; every member may be NULL (no
 * variables; any classtype; any reference type). */
struct rules_parse_env {
	const struct rules_vars *vars;
	const struct rules_classes *classes;
	const struct rules_refs *refs;
};

#define RULES_UNSUPPORTED_MAX	64	/* bytes of an unsupported reason */

/* Parses text[0..len), a rule read at file:line. On RULES_PARSE_OK *out is
 * a new rule owned by the caller, otherwise NULL. On
 * RULES_PARSE_UNSUPPORTED, why (RULES_UNSUPPORTED_MAX bytes) names what
 * is missing, for the summary: a keyword name ("http.uri"), or
 * "protocol <name>", "<keyword> <option>". env may be NULL. */
enum rules_parse_result rules_parser_parse(const char *file, unsigned line,
	    const char *text, size_t len, const struct rules_parse_env *env,
	    struct diag_list *, struct rule **out, char *why);

/* For keyword setup functions. off is the offset in the rule text of the
 * problem (RULES_PARSER_NOPOS: none), tok[0..toklen) the offending text
 * (tok may be NULL). */
#define RULES_PARSER_NOPOS	((size_t)-1)

void	rules_parser_error(struct rules_parser *, size_t off, const char *tok,
	    size_t toklen, const char *fmt, ...) QUELL_PRINTF(5, 6);
/* Marks the rule unsupported (a warning; only the first one is shown).
 * what names the missing feature in the load summary ("http.uri"). */
void	rules_parser_unsupported(struct rules_parser *, const char *what,
	    size_t off, const char *tok, size_t toklen, const char *fmt, ...)
	    QUELL_PRINTF(6, 7);
/* A warning about the rule, which still loads. */
void	rules_parser_warning(struct rules_parser *, size_t off,
	    const char *tok, size_t toklen, const char *fmt, ...)
	    QUELL_PRINTF(5, 6);
void	rules_parser_nomem(struct rules_parser *);
/* The option value without quotes and escapes, as a new string. 0, or -1
 * after reporting. */
int	rules_parser_string(struct rules_parser *, const struct rules_option *,
	    char **out);
/* The option value as a decimal number in min..UINT32_MAX. 0, or -1
 * after reporting. */
int	rules_parser_u32(struct rules_parser *, const struct rules_option *,
	    uint32_t min, uint32_t *out);
/* The classification and reference tables rules are checked against
 * (NULL: none loaded, anything goes). */
const struct rules_classes *rules_parser_classes(const struct rules_parser *);
/* The file the rule is read from, as given to rules_parser_parse (NULL
 * or "" for a rule not read from a file): keywords that load a file
 * named relative to it (filesha256's hash list) */
const char *rules_parser_file(const struct rules_parser *);
const struct rules_refs *rules_parser_refs(const struct rules_parser *);

#endif
