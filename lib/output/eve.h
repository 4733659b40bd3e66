/* eve.json: one JSON object per line in Suricata's EVE shape, so jq,
 * Filebeat's Suricata module and EveBox read it unchanged. */
#ifndef QUELL_OUTPUT_EVE_H
#define QUELL_OUTPUT_EVE_H

#include "core/base.h"
#include "core/exception.h"
#include "core/packet.h"
#include "applayer/applayer.h"
#include "decode/events.h"
#include "decode/stats.h"
#include "output/xff.h"
#include "stream/events.h"

#include <sys/types.h>

struct json_t;
struct output_eve;
struct rule_meta;

/* What became of the packet an event is about: Suricata's "verdict"
 * object (alert and drop events). */
struct output_eve_verdict {
	bool		 drop;		/* dropped (inline, or --simulate-ips) */
	bool		 pass;		/* a pass decided it */
	uint8_t		 reject;	/* OUTPUT_EVE_REJECT_*: reject rules */
	bool		 ips;		/* inline or --simulate-ips */
};

#define OUTPUT_EVE_REJECT_TO_SRC	0x01	/* "to_client" */
#define OUTPUT_EVE_REJECT_TO_DST	0x02	/* "to_server" */

/* Lines a producer may have queued before further events are lost. */
#define OUTPUT_EVE_RING_SLOTS	16384
/* eve-log outputs at once (suricata.yaml may list several). */
#define OUTPUT_EVE_MAX_TARGETS	8

struct output_eve_alert {
	uint32_t	 gid;
	uint32_t	 sid;
	uint32_t	 rev;
	const char	*msg;
	bool		 blocked;	/* alert.action "blocked" */
	const char	*verdict;	/* "accept", "drop", ... (quell.verdict) */
	const char	*category;	/* classtype description; NULL: none */
	unsigned	 severity;	/* priority, 1 (high) .. ; 0: default 3 */
	/* the app-layer transaction the rule matched on (tx_id) and the
	 * object its parser logs for it, under app_name ("http": {...});
	 * app NULL: none */
	bool		 has_tx;
	uint64_t	 tx_id;
	const char	*app_name;
	struct json_t	*app;
	/* ... or that object as its compact JSON text (the parser's text
	 * hook, written into the line as it is); NULL: app */
	const char	*app_text;
	size_t		 app_len;
	bool		 drops;		/* its own action drops or rejects
					 * (fast.log [Drop], or [wDrop] when
					 * not inline) */
	const struct rule_meta *meta;	/* the rule's metadata keyword */
	size_t		 nmeta;
	const struct output_eve_verdict *pkt; /* NULL: no verdict object */
	/* matched on the reassembled TCP stream: eve "stream": 1 (with
	 * payload logging on), and "payload" shows stream_payload (the
	 * stream's bytes, Suricata's segment dump) when it is not empty */
	bool		 stream;
	const uint8_t	*stream_payload;
	uint32_t	 stream_payload_len;
	/* matched on an app-layer frame: eve "frame" (Suricata's
	 * FrameJsonLogOneFrame) */
	bool		 has_frame;
	struct {
		const char	*type;		/* "pdu" */
		uint64_t	 id;
		bool		 toclient;	/* direction */
		uint64_t	 offset;	/* stream_offset (TCP) */
		uint64_t	 len;		/* length */
		bool		 complete;
		bool		 has_tx;
		uint64_t	 tx_id;
		const uint8_t	*payload;	/* the frame's bytes held */
		uint32_t	 payload_len;
	} frame;
};

/* What events carry besides their core fields: one eve-log output's
 * settings. */
struct output_eve_opts {
	bool		 payload;	/* alerts: payload (base64) */
	bool		 payload_printable;
	bool		 packet;	/* alerts: the frame (base64), linktype */
	bool		 rule_metadata;	/* alerts: alert.metadata */
	bool		 flow_metadata;	/* flowbits, flowints: metadata, traffic */
	bool		 verdict;	/* alerts: verdict object */
	bool		 drop_verdict;	/* drop events: verdict object */
	bool		 drop_alerts;	/* drop events: the alert that dropped */
	bool		 ethernet;	/* ether: MACs, when the frame has them */
	bool		 pcap_file;	/* offline: pcap_filename */
	bool		 tagged_packets; /* "packet" events of tagged packets,
					 * to an output that takes alerts */
	bool		 flow_exceptions; /* flow events: exception_policy */
	/* anomaly records of each kind (Suricata's types.anomaly.types),
	 * with the packet's first 32 bytes (packethdr, decode ones only
	 * as Suricata) */
	bool		 anomaly_decode;
	bool		 anomaly_stream;
	bool		 anomaly_applayer;
	bool		 anomaly_packethdr;
	/* alerts: X-Forwarded-For (types.alert.xff) */
	struct output_xff_cfg xff;
	/* http events: types.http.xff, else eve-log.xff */
	struct output_xff_cfg http_xff;
};

struct output_eve_flow_stats {
	uint64_t	 active;
	uint64_t	 created;
	uint64_t	 ended_timeout;
	uint64_t	 ended_shutdown;
	uint64_t	 ended_forced;
	uint64_t	 ended_tcp_reuse;
	uint64_t	 memuse;
	uint64_t	 memcap_hits;
	uint64_t	 emergency_entered;
	uint64_t	 emergency_active;
	uint64_t	 no_flow;	/* packets left without a flow at the cap */
	uint64_t	 midstream;
	uint64_t	 dropped_by_flow; /* packets dropped because their flow was */
};

/* tcp.*: the stream engine's counters (Suricata's names where it has
 * them), all workers together. */
struct output_eve_tcp_stats {
	uint64_t	 sessions;
	uint64_t	 ssn_memcap_drop;
	uint64_t	 memuse;
	uint64_t	 reassembly_memuse;
	uint64_t	 segment_memcap_drop;
	uint64_t	 stream_depth_reached;
	uint64_t	 reassembly_gap;
	uint64_t	 overlap;
	uint64_t	 overlap_diff_data;
	uint64_t	 ooo_limit_drop;	/* out-of-order limit met */
	uint64_t	 inline_overlap_drop;	/* dropped: bytes differed */
	uint64_t	 invalid_drop;		/* dropped: drop-invalid */
	uint64_t	 not_tracked;		/* midstream off, not picked up */
	uint64_t	 urg;			/* packets with URG */
	uint64_t	 urgent_oob_data;	/* urgent bytes taken out */
	uint64_t	 stream_dropped;	/* packets the stream dropped */
	uint64_t	 bypass_depth;		/* flows bypassed at depth */
	uint64_t	 bypass_encrypted;	/* ... after their TLS handshake */
};

/* IP reassembly, all readers together (Suricata's defrag.* counters
 * first, then quell's). */
struct output_eve_defrag_stats {
	uint64_t	 ipv4_fragments;
	uint64_t	 ipv4_reassembled;
	uint64_t	 ipv6_fragments;
	uint64_t	 ipv6_reassembled;
	uint64_t	 max_frag_hits;	/* no tracker to be had */
	uint64_t	 max_frags_reached; /* fragments not stored: memcap
					   or max-frags */
	uint64_t	 tracker_hard_reuse; /* datagrams given up for room */
	uint64_t	 tracker_timeout; /* datagrams expired incomplete */
	uint64_t	 memuse;
	uint64_t	 trackers;	/* datagrams in reassembly now */
	uint64_t	 frags;		/* fragments held now */
	uint64_t	 dropped;	/* datagrams dropped, each with the
					   fragment that completed it */
};

struct output_eve_queue_stats {
	uint16_t	 queue;
	uint64_t	 packets;
	uint64_t	 bytes;
	uint64_t	 accepted;
	uint64_t	 dropped;
	uint64_t	 repeated;
	uint64_t	 routed;
	uint64_t	 marked;
	uint64_t	 rejected;	/* reject replies attempted (also dropped) */
	uint64_t	 ring_full;	/* verdicted by the ring-full policy */
	uint64_t	 enobufs;
	uint64_t	 bad_messages;
	uint64_t	 verdict_errors;
	bool		 has_kernel;	/* the kernel_* figures are set */
	uint64_t	 kernel_queue_total;
	uint64_t	 kernel_queue_dropped;
	uint64_t	 kernel_user_dropped;
	uint64_t	 kernel_id_sequence;
	/* accepted by the kernel's fail-open after taking an id (see
	 * capture_nfq_kernel()); with the figures above, once nothing is
	 * in flight: id_sequence = packets + user_dropped + failopen */
	uint64_t	 kernel_failopen;
	/* highest queue_total (packets the kernel holds for quell) sampled
	 * in this stats interval */
	uint64_t	 kernel_queue_hwm;
};

/* One eve-log output's delivery figures: stats.output.eve<N>. */
struct output_eve_sink_stats {
	uint64_t	 written;
	uint64_t	 lost;		/* its rings were full */
	uint64_t	 dropped;	/* its sink could not deliver them */
	uint64_t	 write_errors;
	uint64_t	 reconnects;
	uint64_t	 disconnects;
};

/* Suricata 7's packet drop reasons, in its order: eve's drop.reason
 * strings; stats ips.drop_reason.<name> with underscores. */
#define OUTPUT_EVE_DROP_REASONS	16
extern const char *const output_eve_drop_reasons[OUTPUT_EVE_DROP_REASONS];
/* reason's index in output_eve_drop_reasons, -1 when it is none. */
int	output_eve_drop_reason_index(const char *reason);

struct output_eve_stats {
	uint64_t	 uptime;	/* seconds */
	uint64_t	 alerts;
	uint64_t	 alert_queue_overflow;	/* beyond packet-alert-max */
	uint64_t	 alerts_suppressed;	/* noalert, threshold, suppress */
	struct {
		uint64_t entries, memuse, memcap_hits;
	} host, ippair;			/* hostbits and xbits tables */
	uint64_t	 decoder_invalid;
	uint64_t	 invalid_checksum;	/* offline -k all */
	struct decode_stats decode;	/* packets, bytes, layers */
	/* packets that raised each decoder event, all readers together:
	 * decoder.event.<decode_event_name()> */
	uint64_t	 decoder_events[DECODE_EV_MAX];
	bool		 no_decoder_events; /* stats.decoder-events: no */
	bool		 stream_event_counters; /* stats.stream-events: the stream
					   events also as stream.<event> */
	uint64_t	 output_lost;		/* events lost: full rings and
						 * undeliverable, all outputs */
	struct output_eve_sink_stats sinks[OUTPUT_EVE_MAX_TARGETS];
	size_t		 nsinks;	/* eve-log outputs in sinks[] */
	struct output_eve_flow_stats flow;
	struct output_eve_tcp_stats tcp;
	/* decoder.event.<stream_event_name()>: packets with each event */
	uint64_t	 stream_events[STREAM_NEVENTS];
	/* <exception_cause_counter()>.<exception_policy_counter()> */
	uint64_t	 exception[EXCEPTION_NCAUSES][EXCEPTION_NPOLICIES];
	struct output_eve_defrag_stats defrag;
	/* app_layer.flow.*, app_layer.tx.*, app_layer.error.*: every
	 * worker's together */
	struct applayer_stats app;
	struct {
		uint64_t requests, bypassed, local, table_full, active,
		    destroyed, restored, failed;
	} bypass;
	/* the detection engine and its reloads (daemon/reload.h) */
	struct {
		uint64_t reloads, reloads_failed, reloads_refused,
		    reloads_queued, engine_bytes, reload_peak_bytes,
		    last_reload_ms;
		/* Suricata's detect.engines[0] */
		uint64_t rules_loaded, rules_failed, rules_skipped;
		struct timespec last_reload;	/* 0: no engine yet */
	} engine;
	const struct output_eve_queue_stats *queues;
	size_t		 nqueues;
	bool		 offline;	/* queues[0] is the capture: "capture" */
	/* IPS mode (inline, --simulate-ips): Suricata's "ips" counters,
	 * accepted/blocked/rejected from the queues, and the packets
	 * dropped for each reason */
	bool		 ips;
	uint64_t	 ips_drop_reason[OUTPUT_EVE_DROP_REASONS];
};

struct output_writer_stats;
struct output_sink_cfg;


/* One eve-log output: where its lines go, which event types it takes
 * (ntypes 0: all), the alert extras it wants. */
struct output_eve_target_cfg {
	const struct output_sink_cfg *sink;
	const char *const *types;
	size_t		 ntypes;
	struct output_eve_opts opts;	/* the extras it wants */
	uint32_t	 ring_slots;	/* 0: OUTPUT_EVE_RING_SLOTS */
};

/* An eve output without targets; producers 0 .. nproducers - 1 each
 * submit from one thread only. Each event is rendered once and queued
 * to every target that takes its type; it waits until
 * output_eve_start() starts the writer threads. NULL with errno. */
struct output_eve *output_eve_new(size_t nproducers);
/* Opens one more target (file, socket, Redis: output/sink.h). -1 with
 * err set. */
int	output_eve_add(struct output_eve *,
	    const struct output_eve_target_cfg *, char *err, size_t errlen);
/* output_eve_new() with one file target taking every type. */
struct output_eve *output_eve_open(const char *path, size_t nproducers);
int	output_eve_start(struct output_eve *);
int	output_eve_chown(struct output_eve *, uid_t, gid_t);
/* Writes everything queued, then closes. */
void	output_eve_close(struct output_eve *);
/* Reopens the file (log rotation); asynchronous. */
int	output_eve_reopen(struct output_eve *);
/* Returns once every event submitted before the call is written. */
void	output_eve_flush(struct output_eve *);
/* All targets together. */
void	output_eve_writer_stats(const struct output_eve *,
	    struct output_writer_stats *);
size_t	output_eve_targets(const struct output_eve *);
/* Target i's figures; returns its filetype. */
const char *output_eve_target_stats(const struct output_eve *, size_t i,
	    struct output_writer_stats *);

/* Sets what events carry (struct output_eve_opts), every target alike
 * (output_eve_add sets one); everything off by default. Call before
 * events are submitted. */
void	output_eve_set_opts(struct output_eve *, const struct output_eve_opts *);
/* What any target wants (the union of their extras). */
const struct output_eve_opts *output_eve_opts(const struct output_eve *);
/* Sets only the payload, payload_printable and packet extras. */
void	output_eve_set_alert_extras(struct output_eve *, bool payload,
	    bool payload_printable, bool packet);
/* Suricata's sensor-name: the "host" of every event; NULL or "" none. */
void	output_eve_set_host(struct output_eve *, const char *sensor_name);

/* Each record is rendered by the calling thread and written by the
 * writer thread as one line; a full ring loses the event, never
 * blocks. */
void	output_eve_alert(struct output_eve *, size_t producer,
	    const struct packet *, const struct output_eve_alert *);
struct flow;

/* A "flow" event at the end of a flow, as Suricata's: counters each way,
 * start/end, state, reason, alerted, bypassed. */
void	output_eve_flow(struct output_eve *, size_t producer,
	    const struct flow *, const char *reason);

/* An app-layer event (event_type type: "http", "dns", "tls", "ssh",
 * "fileinfo") of transaction tx_id of flow f (with_tx_id: "tx_id"
 * beside event_type, as Suricata's http and ssh): the flow's addresses and
 * ports (dir APPLAYER_TOSERVER: the client's first; TOCLIENT: the
 * server's), the packet's time and pkt_src when p is not NULL (else
 * the flow's last), the tx's own object under app_name and app_proto
 * when app is not NULL (fileinfo), and obj under the type's name. The
 * objects stay the caller's; each is a JSON object, or a JSON string
 * holding an object's compact JSON text (applayer_log_rec), copied into
 * the line as it is. The line is written field by field, unless an
 * output wants less than eve renders or an http xff setting applies
 * (then through a jansson tree: the same bytes). */
void	output_eve_app(struct output_eve *, size_t producer,
	    const struct flow *f, const struct packet *p, const char *type,
	    struct json_t *obj, bool with_tx_id, uint64_t tx_id, uint8_t dir,
	    const char *app_name, struct json_t *app);
/* The same with both objects as their compact JSON text (obj[objlen],
 * app[applen]; app NULL: none), copied into the line as they are: what
 * the parsers' text hooks render (applayer_log_rec.obj_text). */
void	output_eve_app_text(struct output_eve *, size_t producer,
	    const struct flow *f, const struct packet *p, const char *type,
	    const char *obj, size_t objlen, bool with_tx_id, uint64_t tx_id,
	    uint8_t dir, const char *app_name, const char *app, size_t applen);

/* A "drop" event: the packet quell dropped, with Suricata's drop fields,
 * its reason ("rules", "flow drop", "threshold detection_filter"), the
 * verdict object when configured, and alert (the rule that dropped it,
 * with drop_alerts; may be NULL). */
void	output_eve_drop(struct output_eve *, size_t producer,
	    const struct packet *, const char *reason,
	    const struct output_eve_verdict *, const struct output_eve_alert *);
/* An "anomaly" event, Suricata 7's: an event the decoder, the stream
 * engine or the app layer raised. type "decode" (event
 * "decoder.<layer>.<name>"), "stream" ("stream.<name>") or "applayer"
 * (event as the protocol names it, app_proto, layer "proto_detect" for
 * the app layer's own events, "proto_parser" for a parser's, tx_id
 * with has_tx). The header is packet p's (its direction); without p,
 * flow f's as a flow-end pseudo packet's (to the server). Written to
 * the outputs that take anomaly records of that type. */
struct output_eve_anomaly {
	const char	*type;
	const char	*event;
	const char	*app_proto;
	const char	*layer;
	bool		 has_tx;
	uint64_t	 tx_id;
};
void	output_eve_anomaly(struct output_eve *, size_t producer,
	    const struct packet *p, const struct flow *f,
	    const struct output_eve_anomaly *);

/* A "packet" event: a packet a tag keyword asked for (Suricata's
 * tagged-packets), with the frame (base64) and its linktype. */
void	output_eve_packet(struct output_eve *, size_t producer,
	    const struct packet *);
void	output_eve_stats(struct output_eve *, size_t producer,
	    const struct output_eve_stats *);

/* "2026-11-29T23:40:09.123456+0000" into buf (>= 40 bytes). */
const char *output_eve_timestamp(const struct timespec *, char *buf,
	    size_t len);

#endif
