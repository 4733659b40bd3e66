/* Overlap policies: when a new segment overlaps data the stream already
 * holds and the bytes differ, which copy the receiving host keeps
 * depends on its TCP stack. The names and the rules are Suricata's
 * (host-os-policy, stream-tcp-list.c), which follow Novak's "Target-Based
 * TCP Stream Reassembly" and Snort's stream5 policies.
 *
 * The decision is made per pair (new segment N, stored segment E) on
 * where N starts and ends relative to E:
 *
 *   policy                 N starts before E   same start        N starts after E
 *   first                  old                 old               old
 *   last                   new                 new               new
 *   bsd windows windows2k3
 *   hpux10 irix macos      new                 old               old
 *   linux                  new                 new if N ends     old
 *                                              after E
 *   old-linux              new                 new if N ends     old
 *                                              at or after E
 *   solaris hpux11         new if N ends       new if N ends     new if N ends
 *                          at or after E       at or after E     after E
 *   vista bsd-right
 *   old-solaris            old                 old               old
 *
 * ("old": the stored bytes win for the overlapping part.) */
#ifndef QUELL_STREAM_POLICY_H
#define QUELL_STREAM_POLICY_H

#include "core/base.h"

enum stream_os_policy {
	STREAM_OS_FIRST,
	STREAM_OS_LAST,
	STREAM_OS_BSD,
	STREAM_OS_BSD_RIGHT,
	STREAM_OS_LINUX,
	STREAM_OS_OLD_LINUX,
	STREAM_OS_WINDOWS,
	STREAM_OS_WINDOWS2K3,
	STREAM_OS_VISTA,
	STREAM_OS_SOLARIS,
	STREAM_OS_OLD_SOLARIS,
	STREAM_OS_HPUX10,
	STREAM_OS_HPUX11,
	STREAM_OS_IRIX,
	STREAM_OS_MACOS,
	STREAM_OS_NPOLICIES
};

/* Suricata's default when no host-os-policy entry matches. */
#define STREAM_OS_DEFAULT	STREAM_OS_BSD

/* host-os-policy names: "first" "last" "bsd" "bsd-right" "linux"
 * "old-linux" "windows" "windows2k3" "vista" "solaris" "old-solaris"
 * "hpux10" "hpux11" "irix" "macos"; NULL out of range. */
const char	*stream_policy_name(enum stream_os_policy);
/* The policy of a name above; -1 when unknown. */
int		 stream_policy_lookup(const char *name);

/* True when the bytes of the new segment [ns, ne) win over those of the
 * stored segment [es, ee) where they overlap, under policy pol. Offsets
 * are 64-bit stream offsets; the ranges overlap. */
bool	stream_policy_new_wins(enum stream_os_policy pol, uint64_t ns,
	    uint64_t ne, uint64_t es, uint64_t ee);

#endif
