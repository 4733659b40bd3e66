/* Gzip and deflate bodies, inflated by the glue instead of libhtp.
 *
 * Debian's libhtp 0.5.42 starts a "deflate" body as raw deflate and, when
 * that fails, retries the other formats on the current piece of data
 * only: a zlib-wrapped body (what RFC 9110 calls deflate, and what most
 * servers send) that arrives 1 to 7 bytes per piece (small TCP segments,
 * small chunks) inflated to garbage, and a rule on the decompressed bytes
 * missed them (an evasion). For a single gzip or deflate layer the glue
 * turns libhtp's decompression off in the headers hook and runs this
 * instead: the format is chosen from the first two bytes (gzip magic, a
 * valid zlib header, else raw deflate), every byte before the first
 * output is kept (at most HTTP_INFLATE_HIST) so that another format can
 * be tried on all of them, and when none fits the bytes go on as they
 * came (libhtp's pass-through) with gzip_decompression_failed. Several
 * layers ("gzip, deflate") and lzma stay libhtp's. Bounded: fixed
 * history, an 8 KiB output step, Suricata's compression bomb rule (more
 * than the limit and 2048 times the input). */
#ifndef QUELL_APPLAYER_HTTP_INFLATE_H
#define QUELL_APPLAYER_HTTP_INFLATE_H

#include "core/base.h"

#define HTTP_INFLATE_HIST	256	/* input kept until the first output */

struct http_inflate;

/* Receives inflated (or passed-through) bytes; 0, or -1 to stop with an
 * error (out of memory). */
typedef int	(*http_inflate_sink)(void *arg, const uint8_t *buf,
		    size_t len);

/* struct http_inflate events (http_inflate_events) */
#define HTTP_INFLATE_EV_FAILED	0x01	/* not gzip, zlib or raw deflate,
					 * or corrupt after some output */
#define HTTP_INFLATE_EV_BOMB	0x02	/* the compression bomb limit */

/* bomb_limit: Suricata's compression-bomb-limit (0: none). NULL when out
 * of memory. */
struct http_inflate *http_inflate_new(uint64_t bomb_limit);
void	http_inflate_free(struct http_inflate *);
/* The next len bytes of the compressed body. 0, or -1 when the sink
 * failed or memory ran out. */
int	http_inflate_feed(struct http_inflate *, const uint8_t *in,
	    size_t len, http_inflate_sink sink, void *arg);
/* HTTP_INFLATE_EV_* raised since the last call (then cleared). */
unsigned http_inflate_events(struct http_inflate *);

#endif
