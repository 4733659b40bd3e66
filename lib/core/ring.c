#include "core/base.h"

#include "core/ring.h"

int
ring_init(struct ring *r, uint32_t nslots, uint64_t arena_size)
{
	uint32_t n = 1;

	memset(r, 0, sizeof(*r));
	while (n < nslots && n < (1u << 30))
		n <<= 1;
	r->mask = n - 1;
	r->arena_size = arena_size;
	r->slots = calloc(n, sizeof(*r->slots));
	r->arena = malloc(arena_size);
	if (r->slots == NULL || r->arena == NULL) {
		ring_destroy(r);
		return -1;
	}
	return 0;
}

void
ring_destroy(struct ring *r)
{
	free(r->slots);
	r->slots = NULL;
	free(r->arena);
	r->arena = NULL;
}

/* Stores p at the producer's position *prod / *pos (not published):
 * false when there is no room. A borrowed p keeps its data pointer and
 * takes no arena bytes. */
static bool
ring_store(struct ring *r, const struct packet *p, uint16_t source,
    bool borrowed, uint64_t tag, uint64_t *prod, uint64_t *pos)
{
	uint64_t cons = __atomic_load_n(&r->cons, __ATOMIC_ACQUIRE);
	uint64_t released = __atomic_load_n(&r->arena_cons, __ATOMIC_ACQUIRE);
	uint64_t at = *pos;
	uint64_t off = at % r->arena_size;
	struct ring_slot *s;

	if (*prod - cons > r->mask)
		return false;
	if (borrowed) {
		s = &r->slots[*prod & r->mask];
		s->pkt = *p;
		/* releasing it releases no arena bytes */
		s->arena_end = at;
		s->source = source;
		s->tag = tag;
		*prod += 1;
		return true;
	}
	if (p->len > r->arena_size)
		return false;
	/* Packet data is contiguous: skip the arena's tail if it does
	 * not fit before the end. */
	if (off + p->len > r->arena_size) {
		at += r->arena_size - off;
		off = 0;
	}
	if (at + p->len - released > r->arena_size)
		return false;

	s = &r->slots[*prod & r->mask];
	s->pkt = *p;
	memcpy(r->arena + off, p->data, p->len);
	s->pkt.data = r->arena + off;
	/* The decoder's pointers must follow the data into the arena: the
	 * source's buffer is reused for its next packet. */
	packet_rebase(&s->pkt, p->data);
	s->arena_end = at + p->len;
	s->source = source;
	s->tag = tag;
	*pos = at + p->len;
	*prod += 1;
	return true;
}

bool
ring_push(struct ring *r, const struct packet *p, uint16_t source)
{
	uint64_t prod = r->prod;
	uint64_t pos = r->arena_prod;

	if (!ring_store(r, p, source, false, 0, &prod, &pos)) {
		__atomic_store_n(&r->full, r->full + 1, __ATOMIC_RELAXED);
		return false;
	}
	r->arena_prod = pos;
	__atomic_store_n(&r->prod, prod, __ATOMIC_RELEASE);
	return true;
}

bool
ring_push_n(struct ring *r, const struct packet *const *pkts, unsigned n,
    uint16_t source)
{
	return ring_push_n_borrowed(r, pkts, n, source, 0, 0);
}

bool
ring_push_n_borrowed(struct ring *r, const struct packet *const *pkts,
    unsigned n, uint16_t source, uint32_t borrowed, uint64_t tag)
{
	uint64_t prod = r->prod;
	uint64_t pos = r->arena_prod;

	/* Unpublished slots are the producer's: a failed later store
	 * leaves nothing behind. */
	for (unsigned i = 0; i < n; i++) {
		if (ring_store(r, pkts[i], source,
		    i < 32 && (borrowed >> i & 1) != 0, tag, &prod, &pos))
			continue;
		__atomic_store_n(&r->full, r->full + 1, __ATOMIC_RELAXED);
		return false;
	}
	r->arena_prod = pos;
	__atomic_store_n(&r->prod, prod, __ATOMIC_RELEASE);
	return true;
}

bool
ring_oldest_tag(const struct ring *r, uint64_t *tag)
{
	uint64_t cons = __atomic_load_n(&r->cons, __ATOMIC_ACQUIRE);

	if (cons == r->prod)
		return false;
	/* Published and not released: only this producer would rewrite
	 * the slot, and the consumer never writes its tag. */
	*tag = r->slots[cons & r->mask].tag;
	return true;
}

struct ring_slot *
ring_peek(struct ring *r)
{
	uint64_t cons = r->cons;

	if (__atomic_load_n(&r->prod, __ATOMIC_ACQUIRE) == cons)
		return NULL;
	return &r->slots[cons & r->mask];
}

struct ring_slot *
ring_peek_at(struct ring *r, uint32_t k)
{
	uint64_t cons = r->cons;

	if (__atomic_load_n(&r->prod, __ATOMIC_ACQUIRE) - cons <= k)
		return NULL;
	return &r->slots[(cons + k) & r->mask];
}

void
ring_release(struct ring *r, struct ring_slot *s)
{
	__atomic_store_n(&r->arena_cons, s->arena_end, __ATOMIC_RELEASE);
	__atomic_store_n(&r->cons, r->cons + 1, __ATOMIC_RELEASE);
}
