/* A bounded read cursor over untrusted bytes (STYLE.md §6, after c-ares'
 * ares_buf and unbound's sldns_buffer): every fetch checks what remains
 * first and moves only on success, so a failed read leaves the cursor
 * where it was and a forgotten check cannot read past the end. The
 * cursor lives on the caller's stack and never copies the data.
 *
 * All fetchers return false (nothing read, nothing moved) when fewer
 * bytes remain than asked. Multi-byte integers are big-endian (network
 * order), as every protocol parsed here writes them. */
#ifndef QUELL_APPLAYER_CURSOR_H
#define QUELL_APPLAYER_CURSOR_H

#include "core/base.h"

#define APPLAYER_CURSOR_CHECK	__attribute__((warn_unused_result))

struct applayer_cursor {
	const uint8_t	*data;
	uint32_t	 len;
	uint32_t	 pos;
};

static inline void
applayer_cursor_init(struct applayer_cursor *c, const uint8_t *data,
    uint32_t len)
{
	c->data = data;
	c->len = len;
	c->pos = 0;
}

static inline uint32_t
applayer_cursor_remaining(const struct applayer_cursor *c)
{
	return c->len - c->pos;
}

static inline const uint8_t *
applayer_cursor_here(const struct applayer_cursor *c)
{
	return c->data + c->pos;
}

static inline APPLAYER_CURSOR_CHECK bool
applayer_cursor_u8(struct applayer_cursor *c, uint8_t *v)
{
	if (applayer_cursor_remaining(c) < 1)
		return false;
	*v = c->data[c->pos];
	c->pos += 1;
	return true;
}

static inline APPLAYER_CURSOR_CHECK bool
applayer_cursor_be16(struct applayer_cursor *c, uint16_t *v)
{
	if (applayer_cursor_remaining(c) < 2)
		return false;
	*v = (uint16_t)(c->data[c->pos] << 8 | c->data[c->pos + 1]);
	c->pos += 2;
	return true;
}

static inline APPLAYER_CURSOR_CHECK bool
applayer_cursor_be24(struct applayer_cursor *c, uint32_t *v)
{
	if (applayer_cursor_remaining(c) < 3)
		return false;
	*v = (uint32_t)c->data[c->pos] << 16 |
	    (uint32_t)c->data[c->pos + 1] << 8 | c->data[c->pos + 2];
	c->pos += 3;
	return true;
}

static inline APPLAYER_CURSOR_CHECK bool
applayer_cursor_be32(struct applayer_cursor *c, uint32_t *v)
{
	if (applayer_cursor_remaining(c) < 4)
		return false;
	*v = (uint32_t)c->data[c->pos] << 24 |
	    (uint32_t)c->data[c->pos + 1] << 16 |
	    (uint32_t)c->data[c->pos + 2] << 8 | c->data[c->pos + 3];
	c->pos += 4;
	return true;
}

/* Points *p at the next n bytes (inside the cursor's data). */
static inline APPLAYER_CURSOR_CHECK bool
applayer_cursor_bytes(struct applayer_cursor *c, uint32_t n,
    const uint8_t **p)
{
	if (applayer_cursor_remaining(c) < n)
		return false;
	*p = c->data + c->pos;
	c->pos += n;
	return true;
}

static inline APPLAYER_CURSOR_CHECK bool
applayer_cursor_skip(struct applayer_cursor *c, uint32_t n)
{
	if (applayer_cursor_remaining(c) < n)
		return false;
	c->pos += n;
	return true;
}

/* Carves the next n bytes into *sub (its own cursor from 0) and moves
 * past them: a length-prefixed field is then parsed within its bounds. */
static inline APPLAYER_CURSOR_CHECK bool
applayer_cursor_sub(struct applayer_cursor *c, uint32_t n,
    struct applayer_cursor *sub)
{
	if (applayer_cursor_remaining(c) < n)
		return false;
	applayer_cursor_init(sub, c->data + c->pos, n);
	c->pos += n;
	return true;
}

/* A sub-cursor whose length is the next 1-, 2- or 3-byte big-endian
 * field (TLS vectors): the field and its body are taken together or
 * not at all. */
static inline APPLAYER_CURSOR_CHECK bool
applayer_cursor_vec(struct applayer_cursor *c, unsigned lenbytes,
    struct applayer_cursor *sub)
{
	struct applayer_cursor t = *c;
	uint32_t n = 0;
	uint16_t n16;
	uint8_t n8;

	switch (lenbytes) {
	case 1:
		if (!applayer_cursor_u8(&t, &n8))
			return false;
		n = n8;
		break;
	case 2:
		if (!applayer_cursor_be16(&t, &n16))
			return false;
		n = n16;
		break;
	case 3:
		if (!applayer_cursor_be24(&t, &n))
			return false;
		break;
	default:
		return false;
	}
	if (!applayer_cursor_sub(&t, n, sub))
		return false;
	*c = t;
	return true;
}

/* Moves to absolute position pos (at most len). */
static inline APPLAYER_CURSOR_CHECK bool
applayer_cursor_seek(struct applayer_cursor *c, uint32_t pos)
{
	if (pos > c->len)
		return false;
	c->pos = pos;
	return true;
}

#endif
