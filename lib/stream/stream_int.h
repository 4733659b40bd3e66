/* Private to lib/stream: the session layout shared by stream.c (entry
 * point, consumers) and reassemble.c (insertion, overlaps, release). */
#ifndef QUELL_STREAM_STREAM_INT_H
#define QUELL_STREAM_STREAM_INT_H

#include "core/base.h"
#include "stream/stream.h"

/* A held out-of-order segment: its own copy of the bytes, in a list
 * sorted by offset; held segments never overlap each other (overlaps
 * are resolved when a segment comes in). */
struct stream_seg {
	struct stream_seg *next;
	uint64_t	 off;
	uint32_t	 len;
	uint8_t		 data[];
};

/* struct stream_dir.flags */
#define STREAM_DIR_INIT		0x01	/* base_seq known */
#define STREAM_DIR_DEPTH	0x02	/* reassembly depth reached */
#define STREAM_DIR_ACKED	0x04	/* acked known */
#define STREAM_DIR_RELEASE	0x08	/* a consumer or the ACK moved since
					   the last release */
#define STREAM_DIR_RAW_OFF	0x10	/* no raw inspection: its consumer
					   holds nothing */
#define STREAM_DIR_RAW_SET	0x20	/* detection said whether it wants
					   raw inspection */
#define STREAM_DIR_RAW_TRIGGER	0x40	/* inspect now, whatever the chunk
					   size (the app layer asked) */
#define STREAM_DIR_URG_SENT	0x80	/* urg_seq: the end of a URG segment
					   the urgent policy dropped (sent,
					   unseen by TCP tracking) */

/* Bytes the receiver acknowledged that never came (lost before us):
 * a hole in the contiguous buffer, zero-filled so that the bytes
 * before it stay until every consumer has used them. Consumers read
 * around it (stream_data_at never returns its bytes). */
struct stream_gap {
	uint64_t	 off;
	uint64_t	 end;
};
/* Holes kept per direction, and the largest one filled (Suricata keeps
 * up to 8 regions, 256 KiB apart); beyond, the bytes before a hole go
 * when it is skipped. */
#define STREAM_MAX_GAPS		8
#define STREAM_GAP_FILL_MAX	(256u << 10)

/* One direction: the contiguous bytes [buf_off, end) in buf, then the
 * held segments beyond end. */
struct stream_dir {
	uint32_t	 base_seq;	/* wire seq of offset 0 */
	uint8_t		 flags;		/* STREAM_DIR_* */
	uint8_t		 policy;	/* receiver's enum stream_os_policy */
	uint16_t	 urg_n;		/* urgent bytes taken out (oob): each
					   moved base_seq up by one */
	uint32_t	 buf_len;	/* == end - buf_off */
	uint32_t	 buf_cap;
	uint8_t		*buf;
	uint64_t	 buf_off;	/* offset of buf[0]: what is released */
	uint64_t	 end;		/* next in-order offset */
	uint64_t	 acked;		/* receiver acknowledged up to here */
	uint32_t	 ack_seq;	/* the ACK that gave acked, as sent */
	uint32_t	 urg_seq;	/* wire seq of the last byte taken out
					   (with urg_n); the end of the last
					   URG segment dropped (with
					   STREAM_DIR_URG_SENT) */
	uint64_t	 progress[STREAM_NCONSUMERS];
	struct stream_seg *ooo;
	uint32_t	 nooo;
	uint8_t		 ngaps;
	uint8_t		 max_regions;	/* most regions held at once, as
					   Suricata's streaming buffer counts
					   them (0: one) */
	struct stream_gap gaps[STREAM_MAX_GAPS];	/* sorted, inside
					   [buf_off, end) */
};

struct stream_session {
	struct stream_ctx *ctx;
	uint8_t		 consumers;	/* 1 << enum stream_consumer, enabled */
	struct stream_dir d[2];		/* FLOW_DIR_* of the sender */
};

/* Where consumer i of d lets memory go: its progress, less what raw
 * inspection keeps inline (a chunk before its progress, so the next
 * window can reach back). */
uint64_t stream_int_consumer_edge(const struct stream_ctx *,
	    const struct stream_dir *, int dir, int i);

#define STREAM_SCRATCH	65536		/* > any TCP payload */

struct stream_ctx {
	struct stream_config cfg;
	const struct stream_hostos *hosts;
	uint64_t	 memuse;	/* sessions, against cfg.memcap */
	uint64_t	 reasm_memuse;	/* bytes and segments, against
					   cfg.reassembly_memcap */
	struct stream_stats st;
	uint8_t		 scratch[STREAM_SCRATCH];
};

bool	stream_int_reasm_reserve(struct stream_ctx *, size_t);
void	stream_int_reasm_release(struct stream_ctx *, size_t);

void	stream_int_dir_init(struct stream_dir *, uint32_t base_seq);
void	stream_int_dir_clear(struct stream_ctx *, struct stream_dir *);
/* Inserts len bytes of p's payload from data (starting at sequence
 * number data_seq) into the stream of dir; sets events on p and flags
 * in res (res->pkt_off: data's offset). */
void	stream_int_insert(struct stream_ctx *, struct stream_session *,
	    int dir, struct packet *p, uint32_t data_seq, const uint8_t *data,
	    uint32_t len, struct stream_result *res);
/* p's payload into the stream of dir as the urgent policy has it
 * (urgent.c): a URG segment's urgent byte stays, is taken out (oob)
 * or left as a hole (gap); otherwise as stream_int_insert. */
void	stream_int_urgent_insert(struct stream_ctx *, struct stream_session *,
	    int dir, struct packet *p, uint32_t data_seq,
	    struct stream_result *res);
/* A hole of n bytes at the end of d's contiguous stream (the urgent
 * gap policy): false when it cannot be kept (too many holes, memory). */
bool	stream_int_hole(struct stream_ctx *, struct stream_dir *, uint32_t n);
/* The byte at wire seq useq leaves d's stream (the urgent oob policy):
 * every later sequence number maps one lower (base_seq moves up), held
 * segments beyond it move down, one holding it loses it. False, and
 * nothing changes, when the contiguous stream already has the byte. */
bool	stream_int_take_out(struct stream_ctx *, struct stream_dir *,
	    uint32_t useq);
/* The receiver of adir acknowledged ack (carried by p). */
void	stream_int_acked(struct stream_ctx *, const struct flow *,
	    struct stream_session *, int adir, uint32_t ack, struct packet *p);
/* Releases what every enabled consumer used and the receiver acked. */
void	stream_int_release(struct stream_ctx *, struct stream_session *,
	    struct stream_dir *);

#endif
