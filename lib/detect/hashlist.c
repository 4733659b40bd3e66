/* Digest lists for the file hash keywords: a sorted array of digests,
 * searched by bisection. Suricata keeps them in a read-only hash table
 * (ROHash); a sorted array is as fast for the few lookups a closed file
 * makes and needs no sizing. */
#include "core/base.h"
#include "core/hex.h"

#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "detect/hashlist.h"

struct detect_hashlist {
	uint8_t		*v;	/* n digests of len bytes, sorted, distinct */
	size_t		 n;
	uint8_t		 len;
};

static int	hashlist_cmp(const void *, const void *, void *);

static int
hashlist_cmp(const void *a, const void *b, void *arg)
{
	const uint8_t *len = arg;

	return memcmp(a, b, *len);
}

struct detect_hashlist *
detect_hashlist_parse(const char *name, const char *text, size_t len,
    uint8_t hlen, char *err, size_t errlen)
{
	struct detect_hashlist *hl;
	size_t cap = 0, off = 0, w;
	unsigned line = 0;

	if (hlen == 0 || hlen > DETECT_HASHLIST_LEN_MAX) {
		snprintf(err, errlen, "%s: digest length %u not supported",
		    name, hlen);
		return NULL;
	}
	if ((hl = calloc(1, sizeof(*hl))) == NULL)
		goto nomem;
	hl->len = hlen;
	while (off < len) {
		size_t end = off, run = 0;

		line++;
		while (end < len && text[end] != '\n')
			end++;
		while (off + run < end && core_hex_value(text[off + run]) >= 0)
			run++;
		if (run == 0)
			goto next;
		if (run != (size_t)hlen * 2) {
			snprintf(err, errlen, "%s:%u: hash string not %u "
			    "characters", name, line, hlen * 2u);
			detect_hashlist_free(hl);
			return NULL;
		}
		if (hl->n == cap) {
			size_t ncap = cap ? cap * 2 : 64;
			uint8_t *nv = reallocarray(hl->v, ncap, hlen);

			if (nv == NULL) {
				detect_hashlist_free(hl);
				goto nomem;
			}
			hl->v = nv;
			cap = ncap;
		}
		for (size_t i = 0; i < hlen; i++)
			hl->v[hl->n * hlen + i] = (uint8_t)(
			    core_hex_value(text[off + 2 * i]) << 4 |
			    core_hex_value(text[off + 2 * i + 1]));
		hl->n++;
next:
		off = end + 1;
	}
	if (hl->n == 0) {
		/* Suricata refuses an empty list too (rohash: no items) */
		snprintf(err, errlen, "%s: no hashes in the file", name);
		detect_hashlist_free(hl);
		return NULL;
	}
	if (hl->n > 1) {
		qsort_r(hl->v, hl->n, hlen, hashlist_cmp, &hl->len);
		w = 1;
		for (size_t i = 1; i < hl->n; i++) {
			if (memcmp(hl->v + i * hlen, hl->v + (w - 1) * hlen,
			    hlen) == 0)
				continue;
			memmove(hl->v + w * hlen, hl->v + i * hlen, hlen);
			w++;
		}
		hl->n = w;
	}
	return hl;
nomem:
	snprintf(err, errlen, "%s: out of memory", name);
	return NULL;
}

struct detect_hashlist *
detect_hashlist_load(const char *path, uint8_t hlen, char *err,
    size_t errlen)
{
	struct detect_hashlist *hl = NULL;
	struct stat sb;
	char *text = NULL;
	size_t n = 0;
	FILE *fp;
	int saved;

	if ((fp = fopen(path, "r")) == NULL) {
		saved = errno;
		snprintf(err, errlen, "opening hash file %s: %s", path,
		    strerror(saved));
		errno = saved;
		return NULL;
	}
	if (fstat(fileno(fp), &sb) == -1 || !S_ISREG(sb.st_mode) ||
	    (uintmax_t)sb.st_size > DETECT_HASHLIST_FILE_MAX) {
		saved = errno != 0 ? errno : EFBIG;
		snprintf(err, errlen, "hash file %s: not a regular file of "
		    "at most %u bytes", path, DETECT_HASHLIST_FILE_MAX);
		goto done;
	}
	if ((text = malloc((size_t)sb.st_size + 1)) == NULL) {
		saved = errno;
		snprintf(err, errlen, "hash file %s: out of memory", path);
		goto done;
	}
	n = fread(text, 1, (size_t)sb.st_size, fp);
	if (ferror(fp)) {
		saved = EIO;
		snprintf(err, errlen, "reading hash file %s: %s", path,
		    strerror(EIO));
		goto done;
	}
	hl = detect_hashlist_parse(path, text, n, hlen, err, errlen);
	saved = hl == NULL ? EINVAL : 0;
done:
	free(text);
	fclose(fp);
	errno = saved;
	return hl;
}

bool
detect_hashlist_has(const struct detect_hashlist *hl, const uint8_t *h)
{
	size_t lo = 0, hi;

	if (hl == NULL)
		return false;
	hi = hl->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = memcmp(h, hl->v + mid * hl->len, hl->len);

		if (c == 0)
			return true;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return false;
}

size_t
detect_hashlist_count(const struct detect_hashlist *hl)
{
	return hl != NULL ? hl->n : 0;
}

void
detect_hashlist_free(struct detect_hashlist *hl)
{
	if (hl == NULL)
		return;
	free(hl->v);
	free(hl);
}
