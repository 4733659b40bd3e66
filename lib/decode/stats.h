/* Suricata's stats.decoder counters: captured packets and bytes, and
 * each layer the decoder met (decoder.ipv4, decoder.vlan_qinq, ...).
 * The decoders mark the layers of a packet in p->decoded
 * (DECODE_SEEN); a thread adds a packet's marks to its own counters
 * once it is decoded (decode_stats_count), so the packet path writes
 * nothing shared. */
#ifndef QUELL_DECODE_STATS_H
#define QUELL_DECODE_STATS_H

#include "core/base.h"
#include "core/packet.h"

/* Suricata 7's counter names, in its stats order */
#define DECODE_LAYER_LIST(X) \
	X(IPV4, "ipv4") \
	X(IPV6, "ipv6") \
	X(ETHERNET, "ethernet") \
	X(ARP, "arp") \
	X(UNKNOWN_ETHERTYPE, "unknown_ethertype") \
	X(CHDLC, "chdlc") \
	X(RAW, "raw") \
	X(LTNULL, "null") \
	X(SLL, "sll") \
	X(TCP, "tcp") \
	X(UDP, "udp") \
	X(SCTP, "sctp") \
	X(ESP, "esp") \
	X(ICMPV4, "icmpv4") \
	X(ICMPV6, "icmpv6") \
	X(PPP, "ppp") \
	X(PPPOE, "pppoe") \
	X(GENEVE, "geneve") \
	X(GRE, "gre") \
	X(VLAN, "vlan") \
	X(VLAN_QINQ, "vlan_qinq") \
	X(VLAN_QINQINQ, "vlan_qinqinq") \
	X(VXLAN, "vxlan") \
	X(VNTAG, "vntag") \
	X(IEEE8021AH, "ieee8021ah") \
	X(TEREDO, "teredo") \
	X(IPV4_IN_IPV6, "ipv4_in_ipv6") \
	X(IPV6_IN_IPV6, "ipv6_in_ipv6") \
	X(MPLS, "mpls") \
	X(ERSPAN, "erspan") \
	X(NSH, "nsh")

enum decode_layer {
#define DECODE_LAYER_ENUM(id, name)	DECODE_LAYER_##id,
	DECODE_LAYER_LIST(DECODE_LAYER_ENUM)
#undef DECODE_LAYER_ENUM
	DECODE_NLAYERS
};

_Static_assert(DECODE_NLAYERS <= 32, "p->decoded is 32 bits");

/* the decoder met layer id in p (once per packet counts: Suricata
 * counts a decoder's call, and each runs at most once on one packet;
 * a tunnel's inner packet is a packet of its own) */
#define DECODE_SEEN(p, id) \
	((p)->decoded |= (uint32_t)1 << DECODE_LAYER_##id)

struct decode_stats {
	uint64_t	 pkts;		/* captured packets */
	uint64_t	 bytes;
	uint64_t	 max_pkt_size;
	uint64_t	 layers[DECODE_NLAYERS];
};

/* Adds p's layers; captured: p came from the capture (decoder.pkts,
 * .bytes and the sizes count it), not from a tunnel or reassembly. */
void	decode_stats_count(struct decode_stats *, const struct packet *p,
	    bool captured);
/* into += from (a reader's or worker's counters into a total; relaxed
 * reads of another thread's counters) */
void	decode_stats_add(struct decode_stats *into,
	    const struct decode_stats *from);
/* "ipv4" for DECODE_LAYER_IPV4 */
const char *decode_layer_name(enum decode_layer);

#endif
