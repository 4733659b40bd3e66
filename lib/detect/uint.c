#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "detect/uint.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static const char *uint_skip(const char *, const char *);

static const char *
uint_skip(const char *s, const char *end)
{
	while (s < end && rules_lexer_is_blank(*s))
		s++;
	return s;
}

bool
detect_uint_parse(const char *s, size_t len, uint64_t max,
    struct detect_uint *out)
{
	const char *end = s + len, *sep;
	bool neg = false;

	memset(out, 0, sizeof(*out));
	s = uint_skip(s, end);
	while (end > s && rules_lexer_is_blank(end[-1]))
		end--;
	if (s < end && *s == '!') {
		neg = true;
		s = uint_skip(s + 1, end);
	}
	if (end - s >= 2 && (s[0] == '<' || s[0] == '>')) {
		bool eq = s[1] == '=';

		if (neg)
			return false;
		out->mode = s[0] == '<' ? (eq ? DETECT_UINT_LTE :
		    DETECT_UINT_LT) : (eq ? DETECT_UINT_GTE : DETECT_UINT_GT);
		s = uint_skip(s + (eq ? 2 : 1), end);
		if (!kwparse_u64(s, (size_t)(end - s), max, &out->a))
			return false;
		/* "<0" and ">max" can never match */
		return !(out->mode == DETECT_UINT_LT && out->a == 0) &&
		    !(out->mode == DETECT_UINT_GT && out->a == max);
	}
	if ((sep = memchr(s, '<', (size_t)(end - s))) != NULL &&
	    sep + 1 < end && sep[1] == '>') {
		/* "N<>M" */
	} else
		sep = memchr(s, '-', (size_t)(end - s));
	if (sep != NULL) {
		const char *a_end = sep, *b = sep + (*sep == '<' ? 2 : 1);

		while (a_end > s && rules_lexer_is_blank(a_end[-1]))
			a_end--;
		b = uint_skip(b, end);
		if (!kwparse_u64(s, (size_t)(a_end - s), max, &out->a) ||
		    !kwparse_u64(b, (size_t)(end - b), max, &out->b) ||
		    out->b <= out->a + 1)
			return false;
		out->mode = neg ? DETECT_UINT_NOT_RANGE : DETECT_UINT_RANGE;
		return true;
	}
	if (!kwparse_u64(s, (size_t)(end - s), max, &out->a))
		return false;
	out->mode = neg ? DETECT_UINT_NE : DETECT_UINT_EQ;
	return true;
}

bool
detect_uint_match(const struct detect_uint *u, uint64_t v)
{
	switch (u->mode) {
	case DETECT_UINT_EQ:
		return v == u->a;
	case DETECT_UINT_NE:
		return v != u->a;
	case DETECT_UINT_LT:
		return v < u->a;
	case DETECT_UINT_LTE:
		return v <= u->a;
	case DETECT_UINT_GT:
		return v > u->a;
	case DETECT_UINT_GTE:
		return v >= u->a;
	case DETECT_UINT_RANGE:
		return v > u->a && v < u->b;
	case DETECT_UINT_NOT_RANGE:
		return !(v > u->a && v < u->b);
	}
	return false;
}

int
detect_uint_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt, const struct keyword *kw, uint64_t max)
{
	struct detect_uint *u;

	if ((u = malloc(sizeof(*u))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (!detect_uint_parse(opt->value, opt->value_len, max, u)) {
		free(u);
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid %s '%.*s' (expected N, !N, <N, "
		    "<=N, >N, >=N or N-M with N up to %llu)", kw->name,
		    (int)(opt->value_len > 64 ? 64 : opt->value_len),
		    opt->value, (unsigned long long)max);
		return -1;
	}
	if (rules_rule_add_match(r, kw, RULE_LIST_PACKET, u) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}
