/* Private to lib/flow/tcp_state.c and tcp_check.c: one packet on its
 * way through the TCP state machine, and Suricata's per-stream view of
 * the numbers struct flow_tcp_peer keeps per side. */
#ifndef QUELL_FLOW_TCP_INT_H
#define QUELL_FLOW_TCP_INT_H

#include "core/base.h"
#include "core/packet.h"
#include "flow/flow.h"
#include "flow/tcp_opts.h"
#include "flow/tcp_state.h"

/* Linux's ephemeral port range starts here; below this end servers. */
#define TCP_PRIVILEGED_PORT_END	1024
#define TCP_EPHEMERAL_PORT_MIN	32768

/* 24 days in seconds: RFC 7323's PAWS limit on an idle timestamp */
#define TCP_PAWS_24DAYS		(24 * 24 * 60 * 60)

/* Serial number arithmetic (RFC 1982) on sequence numbers. */
#define SEQ_LT(a, b)	((int32_t)((uint32_t)(a) - (uint32_t)(b)) < 0)
#define SEQ_LEQ(a, b)	((int32_t)((uint32_t)(a) - (uint32_t)(b)) <= 0)
#define SEQ_GT(a, b)	((int32_t)((uint32_t)(a) - (uint32_t)(b)) > 0)
#define SEQ_GEQ(a, b)	((int32_t)((uint32_t)(a) - (uint32_t)(b)) >= 0)

/* Suricata's stream d (the bytes side d sends) has a last_ack, window,
 * next_win and wscale that are what the other side acknowledged,
 * offered and scales by: they live in the other side's peer. */
#define S_LAST_ACK(f, d)	((f)->tcp_peer[(d) ^ 1].last_ack)
#define S_WINDOW(f, d)		((f)->tcp_peer[(d) ^ 1].window)
#define S_NEXT_WIN(f, d)	((f)->tcp_peer[(d) ^ 1].next_win)
#define S_WSCALE(f, d)		((f)->tcp_peer[(d) ^ 1].wscale)

struct tcp_pkt {
	struct flow			*f;
	struct packet			*p;
	const struct flow_tcp_config	*cfg;
	struct flow_tcp_opts		 o;
	int				 dir;	/* FLOW_DIR_* of p's sender */
	int				*dirp;	/* the caller's, flipped with dir */
	uint32_t			 seq;
	uint32_t			 ack;
	uint16_t			 win;	/* as on the wire, unscaled */
	uint32_t			 plen;
	uint8_t				 fl;	/* PKT_TCP_* */
	uint8_t				 result; /* FLOW_TCP_R_* */
};

/* tcp_state.c */
void	tcp_int_set_state(struct tcp_pkt *, uint8_t state);
void	tcp_int_reassemble(struct tcp_pkt *);
int	tcp_int_handle_fin(struct tcp_pkt *);

/* tcp_synq.c: a client's SYN again in SYN_SENT: the session's SYN
 * state is queued when the packet's differs; -1 (event
 * stream.3whs_syn_flood) when the queue is full. */
int	tcp_synq_resend(struct tcp_pkt *);
/* A SYN/ACK whose timestamp echo is a queued SYN's: that state becomes
 * the session's (true), else false. */
bool	tcp_synq_match(struct tcp_pkt *);

/* tcp_check.c: Suricata's helpers and checks. */
void	tcp_int_event(struct tcp_pkt *, enum decode_event);
/* StreamTcpUpdateNextSeq: side d's next_seq; with ASYNC its stream's
 * last_ack follows (nobody acknowledges one side of a route). */
void	tcp_int_next_seq(struct tcp_pkt *, int d, uint32_t seq);
/* StreamTcpUpdateLastAck: stream d's last_ack, only forward. */
void	tcp_int_last_ack(struct tcp_pkt *, int d, uint32_t ack);
/* StreamTcpUpdateNextWin: stream d's next_win, only forward. */
void	tcp_int_next_win(struct tcp_pkt *, int d, uint32_t win);
/* The sender's FIN at fin_seq (one past its last byte). */
void	tcp_int_fin_seen(struct tcp_pkt *, uint32_t fin_seq);

/* StreamTcpValidateAck on stream d: true when p's ACK fits what d sent;
 * else false with stream.pkt_invalid_ack set. */
bool	tcp_check_ack(struct tcp_pkt *, int d);
/* StreamTcpValidateRst: whether the receiver's stack takes the RST. */
bool	tcp_check_rst(struct tcp_pkt *);
/* StreamTcpValidateTimestamp: checks only (and the event);
 * StreamTcpHandleTimestamp: checks and moves the sender's last_ts. */
bool	tcp_check_ts(struct tcp_pkt *);
bool	tcp_check_handle_ts(struct tcp_pkt *);
/* SYN_SENT's check of a timestamp against the SYN's (both the
 * SYN/ACK's echo and a client retransmission's value). */
bool	tcp_check_synsent_ts(struct tcp_pkt *);
/* StreamTcpPacketIsRetransmission of side d (event
 * stream.pkt_retransmission): 0 no, 1 acknowledged data again, 2 data
 * in flight again. */
int	tcp_check_retransmission(struct tcp_pkt *, int d);
/* The stack of side's host (enum flow_tcp_os), looked up once
 * (cfg->host_os; BSD without one), as Suricata's StreamTcpSetOSPolicy. */
uint8_t	tcp_check_os(struct tcp_pkt *, int side);
/* The classifications Suricata makes before the state handler: true
 * when p is to change nothing (keep-alive, its ACK, a zero window probe
 * ACK, a bad window update, an outdated ACK, a spurious retransmission
 * before everything held). */
bool	tcp_check_skip(struct tcp_pkt *);
/* StreamTcpPacketCheckPostRst: the side a RST was accepted from talks
 * on as if nothing happened: the RST was injected. */
void	tcp_check_post_rst(struct tcp_pkt *);

#endif
