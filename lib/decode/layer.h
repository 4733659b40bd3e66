/* The bound on encapsulation layers within one packet: every link-level
 * header (Ethernet, VLAN, MPLS, NSH, PPPoE, ...) enters one, so a crafted
 * stack of them cannot recurse deeper than DECODE_MAX_LAYERS. Suricata's
 * decoder.max-layers, same default and same event. */
#ifndef QUELL_DECODE_LAYER_H
#define QUELL_DECODE_LAYER_H

#include "core/base.h"
#include "core/packet.h"
#include "decode/events.h"

#define DECODE_MAX_LAYERS	16

/* false (with the too_many_layers event) when p is at the bound. */
static inline bool
decode_layer_enter(struct packet *p)
{
	if (p->layers >= DECODE_MAX_LAYERS) {
		decode_event_set(p->events, DECODE_EV_TOO_MANY_LAYERS);
		return false;
	}
	p->layers++;
	return true;
}

#endif
