/* The packet pipeline: what happens to one decoded packet between its
 * capture and its verdict, the same for the inline workers
 * (daemon/runmode.c), offline mode and the benchmarks:
 *
 *   flow lookup and TCP state (lib/flow)
 *   -> TCP stream reassembly (lib/stream), inline before the verdict
 *   -> application layer (lib/applayer): protocol detection, parsers,
 *      transactions; app-layer.error-policy on a parser error
 *   -> detection (lib/detect), with the flow's transactions
 *   -> the decision: accept or drop, mark, reject, bypass request,
 *      with the exception policies applied and counted.
 *
 * Decoding and defragmentation happen before, in the thread that reads
 * the packet (the flow hash that picks the worker needs the decoded
 * tuple of the whole datagram); tunnels' inner packets come through
 * here one by one, as packets of their own. Threads, rings, verdict sockets, outputs and
 * the bypass manager stay with the caller, which acts on the result.
 *
 * One struct pipeline per worker; it owns the worker's flow table and
 * stream engine, so nothing in it is shared or locked. */
#ifndef QUELL_PIPELINE_PIPELINE_H
#define QUELL_PIPELINE_PIPELINE_H

#include "core/base.h"
#include "applayer/applayer.h"
#include "core/exception.h"
#include "core/packet.h"
#include "detect/engine.h"
#include "flow/config.h"
#include "flow/table.h"
#include "stream/config.h"
#include "stream/hostos.h"
#include "stream/stream.h"

struct quell_config;
struct pipeline;

struct pipeline_config {
	struct flow_table_config flow;	/* one worker's share */
	struct stream_config stream;	/* one worker's share; is_inline set */
	const struct stream_hostos *hosts; /* shared, read-only; may be NULL */
	/* the application layer's settings, shared, read-only; NULL: no
	 * application layer (applayer_config_new) */
	const struct applayer_config *app;
	bool		 ips;		/* drops act: inline, or offline with
					   --simulate-ips; else drop rules and
					   drop policies only alert (IDS) */
	bool		 bypass;	/* report bypass requests (inline) */
	uint8_t		 exception[EXCEPTION_NCAUSES]; /* resolved actions */
};

/* Fills pc from the configuration for one of nworkers workers: flow
 * and stream shares, stream.inline and the exception policies resolved
 * for the mode. *hosts gets the host-os-policy table (free it with
 * stream_hostos_free after the pipelines). -1 with a message in err
 * when a policy or a host-os-policy block is invalid, or ENOMEM. */
int	pipeline_config_init(struct pipeline_config *pc,
	    const struct quell_config *cfg, bool ips, bool inline_capture,
	    unsigned nworkers, struct stream_hostos **hosts, char *err,
	    size_t errlen);

/* A worker's pipeline: a flow table (seed as flow_table_new) with the
 * stream engine and detection's flow-variable hooks. dt (may be NULL:
 * no detection) is the worker's detection scratch; the caller keeps
 * owning it. NULL with errno (EINVAL: flow config, ENOMEM). */
struct pipeline *pipeline_new(const struct pipeline_config *,
	    struct detect_thread *dt, uint64_t seed);
/* Frees the flows left (unrecorded: flush first) and the pipeline. */
void	pipeline_free(struct pipeline *);
/* The worker's flow table, for expiry, flush, records, stats and
 * bypass hand-over; the table frees stream sessions itself. */
struct flow_table *pipeline_flows(struct pipeline *);
/* Switches detection scratch (engine reload), between packets. */
void	pipeline_set_detect(struct pipeline *, struct detect_thread *dt);
/* A flow is about to be recorded and freed (timeout, flush, eviction):
 * its app layer gets the rest of both directions with EOF, so that the
 * caller's logging (applayer_flow_log with eof) sees the last
 * transactions. */
void	pipeline_flow_end(struct pipeline *, struct flow *f);

/* struct pipeline_result.why */
#define PIPELINE_DROP_FLOW	0x01	/* the flow was already dropped */
#define PIPELINE_DROP_RULES	0x02	/* a drop/reject rule matched */
#define PIPELINE_DROP_STREAM	0x04	/* inline normalisation (stream) */
#define PIPELINE_DROP_POLICY	0x08	/* an exception policy */

struct pipeline_result {
	bool		 drop;		/* the verdict (IDS mode: never) */
	uint32_t	 why;		/* PIPELINE_DROP_*: what asked for a
					   drop, also in IDS mode */
	const char	*drop_reason;	/* eve drop.reason of a stream or
					   policy drop (Suricata's: "stream
					   midstream", "stream error", ...);
					   NULL otherwise */
	bool		 inspected;	/* detection ran */
	struct detect_result det;	/* alerts, mark, rule rejects */
	uint8_t		 reject;	/* DETECT_REJECT_* to send: rules' and
					   the reject policy's */
	bool		 bypass;	/* hand the flow to the bypass manager
					   (stream.bypass-after, stream.bypass
					   at depth, the bypass keyword or
					   policy); only with cfg.bypass */
	bool		 bypass_keyword; /* ... because of the bypass keyword */
	bool		 bypass_encrypted; /* ... because the handshake is done
					   (encryption-handling: bypass) */
	/* The reassembled stream detection inspected with p (p->raw, its
	 * first piece here): inline the window around p's bytes, in IDS
	 * the acknowledged bytes once a chunk is ready (stream.h, "Raw
	 * stream inspection"). p->raw and the data stay valid until the
	 * next call into this pipeline; an alert's eve payload comes from
	 * it (stream_raw_log). */
	bool		 has_stream;
	struct stream_chunk stream;
};

/* Runs decoded packet p through the pipeline and fills res. p->flow
 * stays valid until the next call into the pipeline or its table. */
void	pipeline_packet(struct pipeline *, struct packet *p,
	    struct pipeline_result *res);

/* The end of flow f (timeout or shutdown, before the table frees it):
 * when the raw stream of dir holds bytes detection has not inspected,
 * they are, ACKed or not, with a pseudo packet built in p (Suricata's
 * flow-timeout packet: pkt_src "stream (flow timeout)", the flow's
 * tuple in dir, no payload, p->raw the stream); res says what matched
 * (no verdict: the packet exists only here). False when there was
 * nothing to inspect. Call it from the table's record callback. */
bool	pipeline_flow_end_raw(struct pipeline *, struct flow *f, int dir,
	    struct packet *p, struct pipeline_result *res);

struct pipeline_stats {
	uint64_t	 dropped_by_flow;	/* packets of dropped flows */
	uint64_t	 stream_dropped;	/* inline normalisation drops */
	uint64_t	 bypass_depth;		/* flows bypassed at depth */
	uint64_t	 bypass_encrypted;	/* flows bypassed after their
						   TLS handshake */
	uint64_t	 exception[EXCEPTION_NCAUSES][EXCEPTION_NPOLICIES];
	struct stream_stats stream;
	struct applayer_stats app;
};
/* Any thread may call it (relaxed reads of single-writer counters). */
void	pipeline_stats(const struct pipeline *, struct pipeline_stats *);

/* For each direction, to the server first (in place of
 * pipeline_flow_end()): Suricata's flow-end pseudo packet of direction
 * dir (PKT_FLOW_TO_SERVER or PKT_FLOW_TO_CLIENT) for a TCP flow with an
 * app-layer state. The rest of dir goes to the parser first (EOF),
 * always, as the pseudo packet's reassembly does in Suricata. p is
 * filled with a packet that has the
 * flow's addresses and ports and no data, and detection runs on it for
 * the transaction rules only: a transaction parsed at the flow's end
 * (a request the server never ACKed, read in IDS mode; a capture's last
 * packet) is inspected as Suricata inspects it. false (p and res
 * untouched) when there is nothing to inspect. res: no drop (nothing is
 * left to block). */
bool	pipeline_flow_end_detect(struct pipeline *, struct flow *f,
	    uint8_t dir, struct packet *p, struct pipeline_result *res);

#endif
