#include "core/base.h"

#include <stdarg.h>
#include <stdio.h>

#include "rules/lexer.h"

static void	lexer_skip_blanks(struct rules_lexer *, size_t);
static int	lexer_fail(struct rules_lexer *, size_t, size_t, const char *,
		    ...) QUELL_PRINTF(4, 5);

bool
rules_lexer_is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' ||
	    c == '\f';
}

void
rules_lexer_init(struct rules_lexer *lx, const char *text, size_t len)
{
	memset(lx, 0, sizeof(*lx));
	lx->text = text;
	lx->len = len;
	lx->end = len;
}

static void
lexer_skip_blanks(struct rules_lexer *lx, size_t end)
{
	while (lx->pos < end && rules_lexer_is_blank(lx->text[lx->pos]))
		lx->pos++;
}

static int
lexer_fail(struct rules_lexer *lx, size_t off, size_t len, const char *fmt,
    ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(lx->err, sizeof(lx->err), fmt, ap);
	va_end(ap);
	lx->err_off = off;
	lx->err_len = len;
	return -1;
}

bool
rules_lexer_header_token(struct rules_lexer *lx, struct rules_token *tok)
{
	size_t start, bracket_blank = 0;
	int depth = 0;

	lexer_skip_blanks(lx, lx->len);
	if (lx->pos == lx->len || lx->text[lx->pos] == '(')
		return false;
	start = lx->pos;
	for (; lx->pos < lx->len; lx->pos++) {
		char c = lx->text[lx->pos];

		if (c == '(')
			break;
		if (c == '[')
			depth++;
		else if (c == ']' && depth > 0)
			depth--;
		else if (rules_lexer_is_blank(c)) {
			if (depth == 0)
				break;
			if (bracket_blank == 0)
				bracket_blank = lx->pos;
		}
	}
	/* A '[' never closed: end the token at its first blank, so the rest
	 * of the header still splits into fields and the list parser can
	 * name the missing ']'. */
	if (depth > 0 && bracket_blank != 0)
		lx->pos = bracket_blank;
	tok->s = lx->text + start;
	tok->len = lx->pos - start;
	tok->off = start;
	return true;
}

int
rules_lexer_begin_options(struct rules_lexer *lx)
{
	size_t close = lx->len;

	lexer_skip_blanks(lx, lx->len);
	if (lx->pos == lx->len)
		return lexer_fail(lx, lx->len, 0,
		    "missing rule options: expected '(' after the header");
	while (close > lx->pos && rules_lexer_is_blank(lx->text[close - 1]))
		close--;
	if (close - 1 == lx->pos || lx->text[close - 1] != ')')
		return lexer_fail(lx, lx->pos, 1,
		    "unterminated rule options: missing ')' at the end");
	lx->pos++;
	lx->end = close - 1;
	return 0;
}

int
rules_lexer_option(struct rules_lexer *lx, struct rules_option *opt)
{
	size_t i;

	memset(opt, 0, sizeof(*opt));
	lexer_skip_blanks(lx, lx->end);
	if (lx->pos == lx->end)
		return 0;

	opt->name = lx->text + lx->pos;
	opt->name_off = lx->pos;
	while (lx->pos < lx->end) {
		char c = lx->text[lx->pos];

		if (c == ':' || c == ';' || rules_lexer_is_blank(c))
			break;
		lx->pos++;
	}
	opt->name_len = lx->pos - opt->name_off;
	if (opt->name_len == 0)
		return lexer_fail(lx, lx->pos, 1, "expected an option name");
	lexer_skip_blanks(lx, lx->end);
	if (lx->pos == lx->end)
		return lexer_fail(lx, opt->name_off, opt->name_len,
		    "missing ';' after option '%.*s'", (int)opt->name_len,
		    opt->name);
	if (lx->text[lx->pos] == ';') {
		lx->pos++;
		return 1;
	}
	if (lx->text[lx->pos] != ':')
		return lexer_fail(lx, opt->name_off, opt->name_len,
		    "expected ':' or ';' after option '%.*s'",
		    (int)opt->name_len, opt->name);

	/* value: up to the first ';' not escaped by a backslash */
	lx->pos++;
	lexer_skip_blanks(lx, lx->end);
	opt->has_value = true;
	opt->value = lx->text + lx->pos;
	opt->value_off = lx->pos;
	for (i = lx->pos; i < lx->end; i++) {
		if (lx->text[i] == '\\' && i + 1 < lx->end)
			i++;
		else if (lx->text[i] == ';')
			break;
	}
	if (i == lx->end)
		return lexer_fail(lx, opt->name_off, opt->name_len,
		    "missing ';' after option '%.*s'", (int)opt->name_len,
		    opt->name);
	lx->pos = i + 1;
	while (i > opt->value_off && rules_lexer_is_blank(lx->text[i - 1]) &&
	    !(i - 1 > opt->value_off && lx->text[i - 2] == '\\'))
		i--;
	opt->value_len = i - opt->value_off;
	return 1;
}

int
rules_lexer_unquote(const char *s, size_t len, char *out, size_t *outlen,
    const char **err, size_t *err_at)
{
	size_t i = 0, o = 0;
	bool quoted = len > 0 && s[0] == '"';
	bool closed = false;

	if (quoted)
		i = 1;
	for (; i < len; i++) {
		char c = s[i];

		if (closed) {
			*err = "unexpected text after the closing quote";
			*err_at = i;
			return -1;
		}
		if (c == '\\') {
			if (i + 1 == len) {
				*err = "dangling '\\' at the end of the value";
				*err_at = i;
				return -1;
			}
			out[o++] = s[++i];
		} else if (c == '"') {
			if (!quoted) {
				*err = "unexpected '\"' in an unquoted value";
				*err_at = i;
				return -1;
			}
			closed = true;
		} else
			out[o++] = c;
	}
	if (quoted && !closed) {
		*err = "unterminated quoted string";
		*err_at = 0;
		return -1;
	}
	out[o] = '\0';
	*outlen = o;
	return 0;
}
