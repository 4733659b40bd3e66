/* A flow: both directions of one 5-tuple (ICMP: addresses, type family
 * and id). Owned by the flow table of one worker; only that worker
 * touches it while it is active, so nothing in it is locked. Public
 * because detection reads and writes its state per packet. */
#ifndef QUELL_FLOW_FLOW_H
#define QUELL_FLOW_FLOW_H

#include "core/base.h"
#include "core/packet.h"

#include <time.h>

enum flow_state {
	FLOW_STATE_NEW,
	FLOW_STATE_ESTABLISHED,
	FLOW_STATE_CLOSED,
};

/* struct flow.flags */
#define FLOW_F_ALERTED		0x0001	/* an alert fired on this flow */
#define FLOW_F_DROP		0x0002	/* a drop rule matched: drop the rest */
#define FLOW_F_PASS		0x0004	/* a pass rule matched: no more inspection */
#define FLOW_F_BYPASS		0x0008	/* bypass requested (keyword, pass, bytes) */
#define FLOW_F_BYPASSED		0x0010	/* bypass in effect (conntrack or local) */
#define FLOW_F_MIDSTREAM	0x0020	/* TCP picked up without a handshake */

/* Direction index into the per-direction arrays. */
#define FLOW_DIR_TO_SERVER	0
#define FLOW_DIR_TO_CLIENT	1

struct flow {
	/* key, as the initiator sent its first packet */
	struct ip_addr	 client;
	struct ip_addr	 server;
	uint16_t	 client_port;	/* ICMP: id */
	uint16_t	 server_port;
	uint8_t		 proto;
	uint8_t		 ip_version;

	uint64_t	 flow_id;	/* for eve's flow_id */
	enum flow_state	 state;
	uint8_t		 tcp_state;	/* lib/flow/tcp_state.h */
	uint32_t	 flags;		/* FLOW_F_* */

	uint64_t	 pkts[2];	/* indexed by FLOW_DIR_* */
	uint64_t	 bytes[2];
	struct timespec	 first_ts;
	struct timespec	 last_ts;

	/* Detection's per-flow variables (flowbits, flowints, ...): owned
	 * by lib/detect, which allocates it on first use and is asked to
	 * free it through the table's vars_free callback. */
	void		*detect_vars;
};

#endif
