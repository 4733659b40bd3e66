/* The bypass table: every flow quell bypassed and still accounts for,
 * with its tuple, conntrack id, when and why, the struct flow it owns
 * and its last polled counters. Owned by the bypass manager thread: only
 * that thread adds, changes and removes entries (so only the manager
 * ever frees a bypassed flow). Bounded by a cap fixed at creation. */
#ifndef QUELL_BYPASS_TABLE_H
#define QUELL_BYPASS_TABLE_H

#include "core/base.h"

#include <sys/queue.h>
#include <time.h>

#include "bypass/key.h"
#include "bypass/request.h"

struct flow;

enum bypass_entry_state {
	BYPASS_ENTRY_PENDING,	/* conntrack not yet marked (or, mark
				   method, not yet found) */
	BYPASS_ENTRY_ACTIVE,	/* marked; counters have a baseline */
};

struct bypass_entry {
	struct bypass_key key;		/* the flow's tuple, initiator first */
	struct flow	*flow;		/* owned: freed with the entry */
	enum bypass_why	 why;
	struct timespec	 when;		/* bypassed (restored: rebuilt), realtime */
	enum bypass_entry_state state;
	bool		 restored;	/* rebuilt from conntrack at start */
	bool		 ct_reversed;	/* conntrack's original direction is
					   the flow's to-client direction */
	uint32_t	 ct_id;		/* 0 until known */
	unsigned int	 tries;		/* mark attempts that found no entry */
	/* conntrack's counters at the bypass, by FLOW_DIR_* */
	uint64_t	 base_pkts[2];
	uint64_t	 base_bytes[2];
	/* since the bypass, as of the last poll, by FLOW_DIR_* */
	uint64_t	 pkts[2];
	uint64_t	 bytes[2];
	uint32_t	 seen;		/* the manager's poll generation */

	/* table.c's */
	struct bypass_entry *key_next;
	struct bypass_entry *id_next;
	TAILQ_ENTRY(bypass_entry) link;
	bool		 own_flow;	/* flow allocated by the table */
};

struct bypass_table;

/* A table for at most cap entries (1..2^24). seed keys the tuple hash.
 * vars_free (may be NULL) frees a flow's detect_vars when the table
 * frees a flow it was given. NULL with errno (EINVAL, ENOMEM). */
struct bypass_table *bypass_table_new(size_t cap, uint64_t seed,
	    void (*vars_free)(void *));
/* Frees every entry left, with its flow, and the table. NULL is a no-op. */
void	bypass_table_free(struct bypass_table *);

/* Adds a PENDING entry for key and flow f, which the table then owns (f
 * must be a flow taken out of its flow table with flow_table_detach).
 * With f NULL the table makes a flow of its own from key (restored and
 * control-socket bypasses). when NULL: now. Returns 0 with *out the
 * entry, or -1: ENOSPC at the cap, EEXIST when key is present (*out is
 * then that entry, and f is not taken), ENOMEM. f is only taken on 0. */
int	bypass_table_add(struct bypass_table *, const struct bypass_key *key,
	    struct flow *f, enum bypass_why why, const struct timespec *when,
	    struct bypass_entry **out);
/* The entry of exactly key (not of its reverse), or NULL. */
struct bypass_entry *bypass_table_lookup(const struct bypass_table *,
	    const struct bypass_key *);
/* The entry with conntrack id ct_id (non-zero), or NULL. */
struct bypass_entry *bypass_table_lookup_id(const struct bypass_table *,
	    uint32_t ct_id);
/* Records e's conntrack id (0 forgets it). */
void	bypass_table_set_ct_id(struct bypass_table *, struct bypass_entry *e,
	    uint32_t ct_id);
/* Removes e and frees it with its flow. */
void	bypass_table_remove(struct bypass_table *, struct bypass_entry *e);

/* Entries in the order they were added: NULL gives the first. Removing
 * the entry just returned is allowed once its successor is taken. */
struct bypass_entry *bypass_table_next(const struct bypass_table *,
	    const struct bypass_entry *prev);
size_t	bypass_table_count(const struct bypass_table *);
size_t	bypass_table_cap(const struct bypass_table *);

#endif
