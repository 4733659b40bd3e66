/* Exception policies (Suricata 7's exception-policy): what to do with a
 * packet or its flow when the engine cannot do its job on it, per
 * cause: the stream session memcap (stream.memcap-policy), the
 * reassembly memcap (stream.reassembly.memcap-policy), a TCP session
 * seen midstream (stream.midstream-policy) and an application-layer
 * parser error (app-layer.error-policy). A cause without its own
 * setting takes the master switch, exception-policy; "auto" is
 * drop-flow in IPS mode and ignore in IDS mode, as in Suricata. Every
 * application is counted by cause and by the action applied. */
#ifndef QUELL_CORE_EXCEPTION_H
#define QUELL_CORE_EXCEPTION_H

#include "core/base.h"

enum exception_policy {
	EXCEPTION_AUTO,
	EXCEPTION_IGNORE,
	EXCEPTION_DROP_FLOW,
	EXCEPTION_DROP_PACKET,
	EXCEPTION_PASS_FLOW,
	EXCEPTION_PASS_PACKET,
	EXCEPTION_BYPASS,
	EXCEPTION_REJECT,
	EXCEPTION_NPOLICIES
};

enum exception_cause {
	EXCEPTION_CAUSE_STREAM_MEMCAP,
	EXCEPTION_CAUSE_REASSEMBLY_MEMCAP,
	EXCEPTION_CAUSE_MIDSTREAM,
	EXCEPTION_CAUSE_APPLAYER_ERROR,
	EXCEPTION_NCAUSES
};

/* "auto" "ignore" "drop-flow" "drop-packet" "pass-flow" "pass-packet"
 * "bypass" "reject"; NULL out of range. The names config keys take. */
const char	*exception_policy_name(enum exception_policy);
/* "auto" etc. as above, NULL-terminated, for KEY_ENUM_STR tables. */
extern const char *const exception_policy_names[];
/* The policy named name, -1 when none. */
int		 exception_policy_lookup(const char *name);
/* Counter names, Suricata's (7.0.12 and later): "exception_policy.tcp.
 * ssn_memcap", "exception_policy.tcp.reassembly", "exception_policy.tcp.
 * midstream", "exception_policy.app_layer.error"; the action is appended
 * (".drop_flow", with '_' for '-'). */
const char	*exception_cause_counter(enum exception_cause);
/* eve drop.reason of a packet the cause's policy dropped, Suricata's:
 * "stream memcap", "stream reassembly", "stream midstream",
 * "applayer error". */
const char	*exception_cause_drop_reason(enum exception_cause);
/* The YAML key of a cause: "stream.memcap-policy" etc. */
const char	*exception_cause_key(enum exception_cause);
/* "drop_flow" etc.: the action part of a counter name. */
const char	*exception_policy_counter(enum exception_policy);

/* The action for one cause: its own setting (name, NULL or "" when not
 * set) else the master's; auto resolved by mode: drop-flow when ips,
 * else ignore. For the midstream cause, drop-packet and pass-packet
 * are not actions (they would apply to every packet of the flow):
 * -1 with errno EINVAL, as for an unknown name. */
int	exception_policy_resolve(enum exception_cause, const char *master,
	    const char *own, bool ips);

#endif
