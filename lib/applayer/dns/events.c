#include "core/base.h"

#include "applayer/dns/events.h"

/* As /work/shared/corpus/rules/suricata-builtin/dns-events.rules names
 * them (Suricata 7.0.6 knows the first five; the rest are Suricata's
 * later name-decoding events, raised here by the same limits). */
const char *const applayer_dns_event_names[DNS_EV_MAX] = {
	[DNS_EV_MALFORMED_DATA] = "malformed_data",
	[DNS_EV_NOT_REQUEST] = "not_request",
	[DNS_EV_NOT_RESPONSE] = "not_response",
	[DNS_EV_Z_FLAG_SET] = "z_flag_set",
	[DNS_EV_INVALID_OPCODE] = "invalid_opcode",
	[DNS_EV_NAME_TOO_LONG] = "name_too_long",
	[DNS_EV_INFINITE_LOOP] = "infinite_loop",
	[DNS_EV_TOO_MANY_LABELS] = "too_many_labels",
	[DNS_EV_INVALID_ADDITIONALS] = "invalid_additionals",
	[DNS_EV_INVALID_AUTHORITIES] = "invalid_authorities",
};
