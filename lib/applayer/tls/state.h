/* TLS flow state and its one transaction: the struct applayer_parser
 * hooks of the TLS entry (tls.c). */
#ifndef QUELL_APPLAYER_TLS_STATE_H
#define QUELL_APPLAYER_TLS_STATE_H

#include "core/base.h"
#include "applayer/parser.h"

void	*applayer_tls_state_new(const struct flow *, const void *cfg);
void	 applayer_tls_state_free(void *state);
struct applayer_result applayer_tls_state_parse(void *state,
	    const struct applayer_chunk *) __attribute__((warn_unused_result));
uint64_t applayer_tls_state_tx_count(void *state);
void	*applayer_tls_state_tx_get(void *state, uint64_t i);
uint64_t applayer_tls_state_tx_id(void *state, void *tx);
void	 applayer_tls_state_tx_free(void *state, uint64_t id);
int	 applayer_tls_state_tx_progress(void *tx, uint8_t dir);
struct applayer_txdata *applayer_tls_state_tx_data(void *tx);
uint32_t applayer_tls_state_flags(const void *state);
enum applayer_proto applayer_tls_state_probe(const uint8_t *data,
	    uint32_t len, uint8_t dir, uint8_t *rdir);

#endif
