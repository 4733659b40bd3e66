#include "core/base.h"

#include <strings.h>

#include "defrag/frags.h"
#include "defrag/policy.h"

/* Suricata's host-os-policy names and the reassembly policy of each
 * (its DefragGetOsPolicy). */
static const struct {
	const char		*name;
	enum defrag_policy	 policy;
} defrag_policy_names[] = {
	{ "bsd", DEFRAG_POLICY_BSD },
	{ "bsd-right", DEFRAG_POLICY_BSD_RIGHT },
	{ "first", DEFRAG_POLICY_FIRST },
	{ "hpux10", DEFRAG_POLICY_BSD },
	{ "hpux11", DEFRAG_POLICY_FIRST },
	{ "irix", DEFRAG_POLICY_BSD },
	{ "last", DEFRAG_POLICY_LAST },
	{ "linux", DEFRAG_POLICY_LINUX },
	{ "macos", DEFRAG_POLICY_FIRST },
	{ "old-linux", DEFRAG_POLICY_LINUX },
	{ "old-solaris", DEFRAG_POLICY_FIRST },
	{ "solaris", DEFRAG_POLICY_SOLARIS },
	{ "vista", DEFRAG_POLICY_WINDOWS },
	{ "windows", DEFRAG_POLICY_WINDOWS },
	{ "windows2k3", DEFRAG_POLICY_WINDOWS },
};

static const char *const defrag_policy_names_out[DEFRAG_NPOLICIES] = {
	[DEFRAG_POLICY_BSD] = "bsd",
	[DEFRAG_POLICY_BSD_RIGHT] = "bsd-right",
	[DEFRAG_POLICY_LINUX] = "linux",
	[DEFRAG_POLICY_WINDOWS] = "windows",
	[DEFRAG_POLICY_SOLARIS] = "solaris",
	[DEFRAG_POLICY_FIRST] = "first",
	[DEFRAG_POLICY_LAST] = "last",
};

typedef enum defrag_step (*defrag_step_fn)(struct defrag_walk *,
    struct defrag_frag *, struct defrag_frag *);

static enum defrag_step	step_bsd(struct defrag_walk *, struct defrag_frag *,
			    struct defrag_frag *);
static enum defrag_step	step_bsd_right(struct defrag_walk *,
			    struct defrag_frag *, struct defrag_frag *);
static enum defrag_step	step_linux(struct defrag_walk *, struct defrag_frag *,
			    struct defrag_frag *);
static enum defrag_step	step_windows(struct defrag_walk *,
			    struct defrag_frag *, struct defrag_frag *);
static enum defrag_step	step_solaris(struct defrag_walk *,
			    struct defrag_frag *, struct defrag_frag *);
static enum defrag_step	step_first(struct defrag_walk *, struct defrag_frag *,
			    struct defrag_frag *);
static enum defrag_step	step_last(struct defrag_walk *, struct defrag_frag *,
			    struct defrag_frag *);

static const defrag_step_fn defrag_steps[DEFRAG_NPOLICIES] = {
	[DEFRAG_POLICY_BSD] = step_bsd,
	[DEFRAG_POLICY_BSD_RIGHT] = step_bsd_right,
	[DEFRAG_POLICY_LINUX] = step_linux,
	[DEFRAG_POLICY_WINDOWS] = step_windows,
	[DEFRAG_POLICY_SOLARIS] = step_solaris,
	[DEFRAG_POLICY_FIRST] = step_first,
	[DEFRAG_POLICY_LAST] = step_last,
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
	if ((unsigned)pol >= DEFRAG_NPOLICIES)
		return "unknown";
	return defrag_policy_names_out[pol];
}

/* The steps below are Suricata's DefragInsertFrag cases, condition for
 * condition (its 16-bit fields promote to int in every comparison and
 * wrap when stored back): the reassembled bytes then match its engine
 * on every input, the Sturges/Novak vectors included
 * (tests/unit/defrag). */

/* The older fragment wins where the newer one starts inside it; the
 * newer one wins over what starts after it. */
static enum defrag_step
step_bsd(struct defrag_walk *w, struct defrag_frag *prev,
    struct defrag_frag *next)
{
	int prev_end = prev->offset + prev->len;

	if (w->offset >= prev_end)
		return DEFRAG_STEP_NEXT;
	if (prev->offset <= w->offset) {
		if (prev_end > w->end)
			return DEFRAG_STEP_DROP;
		w->ltrim = (uint16_t)(prev_end - w->offset);
		if (next != NULL && w->end > next->offset)
			next->ltrim = (uint16_t)(w->end - next->offset);
		return DEFRAG_STEP_INSERT;
	}
	if (w->end > prev->offset + prev->ltrim) {
		uint16_t t = (uint16_t)(w->end - prev->offset);

		if (t > prev->ltrim)
			prev->ltrim = t;
	}
	if (next != NULL && w->end > next->offset)
		next->ltrim = (uint16_t)(w->end - next->offset);
	return DEFRAG_STEP_INSERT;
}

/* Nothing is trimmed: the datagram is written in offset order, so the
 * fragment that starts further right wins (at equal offsets, the later
 * one). Suricata has no case of its own for bsd-right. */
static enum defrag_step
step_bsd_right(struct defrag_walk *w, struct defrag_frag *prev,
    struct defrag_frag *next)
{
	(void)w;
	(void)prev;
	(void)next;
	return DEFRAG_STEP_NEXT;
}

/* The newer fragment wins where it starts at or before the older one. */
static enum defrag_step
step_linux(struct defrag_walk *w, struct defrag_frag *prev,
    struct defrag_frag *next)
{
	(void)next;
	/* the newer one starts inside the older one: trim the newer */
	if (prev->offset + prev->ltrim < w->offset + w->ltrim &&
	    prev->offset + prev->len > w->offset + w->ltrim)
		w->ltrim = (uint16_t)(w->ltrim + prev->offset + prev->len -
		    w->offset);
	/* the newer one covers the head of the older one: trim the older */
	if (w->offset + w->ltrim < prev->offset + prev->ltrim &&
	    w->end > prev->offset + prev->ltrim) {
		prev->ltrim = (uint16_t)(prev->ltrim + w->end -
		    (prev->offset + prev->ltrim));
		return DEFRAG_STEP_INSERT;
	}
	/* the newer one covers all of the older one */
	if (w->offset + w->ltrim <= prev->offset + prev->ltrim &&
	    w->end >= prev->offset + prev->len) {
		prev->skip = true;
		return DEFRAG_STEP_INSERT;
	}
	return DEFRAG_STEP_NEXT;
}

/* The older fragment wins unless the newer one starts before it and
 * ends after it. */
static enum defrag_step
step_windows(struct defrag_walk *w, struct defrag_frag *prev,
    struct defrag_frag *next)
{
	int prev_end = prev->offset + prev->len;

	(void)next;
	if (w->offset + w->ltrim >= prev->offset + w->ltrim &&
	    w->end <= prev_end)
		return DEFRAG_STEP_DROP;
	if (w->offset + w->ltrim < prev->offset + w->ltrim &&
	    w->end > prev_end) {
		prev->skip = true;
		return DEFRAG_STEP_INSERT;
	}
	if (w->offset + w->ltrim > prev->offset + prev->ltrim &&
	    w->offset + w->ltrim < prev_end) {
		w->ltrim = (uint16_t)(w->ltrim + prev_end - w->offset);
		return DEFRAG_STEP_INSERT;
	}
	if (w->offset + w->ltrim == prev->offset + w->ltrim &&
	    w->end > prev_end) {
		w->ltrim = (uint16_t)(w->ltrim + prev_end - w->offset);
		return DEFRAG_STEP_INSERT;
	}
	return DEFRAG_STEP_NEXT;
}

/* The older fragment wins unless the newer one starts before it and
 * ends at or after its end. */
static enum defrag_step
step_solaris(struct defrag_walk *w, struct defrag_frag *prev,
    struct defrag_frag *next)
{
	int prev_end = prev->offset + prev->len;

	(void)next;
	if (w->offset >= prev_end)
		return DEFRAG_STEP_NEXT;
	if (w->offset >= prev->offset)
		w->ltrim = (uint16_t)(prev_end - w->offset);
	if (w->offset < prev->offset && w->end >= prev_end)
		prev->skip = true;
	return DEFRAG_STEP_INSERT;
}

/* The older fragment always wins. */
static enum defrag_step
step_first(struct defrag_walk *w, struct defrag_frag *prev,
    struct defrag_frag *next)
{
	int prev_end = prev->offset + prev->len;

	(void)next;
	if (w->offset >= prev->offset && w->end <= prev_end)
		return DEFRAG_STEP_DROP;
	if (w->offset < prev->offset)
		return DEFRAG_STEP_INSERT;
	if (w->offset < prev_end) {
		w->ltrim = (uint16_t)(prev_end - w->offset);
		return DEFRAG_STEP_INSERT;
	}
	return DEFRAG_STEP_NEXT;
}

/* The newer fragment always wins. */
static enum defrag_step
step_last(struct defrag_walk *w, struct defrag_frag *prev,
    struct defrag_frag *next)
{
	(void)next;
	if (w->offset > prev->offset)
		return DEFRAG_STEP_NEXT;
	if (w->end > prev->offset)
		prev->ltrim = (uint16_t)(w->end - prev->offset);
	return DEFRAG_STEP_INSERT;
}

enum defrag_step
defrag_policy_step(enum defrag_policy pol, struct defrag_walk *w,
    struct defrag_frag *prev, struct defrag_frag *next)
{
	if ((unsigned)pol >= DEFRAG_NPOLICIES)
		pol = DEFRAG_POLICY_BSD;
	return defrag_steps[pol](w, prev, next);
}
