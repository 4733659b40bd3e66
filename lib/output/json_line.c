#include "core/base.h"

#include <math.h>
#include <stdio.h>

#include "core/jtext.h"
#include "output/json_line.h"

/* Nesting deeper than this is refused, as json_dumps refuses it
 * (JSON_PARSER_MAX_DEPTH is 2048 there); eve trees are a few deep. */
#define JSON_LINE_MAX_DEPTH	2048
#define JSON_LINE_FIRST		512

static void
put_integer(struct jtext *b, json_int_t v)
{
	jtext_int(b, (int64_t)v);
}

/* Reals are rare in eve (none on the per-packet path): let jansson
 * format them, so the digits are its own. */
static void
put_real(struct jtext *b, const json_t *v)
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
	jtext_raw(b, s, strlen(s));
	free(s);
}

/* A top-level member written as raw text (output_json_line_with). */
struct raw_member {
	const char	*key;
	const char	*text;
	size_t		 len;
};

static void
put_value(struct jtext *b, const json_t *v, unsigned depth,
    const struct raw_member *raw)
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

		jtext_char(b, '{');
		json_object_foreach((json_t *)v, key, child) {
			if (!first)
				jtext_char(b, ',');
			first = false;
			jtext_string(b, key, strlen(key));
			jtext_char(b, ':');
			if (raw != NULL && strcmp(key, raw->key) == 0)
				jtext_raw(b, raw->text, raw->len);
			else
				put_value(b, child, depth + 1, NULL);
		}
		jtext_char(b, '}');
		break;
	}
	case JSON_ARRAY: {
		size_t n = json_array_size(v);

		jtext_char(b, '[');
		for (size_t i = 0; i < n; i++) {
			if (i > 0)
				jtext_char(b, ',');
			put_value(b, json_array_get(v, i), depth + 1, NULL);
		}
		jtext_char(b, ']');
		break;
	}
	case JSON_STRING:
		jtext_string(b, json_string_value(v), json_string_length(v));
		break;
	case JSON_INTEGER:
		put_integer(b, json_integer_value(v));
		break;
	case JSON_REAL:
		put_real(b, v);
		break;
	case JSON_TRUE:
		jtext_raw(b, "true", 4);
		break;
	case JSON_FALSE:
		jtext_raw(b, "false", 5);
		break;
	case JSON_NULL:
		jtext_raw(b, "null", 4);
		break;
	}
}

bool
output_json_line_append(struct jtext *t, const json_t *v)
{
	if (v == NULL)
		return false;
	put_value(t, v, 0, NULL);
	return jtext_ok(t);
}

static char *
json_line(const json_t *obj, const struct raw_member *raw, size_t *len)
{
	struct jtext b;
	char *line;
	size_t n;

	if (obj == NULL)
		return NULL;
	jtext_init(&b, JSON_LINE_FIRST + (raw != NULL ? raw->len : 0));
	put_value(&b, obj, 0, raw);
	jtext_char(&b, '\n');
	if (!jtext_ok(&b) || (line = jtext_take(&b, &n)) == NULL) {
		jtext_free(&b);
		return NULL;
	}
	if (len != NULL)
		*len = n;
	return line;
}

char *
output_json_line(const json_t *obj, size_t *len)
{
	return json_line(obj, NULL, len);
}

char *
output_json_line_with(const json_t *obj, const char *key, const char *raw,
    size_t rawlen, size_t *len)
{
	struct raw_member r = { key, raw, rawlen };

	return json_line(obj, &r, len);
}
