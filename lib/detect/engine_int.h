/* Engine internals shared by the files of lib/detect (build, grouping,
 * prefilter, the packet path). Not for use outside lib/detect. */
#ifndef QUELL_DETECT_ENGINE_INT_H
#define QUELL_DETECT_ENGINE_INT_H

#include "core/base.h"
#include "detect/engine.h"
#include "detect/prefilter.h"
#include "rules/rule.h"

struct keyword;
struct rule_xform;
struct mpm;
struct mpm_ops;

/* Protocol classes: a packet meets only the groups of its class; "ip"
 * rules are in every class. */
enum detect_group_id {
	DETECT_GROUP_TCP,
	DETECT_GROUP_UDP,
	DETECT_GROUP_ICMP,
	DETECT_GROUP_ICMPV6,
	DETECT_GROUP_OTHER,
	DETECT_GROUP_MAX,
};

#define DETECT_DIR_TO_SERVER	0	/* also packets without a flow */
#define DETECT_DIR_TO_CLIENT	1
#define DETECT_DIR_MAX		2

#define DETECT_SM_NO_SCRATCH	UINT16_MAX

/* struct detect_sm.flags */
#define DETECT_SM_RELATIVE_NEXT	0x01	/* the next buffer keyword is
					 * relative to this one */

/* A keyword instance as the packet path runs it. */
struct detect_sm {
	const struct keyword *kw;
	const void	*data;
	uint16_t	 scratch;	/* index in the thread's scratch */
	uint8_t		 flags;
};

/* An inspection list: a buffer and the transforms it goes through
 * first, in order (Suricata's derived buffer types). Lists are interned
 * per engine by buffer and chain (keyword names and values), so equal
 * chains of different rules share a prefilter per group and a
 * per-thread cache of the transformed bytes. List i < DETECT_BUFFER_LIMIT
 * is buffer i untransformed. */
struct detect_list {
	uint8_t		 buffer;	/* enum detect_buffer_id */
	uint8_t		 nxforms;
	const struct rule_xform *xforms; /* the first rule's chain */
	uint16_t	*scratch;	/* per transform: thread scratch index */
	char		*key;		/* interning: NULL for plain lists */
};

/* The buffer keywords of a rule that inspect one list. */
struct detect_sig_buffer {
	uint8_t		 id;		/* the list's buffer */
	uint8_t		 xchain;	/* the rule's chain (rule.xchains) */
	uint16_t	 list;		/* struct detect_list index */
	uint16_t	 n;
	struct detect_sm *sms;
};

/* struct detect_sig.flags */
#define DETECT_SIG_APPLY_FLOW	0x01	/* its drop or pass covers the flow:
					 * IP-only, or on TCP a rule Suricata
					 * matches on the stream */
#define DETECT_SIG_TX		0x02	/* inspects a transaction buffer:
					 * evaluated per tx */
#define DETECT_SIG_IPONLY	0x04	/* Suricata's ip-only rule: only the
					 * first packet of each flow
					 * direction is inspected against it,
					 * and its action covers the flow */
#define DETECT_SIG_PDONLY	0x08	/* app-layer-protocol and nothing to
					 * inspect: only on the packet that
					 * finished protocol detection
					 * (Suricata's SIG_TYPE_PDONLY) */
#define DETECT_SIG_FRAME	0x10	/* inspects an app-layer frame (the
					 * frame keyword): evaluated per
					 * frame of the packet's direction */
/* Packet and stream inspection of pkt_data (Suricata's
 * SIG_FLAG_REQUIRE_STREAM/PACKET, set at build: stream.c) */
#define DETECT_SIG_STREAM	0x0100	/* match pkt_data on the stream */
#define DETECT_SIG_PACKET	0x0200	/* ... and on the packet payload
					 * even when the stream took it */
#define DETECT_SIG_FLOW_STREAM	0x0400	/* flow:only_stream: matched on
					 * the stream */
#define DETECT_SIG_FLOW_NOSTREAM 0x0800	/* flow:no_stream: did not */

/* A compiled rule. The engine's array of them is in evaluation order;
 * num is the index. */
struct detect_sig {
	const struct rule *rule;
	uint32_t	 num;
	uint8_t		 action;	/* enum detect_action */
	uint8_t		 reject;	/* DETECT_REJECT_* */
	uint16_t	 flags;		/* DETECT_SIG_* */
	uint8_t		 nbufs;
	struct detect_sig_buffer *bufs;
	struct detect_sm *lists[RULE_LIST_MAX];	/* BUFFER unused */
	uint16_t	 nlist[RULE_LIST_MAX];
	uint32_t	 fp;		/* fast pattern id, or DETECT_NO_FP */
	uint16_t	 fp_list;	/* the fast pattern's list */
	uint16_t	 alproto;	/* the rule's app-layer protocol (its
					 * header, tx buffers, events): it
					 * matches only in flows of it; 0 any */
};

#define DETECT_NO_FP	UINT32_MAX

#define DETECT_FRAME_PROTOS	16

/* A distinct fast pattern of the engine. */
struct detect_fp {
	const uint8_t	*bytes;		/* into the rule's content */
	uint32_t	 len;
	bool		 nocase;
};

/* stream.c: packet and stream inspection of a rule's pkt_data, as
 * Suricata decides it (DETECT_SIG_STREAM, _PACKET, _FLOW_*). */
void	detect_stream_flags(struct detect_sig *);
/* Whether sig s's fast pattern goes to list's prefilter: its own
 * list, and a plain pkt_data one to the packet's and/or the stream's. */
bool	detect_stream_sig_on(const struct detect_sig *s, uint16_t list);
/* Runs sb, s's pkt_data keywords, on the stream p->raw brings and/or
 * p's payload (Suricata's DetectEngineInspectRulePayloadMatches);
 * *on_stream when the stream matched. */
struct detect_inspect;
bool	detect_stream_payload(const struct detect_sig *s,
	    const struct detect_sig_buffer *sb, struct detect_inspect *in,
	    void *const *scratch, bool *on_stream);

/* What one packet meets: rules in engine order, split into those a
 * prefilter selects (by fast pattern, one prefilter per buffer the
 * fast patterns are on) and those always evaluated. */
struct detect_group {
	uint32_t	*always;	/* sig nums, sorted */
	uint32_t	 nalways;
	uint32_t	 nsigs;		/* all of its rules */
	uint32_t	 niponly;	/* of them, DETECT_SIG_IPONLY rules */
	uint32_t	 ntx;		/* of them, DETECT_SIG_TX rules */
	/* per direction, the tx progress below which none of its tx rules
	 * is ready (every tx buffer it inspects has a higher progress) and
	 * no tx prefilter scans: engine_txs passes over such a tx, still
	 * incomplete, without looking at a rule */
	int		 tx_ready[2];
	uint32_t	 nstream;	/* of them, DETECT_SIG_STREAM rules */
	struct detect_prefilter *pfs;	/* npfs, packet lists first */
	uint8_t		 npfs;
	uint8_t		 npkt_pfs;	/* pfs[0..npkt_pfs): packet/stream */
	uint32_t	 id;		/* index in de->groups */
};

/* Port range → group, per protocol class and direction. For classes
 * without ports there is one range. */
struct detect_port_map {
	uint32_t	 n;
	uint16_t	*start;		/* sorted; start[0] == 0 */
	struct detect_group **group;
};

struct detect_engine {
	struct rule	**rules;	/* owned, load order */
	size_t		 nrules;
	struct detect_sig *sigs;	/* evaluation order */
	size_t		 nsigs;
	struct detect_fp *fps;
	size_t		 nfps;
	struct detect_list *lists;	/* nlists; [0, DETECT_BUFFER_LIMIT)
					 * the plain buffers */
	uint16_t	 nlists;
	struct detect_port_map map[DETECT_GROUP_MAX][DETECT_DIR_MAX];
	struct detect_group **groups;	/* owned */
	size_t		 ngroups;
	struct mpm	**mpms;		/* owned, shared by prefilters */
	size_t		 nmpms;
	size_t		 mpm_bytes;	/* what the matchers hold */
	size_t		 pf_bytes;	/* prefilter maps of the groups */
	const struct mpm_ops *mpm_ops;
	uint32_t	 max_patterns;	/* largest prefilter */
	uint32_t	 max_group;	/* largest group, in rules */
	uint64_t	 gen;		/* distinct per engine built (tx state) */
	size_t		 nframe_sigs;	/* DETECT_SIG_FRAME rules */
	/* per alproto (below DETECT_FRAME_PROTOS): bit per frame type
	 * the frame rules inspect */
	uint32_t	 frame_types[DETECT_FRAME_PROTOS];
	uint8_t		 mpm_context;	/* SINGLE or FULL, as built */
	double		 build_seconds;
	const struct keyword **scratch_kw; /* keywords with thread scratch */
	uint16_t	 nscratch;
	struct detect_engine_opts opts;
};

enum detect_group_id detect_engine_group_of(uint8_t ipproto);

/* group.c: builds de->groups and de->map from de->sigs. 0, or -1
 * (ENOMEM). */
int	detect_group_build(struct detect_engine *, struct diag_list *);
void	detect_group_free(struct detect_engine *);
/* The group a packet meets. */
const struct detect_group *detect_group_lookup(const struct detect_engine *,
	    uint8_t ipproto, uint8_t dir, uint16_t port);

#endif
