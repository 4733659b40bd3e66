/* The DNS module's own types, shared by its files (state.c, buffers.c,
 * log.c) and by nothing else: everyone outside goes through dns.h. */
#ifndef QUELL_APPLAYER_DNS_INT_H
#define QUELL_APPLAYER_DNS_INT_H

#include "core/base.h"
#include "applayer/parser.h"
#include "applayer/dns/message.h"

/* One transaction per message, as Suricata 7 has them (its DNS txs are
 * unidirectional: APP_LAYER_PARSER_OPT_UNIDIR_TXS): a request is a tx
 * in the to-server direction, a response one in the to-client
 * direction, each complete the moment it exists. A message that cannot
 * be decoded still makes a tx, with msg NULL, to carry its event. */
struct applayer_dns_tx {
	uint64_t	 id;
	uint8_t		 dir;		/* APPLAYER_TOSERVER, _TOCLIENT */
	struct dns_msg	*msg;		/* NULL: undecodable (events say why) */
	struct applayer_txdata txdata;
};

/* Held transactions at most: past it the oldest go (Suricata's purge),
 * so a one-way flood of tiny TCP messages stays bounded. */
#define DNS_MAX_TX	4096

/* Frame types (struct applayer_parser.frame_types): a message, without
 * the TCP length prefix (Suricata's dns.pdu) */
#define DNS_FRAME_PDU	0

/* The parser's configuration (config_new): the eve format. */
struct applayer_dns_config {
	unsigned	 eve_version;	/* 2 (Suricata 7), 3 (Suricata 8) */
};

struct applayer_dns_state {
	const struct applayer_dns_config *cfg;	/* NULL: version 3 */
	struct applayer_dns_tx **txs;	/* oldest first */
	uint32_t	 ntx, cap;
	uint64_t	 next_id;
	uint64_t	 purged;	/* txs dropped at DNS_MAX_TX */
	bool		 gap[2];	/* TCP: resync after lost bytes */
};

#endif
