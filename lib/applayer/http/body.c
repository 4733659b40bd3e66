#include "core/base.h"

#include "applayer/http/body.h"

ssize_t
http_body_append(struct http_body *b, const uint8_t *data, size_t len,
    uint64_t limit)
{
	if (limit > 0) {
		if (b->total >= limit) {
			b->limited |= len > 0;
			return 0;
		}
		if (len > limit - b->total) {
			len = (size_t)(limit - b->total);
			b->limited = true;
		}
	}
	if (len == 0)
		return 0;
	if (len > SIZE_MAX / 2 - b->len)
		return -1;
	if (b->buf == NULL) {
		b->buf = b->inl;
		b->cap = sizeof(b->inl);
	}
	if (b->len + len > b->cap) {
		/* doubling from the inline bytes: a first malloc of 1 KiB or
		 * more (a large bin request) makes glibc consolidate its
		 * fast bins, which was once per transaction of small
		 * bodies */
		size_t cap = b->cap;
		uint8_t *n;

		while (cap < b->len + len)
			cap *= 2;
		if (b->buf == b->inl) {
			if ((n = malloc(cap)) == NULL)
				return -1;
			memcpy(n, b->inl, b->len);
		} else if ((n = realloc(b->buf, cap)) == NULL)
			return -1;
		b->buf = n;
		b->cap = cap;
	}
	memcpy(b->buf + b->len, data, len);
	b->len += len;
	b->total += len;
	return (ssize_t)len;
}

void
http_body_count(struct http_body *b, size_t len, uint64_t limit)
{
	if (limit > 0) {
		if (b->total >= limit) {
			b->limited |= len > 0;
			return;
		}
		if (len > limit - b->total) {
			len = (size_t)(limit - b->total);
			b->limited = true;
		}
	}
	b->total += len;
	/* nothing kept to inspect: as if inspected (bytes kept before,
	 * when a rule inspected the body until a reload, are dropped) */
	b->len = 0;
	b->base = b->inspected = b->total;
}

bool
http_body_window(const struct http_body *b, uint64_t limit, uint64_t min,
    uint64_t window, bool done, const uint8_t **buf, uint32_t *len,
    uint64_t *off)
{
	uint64_t from = 0;

	if (b->total == 0)
		return false;
	if ((limit == 0 || b->total < limit) && b->total < min && !done)
		return false;
	if (b->inspected == b->total)
		return false;
	if (b->inspected > min) {
		uint64_t fresh = b->total - b->inspected;

		if (fresh < window) {
			uint64_t shortfall = window - fresh;

			from = b->inspected < shortfall ? 0 :
			    b->inspected - shortfall;
		} else
			from = b->inspected - window / 4;
	}
	if (from < b->base)
		from = b->base;
	if (b->base + b->len - from > UINT32_MAX)
		from = b->base + b->len - UINT32_MAX;
	*buf = b->buf + (from - b->base);
	*len = (uint32_t)(b->base + b->len - from);
	*off = from;
	return true;
}

void
http_body_inspected(struct http_body *b, uint64_t min, uint64_t window)
{
	uint64_t edge;
	size_t drop;

	b->inspected = b->total;
	if (b->inspected < min)
		return;
	edge = b->inspected > window ? b->inspected - window : 0;
	if (edge <= b->base)
		return;
	drop = (size_t)(edge - b->base);
	memmove(b->buf, b->buf + drop, b->len - drop);
	b->len -= drop;
	b->base = edge;
}

void
http_body_free(struct http_body *b)
{
	if (b->buf != b->inl)
		free(b->buf);
	memset(b, 0, sizeof(*b));
}
