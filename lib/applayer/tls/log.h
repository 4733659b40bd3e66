/* The eve "tls" object of the TLS transaction (Suricata 7). */
#ifndef QUELL_APPLAYER_TLS_LOG_H
#define QUELL_APPLAYER_TLS_LOG_H

#include "core/base.h"

struct json_t;

/* Fills out with the handshake's fields: 0, or -1. */
int	applayer_tls_log_tx(void *state, void *tx, struct json_t *out);

#endif
