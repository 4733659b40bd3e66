/* Fragments for the defrag tests, built byte by byte as Suricata's
 * defrag tests build theirs (BuildIpv4TestPacket, BuildIpv6TestPacket):
 * 1.1.1.1 -> 2.2.2.2 (IPv6: 0101...01 -> 0202...02), a payload of one
 * byte value repeated, then decoded by decode_packet. Each packet and its
 * bytes are heap blocks of their exact size (ASan sees over-reads),
 * freed by frag_free_all. */
#ifndef QUELL_TESTS_UNIT_DEFRAG_FRAG_H
#define QUELL_TESTS_UNIT_DEFRAG_FRAG_H

#include "core/base.h"
#include "core/packet.h"
#include "defrag/defrag.h"

#define FRAG_TS		1700000000

/* IPv4 fragment: offset in 8-byte units, mf, len bytes of c. */
struct packet *frag_v4(uint8_t proto, uint16_t id, uint16_t off8, bool mf,
	    char c, size_t len);
/* The same with the data given. */
struct packet *frag_v4_data(uint8_t proto, uint16_t id, uint16_t off8,
	    bool mf, const void *data, size_t len);
/* IPv6 fragment (fragment header right after the fixed header). */
struct packet *frag_v6(uint8_t proto, uint32_t id, uint16_t off8, bool mf,
	    char c, size_t len);
struct packet *frag_v6_data(uint8_t proto, uint32_t id, uint16_t off8,
	    bool mf, const void *data, size_t len);
/* Any raw IP packet, decoded. */
struct packet *frag_raw(const uint8_t *b, size_t len);
void	frag_free_all(void);

/* A defrag instance with policy pol for every host and the other
 * settings as suricata.yaml ships them. */
struct defrag *frag_defrag(enum defrag_policy pol);

/* Bytes of the datagram's payload (after the IPv4 header or the IPv6
 * header) in out. */
const uint8_t *frag_payload(const struct packet *out);

#endif
