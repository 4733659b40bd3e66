#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* A byte pattern searched in the inspection buffer. Modifiers (nocase,
 * depth, offset, distance, within, fast_pattern) will extend this struct;
 * until then they are unsupported keywords, so a rule using them is
 * skipped rather than matched more loosely than its author meant. */
struct content {
	uint8_t		*pat;
	uint32_t	 len;
	bool		 negated;
};

static int	content_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	content_match(struct detect_inspect *, const void *);
static void	content_free(void *);
static int	content_decode(struct rules_parser *,
		    const struct rules_option *, size_t, size_t, uint8_t *,
		    uint32_t *);
static int	content_hexval(char);
static const uint8_t *content_find(const uint8_t *, size_t, const uint8_t *,
		    size_t);

#define CONTENT_MAX	65535

const struct keyword kw_content = {
	.name = "content",
	.desc = "bytes to find in the payload: \"text|41 42|\", ! negates",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_PAYLOAD,
	.setup = content_setup,
	.match = content_match,
	.free = content_free,
};

static int
content_hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

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
			} else if (content_hexval(c) == -1) {
				rules_parser_error(p, off + i, v + seg, seglen,
				    "invalid hex digit '%c' in content", c);
				return -1;
			} else if (hi == -1) {
				hi = content_hexval(c);
			} else {
				out[n++] = (uint8_t)(hi << 4 |
				    content_hexval(c));
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
	struct content *c;
	const char *v = opt->value;
	size_t i = 0, end = opt->value_len;
	bool negated = false;

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
	c->negated = negated;
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
	if (rules_rule_add_match(r, &kw_content, c) == -1) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

static const uint8_t *
content_find(const uint8_t *hay, size_t hlen, const uint8_t *pat, size_t plen)
{
	const uint8_t *p = hay, *end;

	if (plen > hlen)
		return NULL;
	end = hay + (hlen - plen);
	while (p <= end) {
		p = memchr(p, pat[0], (size_t)(end - p) + 1);
		if (p == NULL)
			return NULL;
		if (memcmp(p + 1, pat + 1, plen - 1) == 0)
			return p;
		p++;
	}
	return NULL;
}

/* Searches the whole buffer; a later cut adds offset/depth and relative
 * matching from in->cursor. */
static bool
content_match(struct detect_inspect *in, const void *data)
{
	const struct content *c = data;
	const uint8_t *hit;

	hit = in->buf == NULL ? NULL :
	    content_find(in->buf, in->buf_len, c->pat, c->len);
	if (c->negated)
		return hit == NULL;
	if (hit == NULL)
		return false;
	in->cursor = (uint32_t)(hit - in->buf) + c->len;
	return true;
}

static void
content_free(void *data)
{
	struct content *c = data;

	if (c == NULL)
		return;
	free(c->pat);
	free(c);
}
