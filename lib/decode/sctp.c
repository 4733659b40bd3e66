#include "core/base.h"

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/events.h"
#include "decode/l4.h"
#include "decode/sctp.h"
#include "decode/stats.h"

#define SCTP_HDR_LEN		12
#define SCTP_CHUNK_HDR_LEN	4
#define SCTP_CHUNK_DATA		0
#define SCTP_CHUNK_INIT		1
/* Suricata tracks the types of the first 16 chunks and the payloads of
 * the first 16 DATA chunks; more are events (SCTP_MAX_TRACKED_CHUNKS,
 * SCTP_MAX_DATA_CHUNKS). */
#define SCTP_MAX_TRACKED_CHUNKS	16
#define SCTP_MAX_DATA_CHUNKS	16

static void	decode_sctp_chunks(struct packet *, uint32_t, const uint8_t *,
		    uint32_t);

/* type (8) | flags (8) | length (16, header included, unpadded), value
 * padded to 4 bytes. Each step moves at least 4 bytes. */
static void
decode_sctp_chunks(struct packet *p, uint32_t vtag, const uint8_t *c,
    uint32_t len)
{
	uint32_t off = 0, n = 0, ndata = 0;
	bool init = false;

	while (off < len) {
		uint32_t clen;

		if (len - off < SCTP_CHUNK_HDR_LEN) {
			decode_event_set(p->events,
			    DECODE_EV_SCTP_CHUNK_TOO_SMALL);
			return;
		}
		clen = decode_be16(c + off + 2);
		if (clen < SCTP_CHUNK_HDR_LEN || clen > len - off) {
			decode_event_set(p->events,
			    DECODE_EV_SCTP_CHUNK_LEN_INVALID);
			return;
		}
		switch (c[off]) {
		case SCTP_CHUNK_INIT:
			init = true;
			if (vtag != 0)
				decode_event_set(p->events,
				    DECODE_EV_SCTP_INIT_WITH_NON_ZERO_VTAG);
			break;
		case SCTP_CHUNK_DATA:
			if (vtag == 0)
				decode_event_set(p->events,
				    DECODE_EV_SCTP_DATA_WITH_ZERO_VTAG);
			if (++ndata == SCTP_MAX_DATA_CHUNKS + 1)
				decode_event_set(p->events,
				    DECODE_EV_SCTP_TOO_MANY_DATA_CHUNKS);
			break;
		default:
			break;
		}
		if (++n == SCTP_MAX_TRACKED_CHUNKS + 1)
			decode_event_set(p->events,
			    DECODE_EV_SCTP_TOO_MANY_CHUNKS);
		clen = (clen + 3) & ~3u;
		off += clen < len - off ? clen : len - off;
	}
	/* RFC 9260 6.10: INIT must be the only chunk in its packet. */
	if (init && n > 1)
		decode_event_set(p->events, DECODE_EV_SCTP_INIT_CHUNK_BUNDLED);
}

void
decode_sctp(struct packet *p, const uint8_t *hdr, uint32_t len)
{
	DECODE_SEEN(p, SCTP);
	if (len < SCTP_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_SCTP_PKT_TOO_SMALL);
		return;
	}
	p->l4 = hdr;
	p->sport = decode_be16(hdr);
	p->dport = decode_be16(hdr + 2);
	p->l4_hdr_len = SCTP_HDR_LEN;
	p->l4_valid = true;
	decode_sctp_chunks(p, decode_be32(hdr + 4), hdr + SCTP_HDR_LEN,
	    len - SCTP_HDR_LEN);
	decode_l4_set_payload(p, hdr + SCTP_HDR_LEN, len - SCTP_HDR_LEN);
}
