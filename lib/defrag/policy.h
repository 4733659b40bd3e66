/* Overlap policies of IP reassembly (Suricata's host-os-policy names):
 * which bytes of overlapping fragments the reassembled datagram keeps,
 * as the target's stack would (Novak, "Target-Based Fragmentation
 * Reassembly", 2005). */
#ifndef QUELL_DEFRAG_POLICY_H
#define QUELL_DEFRAG_POLICY_H

#include "core/base.h"

struct defrag_frag;

enum defrag_policy {
	DEFRAG_POLICY_BSD,		/* bsd, hpux10, irix (the default) */
	DEFRAG_POLICY_BSD_RIGHT,	/* bsd-right, hpjetdirect */
	DEFRAG_POLICY_LINUX,		/* linux, old-linux */
	DEFRAG_POLICY_WINDOWS,		/* windows, windows2k3, vista */
	DEFRAG_POLICY_SOLARIS,		/* solaris */
	DEFRAG_POLICY_FIRST,		/* first, old-solaris, hpux11, macos */
	DEFRAG_POLICY_LAST,		/* last */
};
#define DEFRAG_NPOLICIES	7

/* The policy of a host-os-policy name ("linux", "windows2k3", ...),
 * case-insensitive, or -1. */
int	defrag_policy_lookup(const char *name);
/* "bsd", "bsd-right", "linux", "windows", "solaris", "first", "last". */
const char *defrag_policy_name(enum defrag_policy);

/* The newer fragment while it is walked past the older ones: its byte
 * range [offset, end) and the head bytes the policy has trimmed so far
 * (ltrim); Suricata's 16-bit arithmetic. */
struct defrag_walk {
	uint16_t	 offset;
	uint16_t	 end;
	uint16_t	 ltrim;
};

enum defrag_step {
	DEFRAG_STEP_NEXT,	/* look at the next older fragment */
	DEFRAG_STEP_INSERT,	/* stop: store the newer one (less ltrim) */
	DEFRAG_STEP_DROP,	/* stop: the older bytes stay, drop the newer */
};

/* One step of policy pol: the newer fragment w against the older
 * fragment prev, whose successor in offset order is next (NULL at the
 * end). A step may trim w (w->ltrim), trim prev or next (their ltrim)
 * or mark prev replaced (prev->skip). */
enum defrag_step defrag_policy_step(enum defrag_policy pol,
	    struct defrag_walk *w, struct defrag_frag *prev,
	    struct defrag_frag *next);

#endif
