#include "core/base.h"

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/events.h"
#include "decode/igmp.h"
#include "decode/l4.h"

#define IGMP_HDR_LEN		8
#define IGMP_QUERY		0x11
#define IGMP_REPORT_V3		0x22
#define IGMP_V3_QUERY_LEN	12
#define IGMP_V3_REPORT_LEN	8
#define IGMP_V3_RECORD_LEN	8
/* sources that fit a datagram: 64 KiB less IP header, router alert and
 * the v3 query header, 4 bytes each */
#define IGMP_V3_MAX_SOURCES	((65535 - 24 - 12) / 4)

static uint32_t	igmp_v3_report_len(struct packet *, const uint8_t *,
		    uint32_t);

/* The length of a v3 report's records, or 0 with an event. */
static uint32_t
igmp_v3_report_len(struct packet *p, const uint8_t *b, uint32_t len)
{
	uint32_t n = decode_be16(b + 6), off = IGMP_V3_REPORT_LEN;

	for (uint32_t i = 0; i < n; i++) {
		uint32_t aux, src;

		if (len - off < IGMP_V3_RECORD_LEN) {
			decode_event_set(p->events,
			    DECODE_EV_IGMP_V3_PKT_TOO_SMALL);
			return 0;
		}
		aux = (uint32_t)b[off + 1] * 4;
		src = (uint32_t)decode_be16(b + off + 2) * 4;
		off += IGMP_V3_RECORD_LEN;
		if (len - off < aux) {
			decode_event_set(p->events, DECODE_EV_IGMP_MALFORMED);
			return 0;
		}
		off += aux;
		if (len - off < src) {
			decode_event_set(p->events, DECODE_EV_IGMP_MALFORMED);
			return 0;
		}
		off += src;
	}
	return off;
}

void
decode_igmp(struct packet *p, const uint8_t *hdr, uint32_t len)
{
	uint32_t hlen = IGMP_HDR_LEN;

	if (len < IGMP_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_IGMP_PKT_TOO_SMALL);
		return;
	}
	if (hdr[0] == IGMP_QUERY && len >= IGMP_V3_QUERY_LEN) {
		uint32_t n = decode_be16(hdr + 10);

		if (n > IGMP_V3_MAX_SOURCES) {
			decode_event_set(p->events, DECODE_EV_IGMP_MALFORMED);
			return;
		}
		hlen = IGMP_V3_QUERY_LEN + n * 4;
		if (len < hlen) {
			decode_event_set(p->events,
			    DECODE_EV_IGMP_V3_PKT_TOO_SMALL);
			return;
		}
	} else if (hdr[0] == IGMP_REPORT_V3) {
		if ((hlen = igmp_v3_report_len(p, hdr, len)) == 0)
			return;
	}
	if (hlen >= 65535) {
		decode_event_set(p->events, DECODE_EV_IGMP_MALFORMED);
		return;
	}
	p->l4 = hdr;
	p->l4_hdr_len = (uint16_t)hlen;
	p->l4_valid = true;
	decode_l4_set_payload(p, hdr + hlen, len - hlen);
}
