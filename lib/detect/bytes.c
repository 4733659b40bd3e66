#include "core/base.h"

#include <errno.h>
#include <stdio.h>

#include "detect/bytes.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"

bool
detect_bytes_count(struct rules_parser *p, const struct kwparse_arg *a,
    struct detect_bytes *b, const char *kw)
{
	int64_t n;

	if (!kwparse_i64(a->s, a->len, 0, DETECT_BYTES_STRING_MAX, &n)) {
		kwparse_error(p, a, "invalid %s byte count '%.*s' (expected "
		    "0..8, or 0..%d with string)", kw,
		    (int)(a->len > 32 ? 32 : a->len), a->s,
		    DETECT_BYTES_STRING_MAX);
		return false;
	}
	b->nbytes = (uint8_t)n;
	return true;
}

int
detect_bytes_option(struct rules_parser *p, const struct kwparse_arg *a,
    struct detect_bytes *b, const char *kw)
{
	struct kwparse_arg word, rest;
	char what[RULES_UNSUPPORTED_MAX];

	kwparse_word(a, &word, &rest);
	if (kwparse_is(a, "relative"))
		b->relative = true;
	else if (kwparse_is(a, "big"))
		b->little = false;
	else if (kwparse_is(a, "little"))
		b->little = true;
	else if (kwparse_is(a, "string"))
		b->string = true;
	else if (kwparse_is(a, "hex"))
		b->base = 16;
	else if (kwparse_is(a, "dec"))
		b->base = 10;
	else if (kwparse_is(a, "oct"))
		b->base = 8;
	else if (kwparse_is(a, "dce")) {
		snprintf(what, sizeof(what), "%s dce", kw);
		rules_parser_unsupported(p, what, a->off, a->s, a->len,
		    "%s option 'dce' needs the DCERPC parser", kw);
		return -1;
	} else if (kwparse_is(&word, "bitmask")) {
		if (!kwparse_u64(rest.s, rest.len, UINT32_MAX, &b->bitmask) ||
		    b->bitmask == 0) {
			kwparse_error(p, a, "invalid %s bitmask '%.*s' "
			    "(expected 1..0xffffffff)", kw,
			    (int)(rest.len > 32 ? 32 : rest.len), rest.s);
			return -1;
		}
		b->shift = (uint8_t)__builtin_ctzll(b->bitmask);
	} else
		return 0;
	return 1;
}

int
detect_bytes_finish(struct rules_parser *p, const struct rules_option *opt,
    struct detect_bytes *b, const char *kw)
{
	if (b->base != 0 && !b->string) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "%s: hex, dec and oct need 'string'", kw);
		return -1;
	}
	if (b->string && b->base == 0)
		b->base = 10;
	if (!b->string && b->nbytes > 8) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "%s: at most 8 bytes without 'string'",
		    kw);
		return -1;
	}
	return 0;
}

bool
detect_bytes_extract(const struct detect_bytes *b, const uint8_t *buf,
    uint32_t len, int64_t pos, uint64_t *val)
{
	uint32_t used;

	return detect_bytes_read(b, buf, len, pos, val, &used);
}

bool
detect_bytes_read(const struct detect_bytes *b, const uint8_t *buf,
    uint32_t len, int64_t pos, uint64_t *val, uint32_t *used)
{
	uint64_t v = 0;

	if (pos < 0 || pos > (int64_t)len || b->nbytes > len - (uint32_t)pos)
		return false;
	/* A count of 0 reads at a position inside the buffer. */
	if (b->nbytes == 0 && pos == (int64_t)len)
		return false;
	buf += pos;
	*used = b->nbytes;
	if (b->string) {
		char digits[DETECT_BYTES_STRING_MAX + 1], *end;
		uint32_t n = b->nbytes;

		/* Count 0: the number that starts here, up to the end of the
		 * buffer (Suricata runs strtoull over the buffer unbounded). */
		if (n == 0)
			n = len - (uint32_t)pos < DETECT_BYTES_STRING_MAX ?
			    len - (uint32_t)pos : DETECT_BYTES_STRING_MAX;
		/* as Suricata: leading digits count, trailing junk does not */
		memcpy(digits, buf, n);
		digits[n] = '\0';
		errno = 0;
		v = strtoull(digits, &end, b->base);
		if (end == digits || errno == ERANGE)
			return false;
		if (b->nbytes == 0)
			*used = (uint32_t)(end - digits);
	} else if (b->little) {
		for (int i = b->nbytes - 1; i >= 0; i--)
			v = v << 8 | buf[i];
	} else {
		for (int i = 0; i < b->nbytes; i++)
			v = v << 8 | buf[i];
	}
	if (b->bitmask != 0)
		v = (v & b->bitmask) >> b->shift;
	*val = v;
	return true;
}
