/* Test helper: the application bytes of one flow of a real capture, in
 * capture order, as the stream engine and the UDP path would hand them
 * to a parser: UDP datagrams whole, TCP segments in sequence order with
 * retransmitted bytes dropped. Ethernet, Linux cooked and raw IP
 * captures; IPv4 and IPv6. The flow is the first one whose server port
 * is port; its client is the side sending to that port. */
#ifndef QUELL_TESTS_UNIT_APPLAYER_FLOWCAP_H
#define QUELL_TESTS_UNIT_APPLAYER_FLOWCAP_H

#include "core/base.h"

#include "applayer/parser.h"

struct flowcap_seg {
	uint8_t		 dir;		/* APPLAYER_TOSERVER, _TOCLIENT */
	uint8_t		*data;
	uint32_t	 len;
};

struct flowcap {
	bool		 udp;
	struct flowcap_seg *segs;
	size_t		 nsegs;
	size_t		 bytes[2];	/* per direction */
};

/* 0, or -1 (no such file, no such flow). Aborts on what it cannot
 * hold (more than 256 segments out of order). */
int	flowcap_load(struct flowcap *, const char *pcap, uint16_t port);
void	flowcap_free(struct flowcap *);
/* The path of a test data file (tests/data/...). */
const char *flowcap_path(const char *rel);

/* Feeds the flow to a parser as the framework would: datagrams whole;
 * TCP bytes in pieces of at most `chunk` bytes, each direction keeping
 * the bytes the parser did not consume and calling it again once
 * `needed` more arrived (INCOMPLETE). Direction ends get EOF. Returns
 * the number of parse() calls, or -1 when one answered ERROR. */
long	flowcap_feed(const struct flowcap *, const struct applayer_parser *,
	    void *state, uint32_t chunk);

#endif
