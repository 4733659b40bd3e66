/* Builds a packet's detect_result as matching rules are applied in
 * engine order (see detect_packet()). */
#ifndef QUELL_DETECT_VERDICT_H
#define QUELL_DETECT_VERDICT_H

#include "core/base.h"
#include "detect/engine.h"

struct detect_sig;

/* Accept, no alert, no mark. */
void	detect_verdict_init(struct detect_result *);
/* Composes the rule's nfq_set_mark into res->mark. */
void	detect_verdict_mark(struct detect_result *, uint32_t value,
	    uint32_t mask);
/* Applies a matching rule that got past its rate limits: its action
 * (rate_action, an enum detect_action, when a rate_filter changed it; -1
 * otherwise), and its alert unless silent, a noalert rule or a pass
 * without the alert keyword; at most max alerts are listed. Returns the
 * action applied. */
enum detect_action detect_verdict_apply(struct detect_result *,
	    const struct detect_sig *, bool silent, int rate_action,
	    unsigned max);
/* A drop or reject (act) of rule s: its reject replies, and the drop
 * alert and reason when it is the first. */
void	detect_verdict_drop(struct detect_result *, const struct detect_sig *s,
	    enum detect_action act, bool rate_modified);
/* Suricata's PacketAlertFinalize stops at the first pass in engine order:
 * forgets the alerts of the rules after rule num and the drops and
 * rejects so far (the caller applies those before num again with
 * detect_verdict_drop). */
void	detect_verdict_cut(struct detect_result *, uint32_t num);
/* Sets the verdict from what was applied and marks the alerts blocked or
 * not. */
void	detect_verdict_finish(struct detect_result *, bool drop, bool reject);

#endif
