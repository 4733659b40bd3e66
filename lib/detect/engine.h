/* The detection engine: an immutable set of compiled rules, grouped by IP
 * protocol, shared by worker threads without locks; each worker keeps a
 * struct detect_thread of scratch space. detect_packet() gives every
 * packet a verdict and the alerts that explain it. */
#ifndef QUELL_DETECT_ENGINE_H
#define QUELL_DETECT_ENGINE_H

#include "core/base.h"
#include "core/diag.h"
#include "core/packet.h"
#include "rules/rule.h"

struct ruleset;
struct detect_engine;
struct detect_thread;

enum detect_verdict {
	DETECT_VERDICT_ACCEPT,
	DETECT_VERDICT_DROP,
	DETECT_VERDICT_REJECT,
};

#define DETECT_MAX_ALERTS	16

struct detect_alert {
	uint32_t	 gid;
	uint32_t	 sid;
	uint32_t	 rev;
	enum rule_action action;
	bool		 blocked;	/* the packet's verdict is drop/reject */
	const char	*msg;		/* points into the engine; never NULL */
};

struct detect_result {
	enum detect_verdict verdict;
	uint32_t	 nalerts;
	uint32_t	 alerts_dropped;  /* matches beyond DETECT_MAX_ALERTS */
	struct detect_alert alerts[DETECT_MAX_ALERTS];
};

/* Builds an engine from rs, taking ownership of rs (freed also on
 * failure). NULL with errno set (and a diag) on failure. */
struct detect_engine *detect_engine_build(struct ruleset *rs,
	    struct diag_list *diags);
void	detect_engine_free(struct detect_engine *);
size_t	detect_engine_rule_count(const struct detect_engine *);

/* Per-thread scratch; the engine must outlive it. NULL (ENOMEM). */
struct detect_thread *detect_thread_new(const struct detect_engine *);
void	detect_thread_free(struct detect_thread *);

/* Matches p against every rule of its protocol group and fills res.
 * The verdict follows Suricata's action order pass, drop, reject, alert:
 * a matching pass rule accepts the packet and silences every alert;
 * otherwise any drop gives DROP, else any reject* gives REJECT, else
 * ACCEPT. res->alerts lists the matching alert/drop/reject rules in load
 * order; when more than DETECT_MAX_ALERTS match, drop rules are kept
 * first, then reject rules, then alert rules, and the rest are counted in
 * alerts_dropped. A packet without a decoded IP layer matches nothing. */
void	detect_packet(struct detect_thread *, const struct packet *,
	    struct detect_result *res);

#endif
