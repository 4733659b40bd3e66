#include "core/base.h"

#include <netinet/in.h>

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/teredo.h"
#include "decode/tunnel.h"
#include "decode/stats.h"

#define TEREDO_ORIGIN_LEN	8
#define IPV6_HDR_LEN		40

bool
decode_teredo(struct packet *p, const uint8_t *b, uint32_t len)
{
	const uint8_t *ip = b;
	uint32_t left = len;

	if (len < IPV6_HDR_LEN)
		return false;
	/* 0x0000: origin indication, skipped; 0x0001: authentication, a
	 * negotiation packet rather than tunnelled traffic. */
	if (b[0] == 0) {
		if (b[1] != 0 || len < TEREDO_ORIGIN_LEN + IPV6_HDR_LEN)
			return false;
		ip += TEREDO_ORIGIN_LEN;
		left -= TEREDO_ORIGIN_LEN;
	}
	if (ip[0] >> 4 != 6)
		return false;
	/* hop limit 0 and a bare hop-by-hop header: detection artefacts */
	if (ip[7] == 0)
		return false;
	if (ip[6] == IPPROTO_HOPOPTS && decode_be16(ip + 4) < 8)
		return false;
	if (left != IPV6_HDR_LEN + (uint32_t)decode_be16(ip + 4))
		return false;
	DECODE_SEEN(p, TEREDO);
	decode_tunnel_set(p, ip, left, PKT_LINK_IPV6, PKT_SRC_TEREDO);
	return true;
}
