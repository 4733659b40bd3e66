/* Splits one logical rule line into header tokens and options. Works on
 * (pointer, length) views into the rule text and never allocates; offsets
 * are from the start of the rule, so column = offset + 1. */
#ifndef QUELL_RULES_LEXER_H
#define QUELL_RULES_LEXER_H

#include "core/base.h"

struct rules_token {
	const char	*s;
	size_t		 len;
	size_t		 off;
};

struct rules_option {
	const char	*name;
	size_t		 name_len;
	size_t		 name_off;
	const char	*value;		/* trimmed, still quoted and escaped */
	size_t		 value_len;
	size_t		 value_off;
	bool		 has_value;	/* "key:value;" rather than "key;" */
};

struct rules_lexer {
	const char	*text;
	size_t		 len;
	size_t		 pos;
	size_t		 end;		/* end of the option body */
	/* set when a call returns -1 */
	char		 err[160];
	size_t		 err_off;
	size_t		 err_len;	/* of the offending token at err_off */
};

void	rules_lexer_init(struct rules_lexer *, const char *text, size_t len);
/* Next blank-separated header token; blanks inside [...] do not split
 * (unless the '[' is never closed). false at the option body's '(' or at
 * the end of the text. */
bool	rules_lexer_header_token(struct rules_lexer *, struct rules_token *);
/* Enters the option body: '(' here, ')' as the last non-blank character.
 * 0, or -1 with err set. */
int	rules_lexer_begin_options(struct rules_lexer *);
/* 1 with *opt filled, 0 at the end of the body, -1 with err set. */
int	rules_lexer_option(struct rules_lexer *, struct rules_option *opt);

/* Copies the value s[0..len) to out (room for len + 1 bytes), removing
 * surrounding double quotes if present and backslash escapes, and
 * NUL-terminates it. 0, or -1 with *err and *err_at (offset in s). */
int	rules_lexer_unquote(const char *s, size_t len, char *out,
	    size_t *outlen, const char **err, size_t *err_at);

bool	rules_lexer_is_blank(char);

#endif
