/* The TCP options connection tracking reads: window scale, SACK
 * permitted, timestamps and TCP Fast Open (the IANA option 34 and the
 * experimental 254 with magic 0xF989, as Suricata's TCP_HAS_TFO). The
 * decoder already checked that every option stays inside the header;
 * this reads them again, bounded by l4_hdr_len, never beyond. */
#ifndef QUELL_FLOW_TCP_OPTS_H
#define QUELL_FLOW_TCP_OPTS_H

#include "core/base.h"
#include "core/packet.h"

/* struct flow_tcp_opts.flags */
#define FLOW_TCP_OPT_WSCALE	0x01
#define FLOW_TCP_OPT_SACKOK	0x02
#define FLOW_TCP_OPT_TS		0x04
#define FLOW_TCP_OPT_TFO	0x08
#define FLOW_TCP_OPT_SACK	0x10	/* SACK blocks */

#define FLOW_TCP_WSCALE_MAX	14	/* RFC 7323 */

struct flow_tcp_opts {
	uint8_t		 flags;		/* FLOW_TCP_OPT_* */
	uint8_t		 wscale;	/* capped at FLOW_TCP_WSCALE_MAX */
	uint32_t	 tsval;
	uint32_t	 tsecr;
};

/* The options of TCP packet p (l4 and l4_hdr_len set by the decoder). */
void	flow_tcp_opts_parse(const struct packet *p, struct flow_tcp_opts *o);

#endif
