#include "core/base.h"

#include <ctype.h>
#include <stdlib.h>
#include <strings.h>

#include "decode/config.h"

const struct decode_config decode_config_default = {
	.teredo = { .enabled = true, .n = 1, .port = { 3544 } },
	.vxlan = { .enabled = true, .n = 1, .port = { 4789 } },
	.geneve = { .enabled = true, .n = 1, .port = { 6081 } },
	.erspan_type1 = true,	/* always (Suricata 7); kept for the key */
};

bool
decode_config_port_has(const struct decode_ports *dp, uint16_t port)
{
	if (!dp->enabled)
		return false;
	if (dp->any)
		return true;
	for (uint8_t i = 0; i < dp->n; i++)
		if (dp->port[i] == port)
			return true;
	return false;
}

int
decode_config_ports_parse(struct decode_ports *dp, const char *s)
{
	const char *c = s;

	dp->n = 0;
	dp->any = false;
	while (isspace((unsigned char)*c))
		c++;
	if (strncasecmp(c, "any", 3) == 0) {
		c += 3;
		while (isspace((unsigned char)*c))
			c++;
		if (*c != '\0')
			return -1;
		dp->any = true;
		return 0;
	}
	if (*c == '[')
		c++;
	for (;;) {
		char *end;
		long v;

		while (isspace((unsigned char)*c) || *c == ',')
			c++;
		if (*c == ']' || *c == '\0')
			break;
		if (!isdigit((unsigned char)*c))
			return -1;
		v = strtol(c, &end, 10);
		if (v < 1 || v > 65535 || dp->n == DECODE_CONFIG_MAX_PORTS)
			return -1;
		dp->port[dp->n++] = (uint16_t)v;
		c = end;
	}
	if (*c == ']')
		c++;
	while (isspace((unsigned char)*c))
		c++;
	return *c == '\0' && dp->n > 0 ? 0 : -1;
}
