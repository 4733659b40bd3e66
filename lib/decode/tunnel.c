#include "core/base.h"

#include <netinet/in.h>

#include "core/packet.h"
#include "decode/config.h"
#include "decode/decode.h"
#include "decode/events.h"
#include "decode/geneve.h"
#include "decode/teredo.h"
#include "decode/tunnel.h"
#include "decode/vxlan.h"

void
decode_tunnel_set(struct packet *p, const uint8_t *b, uint32_t len,
    uint8_t link, uint8_t src)
{
	if (p->depth + 1 >= PKT_MAX_DEPTH) {
		decode_event_set(p->events, DECODE_EV_TOO_MANY_LAYERS);
		return;
	}
	p->inner = b;
	p->inner_len = len;
	p->inner_link = link;
	p->inner_src = src;
}

void
decode_tunnel_udp(struct packet *p, const struct decode_config *cfg)
{
	if (p->proto != IPPROTO_UDP || !p->l4_valid || p->is_fragment ||
	    p->payload == NULL)
		return;
	if ((decode_config_port_has(&cfg->teredo, p->sport) ||
	    decode_config_port_has(&cfg->teredo, p->dport)) &&
	    decode_teredo(p, p->payload, p->payload_len))
		return;
	if (decode_config_port_has(&cfg->geneve, p->dport) &&
	    decode_geneve(p, p->payload, p->payload_len))
		return;
	if (decode_config_port_has(&cfg->vxlan, p->dport))
		(void)decode_vxlan(p, p->payload, p->payload_len);
}

int
decode_tunnel(const struct packet *outer, struct packet *inner,
    const struct decode_config *cfg)
{
	memset(inner, 0, sizeof(*inner));
	inner->data = outer->inner;
	inner->len = outer->inner_len;
	inner->wire_len = outer->inner_len;
	inner->ts = outer->ts;
	inner->queue = outer->queue;
	inner->nfq_id = outer->nfq_id;
	inner->mark = outer->mark;
	inner->has_ctmark = outer->has_ctmark;
	inner->ctmark = outer->ctmark;
	inner->hook = outer->hook;
	inner->ignore_checksum = outer->ignore_checksum;
	inner->link = outer->inner_link;
	inner->pkt_src = outer->inner_src;
	inner->depth = (uint8_t)(outer->depth + 1);
	inner->root = outer->root != NULL ? outer->root : outer;
	return decode_packet_inherit(inner, cfg, outer);
}
