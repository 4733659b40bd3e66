/* Classic pcap files parsed in memory: the file header, then one record
 * at a time from whatever bytes of the file the caller has at hand, each
 * bounded by those bytes. The reader (lib/capture/pcap.c) reads the file
 * in large blocks and takes this path only for files this parser reads
 * exactly as libpcap 1.10 would; anything else (pcapng, other versions
 * or magics, a short file) goes to libpcap.
 *
 * "Exactly as libpcap": same records, same caplen (cut to the file's
 * snapshot length as libpcap cuts it), same timestamps (nanoseconds),
 * and on a bad record the same words libpcap puts in its error. The
 * record data is never modified, so it is handed out in place. */
#ifndef QUELL_CAPTURE_PCAP_FILE_H
#define QUELL_CAPTURE_PCAP_FILE_H

#include "core/base.h"

#define CAPTURE_PCAP_FILE_HDR_LEN	24	/* the file header */
#define CAPTURE_PCAP_FILE_REC_HDR_LEN	16	/* each record's header */
/* libpcap's MAXIMUM_SNAPLEN: the most it reads of a record for every
 * link type we decode (max_snaplen_for_dlt). */
#define CAPTURE_PCAP_FILE_MAX_SNAPLEN	262144u
/* The most bytes one record can take in the file and still be read:
 * caplen beyond the maximum is an error before its bytes are wanted,
 * whatever the file's snaplen. */
#define CAPTURE_PCAP_FILE_MAX_REC	\
	(CAPTURE_PCAP_FILE_REC_HDR_LEN + CAPTURE_PCAP_FILE_MAX_SNAPLEN)

enum capture_pcap_file_rc {
	CAPTURE_PCAP_FILE_ERROR = -1,	/* why says it, libpcap's words */
	CAPTURE_PCAP_FILE_END = 0,	/* no bytes left, at the end */
	CAPTURE_PCAP_FILE_RECORD = 1,	/* rec filled */
	CAPTURE_PCAP_FILE_MORE = 2,	/* the record goes on past buf:
					   rec->size bytes are needed */
};

/* What the file header says. */
struct capture_pcap_file {
	uint32_t	 linktype;	/* LINKTYPE_* of the header (low 26
					   bits, as libpcap's LT_LINKTYPE) */
	uint32_t	 snapshot;	/* snaplen as libpcap adjusts it:
					   1..INT32_MAX */
	bool		 swapped;	/* other byte order than ours */
	bool		 nsec;		/* nanosecond timestamps */
};

struct capture_pcap_file_rec {
	const uint8_t	*data;		/* caplen bytes inside buf */
	uint32_t	 caplen;
	uint32_t	 len;		/* original length, as stored */
	int64_t		 sec;
	int64_t		 nsec;		/* as libpcap scales it: usec * 1000
					   in microsecond files */
	size_t		 size;		/* bytes of the file it takes (header
					   and all captured bytes) */
};

/* Reads the file header at buf[0..len). Returns 0 when this parser
 * reads the file as libpcap does: magic a1b2c3d4 or a1b23c4d in either
 * byte order, version 2.4. Returns -1 for anything else (or fewer than
 * CAPTURE_PCAP_FILE_HDR_LEN bytes), which libpcap is to judge: its
 * error messages stay the users'. */
int	capture_pcap_file_init(struct capture_pcap_file *, const uint8_t *buf,
	    size_t len);

/* The record at buf[0..len), the bytes that follow the previous one.
 * final says there are no more bytes in the file after buf[len - 1]:
 * without it a record that goes past len is MORE, with it an error
 * exactly where libpcap's would be. Never reads outside buf[0..len). */
enum capture_pcap_file_rc capture_pcap_file_next(
	    const struct capture_pcap_file *, const uint8_t *buf, size_t len,
	    bool final, struct capture_pcap_file_rec *rec, char *why,
	    size_t whylen);

#endif
