/* Decoder settings, from suricata.yaml's decoder section:
 *   decoder.teredo.enabled / .ports   (default on, 3544)
 *   decoder.vxlan.enabled / .ports    (default on, 4789)
 *   decoder.geneve.enabled / .ports   (default on, 6081)
 *   decoder.erspan.typeI.enabled      (ignored: type I is always decoded,
 *                                      as Suricata 7)
 * Read by lib/config; the decoder only reads the struct. */
#ifndef QUELL_DECODE_CONFIG_H
#define QUELL_DECODE_CONFIG_H

#include "core/base.h"

#define DECODE_CONFIG_MAX_PORTS	16

struct decode_ports {
	bool		 enabled;
	bool		 any;		/* every port (Teredo's "any") */
	uint8_t		 n;
	uint16_t	 port[DECODE_CONFIG_MAX_PORTS];
};

struct decode_config {
	struct decode_ports teredo;	/* either port matches */
	struct decode_ports vxlan;	/* destination port */
	struct decode_ports geneve;	/* destination port */
	bool		 erspan_type1;
};

/* Suricata's defaults (the values of its shipped suricata.yaml). */
extern const struct decode_config decode_config_default;

bool	decode_config_port_has(const struct decode_ports *, uint16_t port);

/* Parses a Suricata port list: "4789", "[4789, 8472]", "any" (not for
 * vxlan/geneve, whose callers reject it). Returns -1 on a bad list. */
int	decode_config_ports_parse(struct decode_ports *, const char *s);

#endif
