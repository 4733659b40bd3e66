/* The eve "dns" object of a DNS transaction: version 3 (Suricata 8,
 * the default) or 2 (Suricata 7), outputs.eve-log.types.dns.version. */
#ifndef QUELL_APPLAYER_DNS_LOG_H
#define QUELL_APPLAYER_DNS_LOG_H

#include "core/base.h"

struct json_t;

/* What alerts carry under "dns": version 3, the message object;
 * version 2, {"query": [...]} for a request,
 * {"answer": {...}} for a response. 0, or -1. */
int	applayer_dns_log_tx(void *state, void *tx, struct json_t *out);
/* The eve "dns" record idx of tx (a request: one per question; a
 * response: one): 1 written, 0 past the last, -1 on error. */
int	applayer_dns_log_record(void *state, void *tx, uint32_t idx,
	    struct json_t *out);

#endif
