/* Inspection buffers: what content, pcre, byte_* and isdataat look at.
 *
 * A buffer is one entry of the table in buffer.c: a name (Suricata's:
 * pkt_data, ipv4.hdr, later stream, http.uri, dns.query, tls.sni ...),
 * a scope (per packet, per stream, per app-layer transaction), the
 * directions and transaction progress at which it exists, its priority
 * for fast pattern selection, and a getter. The name is also the sticky
 * buffer keyword that selects it (the rule parser finds it through
 * detect_buffer_sticky_lookup()); the keywords after it inspect it. The
 * content keywords never see which buffer they run on: adding a buffer
 * is one enum value, one table entry and its getter.
 *
 * Each group of the engine builds one prefilter per buffer (and
 * transform chain: detect/xform.h) its rules take fast patterns from,
 * and a rule's fast pattern may come from any of its buffers
 * (detect_prefilter_select(): Suricata's priorities). Transforms
 * (to_lowercase, dotprefix, ...) may follow any sticky buffer keyword,
 * not pkt_data (Suricata: "transforms must directly follow
 * stickybuffers").
 *
 * Transaction buffers are read from app-layer transactions handed to
 * detection through struct detect_tx_source (detect/tx.h): the getter
 * then takes the parser's opaque tx pointer and a direction, so that a
 * parser in lib/applayer implements it without including lib/detect
 * headers (plain C types only). */
#ifndef QUELL_DETECT_BUFFER_H
#define QUELL_DETECT_BUFFER_H

#include "core/base.h"
#include "detect/keywords/keyword.h"

struct packet;
struct rule;
struct rule_match;
struct rules_option;
struct rules_parser;

enum detect_buffer_id {
	DETECT_BUFFER_PAYLOAD,	/* the packet's L4 payload: pkt_data */
	DETECT_BUFFER_IPV4_HDR,	/* IPv4 header with options */
	DETECT_BUFFER_IPV6_HDR,	/* IPv6 header with extension headers */
	DETECT_BUFFER_TCP_HDR,	/* TCP header with options */
	DETECT_BUFFER_UDP_HDR,
	DETECT_BUFFER_ICMPV4_HDR,
	DETECT_BUFFER_ICMPV6_HDR,
	DETECT_BUFFER_BASE64_DATA, /* what base64_decode decoded */
	/* the reassembled TCP stream around the packet (lib/stream's raw
	 * inspection): what pkt_data content of TCP rules is matched
	 * against besides (or instead of) the packet payload. No rule
	 * names it; it has its own prefilter (Suricata's "stream" MPM) */
	DETECT_BUFFER_STREAM,
	DETECT_BUFFER_MAX,		/* the table's */
};

/* Buffer ids run up to this: the table's, then registered ones. */
#define DETECT_BUFFER_LIMIT	128

/* When a buffer exists. */
enum detect_buffer_scope {
	DETECT_BUFFER_SCOPE_PACKET,	/* from the packet alone */
	DETECT_BUFFER_SCOPE_STREAM,	/* from the flow's reassembled TCP
					 * data in the packet's direction;
					 * same getter shape as PACKET */
	DETECT_BUFFER_SCOPE_TX,		/* from an app-layer transaction */
	DETECT_BUFFER_SCOPE_FRAME,	/* an app-layer frame's bytes (the
					 * frame keyword selects it; no
					 * prefilter) */
};

/* struct detect_buffer.dirs */
#define DETECT_BUFFER_TOSERVER	0x01
#define DETECT_BUFFER_TOCLIENT	0x02
#define DETECT_BUFFER_BOTH	(DETECT_BUFFER_TOSERVER | DETECT_BUFFER_TOCLIENT)

/* Direction argument of a tx getter and of detect_tx_source.progress. */
#define DETECT_TX_TOSERVER	0
#define DETECT_TX_TOCLIENT	1

/* Packet and stream getter: sets *buf, *len to the buffer's bytes for
 * p; false (or *len 0) when p has none. Never allocates. */
typedef bool	(*detect_buffer_pkt_fn)(const struct packet *p,
		    const uint8_t **buf, uint32_t *len);
/* Transaction getter: the buffer of the parser's transaction tx in
 * direction dir (DETECT_TX_*); false when it has none (yet). The bytes
 * must stay valid until the tx progresses. */
typedef bool	(*detect_buffer_tx_fn)(void *tx, uint8_t dir,
		    const uint8_t **buf, uint32_t *len);
/* Multi-buffer getter (tls.certs, dns.query in Suricata 7: one tx, many
 * values): value idx = 0, 1, ... of tx in dir; false past the last. A
 * rule's keywords on such a buffer match when they match one value
 * (each value inspected on its own, from offset 0), and the prefilter
 * scans every value. */
typedef bool	(*detect_buffer_tx_multi_fn)(void *tx, uint8_t dir,
		    uint32_t idx, const uint8_t **buf, uint32_t *len);
/* Progressive buffers (HTTP bodies, file.data): the getter returns the
 * window to inspect now; detection calls this once it inspected the
 * windows of tx in dir (every value idx the getter gave), after each
 * inspection of the tx, so that the next window starts later. */
typedef void	(*detect_buffer_tx_inspected_fn)(void *tx, uint8_t dir,
		    uint32_t idx);

struct detect_buffer {
	const char	*name;		/* Suricata's name; the sticky keyword */
	const char	*alias;		/* an older name that selects it too
					 * (ssh_proto, tls_sni); may be NULL */
	const char	*desc;
	uint8_t		 scope;		/* enum detect_buffer_scope */
	uint8_t		 dirs;		/* DETECT_BUFFER_TOSERVER|TOCLIENT */
	/* fast pattern selection: contents of the buffers with the
	 * highest priority among a rule's buffers compete (pkt_data 3,
	 * the others 2, as Suricata registers them); 0: no prefilter on
	 * this buffer */
	uint8_t		 fp_priority;
	/* what a rule that selects the buffer must be: ip_versions
	 * (RULE_IPV4, RULE_IPV6; 0 any) is narrowed to it; with ipproto
	 * set the rule's protocols must include it */
	uint8_t		 ip_versions;
	uint8_t		 ipproto;
	/* tx scope: the app-layer protocol (an applayer id, opaque here)
	 * and the tx progress per direction at which the buffer is
	 * complete; detection waits for it */
	uint16_t	 alproto;
	int		 progress[2];
	detect_buffer_pkt_fn get_pkt;	/* PACKET, STREAM */
	detect_buffer_tx_fn get_tx;	/* TX, one value per tx */
	detect_buffer_tx_multi_fn get_tx_multi; /* TX, many: instead */
	detect_buffer_tx_inspected_fn tx_inspected; /* TX, optional */
	bool		 internal;	/* no keyword selects it */
	/* frame scope: the parser's frame type (index in its
	 * frame_types), with alproto */
	uint8_t		 frame_type;
	/* the sticky keyword (name = the buffer's) */
	struct keyword	 kw;
};

/* The buffer of id (table or registered), or NULL. */
const struct detect_buffer *detect_buffer_get(unsigned id);
/* Adds a buffer at start-up, before rules are parsed and not concurrently
 * with anything (a parser module that keeps its buffers out of the table;
 * the unit tests' fake transaction buffer): b is copied, its kw filled in.
 * The new id, or -1 (the name exists, or DETECT_BUFFER_LIMIT is
 * reached). */
int	detect_buffer_register(const struct detect_buffer *b);
/* The ids of registered buffers that have a tx_inspected hook, in
 * registration order. */
const unsigned *detect_buffer_windowed(size_t *n);
/* The buffer called name[0..len) (or so aliased) that a rule may
 * select, or NULL: internal buffers are not found. */
const struct detect_buffer *detect_buffer_by_name(const char *name,
	    size_t len);
/* The same, internal buffers included (file.sha256 for filesha256). */
const struct detect_buffer *detect_buffer_lookup(const char *name,
	    size_t len);
/* The frame buffer of frame name[0..len) ("dns.pdu", Suricata's
 * <proto>.<type>), or with alproto != 0 also of the bare type ("pdu")
 * of that protocol; NULL when there is none. */
const struct detect_buffer *detect_buffer_frame_lookup(const char *name,
	    size_t len, uint16_t alproto);
/* The id of buffer b (one of the table's or a registered one). */
unsigned detect_buffer_id_of(const struct detect_buffer *b);
/* The sticky buffer keyword called name[0..len), or NULL: the keyword
 * registry's fallback. */
const struct keyword *detect_buffer_sticky_lookup(const char *name,
	    size_t len);
/* A legacy content modifier (http_uri, http_header, ...): moves the
 * rule's last content in pkt_data, with the keywords relative to it,
 * into buffer id. 0, or -1 when there is no such content. */
int	detect_buffer_move_last_content(struct rule *r,
	    enum detect_buffer_id id);
/* Puts match m (a content or pcre in pkt_data) into the buffer called
 * name, as a legacy content modifier (http_uri, http_cookie ...) or a
 * pcre HTTP flag (/U, /C ...) does in Suricata: the rule becomes one of
 * the buffer's app-layer protocol. opt names the keyword in errors.
 * 0, or -1 after reporting (m in a sticky buffer, another protocol). */
int	detect_buffer_modifier(struct rules_parser *p, struct rule *r,
	    const struct rules_option *opt, struct rule_match *m,
	    const char *name);
/* Puts match m into the buffer called name whatever the rule's sticky
 * buffer is (urilen: http.uri). 0, or -1 after reporting. */
int	detect_buffer_attach(struct rules_parser *p, struct rule *r,
	    const struct rules_option *opt, struct rule_match *m,
	    const char *name);
/* The setup of a legacy content modifier keyword: the rule's last
 * content into the buffer called name. */
int	detect_buffer_modifier_setup(struct rules_parser *p, struct rule *r,
	    const struct rules_option *opt, const char *name);
/* The packet or stream buffer id of p: false when absent. */
bool	detect_buffer_get_pkt(unsigned id, const struct packet *p,
	    const uint8_t **buf, uint32_t *len);

#endif
