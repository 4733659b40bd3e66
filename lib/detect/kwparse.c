#include "core/base.h"

#include <stdarg.h>
#include <stdio.h>
#include <strings.h>

#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static void	kwparse_trim(struct kwparse_arg *);

static void
kwparse_trim(struct kwparse_arg *a)
{
	while (a->len > 0 && rules_lexer_is_blank(a->s[0])) {
		a->s++;
		a->len--;
		a->off++;
	}
	while (a->len > 0 && rules_lexer_is_blank(a->s[a->len - 1]))
		a->len--;
}

int
kwparse_split(struct rules_parser *p, const struct rules_option *opt,
    char sep, struct kwparse_arg *args, size_t max)
{
	struct kwparse_arg all = { opt->value, opt->value_len, opt->value_off };
	size_t n = 0, start = 0;

	kwparse_trim(&all);
	if (all.len >= 2 && all.s[0] == '"' && all.s[all.len - 1] == '"') {
		all.s++;
		all.off++;
		all.len -= 2;
	}
	for (size_t i = 0; i <= all.len; i++) {
		if (i < all.len && all.s[i] != sep)
			continue;
		if (n == max) {
			rules_parser_error(p, opt->value_off, opt->value,
			    opt->value_len, "too many arguments for '%.*s' "
			    "(at most %zu)", (int)opt->name_len, opt->name,
			    max);
			return -1;
		}
		args[n].s = all.s + start;
		args[n].len = i - start;
		args[n].off = all.off + start;
		kwparse_trim(&args[n]);
		n++;
		start = i + 1;
	}
	return (int)n;
}

void
kwparse_word(const struct kwparse_arg *a, struct kwparse_arg *word,
    struct kwparse_arg *rest)
{
	size_t i = 0;

	while (i < a->len && !rules_lexer_is_blank(a->s[i]))
		i++;
	word->s = a->s;
	word->len = i;
	word->off = a->off;
	rest->s = a->s + i;
	rest->len = a->len - i;
	rest->off = a->off + i;
	kwparse_trim(rest);
}

bool
kwparse_is(const struct kwparse_arg *a, const char *word)
{
	return strlen(word) == a->len && strncasecmp(a->s, word, a->len) == 0;
}

bool
kwparse_u64(const char *s, size_t len, uint64_t max, uint64_t *out)
{
	uint64_t v = 0;
	unsigned base = 10;
	size_t i = 0;

	if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		i = 2;
	}
	if (i == len)
		return false;
	for (; i < len; i++) {
		unsigned d;
		char c = s[i];

		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (base == 16 && c >= 'a' && c <= 'f')
			d = (unsigned)(c - 'a' + 10);
		else if (base == 16 && c >= 'A' && c <= 'F')
			d = (unsigned)(c - 'A' + 10);
		else
			return false;
		if (v > (UINT64_MAX - d) / base)
			return false;
		v = v * base + d;
	}
	if (v > max)
		return false;
	*out = v;
	return true;
}

bool
kwparse_i64(const char *s, size_t len, int64_t min, int64_t max,
    int64_t *out)
{
	uint64_t u;
	bool neg = false;

	if (len > 0 && (s[0] == '-' || s[0] == '+')) {
		neg = s[0] == '-';
		s++;
		len--;
		if (len > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
			return false;
	}
	if (!kwparse_u64(s, len, (uint64_t)INT64_MAX, &u))
		return false;
	if ((neg ? -(int64_t)u : (int64_t)u) < min ||
	    (neg ? -(int64_t)u : (int64_t)u) > max)
		return false;
	*out = neg ? -(int64_t)u : (int64_t)u;
	return true;
}

void
kwparse_error(struct rules_parser *p, const struct kwparse_arg *a,
    const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	rules_parser_error(p, a->off, a->s, a->len, "%s", msg);
}

int
kwparse_value(struct rules_parser *p, const struct rule *r,
    const struct kwparse_arg *a, const char *what, int64_t min, int64_t max,
    struct detect_value *out)
{
	int var;

	out->var = -1;
	if (kwparse_i64(a->s, a->len, min, max, &out->v))
		return 0;
	if (a->len > 0 && ((a->s[0] >= 'a' && a->s[0] <= 'z') ||
	    (a->s[0] >= 'A' && a->s[0] <= 'Z') || a->s[0] == '_')) {
		if ((var = rules_rule_byte_var(r, a->s, a->len)) == -1) {
			kwparse_error(p, a, "unknown variable '%.*s' in '%s': "
			    "define it with byte_extract first",
			    (int)(a->len > 64 ? 64 : a->len), a->s, what);
			return -1;
		}
		out->var = (int8_t)var;
		out->v = 0;
		return 0;
	}
	kwparse_error(p, a, "invalid %s '%.*s' (expected %lld..%lld or a "
	    "byte_extract variable)", what, (int)(a->len > 64 ? 64 : a->len),
	    a->s, (long long)min, (long long)max);
	return -1;
}

int64_t
detect_value_get(const struct detect_value *v, const struct detect_inspect *in)
{
	return v->var >= 0 ? (int64_t)in->vars[v->var] : v->v;
}

int
kwparse_number_match(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt, const struct keyword *kw, uint64_t max)
{
	uint64_t *v;

	if ((v = calloc(1, sizeof(*v))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (!kwparse_u64(opt->value, opt->value_len, max, v)) {
		free(v);
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid %s '%.*s' (expected 0..%llu)",
		    kw->name, (int)(opt->value_len > 64 ? 64 : opt->value_len),
		    opt->value, (unsigned long long)max);
		return -1;
	}
	if (rules_rule_add_match(r, kw, RULE_LIST_PACKET, v) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}
