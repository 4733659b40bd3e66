/* TCP urgent data (stream.reassembly.urgent.policy, as Suricata 7.0.8
 * and 8 have it). A segment with URG carries an urgent pointer; the
 * urgent byte is the one before it (RFC 6093 3.1), and only when the
 * pointer falls inside the segment (1 .. payload length) is it here.
 * A receiver without SO_OOBINLINE reads that byte out of band: its
 * stream goes on without it. The policies:
 *
 *   inline  the byte stays in the stream (what an OOBINLINE receiver
 *           reads, and what the policy was before it existed)
 *   drop    inline, a URG packet is dropped before TCP tracking sees
 *           it (flow_tcp_update, stream_packet); IDS: as inline
 *   oob     the byte is taken out: the bytes after it move down by one,
 *           as if the sender had never sent it (base_seq moves up by
 *           one, so every later sequence number maps one lower); up to
 *           STREAM_URGENT_OOB_MAX bytes a direction, then
 *           oob-limit-policy (inline, drop or gap) applies
 *   gap     the byte is a hole in the stream: consumers skip it as a
 *           gap (the application layer is told of one)
 *
 * A retransmission of bytes before the last byte taken out maps one
 * higher, so it meets the bytes it repeats; the byte itself is skipped
 * again. Earlier bytes taken out are not remembered: retransmitting
 * across them is compared one byte off. A URG segment that comes after
 * later data moves the held data down to meet the stream; an urgent
 * byte the contiguous stream already has (sent before without URG) was
 * inspected in place and stays. */
#include "core/base.h"

#include "stream/stream_int.h"

#define SEQ_LT(a, b)	((int32_t)((a) - (b)) < 0)

static uint16_t
urgent_pointer(const struct packet *p)
{
	if (p->l4 == NULL || p->l4_hdr_len < 20)
		return 0;
	return (uint16_t)((p->l4[18] << 8) | p->l4[19]);
}

/* Inserts [data, data + len) at seq, keeping res->pkt_off of the first
 * piece a packet puts in. */
static void
piece(struct stream_ctx *c, struct stream_session *ss, int dir,
    struct packet *p, uint32_t seq, const uint8_t *data, uint32_t len,
    struct stream_result *res, bool *first)
{
	int64_t off = res->pkt_off;

	if (len == 0)
		return;
	stream_int_insert(c, ss, dir, p, seq, data, len, res);
	if (!*first)
		res->pkt_off = off;
	*first = false;
}

/* The packet's bytes from seq around the byte at cut: those before it
 * at seq + shift, the byte itself left out, those after as they are. */
static void
split(struct stream_ctx *c, struct stream_session *ss, int dir,
    struct packet *p, uint32_t seq, uint32_t cut, uint32_t shift,
    struct stream_result *res)
{
	const uint8_t *data = p->payload;
	uint32_t len = p->payload_len, before = cut - seq;
	bool first = true;

	if (before >= len) {
		piece(c, ss, dir, p, seq + shift, data, len, res, &first);
		return;
	}
	piece(c, ss, dir, p, seq + shift, data, before, res, &first);
	piece(c, ss, dir, p, cut + 1, data + before + 1, len - before - 1, res,
	    &first);
}

void
stream_int_urgent_insert(struct stream_ctx *c, struct stream_session *ss,
    int dir, struct packet *p, uint32_t data_seq, struct stream_result *res)
{
	struct stream_dir *d = &ss->d[dir];
	int pol = c->cfg.urgent_policy;
	uint16_t up = 0;
	uint32_t useq;
	uint64_t end;
	bool first = true;

	if ((p->tcp_flags & PKT_TCP_URG) &&
	    (pol == STREAM_URGENT_OOB || pol == STREAM_URGENT_GAP))
		up = urgent_pointer(p);
	if (up == 0 || up > p->payload_len) {
		/* no urgent byte here: a retransmission of what came
		 * before the last byte taken out is one higher */
		if (d->urg_n > 0 && SEQ_LT(data_seq, d->urg_seq))
			split(c, ss, dir, p, data_seq, d->urg_seq, 1, res);
		else
			piece(c, ss, dir, p, data_seq, p->payload,
			    p->payload_len, res, &first);
		return;
	}
	useq = data_seq + up - 1;
	if (pol == STREAM_URGENT_OOB) {
		/* this byte was taken out already: a retransmission */
		if (d->urg_n > 0 && !SEQ_LT(d->urg_seq, useq)) {
			split(c, ss, dir, p, data_seq, d->urg_seq, 1, res);
			return;
		}
		if (d->urg_n >= STREAM_URGENT_OOB_MAX)
			pol = c->cfg.urgent_oob_limit;
	}
	switch (pol) {
	case STREAM_URGENT_OOB:
		piece(c, ss, dir, p, data_seq, p->payload, up - 1, res, &first);
		/* a byte the stream holds already (sent before without
		 * URG) stays: what was inspected is not taken back */
		end = d->end;
		if (stream_int_take_out(c, d, useq)) {
			/* held bytes after it may join the stream now */
			if (d->end > end)
				res->flags |= STREAM_R_DATA;
			d->urg_seq = useq;
			d->urg_n++;
			counter_inc(&c->st.urgent_oob);
			piece(c, ss, dir, p, useq + 1, p->payload + up,
			    p->payload_len - up, res, &first);
		} else
			piece(c, ss, dir, p, useq, p->payload + up - 1,
			    p->payload_len - up + 1, res, &first);
		return;
	case STREAM_URGENT_GAP:
		piece(c, ss, dir, p, data_seq, p->payload, up - 1, res, &first);
		/* in order: the hole goes in now, so what follows is
		 * contiguous (and inspected inline) at once; otherwise the
		 * receiver's ACK makes it a gap later */
		if ((uint32_t)(d->base_seq + (uint32_t)d->end) == useq &&
		    stream_int_hole(c, d, 1)) {
			decode_event_set(p->events,
			    DECODE_EV_STREAM_REASSEMBLY_SEQ_GAP);
			counter_inc(&c->st.reassembly_gap);
		}
		piece(c, ss, dir, p, useq + 1, p->payload + up,
		    p->payload_len - up, res, &first);
		return;
	case STREAM_URGENT_DROP:
		/* the oob limit met, inline: the packet goes */
		if (c->cfg.is_inline) {
			res->flags |= STREAM_R_DROP | STREAM_R_URGENT;
			return;
		}
		/* FALLTHROUGH */
	default:
		piece(c, ss, dir, p, data_seq, p->payload, p->payload_len, res,
		    &first);
		return;
	}
}
