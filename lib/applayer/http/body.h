/* An HTTP body as detection sees it: the dechunked, decompressed bytes
 * of one direction of a transaction, stored up to the body limit, with
 * Suricata's inspection windows (request/response-body-minimal-inspect-
 * size and -inspect-window): detection gets a window of the body, says
 * when it inspected it, and the bytes left of the next window are freed.
 * Offsets are body offsets (0 = the first body byte), 64-bit. */
#ifndef QUELL_APPLAYER_HTTP_BODY_H
#define QUELL_APPLAYER_HTTP_BODY_H

#include "core/base.h"

#include <sys/types.h>

/* Bytes a body keeps in itself before it allocates: a small response
 * (most of a pipelined flow's) is then no malloc. A struct http_body
 * points into itself: it is never copied nor moved. */
#define HTTP_BODY_INLINE	64

struct http_body {
	uint8_t		*buf;		/* bytes [base, base + len): inl, or
					 * malloc'ed past it */
	size_t		 len;
	size_t		 cap;
	uint64_t	 base;		/* body offset of buf[0] */
	uint64_t	 total;		/* bytes stored so far (Suricata's
					 * content_len_so_far) */
	uint64_t	 inspected;	/* detection inspected up to here */
	bool		 limited;	/* the limit cut the body */
	uint8_t		 inl[HTTP_BODY_INLINE];
};

/* Appends data, cut at limit bytes of body (0: no limit): the number of
 * bytes stored, or -1 when out of memory (nothing stored). */
ssize_t	http_body_append(struct http_body *, const uint8_t *data,
	    size_t len, uint64_t limit);
/* The same accounting as http_body_append without keeping the bytes
 * (no rule inspects the body): total and limited move, nothing is left
 * to inspect. */
void	http_body_count(struct http_body *, size_t len, uint64_t limit);
/* The window detection inspects now, Suricata's way: nothing (false)
 * while fewer than min bytes are stored, the body is not done and the
 * limit is not reached, or when nothing new came since the last
 * inspection; else from a little before what was inspected (window
 * bytes of context, at least window / 4) to the end. *off is the body
 * offset of *buf. done: the body is complete, or bodies are inspected
 * inline (http-body-inline: no wait for min). */
bool	http_body_window(const struct http_body *, uint64_t limit,
	    uint64_t min, uint64_t window, bool done, const uint8_t **buf,
	    uint32_t *len, uint64_t *off);
/* Detection inspected everything stored: frees the bytes no later
 * window needs (all but the last window bytes, once min were seen). */
void	http_body_inspected(struct http_body *, uint64_t min,
	    uint64_t window);
void	http_body_free(struct http_body *);

#endif
