/* A small ctnetlink layer over libnetfilter_conntrack and libmnl: mark
 * conntrack entries, read their counters, dump the ones carrying a mark,
 * and receive DESTROY events. The only file that knows ctnetlink.
 *
 * Messages are built and parsed in caller buffers without I/O
 * (bypass_conntrack_msg_*), so they are tested without a kernel; the
 * handle functions do the socket work. Conntrack is per network
 * namespace: open the handle in the namespace whose traffic is tracked.
 * Writes (marks) need CAP_NET_ADMIN in that namespace; so does the event
 * subscription. Zones other than 0 are not supported.
 *
 * Mark updates are atomic in the kernel: the message carries CTA_MARK
 * and CTA_MARK_MASK, and ctnetlink sets ctmark = (ctmark & ~mask) ^ mark,
 * which is (ctmark & ~mask) | mark for a mark inside its mask. No
 * read-modify-write race with other writers of other mark bits. */
#ifndef QUELL_BYPASS_CONNTRACK_H
#define QUELL_BYPASS_CONNTRACK_H

#include "core/base.h"
#include "bypass/key.h"

/* Conntrack's directions, index of the counter arrays below. */
#define BYPASS_CT_DIR_ORIG	0
#define BYPASS_CT_DIR_REPLY	1

enum bypass_ct_msg_type {
	BYPASS_CT_MSG_NEW = 1,		/* a GET or dump reply, a NEW event */
	BYPASS_CT_MSG_DESTROY,		/* a DESTROY event */
};

/* What ctnetlink said about one conntrack entry. */
struct bypass_ct_entry {
	enum bypass_ct_msg_type type;
	struct bypass_key orig;		/* original-direction tuple */
	uint32_t	 id;		/* conntrack id, 0 if absent */
	uint32_t	 mark;
	bool		 has_mark;	/* ctnetlink omits a zero mark */
	bool		 has_counters;	/* needs nf_conntrack_acct */
	uint64_t	 pkts[2];	/* BYPASS_CT_DIR_* */
	uint64_t	 bytes[2];
	uint64_t	 start_ns;	/* creation, ns since the epoch; 0 when
					   nf_conntrack_timestamp is off */
};

/* Room one bypass_conntrack_msg_* request needs. */
#define BYPASS_CT_MSG_SIZE	256

/* An update of the entry whose tuple (either direction) is key:
 * ctmark = (ctmark & ~mask) | mark. NLM_F_ACK set. Returns the message
 * length, or 0 with errno EINVAL (bad key, mark outside mask) or ENOSPC
 * (len too small). */
size_t	bypass_conntrack_msg_mark(void *buf, size_t len,
	    const struct bypass_key *key, uint32_t mark, uint32_t mask,
	    uint32_t seq);
/* A GET of the entry whose tuple (either direction) is key, NLM_F_ACK
 * set. Returns the length, or 0 as above. */
size_t	bypass_conntrack_msg_get(void *buf, size_t len,
	    const struct bypass_key *key, uint32_t seq);
/* A dump of every entry with (ctmark & mask) == mark, both families.
 * Returns the length, or 0 as above. */
size_t	bypass_conntrack_msg_dump(void *buf, size_t len, uint32_t mark,
	    uint32_t mask, uint32_t seq);
/* Parses one ctnetlink conntrack message (msg is a struct nlmsghdr of
 * len bytes). Returns 0, or -1 with errno EBADMSG (not a conntrack
 * NEW/DELETE message, truncated, or without an original tuple) or
 * ENOMEM. */
int	bypass_conntrack_msg_parse(const void *msg, size_t len,
	    struct bypass_ct_entry *);

/* net.netfilter.nf_conntrack_acct of the calling thread's namespace. */
enum bypass_ct_acct {
	BYPASS_CT_ACCT_UNKNOWN,		/* the sysctl is unreadable */
	BYPASS_CT_ACCT_OFF,		/* off, and could not be turned on */
	BYPASS_CT_ACCT_ON,		/* was on */
	BYPASS_CT_ACCT_ENABLED,		/* was off, turned on now (entries
					   created before have no counters) */
};
/* Reads the sysctl; when off and enable is true, writes 1. */
enum bypass_ct_acct bypass_conntrack_acct(bool enable);
/* "unknown", "off", "on", "enabled" */
const char *bypass_conntrack_acct_name(enum bypass_ct_acct);

/* ---- the handle: a query socket and, optionally, an event socket */

struct bypass_conntrack;

#define BYPASS_CT_OPEN_EVENTS	0x01	/* subscribe to DESTROY events */

/* Opens the query socket and, with BYPASS_CT_OPEN_EVENTS, a
 * non-blocking DESTROY event socket with a large receive buffer (forced
 * when privileged). With ev_mask non-zero a socket filter keeps only
 * events of entries with (ctmark & ev_mask) == ev_mark (best effort:
 * callers filter again). NULL with errno on failure (EPERM without
 * CAP_NET_ADMIN for the events). */
struct bypass_conntrack *bypass_conntrack_open(unsigned int flags,
	    uint32_t ev_mark, uint32_t ev_mask);
void	bypass_conntrack_close(struct bypass_conntrack *);

/* One request of a batch. */
struct bypass_ct_op {
	/* in */
	struct bypass_key key;		/* either direction's tuple */
	bool		 set_mark;	/* update the mark; else only read */
	uint32_t	 mark;
	uint32_t	 mask;
	/* out */
	int		 error;		/* 0, ENOENT (in neither orientation),
					   or the kernel's errno */
	bool		 reversed;	/* found by bypass_key_reverse(key) */
	struct bypass_ct_entry entry;	/* error 0: the entry, after the
					   update */
};

/* Runs ops as batches of messages (one send per batch, replies matched
 * by sequence number): per op an optional mark update, then a GET whose
 * reply fills op->entry. An op whose key is not found is retried with
 * the reversed key (NAT'd or reversed flows). Returns 0 when the
 * exchange worked (each op has its own error), -1 with errno when the
 * socket failed (ETIMEDOUT: no complete answer within 2 s). */
int	bypass_conntrack_run(struct bypass_conntrack *, struct bypass_ct_op *ops,
	    size_t n);

/* Single-entry conveniences over bypass_conntrack_run. Return 0 or -1
 * with errno (ENOENT: no such entry). ct_id_out may be NULL. Counters
 * are conntrack's: [0] original, [1] reply direction. */
int	bypass_conntrack_set_mark(struct bypass_conntrack *,
	    const struct bypass_key *, uint32_t mark, uint32_t mask,
	    uint32_t *ct_id_out);
int	bypass_conntrack_get_counters(struct bypass_conntrack *,
	    const struct bypass_key *, uint64_t pkts[2], uint64_t bytes[2]);

typedef void (*bypass_ct_entry_fn)(const struct bypass_ct_entry *,
    void *arg);

/* Calls fn for every entry with (ctmark & mask) == mark (the kernel
 * filters; so does this function). Returns how many, or -1 with errno. */
long	bypass_conntrack_dump_marked(struct bypass_conntrack *, uint32_t mark,
	    uint32_t mask, bypass_ct_entry_fn fn, void *arg);

/* The event socket's fd (poll it for POLLIN), -1 without events. */
int	bypass_conntrack_event_fd(const struct bypass_conntrack *);
/* Reads the pending events without blocking and calls fn for each
 * DESTROY (with its final counters; events of entries whose mark does
 * not match ev_mark/ev_mask are skipped). Returns how many DESTROY
 * events it passed on, or -1 with errno: ENOBUFS when the kernel
 * dropped events because the socket was full (poll conntrack to catch
 * up; the socket stays usable), EINVAL without an event socket. */
long	bypass_conntrack_read_events(struct bypass_conntrack *,
	    bypass_ct_entry_fn fn, void *arg);

#endif
