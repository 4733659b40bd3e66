#include "core/base.h"

#include <strings.h>

#include "defrag/policy.h"

/* Suricata's host-os-policy names and the reassembly policy of each. */
static const struct {
	const char		*name;
	enum defrag_policy	 policy;
} defrag_policy_names[] = {
	{ "bsd", DEFRAG_POLICY_BSD },
	{ "bsd-right", DEFRAG_POLICY_BSD_RIGHT },
	{ "first", DEFRAG_POLICY_FIRST },
	{ "hpjetdirect", DEFRAG_POLICY_BSD_RIGHT },
	{ "hpux10", DEFRAG_POLICY_BSD },
	{ "hpux11", DEFRAG_POLICY_SOLARIS },
	{ "irix", DEFRAG_POLICY_BSD },
	{ "last", DEFRAG_POLICY_LAST },
	{ "linux", DEFRAG_POLICY_LINUX },
	{ "macos", DEFRAG_POLICY_SOLARIS },
	{ "old-linux", DEFRAG_POLICY_LINUX },
	{ "old-solaris", DEFRAG_POLICY_SOLARIS },
	{ "solaris", DEFRAG_POLICY_SOLARIS },
	{ "vista", DEFRAG_POLICY_WINDOWS },
	{ "windows", DEFRAG_POLICY_WINDOWS },
	{ "windows2k3", DEFRAG_POLICY_WINDOWS },
};

int
defrag_policy_lookup(const char *name)
{
	for (size_t i = 0; i < QUELL_NITEMS(defrag_policy_names); i++)
		if (strcasecmp(name, defrag_policy_names[i].name) == 0)
			return (int)defrag_policy_names[i].policy;
	return -1;
}

const char *
defrag_policy_name(enum defrag_policy pol)
{
	for (size_t i = 0; i < QUELL_NITEMS(defrag_policy_names); i++)
		if (defrag_policy_names[i].policy == pol)
			return defrag_policy_names[i].name;
	return "unknown";
}

/* Novak's target-based reassembly, as Suricata's DefragInsertFrag:
 * first/last: the older/newer always; bsd: the newer when it starts
 * before the older; bsd-right: the newer when it starts at or before
 * the older or reaches past its end; linux: the newer when it starts at
 * or before the older; windows: the newer only when it starts before
 * and ends after the older; solaris: starts before and ends at or
 * after. A model of the byte each stack keeps, not a copy of Suricata's
 * list surgery: tests/unit/defrag checks each policy on the classic
 * overlap pattern. */
bool
defrag_policy_new_wins(enum defrag_policy pol, uint32_t n_off,
    uint32_t n_end, uint32_t o_off, uint32_t o_end)
{
	switch (pol) {
	case DEFRAG_POLICY_FIRST:
		return false;
	case DEFRAG_POLICY_LAST:
		return true;
	case DEFRAG_POLICY_BSD:
		return n_off < o_off;
	case DEFRAG_POLICY_BSD_RIGHT:
		return n_off <= o_off || n_end > o_end;
	case DEFRAG_POLICY_LINUX:
		return n_off <= o_off;
	case DEFRAG_POLICY_WINDOWS:
		return n_off < o_off && n_end > o_end;
	case DEFRAG_POLICY_SOLARIS:
		return n_off < o_off && n_end >= o_end;
	default:
		return false;
	}
}
