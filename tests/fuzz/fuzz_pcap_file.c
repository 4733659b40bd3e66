/* libFuzzer target: the classic pcap parser of the block reader
 * (lib/capture/pcap_file.c). The input is a whole capture file. Its
 * records are parsed twice from an exact-size copy: with the whole file
 * at hand (final), and fed the way the reader feeds it, a few bytes
 * more each time MORE asks (step from the file's length). Both walks
 * must give the same records and end alike, every record must lie
 * inside the bytes it was given, and MORE must ask for more than there
 * is. */
#include "core/base.h"

#include <stdio.h>

#include "capture/pcap_file.h"
#include "fuzz.h"

#define FUZZ_PCAP_MAX_RECS	4096

struct fuzz_pcap_walk {
	size_t	 n;
	size_t	 size[FUZZ_PCAP_MAX_RECS];
	uint32_t caplen[FUZZ_PCAP_MAX_RECS];
	int64_t	 nsec[FUZZ_PCAP_MAX_RECS];
	int	 end;		/* the last rc: END or ERROR */
	char	 why[256];
};

static void	fuzz_pcap_walk(const struct capture_pcap_file *,
		    const uint8_t *buf, size_t len, size_t step,
		    struct fuzz_pcap_walk *);

/* step 0: all bytes at once and final; else step more each MORE. */
static void
fuzz_pcap_walk(const struct capture_pcap_file *pf, const uint8_t *buf,
    size_t len, size_t step, struct fuzz_pcap_walk *w)
{
	struct capture_pcap_file_rec rec;
	size_t off = CAPTURE_PCAP_FILE_HDR_LEN;
	size_t have = step == 0 ? len : off;
	enum capture_pcap_file_rc rc;

	memset(w, 0, sizeof(*w));
	for (;;) {
		rc = capture_pcap_file_next(pf, buf + off, have - off,
		    have == len, &rec, w->why, sizeof(w->why));
		if (rc == CAPTURE_PCAP_FILE_MORE) {
			if (have == len || rec.size <= have - off)
				__builtin_trap();
			have = len - have > step ? have + step : len;
			continue;
		}
		if (rc != CAPTURE_PCAP_FILE_RECORD) {
			w->end = rc;
			return;
		}
		if (rec.size > have - off || rec.data < buf + off ||
		    rec.data + rec.caplen > buf + have ||
		    rec.caplen > pf->snapshot ||
		    rec.caplen > CAPTURE_PCAP_FILE_MAX_SNAPLEN)
			__builtin_trap();
		if (w->n < FUZZ_PCAP_MAX_RECS) {
			w->size[w->n] = rec.size;
			w->caplen[w->n] = rec.caplen;
			w->nsec[w->n] = rec.nsec;
		}
		w->n++;
		off += rec.size;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fuzz_pcap_walk whole, fed;
	struct capture_pcap_file pf;
	uint8_t *buf;

	if ((buf = fuzz_memdup(data, size)) == NULL)
		return 0;
	if (capture_pcap_file_init(&pf, buf, size) == 0) {
		if (pf.snapshot == 0 || pf.snapshot > INT32_MAX)
			__builtin_trap();
		fuzz_pcap_walk(&pf, buf, size, 0, &whole);
		fuzz_pcap_walk(&pf, buf, size, 1 + size % 61, &fed);
		if (whole.n != fed.n || whole.end != fed.end ||
		    strcmp(whole.why, fed.why) != 0 ||
		    memcmp(whole.size, fed.size, sizeof(whole.size)) != 0 ||
		    memcmp(whole.caplen, fed.caplen,
		    sizeof(whole.caplen)) != 0 ||
		    memcmp(whole.nsec, fed.nsec, sizeof(whole.nsec)) != 0)
			__builtin_trap();
		if (whole.end == CAPTURE_PCAP_FILE_ERROR &&
		    whole.why[0] == '\0')
			__builtin_trap();
	}
	free(buf);
	return 0;
}
