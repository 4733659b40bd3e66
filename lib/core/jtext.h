/* JSON text written straight into a growing buffer, with jansson's
 * compact bytes (json_dumps(JSON_COMPACT)): eve records are rendered
 * field by field without a jansson object per field (which made
 * malloc/free a third of the CPU of small HTTP transactions). The
 * caller writes the punctuation; jtext_key() keeps the commas of an
 * object. A failed allocation makes the buffer failed: later writes do
 * nothing, and jtext_ok() says so once at the end. */
#ifndef QUELL_CORE_JTEXT_H
#define QUELL_CORE_JTEXT_H

#include "core/base.h"

struct jtext {
	char		*data;
	size_t		 len;
	size_t		 cap;
	bool		 failed;
	bool		 borrowed;	/* data is the caller's (jtext_init_with):
					 * never freed nor realloc'ed */
};

/* Empty; first = bytes to allocate on first write (0: 256). */
void	jtext_init(struct jtext *, size_t first);
/* Empty, writing into buf[cap], malloc'ed memory it now owns (realloc'ed
 * as it grows, freed by jtext_free, handed out by jtext_take). */
void	jtext_init_owned(struct jtext *, char *buf, size_t cap);
/* Empty, writing into the caller's buf[cap] until it is full (then into
 * heap memory of its own). */
void	jtext_init_with(struct jtext *, char *buf, size_t cap);
/* Back to empty, the memory kept. */
void	jtext_reset(struct jtext *);
void	jtext_free(struct jtext *);
/* The text as a malloc'ed string, NUL-terminated after its len bytes,
 * and the buffer empty again (a borrowed one copied). NULL when the
 * buffer failed or out of memory. */
char	*jtext_take(struct jtext *, size_t *len);

bool	jtext_grow(struct jtext *, size_t more);

/* Room for more bytes after len: false when the buffer failed. */
static inline bool
jtext_reserve(struct jtext *t, size_t more)
{
	if (QUELL_LIKELY(!t->failed && t->data != NULL &&
	    more <= t->cap - t->len))
		return true;
	return jtext_grow(t, more);
}

static inline void
jtext_raw(struct jtext *t, const char *s, size_t n)
{
	if (n == 0 || !jtext_reserve(t, n))
		return;
	memcpy(t->data + t->len, s, n);
	t->len += n;
}

static inline void
jtext_char(struct jtext *t, char c)
{
	if (!jtext_reserve(t, 1))
		return;
	t->data[t->len++] = c;
}

/* s[0..n) as a JSON string: jansson's escapes ('"', '\\', the five
 * named controls, other bytes below 0x20 as \u00XX); bytes >= 0x20 as
 * they are (the caller gives valid UTF-8, as json_string requires). */
void	jtext_string(struct jtext *, const char *s, size_t n);
void	jtext_cstring(struct jtext *, const char *s);
void	jtext_int(struct jtext *, int64_t v);
void	jtext_uint(struct jtext *, uint64_t v);
/* ',' unless *first (then clears it), the key as a string and ':'. */
void	jtext_key(struct jtext *, bool *first, const char *key);
/* The same for a string literal that needs no escaping (eve's field
 * names): its quoted form is written as it is. */
#define JTEXT_KEY(t, first, lit) \
	jtext_key_raw((t), (first), "\"" lit "\":", sizeof(lit) + 2)
void	jtext_key_raw(struct jtext *, bool *first, const char *quoted,
	    size_t n);

static inline bool
jtext_ok(const struct jtext *t)
{
	return !t->failed;
}

#endif
