#include "core/base.h"

#include "core/jtext.h"

void
jtext_init(struct jtext *t, size_t first)
{
	memset(t, 0, sizeof(*t));
	t->cap = first;
}

void
jtext_init_owned(struct jtext *t, char *buf, size_t cap)
{
	memset(t, 0, sizeof(*t));
	t->data = buf;
	t->cap = cap;
}

void
jtext_init_with(struct jtext *t, char *buf, size_t cap)
{
	memset(t, 0, sizeof(*t));
	t->data = buf;
	t->cap = cap;
	t->borrowed = true;
}

void
jtext_reset(struct jtext *t)
{
	t->len = 0;
	t->failed = false;
}

void
jtext_free(struct jtext *t)
{
	if (!t->borrowed)
		free(t->data);
	memset(t, 0, sizeof(*t));
}

char *
jtext_take(struct jtext *t, size_t *len)
{
	char *s;

	if (!jtext_reserve(t, 1))
		return NULL;
	t->data[t->len] = '\0';
	if (t->borrowed) {
		if ((s = malloc(t->len + 1)) == NULL)
			return NULL;
		memcpy(s, t->data, t->len + 1);
	} else {
		s = t->data;
		t->data = NULL;
		t->cap = 0;
	}
	if (len != NULL)
		*len = t->len;
	t->len = 0;
	return s;
}

bool
jtext_grow(struct jtext *t, size_t more)
{
	size_t cap;
	char *n;

	if (t->failed)
		return false;
	if (t->data != NULL && more <= t->cap - t->len)
		return true;
	if (more > SIZE_MAX / 4 - t->len) {
		t->failed = true;
		return false;
	}
	cap = t->cap > 0 ? t->cap : 256;
	while (cap < t->len + more)
		cap *= 2;
	if (t->borrowed) {
		if ((n = malloc(cap)) != NULL && t->len > 0)
			memcpy(n, t->data, t->len);
	} else
		n = realloc(t->data, cap);
	if (n == NULL) {
		t->failed = true;
		return false;
	}
	t->data = n;
	t->cap = cap;
	t->borrowed = false;
	return true;
}

void
jtext_string(struct jtext *t, const char *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t run = 0;

	/* worst case: every byte becomes \u00XX */
	if (n > (SIZE_MAX / 4 - 2) / 6 || !jtext_reserve(t, n * 6 + 2)) {
		t->failed = true;
		return;
	}
	t->data[t->len++] = '"';
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		char *o;

		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		memcpy(t->data + t->len, s + run, i - run);
		t->len += i - run;
		run = i + 1;
		o = t->data + t->len;
		o[0] = '\\';
		switch (c) {
		case '"': o[1] = '"'; t->len += 2; break;
		case '\\': o[1] = '\\'; t->len += 2; break;
		case '\b': o[1] = 'b'; t->len += 2; break;
		case '\f': o[1] = 'f'; t->len += 2; break;
		case '\n': o[1] = 'n'; t->len += 2; break;
		case '\r': o[1] = 'r'; t->len += 2; break;
		case '\t': o[1] = 't'; t->len += 2; break;
		default:
			o[1] = 'u';
			o[2] = '0';
			o[3] = '0';
			o[4] = hex[c >> 4];
			o[5] = hex[c & 15];
			t->len += 6;
			break;
		}
	}
	memcpy(t->data + t->len, s + run, n - run);
	t->len += n - run;
	t->data[t->len++] = '"';
}

void
jtext_cstring(struct jtext *t, const char *s)
{
	jtext_string(t, s, strlen(s));
}

void
jtext_uint(struct jtext *t, uint64_t u)
{
	char d[20], *o = d + sizeof(d);

	/* the digits backwards in one pass (not a count first, then the
	 * digits: two divisions per digit) */
	do {
		*--o = (char)('0' + u % 10);
		u /= 10;
	} while (u != 0);
	jtext_raw(t, o, (size_t)(d + sizeof(d) - o));
}

void
jtext_int(struct jtext *t, int64_t v)
{
	/* negate in unsigned arithmetic: INT64_MIN has no positive twin */
	if (v < 0) {
		jtext_char(t, '-');
		jtext_uint(t, 0ull - (uint64_t)v);
	} else
		jtext_uint(t, (uint64_t)v);
}

void
jtext_key_raw(struct jtext *t, bool *first, const char *quoted, size_t n)
{
	if (!jtext_reserve(t, n + 1))
		return;
	if (!*first)
		t->data[t->len++] = ',';
	*first = false;
	memcpy(t->data + t->len, quoted, n);
	t->len += n;
}

void
jtext_key(struct jtext *t, bool *first, const char *key)
{
	if (!*first)
		jtext_char(t, ',');
	*first = false;
	jtext_string(t, key, strlen(key));
	jtext_char(t, ':');
}
