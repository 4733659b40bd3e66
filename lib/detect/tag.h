/* Suricata's tag keyword: after a rule with tag alerts, the following
 * packets of its flow (tag:session) or of a host (tag:host, the alert's
 * source or destination) are tagged, for count packets, seconds or
 * bytes; eve logs them as "packet" events (types.alert.tagged-packets).
 * Session tags live in the flow (detect/flowvars.h), host tags in the
 * host table (detect/hosttable.h). Semantics as Suricata's
 * detect-engine-tag.c: the packet that set a tag is not tagged itself
 * but counts as the first; a rule matching again restarts its tag (at
 * most DETECT_TAG_MATCH_LIMIT times); a flow or host holds at most
 * DETECT_TAG_MAX tags. */
#ifndef QUELL_DETECT_TAG_H
#define QUELL_DETECT_TAG_H

#include "core/base.h"

struct detect_result;
struct packet;

#define DETECT_TAG_MAX_PKTS	256	/* tag:session default count */
#define DETECT_TAG_MATCH_LIMIT	10
#define DETECT_TAG_MAX		50

enum detect_tag_type { DETECT_TAG_SESSION, DETECT_TAG_HOST };
enum detect_tag_metric {
	DETECT_TAG_PACKETS,
	DETECT_TAG_SECONDS,
	DETECT_TAG_BYTES,
};
enum detect_tag_dir { DETECT_TAG_SRC, DETECT_TAG_DST };

/* The tag keyword's value, kept in the rule. */
struct detect_tag {
	uint8_t		 type;		/* enum detect_tag_type */
	uint8_t		 metric;	/* enum detect_tag_metric */
	uint8_t		 dir;		/* host: enum detect_tag_dir */
	uint32_t	 count;
	struct detect_tag *next;	/* the rule's next tag keyword */
};

/* One tag installed on a flow or a host. */
struct detect_tag_entry {
	uint32_t	 gid;
	uint32_t	 sid;
	uint8_t		 metric;
	bool		 skipped_first;
	uint16_t	 matches;
	uint32_t	 count;
	uint32_t	 packets;
	uint64_t	 bytes;
	int64_t		 first_sec;
	int64_t		 last_sec;
};

/* After detection of p: installs the tags of res's tagging rules, then
 * counts p against the tags of its flow and hosts. True when p is a
 * tagged packet to log. */
bool	detect_tag_packet(struct packet *p, const struct detect_result *res);

/* What flowvars.c and hosttable.c share: adds (or restarts) the tag of
 * gid:sid in a list of n entries (room for DETECT_TAG_MAX); returns the
 * new count. */
uint32_t detect_tag_list_add(struct detect_tag_entry *list, uint32_t n,
	    uint32_t gid, uint32_t sid, const struct detect_tag *t,
	    int64_t now_sec);
/* Counts p against a list of n entries, dropping expired ones; *n is
 * updated. True when one of them tags p. */
bool	detect_tag_list_packet(struct detect_tag_entry *list, uint32_t *n,
	    const struct packet *p);

#endif
