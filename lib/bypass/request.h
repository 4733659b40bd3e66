/* Bypass requests from a detection worker to the bypass manager: one
 * single-producer single-consumer ring per worker. The worker pushes a
 * flow it took out of its table (the flow's ownership travels with the
 * request); the manager pops it. Lock-free: each index is written by
 * one side only, as in lib/core/ring.h. */
#ifndef QUELL_BYPASS_REQUEST_H
#define QUELL_BYPASS_REQUEST_H

#include "core/base.h"

#include <time.h>

struct flow;

/* Why a flow was bypassed. */
enum bypass_why {
	BYPASS_WHY_KEYWORD,	/* a signature with the bypass keyword */
	BYPASS_WHY_PASS,	/* a pass rule with flow scope */
	BYPASS_WHY_BYTES,	/* stream.bypass-after reached */
	BYPASS_WHY_CONTROL,	/* the control socket's bypass-add */
	BYPASS_WHY_RESTORED,	/* found marked in conntrack at start */
	BYPASS_WHY_ENCRYPTED,	/* encryption-handling: bypass, after the
				 * TLS handshake */
};
#define BYPASS_WHY_COUNT	6

/* "keyword", "pass", "bypass-after", "control", "restored",
 * "encryption-handling"; "unknown" when out of range */
const char *bypass_why_name(enum bypass_why);

struct bypass_request {
	struct flow	*flow;
	enum bypass_why	 why;
	struct timespec	 when;		/* CLOCK_REALTIME; 0 = when popped */
};

struct bypass_request_ring {
	uint32_t	 mask;		/* nslots - 1 */
	struct bypass_request *slots;
	_Alignas(64) uint64_t prod;	/* written by the producer */
	_Alignas(64) uint64_t cons;	/* written by the consumer */
};

/* nslots is rounded up to a power of two (at least 1). -1 (ENOMEM,
 * EINVAL for 0 or more than 2^24) on failure. */
int	bypass_request_ring_init(struct bypass_request_ring *, uint32_t nslots);
void	bypass_request_ring_destroy(struct bypass_request_ring *);

/* Producer: true when a push would succeed now (and, with one producer,
 * still will). */
bool	bypass_request_ring_has_room(const struct bypass_request_ring *);
/* Producer: false when full. */
bool	bypass_request_ring_push(struct bypass_request_ring *,
	    const struct bypass_request *);
/* Consumer: false when empty. */
bool	bypass_request_ring_pop(struct bypass_request_ring *,
	    struct bypass_request *);
bool	bypass_request_ring_empty(const struct bypass_request_ring *);

#endif
