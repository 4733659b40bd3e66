/* The eve "dns" object of a DNS transaction (Suricata 7, version 2). */
#ifndef QUELL_APPLAYER_DNS_LOG_H
#define QUELL_APPLAYER_DNS_LOG_H

#include "core/base.h"

struct json_t;

/* What alerts carry under "dns": {"query": [...]} for a request,
 * {"answer": {...}} for a response. 0, or -1. */
int	applayer_dns_log_tx(void *state, void *tx, struct json_t *out);
/* The eve "dns" record idx of tx (a request: one per question; a
 * response: one): 1 written, 0 past the last, -1 on error. */
int	applayer_dns_log_record(void *state, void *tx, uint32_t idx,
	    struct json_t *out);

#endif
