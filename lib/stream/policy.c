#include "core/base.h"

#include <string.h>

#include "stream/policy.h"

/* One resolver per family of stacks; each answers for the three ways a
 * new segment N can start relative to the stored segment E. */
typedef bool (*policy_fn)(uint64_t, uint64_t, uint64_t, uint64_t);

static bool	keep_old(uint64_t, uint64_t, uint64_t, uint64_t);
static bool	take_new(uint64_t, uint64_t, uint64_t, uint64_t);
static bool	new_if_before(uint64_t, uint64_t, uint64_t, uint64_t);
static bool	linux_like(uint64_t, uint64_t, uint64_t, uint64_t);
static bool	old_linux_like(uint64_t, uint64_t, uint64_t, uint64_t);
static bool	solaris_like(uint64_t, uint64_t, uint64_t, uint64_t);

static const struct {
	const char	*name;
	policy_fn	 resolve;
} policies[STREAM_OS_NPOLICIES] = {
	[STREAM_OS_FIRST]	= { "first", keep_old },
	[STREAM_OS_LAST]	= { "last", take_new },
	[STREAM_OS_BSD]		= { "bsd", new_if_before },
	[STREAM_OS_BSD_RIGHT]	= { "bsd-right", keep_old },
	[STREAM_OS_LINUX]	= { "linux", linux_like },
	[STREAM_OS_OLD_LINUX]	= { "old-linux", old_linux_like },
	[STREAM_OS_WINDOWS]	= { "windows", new_if_before },
	[STREAM_OS_WINDOWS2K3]	= { "windows2k3", new_if_before },
	[STREAM_OS_VISTA]	= { "vista", keep_old },
	[STREAM_OS_SOLARIS]	= { "solaris", solaris_like },
	[STREAM_OS_OLD_SOLARIS]	= { "old-solaris", keep_old },
	[STREAM_OS_HPUX10]	= { "hpux10", new_if_before },
	[STREAM_OS_HPUX11]	= { "hpux11", solaris_like },
	[STREAM_OS_IRIX]	= { "irix", new_if_before },
	[STREAM_OS_MACOS]	= { "macos", new_if_before },
};

static bool
keep_old(uint64_t ns, uint64_t ne, uint64_t es, uint64_t ee)
{
	(void)ns, (void)ne, (void)es, (void)ee;
	return false;
}

static bool
take_new(uint64_t ns, uint64_t ne, uint64_t es, uint64_t ee)
{
	(void)ns, (void)ne, (void)es, (void)ee;
	return true;
}

/* BSD, Windows, HP-UX 10, IRIX, macOS: a segment that starts before the
 * stored one replaces it; anything else keeps the stored bytes. */
static bool
new_if_before(uint64_t ns, uint64_t ne, uint64_t es, uint64_t ee)
{
	(void)ne, (void)ee;
	return ns < es;
}

/* Linux: as BSD, and a segment at the same start that reaches past
 * the stored one replaces it. */
static bool
linux_like(uint64_t ns, uint64_t ne, uint64_t es, uint64_t ee)
{
	if (ns < es)
		return true;
	return ns == es && ne > ee;
}

/* Linux before 2.6: as Linux, and also an exact same-range segment. */
static bool
old_linux_like(uint64_t ns, uint64_t ne, uint64_t es, uint64_t ee)
{
	if (ns < es)
		return true;
	return ns == es && ne >= ee;
}

/* Solaris, HP-UX 11: the new segment wins when it covers the end of
 * the stored one: starting before or at its start and ending at or
 * after its end, or starting after it and ending beyond it. */
static bool
solaris_like(uint64_t ns, uint64_t ne, uint64_t es, uint64_t ee)
{
	if (ns <= es)
		return ne >= ee;
	return ne > ee;
}

const char *
stream_policy_name(enum stream_os_policy pol)
{
	if ((unsigned)pol >= STREAM_OS_NPOLICIES)
		return NULL;
	return policies[pol].name;
}

int
stream_policy_lookup(const char *name)
{
	for (int i = 0; i < STREAM_OS_NPOLICIES; i++)
		if (strcmp(policies[i].name, name) == 0)
			return i;
	return -1;
}

bool
stream_policy_new_wins(enum stream_os_policy pol, uint64_t ns, uint64_t ne,
    uint64_t es, uint64_t ee)
{
	if ((unsigned)pol >= STREAM_OS_NPOLICIES)
		pol = STREAM_OS_DEFAULT;
	return policies[pol].resolve(ns, ne, es, ee);
}
