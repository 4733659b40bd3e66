#include "core/base.h"

#include "detect/keywords/base64_decode.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

struct base64_decode {
	uint32_t	 bytes;		/* input bytes at most (0: all) */
	uint32_t	 offset;
	bool		 relative;
};

static int	base64_decode_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static int	base64_decode_inspect(struct detect_inspect *, const void *,
		    uint32_t *);

/* Suricata's base64_decode[:[bytes N][, offset N][, relative]]: decodes
 * the buffer from offset (after the previous match with relative), at
 * most bytes of it, and base64_data then inspects the result. As
 * Suricata 7.0.6 (RFC 4648): decoding stops at the first byte that is
 * not of the alphabet or at padding, and a last group of 2 or 3
 * characters still gives its 1 or 2 bytes. Matches when something was
 * decoded. */
const struct keyword kw_base64_decode = {
	.name = "base64_decode",
	.desc = "decode base64 for base64_data: [bytes N][, offset N]"
	    "[, relative]",
	.flags = 0,
	.setup = base64_decode_setup,
	.inspect = base64_decode_inspect,
	.free = free,
};

static _Thread_local uint8_t decoded[BASE64_DECODED_MAX];
static _Thread_local uint32_t decoded_len;

bool
detect_base64_decoded(const uint8_t **buf, uint32_t *len)
{
	*buf = decoded;
	*len = decoded_len;
	return decoded_len > 0;
}

static int
base64_decode_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg args[3], word, rest;
	struct base64_decode *d;
	struct rule_match *m;
	uint64_t v;
	int n = 0;

	if ((d = calloc(1, sizeof(*d))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (opt->has_value && opt->value_len > 0 &&
	    (n = kwparse_split(p, opt, ',', args, QUELL_NITEMS(args))) == -1)
		goto fail;
	for (int i = 0; i < n; i++) {
		if (kwparse_is(&args[i], "relative")) {
			d->relative = true;
			continue;
		}
		kwparse_word(&args[i], &word, &rest);
		if ((!kwparse_is(&word, "bytes") && !kwparse_is(&word,
		    "offset")) || !kwparse_u64(rest.s, rest.len, UINT16_MAX,
		    &v)) {
			kwparse_error(p, &args[i], "base64_decode: expected "
			    "bytes N, offset N (up to 65535) or relative");
			goto fail;
		}
		if (kwparse_is(&word, "bytes")) {
			if (v == 0) {
				kwparse_error(p, &args[i], "base64_decode: "
				    "bytes must be at least 1");
				goto fail;
			}
			d->bytes = (uint32_t)v;
		} else
			d->offset = (uint32_t)v;
	}
	if ((m = rules_rule_add_match(r, &kw_base64_decode, RULE_LIST_BUFFER,
	    d)) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (d->relative)
		m->flags |= RULE_MATCH_RELATIVE;
	return 0;
fail:
	free(d);
	return -1;
}

static int
b64_value(uint8_t c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

static int
base64_decode_inspect(struct detect_inspect *in, const void *data,
    uint32_t *resume)
{
	const struct base64_decode *d = data;
	uint32_t start = d->relative ? in->cursor : 0, n, quad = 0, nq = 0;
	const uint8_t *s;

	*resume = 0;
	decoded_len = 0;
	if (start > in->buf_len || d->offset >= in->buf_len - start)
		return DETECT_INSPECT_NOMATCH;
	s = in->buf + start + d->offset;
	n = in->buf_len - start - d->offset;
	if (d->bytes != 0 && n > d->bytes)
		n = d->bytes;
	for (uint32_t i = 0; i < n; i++) {
		int v = b64_value(s[i]);

		if (v < 0)
			break;
		quad = quad << 6 | (uint32_t)v;
		if (++nq == 4) {
			if (decoded_len + 3 > sizeof(decoded))
				break;
			decoded[decoded_len++] = (uint8_t)(quad >> 16);
			decoded[decoded_len++] = (uint8_t)(quad >> 8);
			decoded[decoded_len++] = (uint8_t)quad;
			quad = 0;
			nq = 0;
		}
	}
	/* a last group of 2 or 3 characters */
	if (nq >= 2 && decoded_len + nq - 1 <= sizeof(decoded)) {
		quad <<= 6 * (4 - nq);
		decoded[decoded_len++] = (uint8_t)(quad >> 16);
		if (nq == 3)
			decoded[decoded_len++] = (uint8_t)(quad >> 8);
	}
	return decoded_len > 0 ? DETECT_INSPECT_MATCH : DETECT_INSPECT_NOMATCH;
}
