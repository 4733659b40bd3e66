/* The contract between the app-layer framework (lib/applayer/applayer.c:
 * protocol detection, feeding parsers from the stream engine or from UDP
 * datagrams, transaction cleanup) and one protocol parser (a folder
 * lib/applayer/<proto>/ plus one entry in lib/applayer/registry.c).
 *
 * A parser never includes lib/detect or lib/output headers. Detection
 * reads a parser through the buffer getters it declares (struct
 * applayer_buffer) and through struct applayer_parser's transaction
 * functions; outputs through log_tx. Everything here is plain C types.
 *
 * Data flow. For a TCP flow the framework hands the parser the stream's
 * in-order bytes of one direction, starting where the parser's progress
 * is, as a chunk; for UDP one datagram per chunk (APPLAYER_CHUNK_DGRAM).
 * parse() answers one of:
 *
 *	OK		every byte of the chunk was used (kept or discarded)
 *	INCOMPLETE	consumed bytes were used; call again with the rest
 *			once at least `needed` more bytes follow it. The
 *			parser keeps no copy: the stream holds the bytes.
 *			A parser caps what it waits for (a record size
 *			limit) and raises an event beyond it instead.
 *			needed == 0: the rest must wait for the other
 *			direction (libhtp's HTP_STREAM_DATA_OTHER: a
 *			CONNECT request waits for its response): call
 *			again with the rest, new bytes or not, after the
 *			next parse() of the other direction.
 *	ERROR		the data is not this protocol or cannot be parsed
 *			on: the framework raises app-layer.error-policy
 *			(exception policy), counts it, and stops feeding
 *			this direction.
 *
 * Transactions. The parser keeps its transactions in its state; each has
 * a 64-bit id increasing along the flow and a progress per direction
 * (a parser-defined number; complete[dir] means done in dir). Detection,
 * logging and cleanup each keep their own position; the framework frees
 * a tx (tx_free) once it is complete both ways, detection is done with
 * it and it was logged. Every tx embeds a struct applayer_txdata that
 * the framework and detection own.
 */
#ifndef QUELL_APPLAYER_PARSER_H
#define QUELL_APPLAYER_PARSER_H

#include "core/base.h"

#include <time.h>

struct flow;
struct json_t;
struct jtext;
struct quell_config;

/* App-layer protocols. Detection sees the id as an opaque uint16_t
 * (struct detect_buffer.alproto). Names (applayer_proto_name) are
 * Suricata's: eve's app_proto and the app-layer-protocol keyword. */
enum applayer_proto {
	APPLAYER_PROTO_UNKNOWN,	/* "unknown": not detected (yet) */
	APPLAYER_PROTO_HTTP1,	/* "http" */
	APPLAYER_PROTO_TLS,	/* "tls" */
	APPLAYER_PROTO_DNS,	/* "dns" */
	APPLAYER_PROTO_SSH,	/* "ssh" */
	APPLAYER_PROTO_SMB,	/* "smb": detection only */
	APPLAYER_PROTO_DCERPC,	/* "dcerpc": detection only (TCP) */
	APPLAYER_PROTO_FAILED,	/* "failed": detection gave up */
	APPLAYER_PROTO_MAX,
};

/* Directions; the same values as DETECT_TX_TOSERVER/TOCLIENT and
 * FLOW_DIR_TO_SERVER/TO_CLIENT. */
#define APPLAYER_TOSERVER	0
#define APPLAYER_TOCLIENT	1

/* struct applayer_chunk.flags */
#define APPLAYER_CHUNK_START	0x01	/* the first data of this direction */
#define APPLAYER_CHUNK_GAP	0x02	/* len bytes are missing (data NULL):
					 * the stream lost them */
#define APPLAYER_CHUNK_EOF	0x04	/* the direction is closed; data may
					 * still come with it */
#define APPLAYER_CHUNK_DGRAM	0x08	/* one whole UDP datagram */

struct applayer_frames;

struct applayer_chunk {
	const uint8_t	*data;
	uint32_t	 len;
	uint8_t		 dir;		/* APPLAYER_TOSERVER, _TOCLIENT */
	uint8_t		 flags;		/* APPLAYER_CHUNK_* */
	struct timespec	 ts;		/* time of the packet that brought it */
	uint64_t	 offset;	/* stream offset of data[0] (TCP; 0 for
					 * a datagram) */
	/* the direction's frames (applayer_frame_add); NULL when no rule
	 * inspects the protocol's frames: the frame calls do nothing */
	struct applayer_frames *frames;
	/* bit i: a loaded rule inspects the parser's needs[i] (what the
	 * parser computes only on demand) */
	uint32_t	 needs;
};

/* Frames (Suricata 7's app-layer frames): a parser marks where a unit
 * of its protocol lies in the stream of c's direction (a DNS message, a
 * TLS record, an HTTP request) so that rules inspect exactly those
 * bytes (the frame keyword). type is an index into the parser's
 * frame_types. rel is the frame's start relative to c->data (it may lie
 * in an earlier chunk: a negative rel), len its length, -1 while not
 * known. Returns the frame's id (> 0, unique in the flow direction),
 * or 0 when no rule inspects frames of this type or the direction holds
 * APPLAYER_MAX_FRAMES already (counted: app_layer.frames_dropped). A
 * frame of the same type at the same offset is not added twice: its id
 * is returned (a record parsed again after INCOMPLETE). The bytes
 * themselves stay in the stream. */
uint64_t applayer_frame_add(const struct applayer_chunk *c, int64_t rel,
	    int64_t len, uint8_t type);
/* Frame id of c's direction ends at rel (relative to c->data): its
 * length is set. Unknown ids are ignored. */
void	applayer_frame_set_end(const struct applayer_chunk *c, uint64_t id,
	    int64_t rel);
/* Frame id belongs to transaction tx_id (eve's frame.tx_id). */
void	applayer_frame_set_tx(const struct applayer_chunk *c, uint64_t id,
	    uint64_t tx_id);

#define APPLAYER_MAX_FRAMES	32	/* per flow and direction */

/* A frame set of its own, for a parser driven without the framework
 * (unit tests, fuzz targets): put it in the chunks' frames, read what
 * the parser recorded with applayer_frames_count() and _at() (idx 0
 * the oldest; false past the last), empty it with _clear(). */
struct applayer_frames *applayer_frames_new(void);
void	applayer_frames_delete(struct applayer_frames *);
uint32_t applayer_frames_count(const struct applayer_frames *);
bool	applayer_frames_at(const struct applayer_frames *, uint32_t idx,
	    uint8_t *type, uint64_t *offset, int64_t *len);
void	applayer_frames_clear(struct applayer_frames *);

enum applayer_status {
	APPLAYER_OK,
	APPLAYER_ERROR,
	APPLAYER_INCOMPLETE,
};

struct applayer_result {
	enum applayer_status status;
	uint32_t	 consumed;	/* INCOMPLETE: bytes of the chunk used;
					 * OK with APPLAYER_RESULT_CHANGE: the
					 * bytes of this protocol */
	uint32_t	 needed;	/* INCOMPLETE: more bytes needed past
					 * consumed before the next call */
	uint8_t		 flags;		/* APPLAYER_RESULT_* */
};

/* struct applayer_result.flags */
#define APPLAYER_RESULT_CHANGE	0x01	/* the flow's data after consumed
					 * (this direction) and from now on
					 * (the other) is another protocol:
					 * an accepted CONNECT tunnel. Detect
					 * it again there (Suricata's
					 * AppLayerRequestProtocolChange); the
					 * old state stays for its txs */

#define APPLAYER_MAX_EVENTS	128	/* per protocol */

/* What the framework and detection keep in every transaction; the
 * parser embeds one per tx, zeroed, and only raises events in it, and
 * only during parse() (the anomaly log looks for new ones after a
 * parse only). */
struct applayer_txdata {
	void		*detect_state;	/* detection's per-tx state; the
					 * parser's tx_free calls the free
					 * function the framework gives it
					 * (applayer_txdata_release) */
	uint64_t	 events[APPLAYER_MAX_EVENTS / 64];
	/* events the anomaly logger reported (applayer_flow_tx_events) */
	uint64_t	 events_logged[APPLAYER_MAX_EVENTS / 64];
	uint32_t	 logged;	/* bit per output that logged it */
	uint8_t		 flags;		/* framework's */
};

/* Frees what detection keeps in td (detect_state) through the function
 * the framework installed with applayer_txdata_set_release(); a
 * parser's tx_free calls it for every tx it frees. */
void	applayer_txdata_release(struct applayer_txdata *td);
void	applayer_txdata_set_release(void (*fn)(void *detect_state));

static inline void
applayer_txdata_set_event(struct applayer_txdata *td, unsigned ev)
{
	if (ev < APPLAYER_MAX_EVENTS)
		td->events[ev / 64] |= 1ull << (ev % 64);
}

static inline bool
applayer_txdata_has_event(const struct applayer_txdata *td, unsigned ev)
{
	return ev < APPLAYER_MAX_EVENTS &&
	    (td->events[ev / 64] & (1ull << (ev % 64))) != 0;
}

/* An inspection buffer of the protocol, by Suricata's name ("http.uri",
 * "dns.query", "tls.sni", "ssh.software"...): lib/detect turns each
 * into a sticky buffer keyword and a prefilter buffer. get() points
 * *buf and *len into the tx (valid until the tx progresses or is freed) and
 * returns false when the tx has none (yet). A multi-buffer (one tx, many
 * values: tls.certs, dns.query in Suricata 7, http headers by name)
 * sets get_multi instead: value idx = 0, 1, ... until false. */
struct applayer_buffer {
	const char	*name;
	const char	*desc;
	uint8_t		 dirs;		/* bits (1 << APPLAYER_TOSERVER) and
					 * (1 << APPLAYER_TOCLIENT) */
	int		 progress;	/* tx progress (in dirs) from which the
					 * buffer is complete */
	bool		(*get)(void *tx, uint8_t dir, const uint8_t **buf,
			    uint32_t *len);
	bool		(*get_multi)(void *tx, uint8_t dir, uint32_t idx,
			    const uint8_t **buf, uint32_t *len);
	/* optional, for progressive buffers (HTTP bodies, file.data):
	 * get()/get_multi() return the window to inspect now, Suricata's
	 * inspect windows (nothing while too little arrived), and detection
	 * calls inspected() once it inspected that window, so the next one
	 * starts later and the bytes before it are freed. NULL: the buffer
	 * is whole once its progress is reached. */
	void		(*inspected)(void *tx, uint8_t dir, uint32_t idx);
	/* optional: Suricata's older name for it, which rules may still use
	 * (ssh_proto for ssh.proto, tls_sni for tls.sni) */
	const char	*alias;
	/* no sticky keyword selects it: a keyword of its own attaches to
	 * it by name (filesha256 to file.sha256); Suricata has no such
	 * buffer */
	bool		 internal;
};

/* Protocol detection by pattern: bytes at [offset, depth) of the first
 * data in dir (Suricata's AppLayerProtoDetectPMRegisterPattern*). */
struct applayer_pattern {
	const char	*bytes;
	uint16_t	 len;
	uint16_t	 offset;
	uint16_t	 depth;
	uint8_t		 dirs;		/* bits (1 << APPLAYER_TOSERVER) and
					 * (1 << APPLAYER_TOCLIENT) */
	bool		 nocase;
};

/* struct applayer_parser.ipprotos */
#define APPLAYER_IPPROTO_TCP	0x01
#define APPLAYER_IPPROTO_UDP	0x02

struct applayer_parser {
	const char	*name;		/* Suricata's: app-layer.protocols.<name> */
	/* optional: the stats counters' name when it is not name
	 * (app_layer.flow.<it>): Suricata's dcerpc_tcp, a protocol quell
	 * has on TCP only and Suricata on both */
	const char	*stats_name;
	enum applayer_proto proto;
	uint8_t		 ipprotos;	/* APPLAYER_IPPROTO_* */

	/* detection: patterns, then the probe on the default ports (or the
	 * configured detection-ports); probe returns the proto, UNKNOWN when
	 * it needs more bytes, FAILED when the data surely is not this
	 * protocol; *rdir is set when the data shows the direction is the
	 * reverse of what the flow thinks (a response seen first) */
	const struct applayer_pattern *patterns;
	size_t		 npatterns;
	enum applayer_proto (*probe)(const uint8_t *data, uint32_t len,
			    uint8_t dir, uint8_t *rdir);
	/* optional: confirms a pattern match (Suricata's
	 * AppLayerProtoDetectPMRegisterPatternCSwPP): called as probe is
	 * on the data a pattern of the protocol matched; UNKNOWN waits for
	 * more bytes, FAILED refuses the match. NULL: a pattern match is
	 * final */
	enum applayer_proto (*confirm)(const uint8_t *data, uint32_t len,
			    uint8_t dir, uint8_t *rdir);
	/* optional: the probe for a UDP flow's datagram, when the wire
	 * format differs from TCP's (DNS: no length prefix); NULL: probe
	 * serves both */
	enum applayer_proto (*probe_dgram)(const uint8_t *data, uint32_t len,
			    uint8_t dir, uint8_t *rdir);
	const char	*default_ports;	/* "80,8080" style, Suricata's */
	/* optional: the directions whose data may come first (bits 1 <<
	 * APPLAYER_TOSERVER, 1 << APPLAYER_TOCLIENT; 0: either). Data of
	 * the other direction first is Suricata's
	 * applayer_wrong_direction_first_data: the app layer stops. HTTP
	 * and TLS: to the server (AppLayerParserRegisterParserAcceptable-
	 * DataDirection) */
	uint8_t		 first_dirs;

	/* optional: the protocol's own configuration, built once at start
	 * (and on reload) from the whole configuration; its result is the
	 * cfg of state_new. NULL, with the reason in err, when it cannot
	 * be built. Freed with config_free after the last state using it. */
	void		*(*config_new)(const struct quell_config *qc, char *err,
			    size_t errlen);
	void		(*config_free)(void *cfg);

	/* state: one per flow once detected; a protocol without state_new
	 * (and so without parse, state and tx hooks, buffers or events) is
	 * detected only, as Suricata's detection-only: in eve's app_proto,
	 * for the rule protocol and app-layer-protocol, never parsed.
	 * cfg is the protocol's own
	 * configuration (config_new's), f the flow (addresses, ports;
	 * read only) */
	void		*(*state_new)(const struct flow *f, const void *cfg);
	void		(*state_free)(void *state);
	struct applayer_result (*parse)(void *state,
			    const struct applayer_chunk *c)
			    __attribute__((warn_unused_result));
	/* optional: APPLAYER_STATE_* of the flow's state now */
	uint32_t	(*state_flags)(const void *state);

	/* transactions: tx_count txs are held now, tx_get(i) for i in
	 * [0, tx_count) with 0 the oldest */
	uint64_t	(*tx_count)(void *state);
	void		*(*tx_get)(void *state, uint64_t i);
	/* optional: the oldest held tx whose id is >= *id, with *id set to
	 * its id; NULL when there is none. The walks that start at a
	 * position (detection's, logging's: Suricata's inspect and log
	 * ids) use it, so that they cost what lies past the position and
	 * no tx_get from index 0; without it they step through tx_get */
	void		*(*tx_next)(void *state, uint64_t *id);
	uint64_t	(*tx_id)(void *state, void *tx);
	void		(*tx_free)(void *state, uint64_t id);
	int		(*tx_progress)(void *tx, uint8_t dir);
	int		 complete[2];	/* progress value of a finished tx */
	struct applayer_txdata *(*tx_data)(void *tx);

	/* events: names without the protocol prefix, as in Suricata's
	 * <proto>-events.rules ("app-layer-event:http.<name>"); index =
	 * event id */
	const char *const *events;
	size_t		 nevents;

	/* inspection buffers */
	const struct applayer_buffer *buffers;
	size_t		 nbuffers;

	/* optional: frame types, by Suricata's name without the prefix
	 * ("pdu" for frame:dns.pdu); index = the type of
	 * applayer_frame_add. frame_prefix: the protocol part of the
	 * name, when it is not name ("http1") */
	const char *const *frame_types;
	size_t		 nframe_types;
	const char	*frame_prefix;

	/* optional: detection buffers whose data the parser computes only
	 * when a loaded rule inspects them ("file.md5": each file's MD5);
	 * chunks say which (struct applayer_chunk.needs, bit i for
	 * needs[i]); at most 32 */
	const char *const *needs;
	size_t		 nneeds;

	/* eve: fills out (a JSON object) with the tx as Suricata writes it
	 * under the protocol's name (eve "http": {...}); 0, or -1 */
	int		(*log_tx)(void *state, void *tx, struct json_t *out);
	/* optional: the protocol's own eve records ("event_type": name)
	 * when they differ from what alerts carry or one tx makes several
	 * (DNS: a record per question): fills out with record idx, 1 when
	 * written, 0 past the last one, -1 on error. NULL: one record,
	 * log_tx's. */
	int		(*log_record)(void *state, void *tx, uint32_t idx,
			    struct json_t *out);
	/* the protocol's eve records carry the tx's "tx_id" beside their
	 * event_type, as Suricata 7 writes http and ssh ones (not dns and
	 * tls, whose objects or nothing hold it) */
	bool		 log_tx_id;
	/* optional: the tx's files as eve "fileinfo" objects: fills out
	 * with file idx (both directions, 0, 1, ...) and *dir with the
	 * direction it travelled in; 1 when written, 0 past the last, -1
	 * on error. flags: APPLAYER_FILE_LOG_* */
	int		(*log_file)(void *state, void *tx, uint32_t idx,
			    unsigned flags, uint8_t *dir, struct json_t *out);
	/* optional, the faster twins of log_tx, log_record and log_file
	 * that eve's records use when set: the same object appended to
	 * out as compact JSON text ("{...}", json_dumps' bytes), with no
	 * jansson object per field; same return values, and
	 * log_record_text's 2: written, and the same object log_tx_text
	 * gives (rendered once for a fileinfo record's app object). A
	 * parser with log_record_text or log_tx_text has its records and
	 * files logged through the text hooks only */
	int		(*log_tx_text)(void *state, void *tx,
			    struct jtext *out);
	int		(*log_record_text)(void *state, void *tx, uint32_t idx,
			    struct jtext *out);
	int		(*log_file_text)(void *state, void *tx, uint32_t idx,
			    unsigned flags, uint8_t *dir, struct jtext *out);
};

/* log_file() flags: what fileinfo carries besides the file's name,
 * state, size and the digests it computed (those loaded rules inspect
 * and force-hash asks for: the parser decides when the file opens) */
#define APPLAYER_FILE_LOG_MAGIC		0x01

/* struct applayer_parser.state_flags() */
#define APPLAYER_STATE_ENCRYPTED 0x01	/* the handshake is done and the rest
					 * of the flow is encrypted (SSH after
					 * both NEWKEYS): Suricata's
					 * APP_LAYER_PARSER_NO_INSPECTION,
					 * for encryption-handling */
#define APPLAYER_STATE_BYPASS	0x02	/* ... and the protocol's
					 * encryption-handling is bypass: the
					 * framework hands the flow to the
					 * bypass (applayer_flow_bypass) */

/* "http", "tls", ..., "unknown", "failed" */
const char	*applayer_proto_name(enum applayer_proto);
/* Whether a rule of protocol sig matches a flow of protocol flow: the
 * same protocol, or Suricata's AppProtoEquals pairs (a dcerpc rule
 * matches SMB flows, DCERPC over SMB). */
bool	applayer_proto_equals(unsigned sig, unsigned flow);

#endif
