/* Private to the framework's files (applayer.c, config.c, detect.c,
 * feed.c, state.c): its configuration, a worker's context and the
 * per-flow state. Not for parsers nor for other modules. */
#ifndef QUELL_APPLAYER_APPLAYER_INT_H
#define QUELL_APPLAYER_APPLAYER_INT_H

#include "core/base.h"
#include "applayer/applayer.h"
#include "rules/port.h"

#include <time.h>

struct flow;

#define APPLAYER_IPP_TCP	0
#define APPLAYER_IPP_UDP	1
#define APPLAYER_NIPP		2

/* One protocol on one IP protocol. */
struct applayer_ipp_cfg {
	uint8_t		 enabled;	/* enum applayer_enable */
	bool		 has_dp;
	bool		 has_sp;
	struct rules_port dp;		/* matched against the server port */
	struct rules_port sp;		/* ... the client port */
};

struct applayer_proto_cfg {
	const struct applayer_parser *parser;	/* NULL: no parser */
	void		*cfg;			/* its config_new() */
	bool		 logged;		/* a tx logger takes it */
	struct applayer_ipp_cfg ipp[APPLAYER_NIPP];
};

struct applayer_config {
	struct applayer_proto_cfg protos[APPLAYER_PROTO_MAX];
	uint64_t	 depth;		/* stream.reassembly.depth (bail) */
};

/* Whether proto's probe runs for a flow between these ports. */
bool	applayer_config_port_match(const struct applayer_config *,
	    enum applayer_proto, uint8_t ipproto, uint16_t client_port,
	    uint16_t server_port);

struct applayer_ctx {
	const struct applayer_config *cfg;
	struct timespec	 ts;		/* the packet's, for chunks */
	/* frame types recorded, per protocol (applayer_ctx_set_frames) */
	uint32_t	 frames_want[APPLAYER_PROTO_MAX];
	/* chunks' needs, per protocol (applayer_ctx_set_needs) */
	uint32_t	 needs[APPLAYER_PROTO_MAX];
	struct applayer_stats st;
};

/* struct applayer_flow.dflags[dir] */
#define AF_PM_DONE	0x01	/* pattern matching gave up */
#define AF_PP_DONE	0x02	/* every probe gave up */
#define AF_PD_DONE	0x04	/* detection finished (found or failed) */
#define AF_DATA		0x08	/* data seen in this direction */
#define AF_EOF		0x10	/* EOF given to the parser */
#define AF_STOP		0x20	/* no more parsing of this direction
				 * (an error, a refused gap) */
#define AF_WAIT_OTHER	0x40	/* INCOMPLETE with needed 0: call again
				 * after the other direction */
#define AF_STARTED	0x80	/* the parser had its first chunk */

/* struct applayer_flow.flags */
#define AF_F_OFF	0x01	/* app layer disabled (failed, error) */
#define AF_F_SENT	0x02	/* data went to a parser (Suricata's
				 * APP_LAYER_DATA_ALREADY_SENT_TO_APP_LAYER) */
#define AF_F_CHANGE	0x04	/* a protocol change is pending */
#define AF_F_COUNTED	0x08	/* counted in app_layer.flow.* */
#define AF_F_DETECT_TS	0x10	/* detection ran on a to-server packet */
#define AF_F_DETECT_TC	0x20	/* ... on a to-client packet */
#define AF_F_IDS	0x40	/* TCP parsed on acknowledged data (not
				 * inline): frames wait for it too */

/* A previous protocol's state after a change: its txs are logged and
 * freed as the current ones are. */
struct applayer_pstate {
	const struct applayer_parser *parser;
	void		*state;
	/* Positions in the txs (ids; Suricata's inspect and log ids): the
	 * walks start there instead of at the oldest tx. Every held tx
	 * below inspect_id[dir] has TXF_DETECT of dir, below log_id
	 * TXF_LOGGED, below complete_id[dir] is complete in dir. A tx
	 * given a flag past its position (done out of order) has an id
	 * below ooo_id, so cleanup need not look further. */
	uint64_t	 inspect_id[2];
	uint64_t	 log_id;
	uint64_t	 complete_id[2];
	uint64_t	 ooo_id;
	/* detection's own position (applayer_flow_detect_walk) */
	uint64_t	 detect_walk[3];
	bool		 logged;	/* a tx logger takes the protocol */
};

/* A walk over a pstate's txs from an id on, oldest first: through the
 * parser's tx_next, else tx_get (index i). cur: the id of the tx just
 * returned. */
struct applayer_tx_iter {
	uint64_t	 id;		/* the next tx has an id >= it */
	uint64_t	 i;
	uint64_t	 cur;
};

void	*applayer_tx_iter_next(const struct applayer_pstate *,
	    struct applayer_tx_iter *);

struct applayer_flow {
	const struct applayer_config *cfg;
	struct applayer_pstate cur;
	struct applayer_pstate old;	/* before a protocol change */
	uint8_t		 flags;		/* AF_F_* */
	uint8_t		 dflags[2];	/* AF_* per direction */
	uint8_t		 first_dir;	/* direction of the first data; 0xff */
	uint8_t		 ipproto;
	uint8_t		 probe_failed[2]; /* per direction: bit per proto
					   whose probe said FAILED */
	uint32_t	 needed[2];	/* bytes that must be there past the
					   app progress before the next call */
	uint64_t	 off[2];	/* the app consumer's progress */
	uint64_t	 pkt_events;	/* generic events of this packet */
	/* protocol detection finished for a direction (bit 1 << dir): on
	 * this packet (pd_new), and waiting for a packet of that direction
	 * to carry the news (pd_pending), as Suricata's FlagPacketFlow */
	uint8_t		 pd_new;
	uint8_t		 pd_pending;
	/* parse() calls so far, and how many there were when
	 * applayer_flow_tx_events last looked: parsers raise tx events
	 * only in parse(), so without one since nothing is new */
	uint64_t	 parses;
	uint64_t	 events_parses;
	/* frames per direction (frames.c), allocated with the first one */
	struct applayer_frames *frames[2];
	uint64_t	 frame_id[2];	/* the last frame id given, per
					 * direction (Suricata's ids) */
};

/* detect.c: protocol detection on data[0..len) of direction dir of
 * flow f (updates af->dflags[dir] PM/PP done, probe_failed); the
 * protocol, UNKNOWN (more data may decide) or FAILED (this direction
 * cannot be detected). *reverse when the bytes look like the other
 * direction's. */
enum applayer_proto applayer_detect_run(const struct applayer_config *,
	    struct applayer_flow *af, const struct flow *f,
	    const uint8_t *data, uint32_t len, uint8_t dir, bool *reverse);

/* tcp.c: packet p of TCP flow f; the end of the flow (EOF both ways). */
void	applayer_tcp_packet(struct applayer_ctx *, struct applayer_flow *af,
	    struct flow *f, struct packet *p, bool is_inline,
	    struct applayer_packet_result *res);
void	applayer_tcp_end_dir(struct applayer_ctx *,
	    struct applayer_flow *af, struct flow *f, uint8_t dir,
	    struct applayer_packet_result *res);
void	applayer_tcp_end(struct applayer_ctx *, struct applayer_flow *af,
	    struct flow *f, struct applayer_packet_result *res);
/* udp.c: datagram p of UDP flow f. */
void	applayer_udp_packet(struct applayer_ctx *, struct applayer_flow *af,
	    struct flow *f, struct packet *p,
	    struct applayer_packet_result *res);

/* state.c */
struct applayer_flow *applayer_flow_get(struct flow *f,
	    const struct applayer_config *cfg);
/* Starts the parser of proto on af (state_new): 0, or -1 (counted). */
int	applayer_flow_start(struct applayer_ctx *, struct applayer_flow *af,
	    const struct flow *f, enum applayer_proto proto);
/* Frees the txs detection and logging are done with. */
void	applayer_flow_cleanup(struct applayer_ctx *, struct applayer_flow *af);
void	applayer_pstate_free(struct applayer_pstate *);

/* frames.c: dir's frames for a parse() chunk (allocated on first use;
 * NULL when frames are off or memory is short); freed with the flow
 * (emptied: applayer_frames_clear, parser.h); pruned after detection
 * on a packet of dir, with the stream's frame consumer moved to the
 * oldest frame left. */
struct applayer_frames *applayer_frames_get(struct applayer_ctx *,
	    struct applayer_flow *af, struct flow *f, uint8_t dir);
void	applayer_frames_free(struct applayer_flow *af);
void	applayer_frames_detect_done(struct applayer_flow *af, struct flow *f,
	    uint8_t dir);

#endif
