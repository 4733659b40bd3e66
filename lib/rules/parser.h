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
struct rules_option;
struct rules_parser;
struct rules_vars;

#define RULES_RULE_MAX		65536	/* bytes of one logical rule */
#define RULES_ERRORS_PER_RULE	8	/* further errors are summarized */

enum rules_parse_result {
	RULES_PARSE_OK,
	RULES_PARSE_FAILED,		/* at least one error */
	RULES_PARSE_UNSUPPORTED,	/* valid, but needs what we lack */
};

/* Parses text[0..len), a rule read at file:line. On RULES_PARSE_OK *out is
 * a new rule owned by the caller, otherwise NULL. */
enum rules_parse_result rules_parser_parse(const char *file, unsigned line,
	    const char *text, size_t len, const struct rules_vars *,
	    struct diag_list *, struct rule **out);

/* For keyword setup functions. off is the offset in the rule text of the
 * problem (RULES_PARSER_NOPOS: none), tok[0..toklen) the offending text
 * (tok may be NULL). */
#define RULES_PARSER_NOPOS	((size_t)-1)

void	rules_parser_error(struct rules_parser *, size_t off, const char *tok,
	    size_t toklen, const char *fmt, ...) QUELL_PRINTF(5, 6);
/* Marks the rule unsupported (a warning; only the first one is shown). */
void	rules_parser_unsupported(struct rules_parser *, size_t off,
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

#endif
