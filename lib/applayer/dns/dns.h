/* DNS over UDP and TCP (lib/applayer/dns/): the parser entry for the
 * registry and the accessors detection keywords read (phase 2: the
 * dns.opcode and dns.rrtype keyword files call these; the buffers are
 * in the entry's buffer table).
 *
 * Transactions are Suricata 7's: one per message, requests to-server
 * and responses to-client, each complete at once. The tx pointers are
 * the opaque ones of struct applayer_parser (tx_get). */
#ifndef QUELL_APPLAYER_DNS_DNS_H
#define QUELL_APPLAYER_DNS_DNS_H

#include "core/base.h"
#include "applayer/parser.h"

extern const struct applayer_parser applayer_dns_parser;

/* The direction of the message of tx: APPLAYER_TOSERVER (a request)
 * or APPLAYER_TOCLIENT (a response). */
uint8_t	applayer_dns_tx_dir(const void *tx);
/* Header fields of the message; false when the tx holds none (an
 * undecodable message). */
bool	applayer_dns_tx_id(const void *tx, uint16_t *id);
bool	applayer_dns_tx_flags(const void *tx, uint16_t *flags);
bool	applayer_dns_tx_opcode(const void *tx, uint8_t *opcode);
bool	applayer_dns_tx_rcode(const void *tx, uint8_t *rcode);
/* Question idx (0, 1, ...): its name (text, as the dns.query buffer) and
 * type; false past the last one. */
bool	applayer_dns_tx_query(const void *tx, uint32_t idx,
	    const uint8_t **name, uint32_t *len, uint16_t *rrtype);
/* Resource record idx of section (answers 0, authorities 1, additionals
 * 2): name and type; false past the last one. */
bool	applayer_dns_tx_rr(const void *tx, unsigned section, uint32_t idx,
	    const uint8_t **name, uint32_t *len, uint16_t *rrtype);

/* Suricata's names of record types ("A", "AAAA", ...), NULL when it has
 * none (the eve log then prints the number). */
const char *applayer_dns_rrtype_name(uint16_t type);
/* "NOERROR", "NXDOMAIN", ...; NULL beyond Suricata's table. */
const char *applayer_dns_rcode_name(uint16_t rcode);

#endif
