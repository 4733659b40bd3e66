/* The fragments of one datagram, private to lib/defrag: a list in
 * offset order (equal offsets in arrival order), the overlap policy
 * applied as each fragment arrives (defrag/policy.c), and the datagram
 * built from the list once it has no hole (defrag/frags.c).
 *
 * This is Suricata's model (defrag.c DefragInsertFrag and
 * Defrag{4,6}Reassemble) on our own list: a policy does not decide per
 * byte but trims the head of the newer fragment (its ltrim at insert),
 * trims the head of an older one (its ltrim), drops the newer one or
 * the older one; the datagram is then written in list order, so where
 * trimmed ranges still overlap, the later fragment in the list wins.
 * Offsets and lengths are 16-bit and wrap as Suricata's do: fragments
 * are bounded (65535) before they get here, so only trims can reach
 * past a fragment, and those are checked against its length. */
#ifndef QUELL_DEFRAG_FRAGS_H
#define QUELL_DEFRAG_FRAGS_H

#include "core/base.h"

#include <sys/queue.h>

#include "defrag/policy.h"

struct defrag_frag {
	TAILQ_ENTRY(defrag_frag) link;
	uint16_t	 offset;	/* of the data in the fragmentable part,
					   bytes (after the insert trim) */
	uint16_t	 len;		/* data bytes stored */
	uint16_t	 ltrim;		/* leading data bytes a later fragment
					   took over */
	uint16_t	 hdr_len;	/* header bytes before the data: the
					   IPv4 header with options, or the
					   IPv6 header and the extension
					   headers before the fragment header;
					   stored for offset 0 only */
	uint16_t	 nh_off;	/* IPv6, offset 0: the header byte that
					   named the fragment header */
	uint8_t		 next_hdr;	/* ... and what it names instead: the
					   fragment header's next header */
	bool		 more;		/* MF / M flag */
	bool		 skip;		/* replaced by the newer fragment */
	uint8_t		 bytes[];	/* hdr_len header bytes, then len
					   data bytes */
};

TAILQ_HEAD(defrag_frag_list, defrag_frag);

/* A fragment on its way in, as decoded from its packet. */
struct defrag_new {
	uint16_t	 offset;	/* bytes */
	uint16_t	 len;		/* data bytes */
	bool		 more;
	const uint8_t	*hdr;		/* header bytes kept when offset is 0 */
	uint16_t	 hdr_len;
	uint16_t	 nh_off;	/* IPv6 */
	uint8_t		 next_hdr;
	const uint8_t	*data;		/* len bytes */
};

/* What defrag_frags_insert did with the newer fragment. */
enum defrag_insert {
	DEFRAG_INSERT_STORED,
	DEFRAG_INSERT_DROPPED,		/* the policy kept the older bytes */
	DEFRAG_INSERT_NOMEM,
};

/* Applies pol to the newer fragment n against the list and stores what
 * is left of it (allocated with room for its bytes; the caller's
 * memory accounting is told through *freed and *added, in bytes of
 * defrag_frag_size). *overlap is set when n overlapped a fragment the
 * policy looked at, Suricata's frag_overlap. */
enum defrag_insert defrag_frags_insert(struct defrag_frag_list *,
	    enum defrag_policy pol, const struct defrag_new *n,
	    bool *overlap, size_t *added, size_t *freed);

/* Bytes a stored fragment holds, as the memory accounting counts it. */
size_t	defrag_frag_size(const struct defrag_frag *);

/* Frees every fragment; returns the bytes freed. */
size_t	defrag_frags_free(struct defrag_frag_list *);

/* Whether the list covers the datagram from offset 0 with no hole,
 * Suricata's test: in offset order, no fragment starts past the end of
 * those before it. Only worth asking once the last fragment (no MF) is
 * in. */
bool	defrag_frags_complete(const struct defrag_frag_list *);

/* Writes the datagram into out (at least DEFRAG_OUT_MAX bytes): the
 * first fragment's header, then the data in list order, up to the last
 * fragment. IPv4: total length, offset and flags (DF kept) and the
 * checksum updated; IPv6: payload length, and the next header that
 * named the fragment header. Returns the datagram's length, or 0 when
 * it would exceed 65535 (IPv4 total length, IPv6 payload length). */
#define DEFRAG_OUT_MAX	(40 + 65535)
uint32_t defrag_frags_build(const struct defrag_frag_list *, bool v4,
	    uint8_t *out);

#endif
