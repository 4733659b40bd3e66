/* The framework's configuration (struct applayer_config): per parser of
 * the registry and IP protocol, whether it is on and where its probe
 * runs, as Suricata reads app-layer.protocols.<proto>:
 *
 *	<proto>.<ipproto>.enabled, else <proto>.enabled, else yes;
 *	<proto>.<ipproto>.detection-ports, else <proto>.detection-ports,
 *	else the parser's default_ports as dp.
 *
 * dp ports are matched against the flow's server port, sp ports against
 * its client port, in both directions. */
#include "core/base.h"

#include <netinet/in.h>
#include <stdio.h>
#include <strings.h>

#include "applayer/applayer.h"
#include "applayer/applayer_int.h"
#include "applayer/registry.h"
#include "config/config.h"
#include "rules/port.h"

/* The config slots of a protocol: [0] general, [1] TCP, [2] UDP; -1
 * none. */
static const int slots[APPLAYER_PROTO_MAX][3] = {
	[APPLAYER_PROTO_UNKNOWN] = { -1, -1, -1 },
	[APPLAYER_PROTO_HTTP1] = { CONFIG_APP_HTTP, -1, -1 },
	[APPLAYER_PROTO_TLS] = { CONFIG_APP_TLS, -1, -1 },
	[APPLAYER_PROTO_DNS] = { CONFIG_APP_DNS, CONFIG_APP_DNS_TCP,
	    CONFIG_APP_DNS_UDP },
	[APPLAYER_PROTO_SSH] = { CONFIG_APP_SSH, -1, -1 },
	[APPLAYER_PROTO_SMB] = { CONFIG_APP_SMB, -1, -1 },
	[APPLAYER_PROTO_DCERPC] = { CONFIG_APP_DCERPC, -1, -1 },
	[APPLAYER_PROTO_FAILED] = { -1, -1, -1 },
};

static const char *const slot_names[CONFIG_APP_NSLOTS] = {
	[CONFIG_APP_HTTP] = "http",
	[CONFIG_APP_TLS] = "tls",
	[CONFIG_APP_DNS] = "dns",
	[CONFIG_APP_SSH] = "ssh",
	[CONFIG_APP_DNS_TCP] = "dns.tcp",
	[CONFIG_APP_DNS_UDP] = "dns.udp",
	[CONFIG_APP_HTTP2] = "http2",
	[CONFIG_APP_SMB] = "smb",
	[CONFIG_APP_DCERPC] = "dcerpc",
};

static int
enable_value(const char *v)
{
	if (strcasecmp(v, "detection-only") == 0)
		return APPLAYER_ENABLE_DETECTION_ONLY;
	if (strcasecmp(v, "no") == 0 || strcasecmp(v, "false") == 0 ||
	    strcasecmp(v, "off") == 0 || strcmp(v, "0") == 0)
		return APPLAYER_ENABLE_NO;
	return APPLAYER_ENABLE_YES;
}

/* "53", "80, 8080", "[1024:2048,!1500]" into p. */
static int
ports_parse(struct rules_port *p, const char *v, char *err, size_t errlen)
{
	struct rules_list_error le;
	size_t n = strlen(v), k = 0;
	char *s;
	int rc;

	if ((s = malloc(n + 3)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (v[0] != '[')
		s[k++] = '[';
	for (size_t i = 0; i < n; i++)
		if (v[i] != ' ' && v[i] != '\t')
			s[k++] = v[i];
	if (v[0] != '[')
		s[k++] = ']';
	s[k] = '\0';
	rc = rules_port_parse(p, s, k, 0, NULL, &le);
	if (rc == -1)
		snprintf(err, errlen, "%s", le.msg);
	free(s);
	return rc;
}

static int
ipp_index(uint8_t ipproto)
{
	return ipproto == IPPROTO_UDP ? APPLAYER_IPP_UDP : APPLAYER_IPP_TCP;
}

struct applayer_config *
applayer_config_new(const struct quell_config *qc, char *err, size_t errlen)
{
	struct applayer_config *c = calloc(1, sizeof(*c));
	char why[256];

	if (c == NULL) {
		snprintf(err, errlen, "app-layer: out of memory");
		return NULL;
	}
	c->depth = qc->stream.depth;
	for (int pr = 0; pr < APPLAYER_PROTO_MAX; pr++) {
		const struct applayer_parser *ap = applayer_registry_get(
		    (enum applayer_proto)pr);
		struct applayer_proto_cfg *pc = &c->protos[pr];

		pc->parser = ap;
		if (ap == NULL)
			continue;
		for (int ip = 0; ip < APPLAYER_NIPP; ip++) {
			struct applayer_ipp_cfg *ic = &pc->ipp[ip];
			uint8_t bit = ip == APPLAYER_IPP_TCP ?
			    APPLAYER_IPPROTO_TCP : APPLAYER_IPPROTO_UDP;
			const struct config_app_proto *gen = NULL, *own = NULL;
			const char *en = NULL, *dp = NULL, *sp = NULL;
			const char *where = NULL;

			rules_port_init(&ic->dp);
			rules_port_init(&ic->sp);
			if (!(ap->ipprotos & bit))
				continue;
			if (slots[pr][0] >= 0)
				gen = &qc->app_protos[slots[pr][0]];
			if (slots[pr][1 + ip] >= 0)
				own = &qc->app_protos[slots[pr][1 + ip]];
			if (own != NULL && own->enabled != NULL)
				en = own->enabled;
			else if (gen != NULL)
				en = gen->enabled;
			ic->enabled = en != NULL ? enable_value(en) :
			    APPLAYER_ENABLE_YES;
			/* detection-ports: the block that has any wins as a
			 * whole, the protocol's own (dns.detection-ports)
			 * before the per-transport one (dns.tcp....), as
			 * Suricata's AppLayerProtoDetectPPParseConfPorts
			 * looks them up */
			if (gen != NULL && (gen->dp != NULL ||
			    gen->sp != NULL)) {
				dp = gen->dp;
				sp = gen->sp;
				where = slot_names[slots[pr][0]];
			} else if (own != NULL && (own->dp != NULL ||
			    own->sp != NULL)) {
				dp = own->dp;
				sp = own->sp;
				where = slot_names[slots[pr][1 + ip]];
			} else
				dp = ap->default_ports;
			if (dp != NULL && dp[0] != '\0') {
				if (ports_parse(&ic->dp, dp, why,
				    sizeof(why)) == -1) {
					snprintf(err, errlen, "app-layer."
					    "protocols.%s.detection-ports.dp: "
					    "%s", where != NULL ? where :
					    ap->name, why);
					goto fail;
				}
				ic->has_dp = true;
			}
			if (sp != NULL && sp[0] != '\0') {
				if (ports_parse(&ic->sp, sp, why,
				    sizeof(why)) == -1) {
					snprintf(err, errlen, "app-layer."
					    "protocols.%s.detection-ports.sp: "
					    "%s", where, why);
					goto fail;
				}
				ic->has_sp = true;
			}
		}
		if (ap->config_new != NULL) {
			if ((pc->cfg = ap->config_new(qc, why, sizeof(why))) ==
			    NULL) {
				snprintf(err, errlen, "app-layer.protocols.%s: "
				    "%s", ap->name, why);
				goto fail;
			}
		}
	}
	return c;
fail:
	applayer_config_free(c);
	return NULL;
}

void
applayer_config_free(struct applayer_config *c)
{
	if (c == NULL)
		return;
	for (int pr = 0; pr < APPLAYER_PROTO_MAX; pr++) {
		struct applayer_proto_cfg *pc = &c->protos[pr];

		for (int ip = 0; ip < APPLAYER_NIPP; ip++) {
			rules_port_free(&pc->ipp[ip].dp);
			rules_port_free(&pc->ipp[ip].sp);
		}
		if (pc->cfg != NULL && pc->parser != NULL &&
		    pc->parser->config_free != NULL)
			pc->parser->config_free(pc->cfg);
	}
	free(c);
}

enum applayer_enable
applayer_config_enabled(const struct applayer_config *c,
    enum applayer_proto p, uint8_t ipproto)
{
	if ((unsigned)p >= APPLAYER_PROTO_MAX || c->protos[p].parser == NULL)
		return APPLAYER_ENABLE_NO;
	if ((ipproto == IPPROTO_TCP && !(c->protos[p].parser->ipprotos &
	    APPLAYER_IPPROTO_TCP)) || (ipproto == IPPROTO_UDP &&
	    !(c->protos[p].parser->ipprotos & APPLAYER_IPPROTO_UDP)))
		return APPLAYER_ENABLE_NO;
	return (enum applayer_enable)c->protos[p].ipp[ipp_index(ipproto)].
	    enabled;
}

void
applayer_config_set_logged(struct applayer_config *c, enum applayer_proto p,
    bool on)
{
	if ((unsigned)p < APPLAYER_PROTO_MAX)
		c->protos[p].logged = on;
}

bool
applayer_config_logged(const struct applayer_config *c, enum applayer_proto p)
{
	return (unsigned)p < APPLAYER_PROTO_MAX && c->protos[p].logged;
}

bool
applayer_config_port_match(const struct applayer_config *c,
    enum applayer_proto p, uint8_t ipproto, uint16_t client_port,
    uint16_t server_port)
{
	const struct applayer_ipp_cfg *ic =
	    &c->protos[p].ipp[ipp_index(ipproto)];

	return (ic->has_dp && rules_port_match(&ic->dp, server_port)) ||
	    (ic->has_sp && rules_port_match(&ic->sp, client_port));
}
