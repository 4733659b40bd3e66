/* Classic pcap records in place, with libpcap's (sf-pcap.c) rules for
 * what a record may claim: the lengths are checked against the bytes
 * there are before any is read. */
#include "core/base.h"

#include <stdio.h>

#include "capture/pcap_file.h"

#define CAPTURE_PCAP_FILE_MAGIC_USEC	0xa1b2c3d4u
#define CAPTURE_PCAP_FILE_MAGIC_NSEC	0xa1b23c4du

static uint32_t	capture_pcap_file_u32(const struct capture_pcap_file *,
		    const uint8_t *b);
static uint16_t	capture_pcap_file_u16(const struct capture_pcap_file *,
		    const uint8_t *b);

static uint32_t
capture_pcap_file_u32(const struct capture_pcap_file *pf, const uint8_t *b)
{
	uint32_t v;

	memcpy(&v, b, sizeof(v));
	return pf->swapped ? __builtin_bswap32(v) : v;
}

static uint16_t
capture_pcap_file_u16(const struct capture_pcap_file *pf, const uint8_t *b)
{
	uint16_t v;

	memcpy(&v, b, sizeof(v));
	return pf->swapped ? __builtin_bswap16(v) : v;
}

int
capture_pcap_file_init(struct capture_pcap_file *pf, const uint8_t *buf,
    size_t len)
{
	uint32_t magic, snaplen;

	memset(pf, 0, sizeof(*pf));
	if (len < CAPTURE_PCAP_FILE_HDR_LEN)
		return -1;
	memcpy(&magic, buf, sizeof(magic));
	if (magic == __builtin_bswap32(CAPTURE_PCAP_FILE_MAGIC_USEC) ||
	    magic == __builtin_bswap32(CAPTURE_PCAP_FILE_MAGIC_NSEC)) {
		pf->swapped = true;
		magic = __builtin_bswap32(magic);
	}
	if (magic != CAPTURE_PCAP_FILE_MAGIC_USEC &&
	    magic != CAPTURE_PCAP_FILE_MAGIC_NSEC)
		return -1;
	/* 2.4 only: libpcap swaps caplen and len in older files (or
	 * guesses, in 2.3) and refuses newer ones. */
	if (capture_pcap_file_u16(pf, buf + 4) != 2 ||
	    capture_pcap_file_u16(pf, buf + 6) != 4)
		return -1;
	pf->nsec = magic == CAPTURE_PCAP_FILE_MAGIC_NSEC;
	snaplen = capture_pcap_file_u32(pf, buf + 16);
	/* libpcap 1.10.3 keeps the snaplen as an int: 0 or negative means
	 * the maximum, anything else stays, even past the maximum */
	pf->snapshot = (int32_t)snaplen <= 0 ? CAPTURE_PCAP_FILE_MAX_SNAPLEN :
	    snaplen;
	pf->linktype = capture_pcap_file_u32(pf, buf + 20) & 0x03ffffffu;
	return 0;
}

enum capture_pcap_file_rc
capture_pcap_file_next(const struct capture_pcap_file *pf,
    const uint8_t *buf, size_t len, bool final,
    struct capture_pcap_file_rec *rec, char *why, size_t whylen)
{
	size_t left;
	int64_t frac;

	memset(rec, 0, sizeof(*rec));
	if (len < CAPTURE_PCAP_FILE_REC_HDR_LEN) {
		if (!final) {
			rec->size = CAPTURE_PCAP_FILE_REC_HDR_LEN;
			return CAPTURE_PCAP_FILE_MORE;
		}
		if (len == 0)
			return CAPTURE_PCAP_FILE_END;
		snprintf(why, whylen, "truncated dump file; tried to read %u "
		    "header bytes, only got %zu",
		    CAPTURE_PCAP_FILE_REC_HDR_LEN, len);
		return CAPTURE_PCAP_FILE_ERROR;
	}
	left = len - CAPTURE_PCAP_FILE_REC_HDR_LEN;
	/* Times with the top bit set, as libpcap 1.10 reads them: signed
	 * (before 1970) in files of our byte order, whose struct
	 * pcap_timeval fields it widens; unsigned (past 2038) in the other
	 * order, where its byte swap yields an unsigned value. */
	if (pf->swapped) {
		rec->sec = capture_pcap_file_u32(pf, buf);
		frac = capture_pcap_file_u32(pf, buf + 4);
	} else {
		rec->sec = (int32_t)capture_pcap_file_u32(pf, buf);
		frac = (int32_t)capture_pcap_file_u32(pf, buf + 4);
	}
	rec->nsec = pf->nsec ? frac : frac * 1000;
	rec->caplen = capture_pcap_file_u32(pf, buf + 8);
	rec->len = capture_pcap_file_u32(pf, buf + 12);
	rec->data = buf + CAPTURE_PCAP_FILE_REC_HDR_LEN;
	if (rec->caplen > CAPTURE_PCAP_FILE_MAX_SNAPLEN) {
		if (rec->caplen > pf->snapshot)
			snprintf(why, whylen, "invalid packet capture length "
			    "%u, bigger than snaplen of %u", rec->caplen,
			    pf->snapshot);
		else
			snprintf(why, whylen, "invalid packet capture length "
			    "%u, bigger than maximum of %u", rec->caplen,
			    CAPTURE_PCAP_FILE_MAX_SNAPLEN);
		return CAPTURE_PCAP_FILE_ERROR;
	}
	rec->size = CAPTURE_PCAP_FILE_REC_HDR_LEN + (size_t)rec->caplen;
	if (left < rec->caplen) {
		if (!final)
			return CAPTURE_PCAP_FILE_MORE;
		/* libpcap reads the first snapshot bytes first, then skips
		 * the rest; its message says which read came up short */
		snprintf(why, whylen, "truncated dump file; tried to read %u "
		    "captured bytes, only got %zu",
		    rec->caplen > pf->snapshot && left < pf->snapshot ?
		    pf->snapshot : rec->caplen, left);
		return CAPTURE_PCAP_FILE_ERROR;
	}
	/* libpcap hands out the first snapshot bytes of a longer record */
	if (rec->caplen > pf->snapshot)
		rec->caplen = pf->snapshot;
	return CAPTURE_PCAP_FILE_RECORD;
}
