/* The flow table of one detection worker. Workers are fed by a
 * symmetric flow hash, so both directions of a flow reach the same
 * worker; each worker owns one table and is the only thread that calls
 * into it, so nothing here locks (flow_table_stats excepted: any thread
 * may read the counters).
 *
 * Keys, both directions alike:
 *   TCP, UDP with a whole header, not fragmented: the 5-tuple;
 *   ICMP/ICMPv6 with a whole header: addresses, type family (echo
 *     request and reply are one family) and the echo id;
 *   everything else (fragments, first ones included, as the worker hash
 *     does; truncated L4 headers; other protocols): addresses and
 *     protocol, FLOW_F_NO_PORTS set.
 *
 * Times come only from packets (p->ts) and from the now arguments, so
 * an offline run is reproducible. Memory stays under cfg->memcap: a new
 * flow that would pass it puts the table in emergency mode (emergency
 * timeouts), expires flows past those at once and, if that is not
 * enough, evicts the flow nearest its emergency timeout ("forced").
 * Emergency mode ends when use falls to (100 - emergency_recovery)%
 * of the memcap. */
#ifndef QUELL_FLOW_TABLE_H
#define QUELL_FLOW_TABLE_H

#include "core/base.h"
#include "core/packet.h"
#include "flow/config.h"
#include "flow/flow.h"

#include <time.h>

struct flow_table;

/* Receives a flow leaving the table, reason also in f->end_reason.
 * After it returns the table frees f (calling vars_free on its
 * detect_vars), unless the callback took f with flow_table_detach(),
 * which is the one table call it may make. */
typedef void (*flow_record_fn)(struct flow *f, enum flow_end_reason reason,
    void *arg);

/* Counters; the table's thread writes them, any thread may read them
 * through flow_table_stats(). */
struct flow_table_stats {
	uint64_t	 active;		/* flows in the table */
	uint64_t	 created;
	uint64_t	 created_proto[FLOW_PROTO_COUNT];
	uint64_t	 ended[FLOW_END_NREASONS]; /* flows removed, by reason */
	uint64_t	 detached;		/* handed over by flow_table_detach */
	uint64_t	 memuse;		/* bytes: buckets, flows, spares */
	uint64_t	 memcap;
	uint64_t	 memcap_hits;		/* new flows that met the memcap */
	uint64_t	 emergency_entered;	/* times emergency mode began */
	uint64_t	 emergency_active;	/* 1 while in emergency mode */
	uint64_t	 no_flow_memcap;	/* packets left without a flow: cap
						   with nothing to reclaim, or
						   allocation failure */
	uint64_t	 no_flow_undecoded;	/* packets without an IP layer */
	uint64_t	 no_flow_fragment;	/* IP fragments: the reassembled
						   datagram gets the flow */
	uint64_t	 midstream;		/* TCP flows picked up midstream */
	uint64_t	 tcp_reuse;		/* closed TCP flows replaced by a SYN */
	uint64_t	 tcp_ignored;		/* packets the TCP state machine
						   refused (flow_tcp_update) */
	uint64_t	 bypass_after;		/* flows flagged by bypass_after */
	uint64_t	 stubs;			/* stubs left by flow_table_detach */
};

/* A table for one worker. vars_free (may be NULL) frees a flow's
 * detect_vars when the table frees the flow. seed: its low 16 bits must
 * differ between the tables of a process (the worker index) so flow
 * ids never collide; the other bits key the bucket hash and scramble
 * flow ids (random in production; the same seed gives the same ids).
 * Fails with EINVAL when cfg does not pass flow_config_check or its
 * buckets and prealloc do not fit in its memcap, ENOMEM. */
struct flow_table *flow_table_new(const struct flow_table_config *,
	    void (*vars_free)(void *), uint64_t seed);
/* Frees every flow left (no records: flush first) and the table. */
void	flow_table_free(struct flow_table *);

/* Where records of flows that flow_table_handle removes go (forced at
 * the memcap, emergency timeouts, TCP reuse). Without one they are
 * freed unrecorded, still counted. */
void	flow_table_set_record(struct flow_table *, flow_record_fn, void *arg);

/* How the table frees a flow's stream session (f->stream) when the
 * flow is released, flushed, evicted or detached; NULL: never set. */
void	flow_table_set_stream_free(struct flow_table *, void (*)(void *));
/* How the table frees a flow's app-layer state (f->app), wherever it
 * frees the stream session, just before it; NULL: never set. */
void	flow_table_set_app_free(struct flow_table *, void (*)(void *));

/* How TCP tracking looks up the stack of a host (host-os-policy;
 * flow_tcp_config.host_os); without a lookup every host is BSD. */
void	flow_table_set_tcp_host_os(struct flow_table *,
	    uint8_t (*fn)(const void *arg, const struct ip_addr *),
	    const void *arg);

/* Finds or creates the flow of decoded packet p and accounts p to it:
 * sets p->flow and p->flow_flags (PKT_FLOW_TO_SERVER/TO_CLIENT relative
 * to the initiator, FIRST on the packet that created the flow,
 * ESTABLISHED below; TCP_STREAM and TCP_INVALID from TCP tracking),
 * counts pkts/bytes per direction (bytes: wire length), moves last_ts,
 * runs TCP tracking, and sets FLOW_F_BYPASS once
 * the flow's bytes reach cfg->bypass_after.
 *
 * ESTABLISHED follows Suricata's FLOW_PKT_ESTABLISHED: set once both
 * directions have been seen, or (TCP) once the handshake completed or
 * the session was picked up midstream; never on a TCP flow that is not
 * tracked (midstream off and no SYN seen).
 *
 * Returns NULL, with p->flow NULL and flow_flags 0, when p did not
 * decode (no IP layer) or no memory could be found under the memcap;
 * both are counted. p->flow stays valid until the next call into the
 * table: handle, detect and verdict one packet before the next. */
struct flow *flow_table_handle(struct flow_table *, struct packet *p);

/* Removes the flows whose timeout has passed at now, calling emit
 * (may be NULL) on each first with FLOW_END_TIMEOUT. Returns how many
 * flows it removed. */
size_t	flow_table_expire(struct flow_table *, const struct timespec *now,
	    flow_record_fn emit, void *arg);
/* Removes every flow with FLOW_END_SHUTDOWN. Returns how many. */
size_t	flow_table_flush(struct flow_table *, flow_record_fn emit, void *arg);

/* Takes f out of the table without freeing it: the caller owns it and
 * frees it with flow_free(). It no longer counts against the memcap.
 * Its stream session is freed here, in the table's thread. In its
 * place, unless f was leaving anyway (a record callback detached
 * it), the table keeps a stub with f's key for FLOW_STUB_TIMEOUT
 * seconds after f's last packet, counted against the memcap in f's
 * stead: the packets of the tuple still in flight (queued before a
 * bypass took effect) meet it, with FLOW_F_BYPASSED and
 * FLOW_F_BYPASS_STUB set, instead of making a second flow. A stub is
 * never recorded nor counted in `ended`; packets do not extend it, so
 * after it a later packet of the tuple creates a new flow. */
#define FLOW_STUB_TIMEOUT	5
void	flow_table_detach(struct flow_table *, struct flow *f);
/* Frees a detached flow, and its detect_vars with vars_free (may be
 * NULL). NULL is a no-op. */
void	flow_free(struct flow *f, void (*vars_free)(void *));

/* Reads the counters; safe from any thread. */
void	flow_table_stats(const struct flow_table *, struct flow_table_stats *);
/* Bytes a flow costs against the memcap. */
size_t	flow_table_flow_size(void);

#endif
