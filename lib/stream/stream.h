/* The TCP stream engine: per flow and direction, the bytes the receiver
 * will see, in order, with 64-bit stream offsets (offset 0 is the byte
 * after the sender's SYN, or the first byte seen midstream), so 32-bit
 * sequence wrap is handled once, where a segment comes in.
 *
 * Inline (stream.inline), a segment's bytes enter the stream when its
 * packet is processed, before its verdict: in-order data extends the
 * contiguous stream at once, so the detection that runs next sees it
 * and a drop stops that very segment. Out-of-order segments are held,
 * bounded in count (out-of-order-limit) and memory (reassembly memcap),
 * until the gap before them fills. Bytes that overlap what the stream
 * already holds are compared: when they differ the packet gets the
 * event stream.reassembly_overlap_different_data and, inline, is
 * dropped, so what was inspected is what the receiver keeps (Suricata
 * inline rewrites the packet with the stored bytes instead; quell's
 * verdict carries no payload, and a sender that retransmits honestly
 * repeats its bytes, so dropping costs nothing but a retransmission).
 * Not inline (IDS, offline), overlaps of held segments are resolved by
 * the receiver's host-os-policy (stream/policy.h); bytes already in the
 * contiguous stream are never replaced.
 *
 * Each direction has consumers (raw: stream inspection, app: the
 * application layer, log) with their own progress offsets. Memory is
 * released up to the slowest enabled consumer and no further than what
 * the receiver acknowledged, so a retransmission can still be compared.
 * A consumer that fell behind data the engine had to skip (a gap: the
 * receiver acknowledged bytes never seen) is told so by the gap flag.
 *
 * One struct stream_ctx per worker: its memory accounting and counters
 * are the worker's alone (no atomics, no locks), against its share of
 * stream.memcap and stream.reassembly.memcap. */
#ifndef QUELL_STREAM_STREAM_H
#define QUELL_STREAM_STREAM_H

#include "core/base.h"
#include "core/exception.h"
#include "core/packet.h"
#include "flow/flow.h"
#include "stream/config.h"
#include "stream/events.h"
#include "stream/hostos.h"

struct stream_ctx;
struct stream_session;

enum stream_consumer {
	STREAM_CONSUMER_RAW,	/* stream inspection (detect) */
	STREAM_CONSUMER_APP,	/* application-layer parsers */
	STREAM_CONSUMER_LOG,	/* stream loggers */
	STREAM_CONSUMER_FRAME,	/* app-layer frames detection has not
				 * inspected yet (lib/applayer/frames.c):
				 * their bytes stay until it has */
};
#define STREAM_NCONSUMERS	4

/* Contiguous stream bytes of one direction. */
struct stream_chunk {
	const uint8_t	*data;		/* NULL when len is 0 */
	uint32_t	 len;
	uint64_t	 offset;	/* stream offset of data[0] */
	uint8_t		 dir;		/* FLOW_DIR_*: the sender's */
	bool		 gap;		/* bytes between the consumer's
					   progress and offset were lost */
};

/* struct stream_result.flags */
#define STREAM_R_DROP		0x01	/* inline: drop this packet (bytes
					   that differ from the stream's,
					   out of window with drop-invalid,
					   out-of-order limit) */
#define STREAM_R_EXCEPTION	0x02	/* cause below: apply its policy */
#define STREAM_R_BYPASS		0x04	/* stream.bypass: both directions
					   reached depth */
#define STREAM_R_DATA		0x08	/* p added bytes to the contiguous
					   stream */
#define STREAM_R_ADDED		0x10	/* p's payload went into the stream
					   (Suricata's PKT_STREAM_ADD: held,
					   appended, compared as a
					   retransmission, or cut by depth);
					   not when refused: out of window,
					   before what is held, at a limit,
					   a RST's, a keep-alive */
#define STREAM_R_URGENT		0x20	/* with STREAM_R_DROP: dropped by the
					   urgent policy (or its oob limit):
					   eve's drop reason "stream urgent" */

struct stream_result {
	uint32_t	 flags;		/* STREAM_R_* */
	enum exception_cause cause;	/* with STREAM_R_EXCEPTION */
	int64_t		 pkt_off;	/* stream offset of p's first payload
					   byte (with STREAM_R_ADDED) */
	/* p's direction from the raw consumer's progress to the end of
	 * the contiguous stream, after p: what stream inspection has not
	 * seen yet (len 0 when nothing) */
	struct stream_chunk chunk;
};

/* Per-worker counters (Suricata's tcp.* names in stats). */
struct stream_stats {
	uint64_t	 sessions;		/* tcp.sessions */
	uint64_t	 ssn_memcap_drop;	/* tcp.ssn_memcap_drop */
	uint64_t	 memuse;		/* tcp.memuse */
	uint64_t	 reassembly_memuse;	/* tcp.reassembly_memuse */
	uint64_t	 segment_memcap_drop;	/* tcp.segment_memcap_drop */
	uint64_t	 stream_depth_reached;	/* tcp.stream_depth_reached */
	uint64_t	 reassembly_gap;	/* tcp.reassembly_gap */
	uint64_t	 overlap;		/* tcp.overlap */
	uint64_t	 overlap_diff_data;	/* tcp.overlap_diff_data */
	uint64_t	 ooo_limit;		/* tcp.ooo_limit_drop */
	uint64_t	 normalized_drop;	/* tcp.inline_overlap_drop */
	uint64_t	 invalid_drop;		/* tcp.invalid_drop */
	uint64_t	 midstream_ignored;	/* tcp.not_tracked */
	uint64_t	 urg;			/* tcp.urg: packets with URG */
	uint64_t	 urgent_oob;		/* tcp.urgent_oob_data: urgent
						   bytes taken out of band */
	uint64_t	 events[STREAM_NEVENTS];	/* decoder.event.stream.* */
};

/* A worker's engine: cfg is its share (stream_config_per_worker), hosts
 * the host-os-policy table (may be NULL: default policy for all; it
 * must outlive the ctx). NULL (ENOMEM). */
struct stream_ctx *stream_ctx_new(const struct stream_config *cfg,
	    const struct stream_hostos *hosts);
/* Every session must be gone (flows flushed) first. */
void	stream_ctx_free(struct stream_ctx *);
/* Counters; any thread may read them. */
void	stream_ctx_stats(const struct stream_ctx *, struct stream_stats *);
/* Adds the stream events in p->events to the counters. */
void	stream_ctx_count_events(struct stream_ctx *, const struct packet *);

/* Runs TCP packet p, already through flow tracking (p->flow set,
 * p->flow_flags giving its direction), into its flow's stream: creates
 * the session on the first packet of a tracked flow, inserts p's
 * payload, releases what the ACK in p covers in the other direction,
 * and raises stream events in p->events. res says what the pipeline must do with p
 * and where the new contiguous data is. A packet without a flow, not
 * TCP or not tracked gets res->flags 0 (or, midstream off, the
 * midstream cause). */
void	stream_packet(struct stream_ctx *, struct packet *p,
	    struct stream_result *res);

/* The flow table's stream_free callback (flow->stream). */
void	stream_session_free(void *session);

/* The consumer API, for detection and the application layer. All take
 * the flow; a flow without a session has no data. */
/* The contiguous bytes of direction dir from consumer c's progress:
 * false when there are none. out->gap when bytes after the progress
 * were lost before c saw them. */
bool	stream_data(const struct flow *, int dir, enum stream_consumer c,
	    struct stream_chunk *out);
/* The contiguous bytes of dir from offset on (offset below what is
 * held: from the first byte held, out->gap set). */
bool	stream_data_at(const struct flow *, int dir, uint64_t offset,
	    struct stream_chunk *out);
/* Consumer c of dir has used the bytes before offset (clamped to the
 * contiguous end; progress never moves back). The memory is released
 * when the flow's next packet comes through stream_packet, so data
 * returned before stays valid until then. */
void	stream_advance(struct flow *, int dir, enum stream_consumer c,
	    uint64_t offset);
/* Consumers other than raw start disabled: a disabled consumer holds
 * no memory (from the flow's next packet on). Enabling starts it at
 * the first byte still held. */
void	stream_consumer_enable(struct flow *, enum stream_consumer c,
	    bool on);
/* End of the contiguous stream of dir (its next expected offset); 0
 * without a session. */
uint64_t stream_end(const struct flow *, int dir);
/* What the receiver of dir acknowledged: the offset up to which its
 * bytes are acked (clamped to the contiguous end); 0 when nothing is
 * known or without a session. The application layer's IDS timing. */
uint64_t stream_acked(const struct flow *, int dir);
/* The most regions dir's bytes took at once, as Suricata's streaming
 * buffer counts them (1 without a session, or in order). */
unsigned stream_max_regions(const struct flow *, int dir);
/* The sender of dir closed it (its FIN was seen) and the contiguous
 * stream reaches the FIN: no byte of dir will follow. */
bool	stream_closed(const struct flow *, int dir);
/* The overlap policy of dir's receiver. */
enum stream_os_policy stream_policy(const struct flow *, int dir);

/* Raw stream inspection: the bytes detection inspects together with a
 * packet, as Suricata's StreamReassembleRaw chooses them (raw.c).
 *
 * Inline, every packet whose payload went into the stream is inspected
 * with a window of the stream around it: its own bytes and those before
 * (and after, for a retransmission), up to the direction's chunk size
 * (stream.reassembly.toserver/toclient-chunk-size; a larger packet gets
 * its payload plus a third of a chunk); a packet whose bytes are not in
 * the contiguous stream (held out of order) is inspected alone. So a
 * pattern split over any number of segments is found on the segment
 * that completes it, before its verdict.
 *
 * Not inline (IDS), the stream is inspected from where raw inspection
 * stopped up to what the receiver acknowledged, once a chunk of
 * acknowledged bytes is waiting, when the connection closes (Suricata's
 * states past TIME_WAIT: the client sent a FIN, or the session is
 * closed), at depth, or when the application layer asks
 * (stream_raw_trigger); with a packet of the stream's own direction.
 * Holes the receiver acknowledged split the data into blocks, each
 * inspected on its own.
 *
 * At the end of a flow (eof) everything not yet inspected is, ACKed or
 * not, held segments included. */
#define STREAM_RAW_MAX_BLOCKS	8
struct stream_raw {
	uint8_t		 dir;		/* FLOW_DIR_* */
	uint8_t		 nblocks;
	/* contiguous pieces, in stream order; blocks[i].gap: bytes are
	 * missing before it (a hole, or a gap in front of the first) */
	struct stream_chunk blocks[STREAM_RAW_MAX_BLOCKS];
	uint64_t	 progress;	/* raw progress once inspected */
	/* what an alert's eve payload shows (Suricata: the stream's
	 * segments still held): [log_from, log_end) */
	uint64_t	 log_from;
	uint64_t	 log_end;
};

/* The raw window of packet p (after stream_packet gave res) or, with
 * eof (res NULL), of direction dir at the end of the flow. False when
 * there is nothing to inspect now (Suricata: PKT_DETECT_HAS_STREAMDATA
 * unset). The bytes stay valid until the flow's next stream_packet. */
bool	stream_raw_window(const struct flow *, const struct packet *p,
	    const struct stream_result *res, struct stream_raw *out);
bool	stream_raw_eof(const struct flow *, int dir, struct stream_raw *out);
/* Detection inspected raw: raw progress moves to raw->progress. */
void	stream_raw_done(struct flow *, const struct stream_raw *raw);
/* The application layer finished something in dir: inspect the raw
 * stream of dir with its next packet, whatever the chunk size
 * (Suricata's AppLayerParserTriggerRawStreamReassembly). */
void	stream_raw_trigger(struct flow *, int dir);
/* Detection has no raw stream rules for dir (Suricata sets
 * DISABLE_RAW from the first rule group of a direction): raw
 * inspection of dir stops and holds no memory. Once per direction. */
void	stream_raw_disable(struct flow *, int dir, bool off);
/* Whether stream_raw_disable was called for dir. */
bool	stream_raw_decided(const struct flow *, int dir);
/* An alert's eve payload for a match on raw (Suricata 7.0.7's): the
 * stream bytes of [raw->log_from, raw->log_end) with each hole written
 * as "[N bytes missing]", at most cap bytes (payload-buffer-size).
 * Returns the length written to buf. */
size_t	stream_raw_payload(const struct flow *, const struct stream_raw *raw,
	    uint8_t *buf, size_t cap);

#endif
