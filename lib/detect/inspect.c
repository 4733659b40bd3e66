#include "core/base.h"

#include "detect/engine_int.h"
#include "detect/inspect.h"
#include "detect/keywords/keyword.h"

static int	inspect_from(struct detect_inspect *, const struct detect_sm *,
		    size_t, size_t, void *const *, uint32_t *);

/* The keywords sms[i..n) against in from in->cursor: DETECT_INSPECT_*.
 * Recursion depth is n, a handful of keywords per rule. */
static int
inspect_from(struct detect_inspect *in, const struct detect_sm *sms,
    size_t i, size_t n, void *const *scratch, uint32_t *budget)
{
	const struct detect_sm *sm = &sms[i];
	uint32_t cursor = in->cursor, resume = 0;
	int rc;

	for (;;) {
		in->cursor = cursor;
		in->scratch = sm->scratch != DETECT_SM_NO_SCRATCH ?
		    scratch[sm->scratch] : NULL;
		rc = sm->kw->inspect(in, sm->data, &resume);
		if (rc != DETECT_INSPECT_MATCH || i + 1 == n)
			return rc;
		rc = inspect_from(in, sms, i + 1, n, scratch, budget);
		if (rc != DETECT_INSPECT_NOMATCH)
			return rc;
		/* only a keyword the next one is relative to can make the
		 * rest match by matching elsewhere */
		if (!(sm->flags & DETECT_SM_RELATIVE_NEXT) || resume == 0)
			return DETECT_INSPECT_NOMATCH;
		if (*budget == 0) {
			in->counters->backtrack_limit++;
			return DETECT_INSPECT_ABORT;
		}
		(*budget)--;
	}
}

bool
detect_inspect_buffer(struct detect_inspect *in, const struct detect_sm *sms,
    size_t n, void *const *scratch)
{
	uint32_t budget = DETECT_INSPECT_BUDGET;

	in->cursor = 0;
	if (n == 0)
		return true;
	return inspect_from(in, sms, 0, n, scratch, &budget) ==
	    DETECT_INSPECT_MATCH;
}
