#include "core/base.h"

#include "core/packet.h"
#include "decode/esp.h"
#include "decode/events.h"
#include "decode/l4.h"
#include "decode/stats.h"

#define ESP_HDR_LEN	8

void
decode_esp(struct packet *p, const uint8_t *hdr, uint32_t len)
{
	DECODE_SEEN(p, ESP);
	if (len < ESP_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_ESP_PKT_TOO_SMALL);
		return;
	}
	p->l4 = hdr;
	p->l4_hdr_len = ESP_HDR_LEN;
	p->l4_valid = true;
	decode_l4_set_payload(p, hdr + ESP_HDR_LEN, len - ESP_HDR_LEN);
}
