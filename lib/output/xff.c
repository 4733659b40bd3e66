#include "core/base.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>

#include "applayer/applayer.h"
#include "output/xff.h"

/* Suricata's XFF_CHAIN_MINLEN and XFF_CHAIN_MAXLEN. */
#define XFF_CHAIN_MIN	7
#define XFF_CHAIN_MAX	256

/* One address, possibly with a port, as Suricata's ParseXFFString:
 * s is modified. */
static bool
xff_one(char *s, char *ip, size_t iplen)
{
	struct in6_addr a6;
	struct in_addr a4;
	char *end, *colon;

	if (*s == '\0')
		return false;
	if (*s == '[') {
		if ((end = strchr(s, ']')) == NULL)
			return false;
		*end = '\0';
		s++;
		if (inet_pton(AF_INET6, s, &a6) != 1)
			return false;
	} else if ((colon = strchr(s, ':')) != NULL &&
	    strchr(colon + 1, ':') == NULL) {
		*colon = '\0';		/* v4:port */
		if (inet_pton(AF_INET, s, &a4) != 1)
			return false;
	} else if (inet_pton(AF_INET6, s, &a6) != 1 &&
	    inet_pton(AF_INET, s, &a4) != 1)
		return false;
	if (strlen(s) >= iplen)
		return false;
	snprintf(ip, iplen, "%s", s);
	return true;
}

bool
output_xff_parse(const uint8_t *val, size_t len, bool forward, char *ip,
    size_t iplen)
{
	char chain[XFF_CHAIN_MAX], *s;

	if (len < XFF_CHAIN_MIN || len >= XFF_CHAIN_MAX ||
	    memchr(val, '\0', len) != NULL)
		return false;
	memcpy(chain, val, len);
	chain[len] = '\0';
	if (forward) {
		if ((s = strchr(chain, ',')) != NULL)
			*s = '\0';
		s = chain;
	} else if ((s = strrchr(chain, ' ')) != NULL)
		s++;
	else
		s = chain;
	return xff_one(s, ip, iplen);
}

struct xff_arg {
	const struct output_xff_cfg *cfg;
	char		*ip;
	size_t		 iplen;
};

static bool
xff_header(const uint8_t *val, uint32_t len, void *arg)
{
	struct xff_arg *x = arg;

	return output_xff_parse(val, len, x->cfg->forward, x->ip, x->iplen);
}

bool
output_xff_flow(const struct output_xff_cfg *cfg, const struct flow *f,
    bool has_tx, uint64_t tx_id, char *ip, size_t iplen)
{
	struct xff_arg x = { cfg, ip, iplen };

	if (!cfg->enabled || f == NULL)
		return false;
	return applayer_flow_request_header(f, has_tx, tx_id, cfg->header,
	    xff_header, &x);
}
