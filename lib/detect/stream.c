/* Packet and stream inspection of pkt_data, as Suricata does it for
 * TCP: which rules inspect the reassembled stream (lib/stream's raw
 * windows, handed over in p->raw), which the packet payload, and how a
 * rule's pkt_data keywords are run on them. */
#include "core/base.h"

#include <netinet/in.h>
#include <string.h>

#include "core/packet.h"
#include "detect/buffer.h"
#include "detect/engine_int.h"
#include "detect/inspect.h"
#include "detect/keywords/content.h"
#include "detect/keywords/keyword.h"
#include "rules/rule.h"
#include "stream/stream.h"

/* The keywords on a packet's headers that make a rule inspect packets
 * (their Suricata setup functions set SIG_FLAG_REQUIRE_PACKET). Sorted. */
static const char *const packet_keywords[] = {
	"ack", "dsize", "flags", "fragbits", "fragoffset", "icmp_id",
	"icmp_seq", "icmpv6.mtu", "icode", "id", "ip_proto", "ipopts", "itype",
	"sameip", "seq", "tcp.mss", "tos", "ttl", "window",
};

static bool
packet_keyword(const char *name)
{
	for (size_t i = 0; i < QUELL_NITEMS(packet_keywords); i++)
		if (strcmp(packet_keywords[i], name) == 0)
			return true;
	return false;
}

/*
 * Suricata's rules (detect-parse.c SigValidate, detect-flow.c, the
 * setup of the header keywords above, the tcp-pkt/tcp-stream
 * protocols): a rule with pkt_data keywords whose protocols include TCP
 * inspects the stream (REQUIRE_STREAM), and the packet too
 * (REQUIRE_PACKET) when one of its contents is anchored (depth, offset,
 * startswith) or it has stream_size; tcp-pkt, flow:no_stream and the
 * header keywords make it inspect packets, tcp-stream and
 * flow:only_stream the stream, and then the automatic choice is not
 * made.
 */
void
detect_stream_flags(struct detect_sig *s)
{
	const struct rule *r = s->rule;
	bool payload = false, anchored = false;

	for (size_t i = 0; i < r->nmatches; i++) {
		const struct rule_match *m = &r->matches[i];
		const struct detect_content *c = m->data;

		if (m->list != RULE_LIST_BUFFER && m->kw != NULL &&
		    packet_keyword(m->kw->name))
			s->flags |= DETECT_SIG_PACKET;
		if (m->list != RULE_LIST_BUFFER ||
		    m->buffer != DETECT_BUFFER_PAYLOAD)
			continue;
		payload = true;
		if (m->kw == &kw_content && (c->flags & (CONTENT_DEPTH |
		    CONTENT_OFFSET | CONTENT_STARTSWITH)))
			anchored = true;
	}
	if (r->flags & RULE_F_PKT_ONLY)
		s->flags |= DETECT_SIG_PACKET;
	else if (r->flags & RULE_F_STREAM_ONLY)
		s->flags |= DETECT_SIG_STREAM;
	if (r->flags & RULE_F_FLOW_STREAM)
		s->flags |= DETECT_SIG_STREAM | DETECT_SIG_FLOW_STREAM;
	if (r->flags & RULE_F_FLOW_NOSTREAM)
		s->flags |= DETECT_SIG_PACKET | DETECT_SIG_FLOW_NOSTREAM;
	if (payload && rules_rule_has_proto(r, IPPROTO_TCP) &&
	    !(s->flags & (DETECT_SIG_STREAM | DETECT_SIG_PACKET))) {
		s->flags |= DETECT_SIG_STREAM;
		if (anchored || (r->flags & RULE_F_STREAM_SIZE))
			s->flags |= DETECT_SIG_PACKET;
	}
	/* without pkt_data keywords there is nothing to inspect on the
	 * stream (flow:only_stream then never matches) */
	if (!payload)
		s->flags &= (uint16_t)~(DETECT_SIG_STREAM | DETECT_SIG_PACKET);
}

bool
detect_stream_sig_on(const struct detect_sig *s, uint16_t b)
{
	if (s->fp == DETECT_NO_FP)
		return false;
	if (s->fp_list != DETECT_BUFFER_PAYLOAD)
		return s->fp_list == b;
	if (b == DETECT_BUFFER_STREAM)
		return (s->flags & DETECT_SIG_STREAM) != 0;
	if (b == DETECT_BUFFER_PAYLOAD)
		return !(s->flags & DETECT_SIG_STREAM) ||
		    (s->flags & DETECT_SIG_PACKET);
	return false;
}

/* Suricata's DetectEngineInspectRulePayloadMatches: a stream rule tries
 * each piece of the stream the packet came with; failing that, the
 * packet's payload, unless the rule is for the stream alone and the
 * stream took that payload (it was inspected there, or will be). */
bool
detect_stream_payload(const struct detect_sig *s,
    const struct detect_sig_buffer *sb, struct detect_inspect *in,
    void *const *scratch, bool *on_stream)
{
	const struct packet *p = in->pkt;

	*on_stream = false;
	if (s->flags & DETECT_SIG_STREAM) {
		const struct stream_raw *raw = p->raw;

		for (uint8_t i = 0; raw != NULL && i < raw->nblocks; i++) {
			in->buf = raw->blocks[i].data;
			in->buf_len = raw->blocks[i].len;
			if (detect_inspect_buffer(in, sb->sms, sb->n,
			    scratch)) {
				*on_stream = true;
				return true;
			}
		}
		if (!(s->flags & DETECT_SIG_PACKET) &&
		    (p->stream_flags & PKT_STREAM_ADDED))
			return false;
	}
	if (p->payload == NULL || p->payload_len == 0)
		return false;
	in->buf = p->payload;
	in->buf_len = p->payload_len;
	return detect_inspect_buffer(in, sb->sms, sb->n, scratch);
}
