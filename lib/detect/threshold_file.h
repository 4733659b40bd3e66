/* threshold.config: Suricata's global thresholds, applied to the rules of
 * a ruleset before its engine is built (and so again at every reload):
 *
 *	suppress gen_id G, sig_id S[, track by_src|by_dst|by_either, ip ADDR]
 *	threshold gen_id G, sig_id S, type limit|threshold|both,
 *	    track by_src|by_dst|by_rule|by_both, count N, seconds T
 *	event_filter ...		(the same as threshold)
 *	rate_filter gen_id G, sig_id S, track by_src|by_dst|by_rule|by_both,
 *	    count N, seconds T, new_action alert|drop|pass|reject, timeout T
 *
 * With Suricata's rules: sig_id 0 means every rule (of gen_id, or of all
 * gids with gen_id 0); gen_id 0 with a sig_id is an error. A threshold for
 * one rule replaces the rule's own threshold or detection_filter; one for
 * sig_id 0, and a rate_filter, leave alone the rules that have their own
 * (a warning for the rate_filter). suppress without track makes the rule
 * noalert; with track, only alerts whose source (destination, either)
 * address is in ADDR (addresses, CIDRs, lists, $VARS) are suppressed.
 * Suppressed and held-back matches still act (flowbits, drop). A line
 * that ends with a backslash goes on on the next line. */
#ifndef QUELL_DETECT_THRESHOLD_FILE_H
#define QUELL_DETECT_THRESHOLD_FILE_H

#include "core/base.h"
#include "core/diag.h"

struct ruleset;
struct rules_vars;

/* Reads path and applies its entries to rs. Problems are diags at
 * file:line (errors for malformed lines, warnings for entries that name
 * no loaded rule or are not applied); the other lines still apply. 0, or
 * -1 when the file cannot be read (a diag says why). */
int	detect_threshold_file_load(struct ruleset *rs, const char *path,
	    const struct rules_vars *vars, struct diag_list *);
/* The same on text in memory, name standing for the file. */
void	detect_threshold_file_apply(struct ruleset *rs, const char *name,
	    const char *text, size_t len, const struct rules_vars *vars,
	    struct diag_list *);

#endif
