#include "core/base.h"

#include <stdio.h>
#include <strings.h>

#include "applayer/dcerpc/dcerpc.h"
#include "applayer/dns/dns.h"
#include "applayer/http/http.h"
#include "applayer/parser.h"
#include "applayer/registry.h"
#include "applayer/smb/smb.h"
#include "applayer/ssh/ssh.h"
#include "applayer/tls/tls.h"

/* Adding a parser: its folder, an extern line here and its entry in
 * parsers[], indexed by its proto. */
static const struct applayer_parser *const parsers[APPLAYER_PROTO_MAX] = {
	[APPLAYER_PROTO_UNKNOWN] = NULL,
	[APPLAYER_PROTO_HTTP1] = &applayer_http_parser,
	[APPLAYER_PROTO_TLS] = &applayer_tls_parser,
	[APPLAYER_PROTO_DNS] = &applayer_dns_parser,
	[APPLAYER_PROTO_SSH] = &applayer_ssh_parser,
	[APPLAYER_PROTO_SMB] = &applayer_smb_parser,
	[APPLAYER_PROTO_DCERPC] = &applayer_dcerpc_parser,
};

static const char *const proto_names[APPLAYER_PROTO_MAX] = {
	[APPLAYER_PROTO_UNKNOWN] = "unknown",
	[APPLAYER_PROTO_HTTP1] = "http",
	[APPLAYER_PROTO_TLS] = "tls",
	[APPLAYER_PROTO_DNS] = "dns",
	[APPLAYER_PROTO_SSH] = "ssh",
	[APPLAYER_PROTO_SMB] = "smb",
	[APPLAYER_PROTO_DCERPC] = "dcerpc",
	[APPLAYER_PROTO_FAILED] = "failed",
};

const char *
applayer_proto_name(enum applayer_proto p)
{
	if ((unsigned)p >= APPLAYER_PROTO_MAX || proto_names[p] == NULL)
		return "unknown";
	return proto_names[p];
}

bool
applayer_proto_equals(unsigned sig, unsigned flow)
{
	if (sig == flow)
		return true;
	return sig == APPLAYER_PROTO_DCERPC && flow == APPLAYER_PROTO_SMB;
}

const struct applayer_parser *
applayer_registry_get(enum applayer_proto p)
{
	return (unsigned)p < APPLAYER_PROTO_MAX ? parsers[p] : NULL;
}

const struct applayer_parser *
applayer_registry_by_name(const char *name, size_t len)
{
	for (size_t i = 0; i < APPLAYER_PROTO_MAX; i++)
		if (parsers[i] != NULL && strlen(parsers[i]->name) == len &&
		    strncasecmp(parsers[i]->name, name, len) == 0)
			return parsers[i];
	return NULL;
}

void
applayer_registry_foreach(void (*fn)(const struct applayer_parser *, void *),
    void *arg)
{
	for (size_t i = 0; i < APPLAYER_PROTO_MAX; i++)
		if (parsers[i] != NULL)
			fn(parsers[i], arg);
}

int
applayer_registry_check(char *err, size_t errlen)
{
	for (size_t i = 0; i < APPLAYER_PROTO_MAX; i++) {
		const struct applayer_parser *p = parsers[i];
		const char *missing = NULL;

		if (p == NULL)
			continue;
		if (p->name == NULL)
			missing = "name";
		else if ((size_t)p->proto != i)
			missing = "proto (the entry is in another slot)";
		else if (strcmp(p->name, applayer_proto_name(p->proto)) != 0)
			missing = "name (differs from applayer_proto_name)";
		else if (p->ipprotos == 0)
			missing = "ipprotos";
		else if (p->npatterns == 0 && p->probe == NULL)
			missing = "patterns or probe";
		else if (p->state_new == NULL)
			/* detection only: nothing of a parser at all */
			missing = p->state_free != NULL || p->parse != NULL ||
			    p->tx_count != NULL || p->tx_get != NULL ||
			    p->tx_id != NULL || p->tx_free != NULL ||
			    p->tx_progress != NULL || p->tx_data != NULL ||
			    p->nbuffers != 0 || p->nevents != 0 ||
			    p->log_tx != NULL || p->log_record != NULL ||
			    p->log_file != NULL ? "state_new (a detection-only "
			    "protocol has no parser hooks)" : NULL;
		else if (p->state_free == NULL ||
		    p->parse == NULL)
			missing = "state_new, state_free or parse";
		else if (p->tx_count == NULL || p->tx_get == NULL ||
		    p->tx_id == NULL || p->tx_free == NULL ||
		    p->tx_progress == NULL || p->tx_data == NULL)
			missing = "a transaction hook";
		else if (p->complete[0] <= 0 || p->complete[1] <= 0)
			missing = "complete[] (must be > 0)";
		else if (p->nevents > APPLAYER_MAX_EVENTS ||
		    (p->nevents > 0 && p->events == NULL))
			missing = "events";
		if (missing == NULL) {
			for (size_t b = 0; b < p->nbuffers; b++) {
				const struct applayer_buffer *ab =
				    &p->buffers[b];

				if (ab->name == NULL || ab->dirs == 0 ||
				    (ab->get == NULL) == (ab->get_multi ==
				    NULL)) {
					missing = "a buffer's name, dirs, or "
					    "exactly one of get/get_multi";
					break;
				}
			}
		}
		if (missing != NULL) {
			snprintf(err, errlen, "app-layer parser %s: bad or "
			    "missing %s", p->name != NULL ? p->name : "?",
			    missing);
			return -1;
		}
	}
	return 0;
}
