/* Single-producer single-consumer ring of packets with a byte arena for
 * their data. The reader thread copies a packet in (or lends it, when
 * its data outlives the slot); one worker takes it
 * out in order and releases it, which frees its arena bytes. Lock-free:
 * each index is written by one side only. */
#ifndef QUELL_CORE_RING_H
#define QUELL_CORE_RING_H

#include "core/base.h"
#include "core/packet.h"

struct ring_slot {
	struct packet	 pkt;		/* pkt.data points into the arena */
	uint64_t	 arena_end;	/* arena position after this packet */
	uint16_t	 source;	/* which reader queued it */
	uint64_t	 tag;		/* the producer's, for ring_oldest_tag */
};

struct ring {
	uint32_t	 mask;		/* nslots - 1, nslots a power of two */
	struct ring_slot *slots;
	uint8_t		*arena;
	uint64_t	 arena_size;
	/* producer side */
	_Alignas(64) uint64_t prod;	/* slots published */
	uint64_t	 arena_prod;	/* producer's arena position */
	uint64_t	 full;		/* pushes refused (ring or arena full) */
	/* consumer side */
	_Alignas(64) uint64_t cons;	/* slots consumed */
	uint64_t	 arena_cons;	/* arena released up to here */
};

/* nslots is rounded up to a power of two. Returns -1 on allocation
 * failure. */
int	ring_init(struct ring *, uint32_t nslots, uint64_t arena_size);
void	ring_destroy(struct ring *);

/* Producer: copies p and its data in; the decoded pointers (l4,
 * payload) are moved along, so p may already be decoded. Returns false
 * when there is no room (slots or arena); the caller applies its
 * ring-full policy. */
bool	ring_push(struct ring *, const struct packet *p, uint16_t source);
/* Producer: pkts[0..n) as ring_push, all or none, published at once
 * (the consumer never sees one without the others). */
bool	ring_push_n(struct ring *, const struct packet *const *pkts,
	    unsigned n, uint16_t source);
/* Producer: ring_push_n, but the packets whose bit is set in borrowed
 * (bit i for pkts[i]) are not copied: their data must stay valid and
 * unchanged until the consumer releases them. Every slot keeps tag, so
 * the producer can tell what is still held (ring_oldest_tag). For a
 * reader whose packets stay in its own buffer. */
bool	ring_push_n_borrowed(struct ring *, const struct packet *const *pkts,
	    unsigned n, uint16_t source, uint32_t borrowed, uint64_t tag);
/* Producer: the tag of the oldest packet the consumer has not released
 * yet in *tag, or false when it released them all. */
bool	ring_oldest_tag(const struct ring *, uint64_t *tag);
static inline bool
ring_push_pair(struct ring *r, const struct packet *a, const struct packet *b,
    uint16_t source)
{
	const struct packet *pkts[2] = { a, b };

	return ring_push_n(r, pkts, 2, source);
}

/* Consumer: the oldest unreleased slot, or NULL when empty. */
struct ring_slot *ring_peek(struct ring *);
/* Consumer: the k-th slot after ring_peek's (0: ring_peek's), or NULL
 * when there is none. */
struct ring_slot *ring_peek_at(struct ring *, uint32_t k);
/* Consumer: releases the slot ring_peek returned. */
void	ring_release(struct ring *, struct ring_slot *);

static inline bool
ring_empty(const struct ring *r)
{
	return __atomic_load_n(&r->prod, __ATOMIC_ACQUIRE) ==
	    __atomic_load_n(&r->cons, __ATOMIC_RELAXED);
}

#endif
