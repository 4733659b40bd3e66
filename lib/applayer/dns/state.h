/* DNS flow state and transactions: the struct applayer_parser hooks of
 * the DNS entry (dns.c). */
#ifndef QUELL_APPLAYER_DNS_STATE_H
#define QUELL_APPLAYER_DNS_STATE_H

#include "core/base.h"
#include "applayer/parser.h"

void	*applayer_dns_state_new(const struct flow *, const void *cfg);
void	 applayer_dns_state_free(void *state);
struct applayer_result applayer_dns_state_parse(void *state,
	    const struct applayer_chunk *) __attribute__((warn_unused_result));
uint64_t applayer_dns_state_tx_count(void *state);
void	*applayer_dns_state_tx_get(void *state, uint64_t i);
uint64_t applayer_dns_state_tx_id(void *state, void *tx);
void	 applayer_dns_state_tx_free(void *state, uint64_t id);
int	 applayer_dns_state_tx_progress(void *tx, uint8_t dir);
struct applayer_txdata *applayer_dns_state_tx_data(void *tx);

/* Transactions dropped because DNS_MAX_TX were held. */
uint64_t applayer_dns_state_purged(const void *state);

enum applayer_proto applayer_dns_state_probe_udp(const uint8_t *data,
	    uint32_t len, uint8_t dir, uint8_t *rdir);
enum applayer_proto applayer_dns_state_probe_tcp(const uint8_t *data,
	    uint32_t len, uint8_t dir, uint8_t *rdir);

#endif
