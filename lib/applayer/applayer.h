/* The application-layer framework: what runs between the stream engine
 * and detection for every packet of a flow (lib/pipeline calls it).
 *
 *   protocol detection (detect.c)	patterns and probing parsers on the
 *			first bytes of each direction, independent of the
 *			port; app-layer.protocols.<proto>.enabled and
 *			detection-ports as suricata.yaml has them; gives
 *			up ("failed") within Suricata's bounds
 *   feeding (feed.c)	TCP: the stream's in-order bytes of a direction
 *			from the app consumer's progress (STREAM_CONSUMER_APP)
 *			to the parser, honouring INCOMPLETE (consumed,
 *			needed), needed 0 (wait for the other direction),
 *			gaps, EOF at FIN/RST, protocol change; UDP: one
 *			datagram per call
 *   transactions (state.c) per direction a detection position and one
 *			for logging; a tx is freed once it is complete both
 *			ways, detection is done with it and it was logged
 *
 * Per flow the framework keeps a struct applayer_flow in f->app (freed
 * by the flow table with applayer_flow_free) and writes the detected
 * protocols into f->alproto, f->alproto_ts, f->alproto_tc and
 * f->alproto_orig (enum applayer_proto values).
 *
 * Timing. Inline (stream.inline), a segment's bytes are parsed when
 * its packet comes through, before its verdict, so detection on that
 * packet sees them. Not inline (IDS, offline without --simulate-ips),
 * as Suricata: a direction's bytes are parsed once the receiver
 * acknowledged them, on the acknowledging packet, and so is its end
 * (EOF) once its FIN is acknowledged (the FIN packet itself parses its
 * own direction only when it closes the session past TIME_WAIT); an
 * RST and the end of the flow parse the rest.
 *
 * One struct applayer_ctx per worker (its counters are the worker's);
 * struct applayer_config is built once and shared read-only. */
#ifndef QUELL_APPLAYER_APPLAYER_H
#define QUELL_APPLAYER_APPLAYER_H

#include "core/base.h"
#include "applayer/parser.h"

struct flow;
struct json_t;
struct jtext;
struct packet;
struct quell_config;

struct applayer_config;
struct applayer_ctx;

/* Protocol-independent events a packet can raise (Suricata's
 * app-layer-events.rules names, applayer_event_name()). */
enum applayer_event {
	APPLAYER_EV_DETECT_PROTOCOL_ONLY_ONE_DIRECTION,
	APPLAYER_EV_MISMATCH_PROTOCOL_BOTH_DIRECTIONS,
	APPLAYER_EV_NO_TLS_AFTER_STARTTLS,
	APPLAYER_EV_PROTO_DETECTION_SKIPPED,
	APPLAYER_EV_UNEXPECTED_PROTOCOL,
	APPLAYER_EV_WRONG_DIRECTION_FIRST_DATA,
	APPLAYER_EV_MAX
};

/* "applayer_mismatch_protocol_both_directions" ...; NULL out of range */
const char	*applayer_event_name(enum applayer_event);
/* The event called name[0..len), or -1. */
int		 applayer_event_lookup(const char *name, size_t len);

/* app-layer.protocols.<proto>.enabled */
enum applayer_enable {
	APPLAYER_ENABLE_NO,
	APPLAYER_ENABLE_YES,
	APPLAYER_ENABLE_DETECTION_ONLY,	/* detected, not parsed */
};

/* The framework's settings from the configuration: for every parser of
 * the registry its enabled mode and detection ports per IP protocol,
 * and its own configuration (config_new). NULL with the reason in err:
 * a bad value, a port list that does not parse, a parser's config_new
 * failing, out of memory. */
struct applayer_config *applayer_config_new(const struct quell_config *qc,
	    char *err, size_t errlen);
void	applayer_config_free(struct applayer_config *);
/* How proto is set up for ipproto (IPPROTO_TCP, IPPROTO_UDP). */
enum applayer_enable applayer_config_enabled(const struct applayer_config *,
	    enum applayer_proto, uint8_t ipproto);
/* Whether a tx logger (an eve-log output taking the protocol's type)
 * consumes proto's transactions: cleanup then waits for them to be
 * logged (applayer_flow_log). Set before the workers start. */
void	applayer_config_set_logged(struct applayer_config *,
	    enum applayer_proto, bool on);
bool	applayer_config_logged(const struct applayer_config *,
	    enum applayer_proto);

/* A worker's context: cfg must outlive it. NULL (ENOMEM). */
struct applayer_ctx *applayer_ctx_new(const struct applayer_config *cfg);
void	applayer_ctx_free(struct applayer_ctx *);

/* Per-worker counters: Suricata's app_layer.flow.<proto>,
 * app_layer.tx.<proto> and app_layer.error.<proto>.<kind> names. */
struct applayer_stats {
	uint64_t	 flows[APPLAYER_PROTO_MAX]; /* detected; [FAILED]:
						     tcp and udp together */
	uint64_t	 failed_tcp;	/* app_layer.flow.failed_tcp */
	uint64_t	 failed_udp;	/* app_layer.flow.failed_udp */
	uint64_t	 txs[APPLAYER_PROTO_MAX];   /* transactions freed */
	/* the UDP flows and txs among flows[] and txs[] (a protocol on
	 * both, DNS: Suricata's <proto>_tcp and <proto>_udp counters) */
	uint64_t	 flows_udp[APPLAYER_PROTO_MAX];
	uint64_t	 txs_udp[APPLAYER_PROTO_MAX];
	/* the UDP flows' among err_alloc[], err_parser[], err_internal[]
	 * (gaps are TCP's) */
	uint64_t	 err_alloc_udp[APPLAYER_PROTO_MAX];
	uint64_t	 err_parser_udp[APPLAYER_PROTO_MAX];
	uint64_t	 err_internal_udp[APPLAYER_PROTO_MAX];
	uint64_t	 err_parser[APPLAYER_PROTO_MAX]; /* parse() ERROR */
	uint64_t	 err_gap[APPLAYER_PROTO_MAX];	 /* refused a gap */
	uint64_t	 err_alloc[APPLAYER_PROTO_MAX];	 /* state_new failed */
	uint64_t	 err_internal[APPLAYER_PROTO_MAX]; /* broken contract:
						     bad INCOMPLETE, a wait
						     past the cap */
	uint64_t	 frames_dropped; /* frames not kept: a direction held
					  * APPLAYER_MAX_FRAMES already */
};
/* Any thread may call it (relaxed reads of single-writer counters). */
void	applayer_ctx_stats(const struct applayer_ctx *, struct applayer_stats *);

/* struct applayer_packet_result.flags */
#define APPLAYER_PKT_ERROR	0x01	/* a parser failed on p's data:
					 * app-layer.error-policy applies */
#define APPLAYER_PKT_PD_DONE	0x02	/* protocol detection finished for a
					 * direction on p (detected or failed):
					 * Suricata's PKT_PROTO_DETECT_*_DONE */

struct applayer_packet_result {
	uint8_t		 flags;		/* APPLAYER_PKT_* */
};

/* Runs packet p, already through flow tracking and (TCP) the stream
 * engine, through the application layer: protocol detection while the
 * protocol is not known, then the parser. is_inline: the stream
 * engine's mode (see the timing above). A packet without a flow, of
 * another IP protocol, or of a flow whose app layer is off, does
 * nothing. */
void	applayer_packet(struct applayer_ctx *, struct packet *p,
	    bool is_inline, struct applayer_packet_result *res);

/* Which frames parsers record (applayer_frame_add) on this worker:
 * want[proto] has bit (1 << type) for each frame type of proto that
 * rules inspect (the frame keyword); all 0: none. The pipeline sets it
 * whenever its detection engine changes. */
void	applayer_ctx_set_frames(struct applayer_ctx *,
	    const uint32_t want[APPLAYER_PROTO_MAX]);

/* What parsers compute on demand on this worker: needs[proto] has bit
 * i when a loaded rule inspects the buffer named by the parser's
 * needs[i] (struct applayer_parser); all 0: nothing. The pipeline sets
 * it whenever its detection engine changes. */
void	applayer_ctx_set_needs(struct applayer_ctx *,
	    const uint32_t needs[APPLAYER_PROTO_MAX]);

/* A frame as detection sees it (applayer_flow_frame). */
#define APPLAYER_FRAME_DET_MAX	8	/* rules detection remembers per
					 * frame as matched */
struct applayer_frame_view {
	uint64_t	 id;
	uint64_t	 offset;	/* stream (UDP: payload) offset */
	int64_t		 len;		/* -1: not known yet */
	uint64_t	 tx_id;
	bool		 has_tx;
	uint8_t		 type;		/* index in the parser's frame_types */
	uint8_t		 dir;
	uint16_t	 alproto;
	const char	*type_name;	/* "pdu" */
	/* the frame's bytes held now (NULL, 0 when none) from stream
	 * offset data_offset: its start, or (start false) a window behind
	 * what detection inspected last; complete: up to its end */
	const uint8_t	*data;
	uint32_t	 data_len;
	uint64_t	 data_offset;
	bool		 start;
	bool		 complete;
	/* detection's memory of the rules that matched the frame */
	uint32_t	*det;
	uint8_t		*ndet;
};
/* Frame idx (0, 1, ...) of direction dir of f, with its bytes: from
 * the stream, or for UDP from p's payload (p must be the datagram that
 * made the frames). false past the last. */
bool	applayer_flow_frame(struct flow *f, const struct packet *p,
	    uint8_t dir, uint32_t idx, struct applayer_frame_view *v);

/* Detection ran on packet p (of direction dir) with every transaction
 * the flow holds: a transaction complete in dir is done for detection
 * in dir (Suricata's AppLayerParserSetTransactionInspectId). */
void	applayer_detect_done(struct flow *f, uint8_t dir);

/* The end of a flow (timeout, flush, before its record): the rest of
 * each direction's stream goes to the parser with EOF. */
void	applayer_flow_end(struct applayer_ctx *, struct flow *f);
/* The same for TCP direction dir only (APPLAYER_TOSERVER/_TOCLIENT):
 * Suricata's flow-end pseudo packet of a direction reassembles that
 * direction's rest before its detection. */
void	applayer_flow_end_dir(struct applayer_ctx *, struct flow *f,
	    uint8_t dir);

/* The flow table's callback for f->app. */
void	applayer_flow_free(void *app);

/* The flow's parser and its state, for detection (NULL when the flow
 * has none: not detected yet, failed, detection-only). */
const struct applayer_parser *applayer_flow_parser(const struct flow *f,
	    void **state);
/* The oldest transaction of f's parser that detection is not done with
 * in dir (Suricata's inspect id), into *id: the one an alert of a
 * payload match names. false when the flow holds none. */
bool	applayer_flow_inspect_tx(const struct flow *f, uint8_t dir,
	    uint64_t *id);
/* Where detection keeps its position in the txs of f's current parser
 * (struct detect_tx_source.walk): three words, zero when the parser
 * state starts, only detection reads or writes them. NULL when the
 * flow has no parser state. */
uint64_t *applayer_flow_detect_walk(struct flow *f);
/* Whether the packet being processed raised generic event ev on f. */
bool	applayer_flow_event(const struct flow *f, enum applayer_event ev);
/* Whether the flow's parser says the rest of the flow is encrypted
 * (struct applayer_parser.state_flags: APPLAYER_STATE_ENCRYPTED). */
bool	applayer_flow_encrypted(const struct flow *f);
/* Whether it also asks for the flow to be bypassed
 * (APPLAYER_STATE_BYPASS: app-layer.protocols.tls.encryption-handling
 * bypass once the TLS handshake is done). */
bool	applayer_flow_bypass(const struct flow *f);

/* Logging: one eve record. type is the eve event_type (the parser's
 * name: "http", "dns", "tls", "ssh"; or "fileinfo"), obj its object
 * (the caller puts it under type and adds the header; no reference is
 * kept after the call), dir the direction whose sender is the record's
 * source (APPLAYER_TOSERVER: the client). A fileinfo record also has
 * the tx's own object (app, under app_name), as Suricata's. obj and
 * app are JSON objects; for parsers with the log_*_text hooks they are
 * NULL and obj_text (app_text) holds the object's compact JSON text
 * instead, valid during the call, which the output copies into its
 * line as it is. */
struct applayer_log_rec {
	const char	*type;
	struct json_t	*obj;
	const char	*obj_text;
	size_t		 obj_len;
	uint64_t	 tx_id;
	bool		 with_tx_id;	/* "tx_id" beside event_type */
	uint8_t		 dir;
	const char	*app_name;	/* fileinfo: "http" */
	struct json_t	*app;		/* fileinfo: the tx's log_tx object */
	const char	*app_text;	/* ... or its text (NULL: none) */
	size_t		 app_len;
};
typedef void	(*applayer_log_fn)(void *arg, const struct flow *f,
		    const struct applayer_log_rec *rec);

/* What applayer_flow_log writes. */
struct applayer_log_want {
	uint32_t	 protos;	/* bit (1 << proto): its records */
	bool		 files;		/* fileinfo records (log_file) */
	unsigned	 file_flags;	/* APPLAYER_FILE_LOG_* */
};

/* Logs the flow's transactions that are complete both ways (all of them
 * when eof: the flow ends) and not logged yet: the parser's log_record
 * records (or its one log_tx), then its files, for what want asks;
 * every tx it passes is marked logged, so that cleanup may free it. */
void	applayer_flow_log(struct flow *f, const struct applayer_log_want *want,
	    bool eof, applayer_log_fn fn, void *arg);
/* The app object of an alert on transaction tx_id: fills out with the
 * parser's log_tx and sets *name to the protocol's name ("http" ...);
 * -1 when the flow no longer holds the tx or the parser cannot log it. */
int	applayer_flow_log_alert(const struct flow *f, uint64_t tx_id,
	    struct json_t *out, const char **name);
/* The same object as compact JSON text appended to out, for a parser
 * with the log_tx_text hook; -1 also when the parser has none (then
 * applayer_flow_log_alert gives it). */
int	applayer_flow_log_alert_text(const struct flow *f, uint64_t tx_id,
	    struct jtext *out, const char **name);

/* Request header name (any case) of HTTP/1 flow f: of transaction
 * tx_id when has_tx, else of each transaction the flow holds, oldest
 * first, until fn returns true (Suricata's HttpXFFGetIPFromTx and
 * HttpXFFGetIP). fn gets the value, valid during the call. Returns
 * whether fn returned true; false for a flow of another protocol. */
typedef bool	(*applayer_header_fn)(const uint8_t *val, uint32_t len,
		    void *arg);
bool	applayer_flow_request_header(const struct flow *f, bool has_tx,
	    uint64_t tx_id, const char *name, applayer_header_fn fn, void *arg);

/* Each event a transaction of f's parsers raised and this function did
 * not report before: fn(arg, parser, tx_id, event id), each event once,
 * oldest transaction first, in event id order (Suricata's anomaly tx
 * logger, layer proto_parser). */
typedef void	(*applayer_tx_event_fn)(void *arg,
		    const struct applayer_parser *ap, uint64_t tx_id,
		    unsigned ev);
void	applayer_flow_tx_events(struct flow *f, applayer_tx_event_fn fn,
	    void *arg);

/* Caps: bytes of one direction a parser may wait for past what it
 * consumed (INCOMPLETE needed), and transactions one flow may hold;
 * beyond them the parser is stopped as on an error. */
#define APPLAYER_MAX_NEEDED	(16u << 20)
#define APPLAYER_MAX_TXS	4096

#endif
