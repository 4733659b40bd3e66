/* DNS app-layer events: the names of Suricata's dns-events.rules
 * ("app-layer-event:dns.<name>"), index = event id. */
#ifndef QUELL_APPLAYER_DNS_EVENTS_H
#define QUELL_APPLAYER_DNS_EVENTS_H

#include "core/base.h"

enum applayer_dns_event {
	DNS_EV_MALFORMED_DATA,		/* a length or count is wrong */
	DNS_EV_NOT_REQUEST,		/* QR set on a to-server message */
	DNS_EV_NOT_RESPONSE,		/* QR clear on a to-client message */
	DNS_EV_Z_FLAG_SET,		/* the reserved Z bit is set */
	DNS_EV_INVALID_OPCODE,		/* opcode 7..15 (Suricata's test) */
	DNS_EV_NAME_TOO_LONG,		/* a name over DNS_NAME_MAX: cut */
	DNS_EV_INFINITE_LOOP,		/* compression pointers loop */
	DNS_EV_TOO_MANY_LABELS,		/* over DNS_LABELS_MAX labels */
	DNS_EV_INVALID_ADDITIONALS,	/* the additional section is broken */
	DNS_EV_INVALID_AUTHORITIES,	/* the authority section is broken */
	DNS_EV_MAX,
};

extern const char *const applayer_dns_event_names[DNS_EV_MAX];

#endif
