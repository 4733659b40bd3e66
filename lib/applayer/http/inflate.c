#include "core/base.h"

#include <zlib.h>

#include "applayer/http/inflate.h"

#define OUT_STEP	8192

/* zlib window bits of each format, in the order they are tried after
 * the one the first bytes point to. FMT_GZIP_RAW: a gzip header zlib
 * refuses (reserved flag bits: an evasion of http-evader's), skipped by
 * hand, then raw deflate, as libhtp's restart does. */
enum fmt { FMT_ZLIB, FMT_RAW, FMT_GZIP, FMT_GZIP_RAW, FMT_N };
static const int fmt_bits[FMT_N] = { 15, -15, 16 + 15, -15 };

struct http_inflate {
	z_stream	 zs;
	bool		 zinit;
	int		 fmt;		/* enum fmt, -1 before the choice */
	unsigned	 tried;		/* bit per fmt */
	bool		 produced;	/* some output came */
	bool		 done;		/* stream end, failure, bomb */
	bool		 passthrough;	/* not compressed: bytes go as they are */
	bool		 overflow;	/* more than HIST before any output */
	bool		 hdr_wait;	/* FMT_GZIP_RAW: its header not all in */
	uint8_t		 hist[HTTP_INFLATE_HIST];
	size_t		 nhist;
	uint64_t	 in_total;
	uint64_t	 out_total;
	uint64_t	 bomb_limit;
	unsigned	 events;
};

struct http_inflate *
http_inflate_new(uint64_t bomb_limit)
{
	struct http_inflate *z = calloc(1, sizeof(*z));

	if (z == NULL)
		return NULL;
	z->fmt = -1;
	z->bomb_limit = bomb_limit;
	return z;
}

void
http_inflate_free(struct http_inflate *z)
{
	if (z == NULL)
		return;
	if (z->zinit)
		inflateEnd(&z->zs);
	free(z);
}

unsigned
http_inflate_events(struct http_inflate *z)
{
	unsigned ev = z->events;

	z->events = 0;
	return ev;
}

/* The format the first two bytes point to. */
static int
sniff(const uint8_t *b)
{
	if (b[0] == 0x1f && b[1] == 0x8b)
		return FMT_GZIP;
	if ((b[0] & 0x0f) == 8 && (b[0] >> 4) <= 7 &&
	    ((unsigned)b[0] << 8 | b[1]) % 31 == 0)
		return FMT_ZLIB;
	return FMT_RAW;
}

static int
start(struct http_inflate *z, int fmt)
{
	if (z->zinit) {
		inflateEnd(&z->zs);
		z->zinit = false;
	}
	memset(&z->zs, 0, sizeof(z->zs));
	if (inflateInit2(&z->zs, fmt_bits[fmt]) != Z_OK)
		return -1;
	z->zinit = true;
	z->fmt = fmt;
	z->tried |= 1u << fmt;
	return 0;
}

/* The next format not tried yet, or -1. */
static int
next_fmt(const struct http_inflate *z)
{
	for (int f = 0; f < FMT_N; f++)
		if (!(z->tried & (1u << f)))
			return f;
	return -1;
}

/* Inflates in[0..len). 1: a format error before any output (try
 * another), 0 fine, -1 sink or memory error. */
static int
run(struct http_inflate *z, const uint8_t *in, size_t len,
    http_inflate_sink sink, void *arg)
{
	uint8_t out[OUT_STEP];

	z->zs.next_in = (Bytef *)(uintptr_t)in;
	z->zs.avail_in = (uInt)len;
	while (!z->done) {
		size_t n;
		int rc;

		z->zs.next_out = out;
		z->zs.avail_out = sizeof(out);
		rc = inflate(&z->zs, Z_NO_FLUSH);
		n = sizeof(out) - z->zs.avail_out;
		if (n > 0) {
			z->produced = true;
			z->out_total += n;
			if (sink(arg, out, n) == -1)
				return -1;
			if (z->bomb_limit != 0 &&
			    z->out_total > z->bomb_limit &&
			    z->out_total > 2048 * z->in_total) {
				z->events |= HTTP_INFLATE_EV_BOMB;
				z->done = true;
				break;
			}
		}
		if (rc == Z_STREAM_END) {
			z->done = true;
			break;
		}
		if (rc == Z_MEM_ERROR)
			return -1;
		if (rc != Z_OK && rc != Z_BUF_ERROR) {
			if (!z->produced)
				return 1;
			/* corrupt after some output: what came is kept,
			 * as libhtp does */
			z->events |= HTTP_INFLATE_EV_FAILED;
			z->done = true;
			break;
		}
		/* all input used and the output not full: more later */
		if (z->zs.avail_in == 0 && z->zs.avail_out > 0)
			break;
		if (rc == Z_BUF_ERROR && n == 0)
			break;
	}
	return 0;
}

/* The length of the gzip header at the start of b[0..n) (RFC 1952:
 * FEXTRA, FNAME, FCOMMENT, FHCRC; reserved flags ignored); 0 while it
 * is not all there, -1 when b does not start with one. */
static ssize_t
gzip_header_len(const uint8_t *b, size_t n)
{
	size_t k = 10;
	uint8_t flg;

	if ((n >= 1 && b[0] != 0x1f) || (n >= 2 && b[1] != 0x8b) ||
	    (n >= 3 && b[2] != 8))
		return -1;
	if (n < 10)
		return 0;
	flg = b[3];
	if (flg & 0x04) {
		if (n < k + 2)
			return 0;
		k += 2 + (size_t)(b[k] | b[k + 1] << 8);
	}
	for (uint8_t bit = 0x08; bit <= 0x10; bit <<= 1) {
		if (!(flg & bit))
			continue;
		while (k < n && b[k] != 0)
			k++;
		if (k++ >= n)
			return 0;
	}
	if (flg & 0x02)
		k += 2;
	return k <= n ? (ssize_t)k : 0;
}

/* A format error before any output: the other formats on every byte so
 * far (when they were all kept), else the bytes go on as they came. */
static int
retry(struct http_inflate *z, http_inflate_sink sink, void *arg)
{
	int rc = 1, f;

	while (rc == 1) {
		if (z->overflow || (f = next_fmt(z)) == -1) {
			if (z->zinit) {
				inflateEnd(&z->zs);
				z->zinit = false;
			}
			z->events |= HTTP_INFLATE_EV_FAILED;
			if (z->overflow) {
				/* bytes are missing from the history: no
				 * faithful pass-through either */
				z->done = true;
				return 0;
			}
			z->passthrough = true;
			return sink(arg, z->hist, z->nhist);
		}
		if (f == FMT_GZIP_RAW) {
			ssize_t skip = gzip_header_len(z->hist, z->nhist);

			z->tried |= 1u << f;
			if (skip == -1)
				continue;
			if (skip == 0) {
				/* the header is still coming */
				z->hdr_wait = true;
				return 0;
			}
			if (start(z, f) == -1)
				return -1;
			rc = run(z, z->hist + skip, z->nhist - (size_t)skip,
			    sink, arg);
			continue;
		}
		if (start(z, f) == -1)
			return -1;
		rc = run(z, z->hist, z->nhist, sink, arg);
	}
	return rc;
}

int
http_inflate_feed(struct http_inflate *z, const uint8_t *in, size_t len,
    http_inflate_sink sink, void *arg)
{
	size_t k = 0;
	int rc;

	if (len == 0 || z->done)
		return 0;
	if (z->passthrough)
		return sink(arg, in, len);
	z->in_total += len;
	/* before the first output every byte is kept, for another format */
	if (!z->produced && !z->overflow) {
		size_t room = sizeof(z->hist) - z->nhist;

		k = len < room ? len : room;
		memcpy(z->hist + z->nhist, in, k);
		z->nhist += k;
		if (k < len)
			z->overflow = true;
	}
	if (z->hdr_wait) {
		ssize_t skip = gzip_header_len(z->hist, z->nhist);

		if (skip == 0 && !z->overflow)
			return 0;
		z->hdr_wait = false;
		if (skip <= 0)
			return retry(z, sink, arg);
		if (start(z, FMT_GZIP_RAW) == -1)
			return -1;
		rc = run(z, z->hist + skip, z->nhist - (size_t)skip, sink, arg);
		if (rc == 0 && k < len)
			rc = run(z, in + k, len - k, sink, arg);
		return rc == 1 ? retry(z, sink, arg) : rc;
	}
	if (z->fmt == -1) {
		/* the first two bytes choose; the history is all the input
		 * so far but the piece's bytes past k */
		if (z->nhist < 2)
			return 0;
		if (start(z, sniff(z->hist)) == -1)
			return -1;
		rc = run(z, z->hist, z->nhist, sink, arg);
		if (rc == 0 && k < len)
			rc = run(z, in + k, len - k, sink, arg);
	} else
		rc = run(z, in, len, sink, arg);
	return rc == 1 ? retry(z, sink, arg) : rc;
}
