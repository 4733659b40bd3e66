/* Parsing helpers shared by keyword setup functions: splitting a value
 * into comma-separated arguments, numbers, and "number or byte_extract
 * variable" operands. */
#ifndef QUELL_DETECT_KWPARSE_H
#define QUELL_DETECT_KWPARSE_H

#include "core/base.h"

struct detect_inspect;
struct keyword;
struct rule;
struct rules_option;
struct rules_parser;

/* One argument: s[0..len), trimmed; off is its offset in the rule. */
struct kwparse_arg {
	const char	*s;
	size_t		 len;
	size_t		 off;
};

/* A number, or the value of a byte_extract variable (var >= 0). */
struct detect_value {
	int64_t		 v;
	int8_t		 var;
};

/* Splits opt's value at sep into at most max arguments (a quoted value
 * is unquoted first: only surrounding quotes go). The count, or -1 after
 * reporting "too many arguments" (an empty value gives 1 empty
 * argument). */
int	kwparse_split(struct rules_parser *, const struct rules_option *,
	    char sep, struct kwparse_arg *args, size_t max);
/* Splits a at the first blank into a word and the rest ("count 5"). */
void	kwparse_word(const struct kwparse_arg *a, struct kwparse_arg *word,
	    struct kwparse_arg *rest);
bool	kwparse_is(const struct kwparse_arg *, const char *word);
/* Decimal with optional sign, or 0x hex (then no sign), in [min, max]. */
bool	kwparse_i64(const char *s, size_t len, int64_t min, int64_t max,
	    int64_t *out);
bool	kwparse_u64(const char *s, size_t len, uint64_t max, uint64_t *out);
/* a as a number in [min, max] or a byte_extract variable of r; reports
 * "invalid <what> '<a>'" or "unknown variable". 0, or -1. */
int	kwparse_value(struct rules_parser *, const struct rule *r,
	    const struct kwparse_arg *a, const char *what, int64_t min,
	    int64_t max, struct detect_value *out);
/* Setup of a keyword whose value is one number 0..max (seq, ack, id,
 * icmp_id, icmp_seq): adds kw's packet match to r with a malloc'd
 * uint64_t holding it (kw's free must be free), or reports "invalid
 * <name> '<value>' (expected 0..<max>)". 0, or -1. */
int	kwparse_number_match(struct rules_parser *, struct rule *r,
	    const struct rules_option *, const struct keyword *kw,
	    uint64_t max);
/* The error helpers, with a's text as the token. */
void	kwparse_error(struct rules_parser *, const struct kwparse_arg *a,
	    const char *fmt, ...) QUELL_PRINTF(3, 4);

int64_t	detect_value_get(const struct detect_value *,
	    const struct detect_inspect *);

#endif
