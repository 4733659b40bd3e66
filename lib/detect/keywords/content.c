#include "core/base.h"
#include "core/hex.h"

#include "detect/keywords/content.h"
#include "detect/keywords/keyword.h"
#include "detect/xform.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* A byte pattern searched in the inspection buffer, as Suricata's: the
 * window is [offset, offset + depth) for absolute contents, and
 * [cursor + distance, cursor + distance + within) for relative ones
 * (cursor: where the previous match of the buffer ended). */

static int	content_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static int	content_inspect(struct detect_inspect *, const void *,
		    uint32_t *);
static void	content_free(void *);
static int	content_decode(struct rules_parser *,
		    const struct rules_option *, size_t, size_t, uint8_t *,
		    uint32_t *);
static int64_t	content_find(const uint8_t *, uint32_t, uint32_t, uint32_t,
		    const struct detect_content *);

#define CONTENT_MAX	65535

static const uint8_t content_lower[256] = {
/* c + 32 only for 'A'..'Z', as arithmetic: with ?: clang checks the arm
 * not taken too, and c + 32 for c up to 255 does not fit a uint8_t
 * (-Wconstant-conversion); this form is the exact value for every c. */
#define L(c)	((c) + 32 * ((c) >= 'A' && (c) <= 'Z'))
#define R4(b)	L(b), L(b + 1), L(b + 2), L(b + 3)
#define R16(b)	R4(b), R4(b + 4), R4(b + 8), R4(b + 12)
#define R64(b)	R16(b), R16(b + 16), R16(b + 32), R16(b + 48)
	R64(0), R64(64), R64(128), R64(192)
#undef R64
#undef R16
#undef R4
#undef L
};

const struct keyword kw_content = {
	.name = "content",
	.desc = "bytes to find in the buffer: \"text|41 42|\", ! negates",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = content_setup,
	.inspect = content_inspect,
	.free = content_free,
};

/* Decodes value[start..end): text with \" \; \: \\ escapes and |hex|
 * segments (blanks between digits ignored). 0, or -1 after reporting. */
static int
content_decode(struct rules_parser *p, const struct rules_option *opt,
    size_t start, size_t end, uint8_t *out, uint32_t *outlen)
{
	const char *v = opt->value, *close;
	size_t off = opt->value_off, seg = 0, seglen = 0, n = 0;
	bool hex = false;
	int hi = -1;

	for (size_t i = start; i < end; i++) {
		char c = v[i];

		if (hex) {
			if (c == '|') {
				if (hi != -1) {
					rules_parser_error(p, off + seg,
					    v + seg, seglen, "odd number of "
					    "hex digits in content");
					return -1;
				}
				hex = false;
			} else if (rules_lexer_is_blank(c)) {
				continue;
			} else if (core_hex_value(c) == -1) {
				rules_parser_error(p, off + i, v + seg, seglen,
				    "invalid hex digit '%c' in content", c);
				return -1;
			} else if (hi == -1) {
				hi = core_hex_value(c);
			} else {
				out[n++] = (uint8_t)(hi << 4 |
				    core_hex_value(c));
				hi = -1;
			}
			continue;
		}
		if (c == '|') {
			hex = true;
			seg = i;
			close = memchr(v + i + 1, '|', end - i - 1);
			seglen = close != NULL ? (size_t)(close - v) + 1 - i :
			    end - i;
		} else if (c == '\\') {
			char e = i + 1 < end ? v[i + 1] : '\0';

			if (e != '"' && e != ';' && e != ':' && e != '\\') {
				rules_parser_error(p, off + i, v + i,
				    i + 1 < end ? 2 : 1,
				    "invalid escape in content: use |XX| for "
				    "other bytes");
				return -1;
			}
			out[n++] = (uint8_t)e;
			i++;
		} else if (c == '"') {
			rules_parser_error(p, off + i, v, opt->value_len,
			    "unescaped '\"' in content");
			return -1;
		} else
			out[n++] = (uint8_t)c;
	}
	if (hex) {
		rules_parser_error(p, off + seg, v + seg, seglen,
		    "unterminated hex segment in content");
		return -1;
	}
	*outlen = (uint32_t)n;
	return 0;
}

static int
content_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct detect_content *c;
	const char *v = opt->value;
	size_t i = 0, end = opt->value_len;
	bool negated = false;
	const char *xf;

	if (v[0] == '!') {
		negated = true;
		for (i = 1; i < end && rules_lexer_is_blank(v[i]); i++)
			;
	}
	if (i < end && v[i] == '"') {
		size_t bs = 0;

		/* the value must end in a quote not escaped by a backslash */
		for (size_t k = end - 1; k > i + 1 && v[k - 1] == '\\'; k--)
			bs++;
		if (end - i < 2 || v[end - 1] != '"' || bs % 2 == 1) {
			rules_parser_error(p, opt->value_off + i, v + i,
			    end - i, "unterminated quoted string in content");
			return -1;
		}
		i++;
		end--;
	}
	if (end - i > CONTENT_MAX) {
		rules_parser_error(p, opt->value_off, v, 32,
		    "content longer than %d bytes", CONTENT_MAX);
		return -1;
	}
	if ((c = calloc(1, sizeof(*c))) == NULL ||
	    (c->pat = malloc(end - i + 1)) == NULL) {
		free(c);
		rules_parser_nomem(p);
		return -1;
	}
	c->offset.var = c->depth.var = c->distance.var = c->within.var = -1;
	if (negated)
		c->flags |= CONTENT_NEGATED;
	if (content_decode(p, opt, i, end, c->pat, &c->len) == -1) {
		content_free(c);
		return -1;
	}
	if (c->len == 0) {
		content_free(c);
		rules_parser_error(p, opt->value_off, v, opt->value_len,
		    "empty content");
		return -1;
	}
	if ((xf = detect_xform_check_content(r, c->pat, c->len)) != NULL) {
		rules_parser_error(p, opt->value_off, v, opt->value_len,
		    "content string incompatible with %s transform", xf);
		content_free(c);
		return -1;
	}
	if (rules_rule_add_match(r, &kw_content, RULE_LIST_BUFFER, c) ==
	    NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

struct detect_content *
detect_content_last(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt, struct rule_match **m)
{
	struct rule_match *last = rules_rule_last_match(r, &kw_content);

	if (last == NULL) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "'%.*s' needs a preceding content", (int)opt->name_len,
		    opt->name);
		return NULL;
	}
	if (m != NULL)
		*m = last;
	return last->data;
}

/* First position >= from where c's pattern starts and ends by end, or
 * -1. */
static int64_t
content_find(const uint8_t *buf, uint32_t buf_len, uint32_t from,
    uint32_t end, const struct detect_content *c)
{
	const uint8_t *pat = c->pat;
	uint32_t len = c->len, last;

	if (end > buf_len)
		end = buf_len;
	if (end < len || from > end - len)
		return -1;
	last = end - len;
	if (!(c->flags & CONTENT_NOCASE)) {
		const uint8_t *hit = memmem(buf + from, end - from, pat, len);

		return hit != NULL ? hit - buf : -1;
	}
	for (uint32_t i = from; i <= last; i++) {
		uint32_t k = 0;

		if (content_lower[buf[i]] != pat[0])
			continue;
		for (k = 1; k < len; k++)
			if (content_lower[buf[i + k]] != pat[k])
				break;
		if (k == len)
			return i;
	}
	return -1;
}

static int
content_inspect(struct detect_inspect *in, const void *data,
    uint32_t *resume)
{
	const struct detect_content *c = data;
	int64_t start = 0, end = in->buf_len, hit;

	/* an anchor at an end the buffer does not hold (a frame's window):
	 * undecided, so no match, negated or not */
	if ((in->buf_partial && (c->flags & CONTENT_ENDSWITH)) ||
	    (in->buf_no_start && !(c->flags & CONTENT_RELATIVE) &&
	    (c->flags & CONTENT_ABSOLUTE)))
		return DETECT_INSPECT_ABORT;

	if (c->flags & CONTENT_RELATIVE) {
		start = in->cursor;
		if (c->flags & CONTENT_DISTANCE)
			start += detect_value_get(&c->distance, in);
		if (c->flags & CONTENT_WITHIN)
			end = start + detect_value_get(&c->within, in);
		if (start < 0)
			start = 0;
	} else {
		if (c->flags & CONTENT_OFFSET)
			start = detect_value_get(&c->offset, in);
		if (c->flags & CONTENT_DEPTH)
			end = start + detect_value_get(&c->depth, in);
	}
	if (end > in->buf_len)
		end = in->buf_len;
	if (c->flags & CONTENT_ENDSWITH) {
		/* the match must end at the end of the buffer */
		if (end < in->buf_len)
			end = -1;
		else if (start < (int64_t)in->buf_len - c->len)
			start = (int64_t)in->buf_len - c->len;
	}
	if (*resume > start)
		start = *resume;
	*resume = 0;
	if (end < 0 || start > end)
		hit = -1;
	else
		hit = content_find(in->buf, in->buf_len, (uint32_t)start,
		    (uint32_t)end, c);
	if (c->flags & CONTENT_NEGATED)
		return hit == -1 ? DETECT_INSPECT_MATCH :
		    DETECT_INSPECT_NOMATCH;
	if (hit == -1)
		return DETECT_INSPECT_NOMATCH;
	in->cursor = (uint32_t)hit + c->len;
	*resume = (uint32_t)hit + 1;
	return DETECT_INSPECT_MATCH;
}

static void
content_free(void *data)
{
	struct detect_content *c = data;

	if (c == NULL)
		return;
	free(c->pat);
	free(c);
}
