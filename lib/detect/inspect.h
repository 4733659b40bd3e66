/* Runs the keywords of one inspection buffer in rule order, with
 * Suricata's backtracking: when a keyword after a content (or pcre) that
 * it is relative to fails, the content is searched again further on and
 * the rest retried, until it runs out of occurrences or the step budget
 * is spent. */
#ifndef QUELL_DETECT_INSPECT_H
#define QUELL_DETECT_INSPECT_H

#include "core/base.h"

struct detect_inspect;
struct detect_sm;

#define DETECT_INSPECT_BUDGET	3000	/* retries per buffer (Suricata's
					 * inspection-recursion-limit) */

/* in->buf/buf_len set; in->cursor is reset to 0. scratch is the thread's
 * per-keyword scratch array. true when the keywords match. */
bool	detect_inspect_buffer(struct detect_inspect *in,
	    const struct detect_sm *sms, size_t n, void *const *scratch);

#endif
