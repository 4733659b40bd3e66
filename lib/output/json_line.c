#include "core/base.h"

#include <math.h>
#include <stdio.h>

#include "output/json_line.h"

/* Nesting deeper than this is refused, as json_dumps refuses it
 * (JSON_PARSER_MAX_DEPTH is 2048 there); eve trees are a few deep. */
#define JSON_LINE_MAX_DEPTH	2048
#define JSON_LINE_FIRST		512

struct line_buf {
	char	*data;
	size_t	 len;
	size_t	 cap;
	bool	 failed;
};

static bool
reserve(struct line_buf *b, size_t more)
{
	size_t cap = b->cap;
	char *n;

	if (b->failed)
		return false;
	if (b->len + more <= b->cap)
		return true;
	while (cap < b->len + more) {
		if (cap > SIZE_MAX / 2) {
			b->failed = true;
			return false;
		}
		cap *= 2;
	}
	if ((n = realloc(b->data, cap)) == NULL) {
		b->failed = true;
		return false;
	}
	b->data = n;
	b->cap = cap;
	return true;
}

static void
put(struct line_buf *b, const char *s, size_t n)
{
	if (!reserve(b, n))
		return;
	memcpy(b->data + b->len, s, n);
	b->len += n;
}

static void
put_char(struct line_buf *b, char c)
{
	if (!reserve(b, 1))
		return;
	b->data[b->len++] = c;
}

/* jansson's escapes: '"', '\\', the five named controls, other bytes
 * below 0x20 as \u00XX; UTF-8 (json_string keeps it valid) and '/' as
 * they are. */
static void
put_string(struct line_buf *b, const char *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t run = 0;

	/* worst case: every byte becomes \u00XX */
	if (n > (SIZE_MAX - 2) / 6 || !reserve(b, n * 6 + 2)) {
		b->failed = true;
		return;
	}
	b->data[b->len++] = '"';
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		char *o;

		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		memcpy(b->data + b->len, s + run, i - run);
		b->len += i - run;
		run = i + 1;
		o = b->data + b->len;
		o[0] = '\\';
		switch (c) {
		case '"': o[1] = '"'; b->len += 2; break;
		case '\\': o[1] = '\\'; b->len += 2; break;
		case '\b': o[1] = 'b'; b->len += 2; break;
		case '\f': o[1] = 'f'; b->len += 2; break;
		case '\n': o[1] = 'n'; b->len += 2; break;
		case '\r': o[1] = 'r'; b->len += 2; break;
		case '\t': o[1] = 't'; b->len += 2; break;
		default:
			o[1] = 'u';
			o[2] = '0';
			o[3] = '0';
			o[4] = hex[c >> 4];
			o[5] = hex[c & 15];
			b->len += 6;
			break;
		}
	}
	memcpy(b->data + b->len, s + run, n - run);
	b->len += n - run;
	b->data[b->len++] = '"';
}

static void
put_integer(struct line_buf *b, json_int_t v)
{
	char tmp[24];
	char *p = tmp + sizeof(tmp);
	/* negate in unsigned arithmetic: INT64_MIN has no positive twin */
	unsigned long long u = v < 0 ? 0ull - (unsigned long long)v :
	    (unsigned long long)v;

	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
	} while (u != 0);
	if (v < 0)
		*--p = '-';
	put(b, p, (size_t)(tmp + sizeof(tmp) - p));
}

/* Reals are rare in eve (none on the per-packet path): let jansson
 * format them, so the digits are its own. */
static void
put_real(struct line_buf *b, const json_t *v)
{
	char *s;

	if (!isfinite(json_real_value(v))) {
		b->failed = true;
		return;
	}
	if ((s = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT)) == NULL) {
		b->failed = true;
		return;
	}
	put(b, s, strlen(s));
	free(s);
}

static void
put_value(struct line_buf *b, const json_t *v, unsigned depth)
{
	if (depth > JSON_LINE_MAX_DEPTH) {
		b->failed = true;
		return;
	}
	switch (json_typeof(v)) {
	case JSON_OBJECT: {
		const char *key;
		json_t *child;
		bool first = true;

		put_char(b, '{');
		json_object_foreach((json_t *)v, key, child) {
			if (!first)
				put_char(b, ',');
			first = false;
			put_string(b, key, strlen(key));
			put_char(b, ':');
			put_value(b, child, depth + 1);
		}
		put_char(b, '}');
		break;
	}
	case JSON_ARRAY: {
		size_t n = json_array_size(v);

		put_char(b, '[');
		for (size_t i = 0; i < n; i++) {
			if (i > 0)
				put_char(b, ',');
			put_value(b, json_array_get(v, i), depth + 1);
		}
		put_char(b, ']');
		break;
	}
	case JSON_STRING:
		put_string(b, json_string_value(v), json_string_length(v));
		break;
	case JSON_INTEGER:
		put_integer(b, json_integer_value(v));
		break;
	case JSON_REAL:
		put_real(b, v);
		break;
	case JSON_TRUE:
		put(b, "true", 4);
		break;
	case JSON_FALSE:
		put(b, "false", 5);
		break;
	case JSON_NULL:
		put(b, "null", 4);
		break;
	}
}

char *
output_json_line(const json_t *obj, size_t *len)
{
	struct line_buf b = { NULL, 0, JSON_LINE_FIRST, false };

	if (obj == NULL || (b.data = malloc(b.cap)) == NULL)
		return NULL;
	put_value(&b, obj, 0);
	put(&b, "\n", 2);	/* and the terminator */
	if (b.failed) {
		free(b.data);
		return NULL;
	}
	if (len != NULL)
		*len = b.len - 1;
	return b.data;
}
