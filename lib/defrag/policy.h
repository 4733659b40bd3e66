/* Overlap policies of IP reassembly, Suricata's (host-os-policy names):
 * which of two overlapping fragments' bytes the reassembled datagram
 * takes, as the target's stack would. */
#ifndef QUELL_DEFRAG_POLICY_H
#define QUELL_DEFRAG_POLICY_H

#include "core/base.h"

enum defrag_policy {
	DEFRAG_POLICY_BSD,		/* bsd, hpux10, irix (Suricata's default) */
	DEFRAG_POLICY_BSD_RIGHT,	/* hpjetdirect */
	DEFRAG_POLICY_LINUX,		/* linux */
	DEFRAG_POLICY_WINDOWS,		/* windows, windows2k3, vista */
	DEFRAG_POLICY_SOLARIS,		/* solaris, hpux11, macos */
	DEFRAG_POLICY_FIRST,		/* first */
	DEFRAG_POLICY_LAST,		/* last */
};

/* The policy of a host-os-policy name ("linux", "windows2k3", ...), or
 * -1. */
int	defrag_policy_lookup(const char *name);
const char *defrag_policy_name(enum defrag_policy);

/* true when the newer fragment's bytes replace the older one's where
 * they overlap: n_off/n_end the newer fragment's byte range, o_off/o_end
 * the older one's. */
bool	defrag_policy_new_wins(enum defrag_policy, uint32_t n_off,
	    uint32_t n_end, uint32_t o_off, uint32_t o_end);

#endif
