/* Offline capture: reads a pcap or pcapng file and hands out its
 * records one at a time, link-layer header and all, with
 * the link type in p->link, for the same decode -> detect -> output
 * path NFQUEUE packets take. The decoder (lib/decode/link.c) removes
 * the link headers and judges what is not IP.
 *
 * Link types: Ethernet, raw IP (DLT_RAW, LINKTYPE_RAW, DLT_IPV4,
 * DLT_IPV6), Linux cooked v1 and v2, BSD loopback (DLT_NULL, DLT_LOOP),
 * Cisco HDLC, PPP and PPP in HDLC framing, as Suricata reads them.
 *
 * Two readers, one result: a classic pcap file (version 2.4, either
 * byte order, micro- or nanosecond timestamps) that is a regular file is
 * read in large blocks and its records parsed in place
 * (lib/capture/pcap_file.c); everything else (pcapng, pipes, other
 * versions) is read by libpcap. Records, timestamps, link types and
 * error messages are the same either way. */
#ifndef QUELL_CAPTURE_PCAP_H
#define QUELL_CAPTURE_PCAP_H

#include "core/base.h"
#include "core/packet.h"

struct capture_pcap;

enum capture_pcap_reader {
	CAPTURE_PCAP_READER_AUTO,	/* the block reader when possible */
	CAPTURE_PCAP_READER_LIBPCAP,	/* always libpcap (tests compare) */
};

struct capture_pcap_stats {
	uint64_t	 packets;	/* records read, returned or not */
	uint64_t	 bytes;		/* captured bytes of those records */
};

/* Opens path for reading. On failure returns NULL with a message in err
 * that names the file and says why: cannot open, not a capture file, or
 * "unsupported link type NAME (N)". */
struct capture_pcap *capture_pcap_open(const char *path, char *err,
	    size_t errlen);
/* capture_pcap_open with the reader chosen. */
struct capture_pcap *capture_pcap_open_with(const char *path,
	    enum capture_pcap_reader, char *err, size_t errlen);

/* Reads the next record. p is zeroed, then data points at the record
 * (its link header first), link says which link type, len is the
 * captured bytes, wire_len the original length, ts the record's time
 * (nanoseconds when the file has them). data is valid until the next
 * call or close, or, lent (capture_pcap_lend), until released.
 * Returns 1 with p filled, 0 at end of file, -1 on a read error or corrupt
 * capture with err like "FILE: packet 12: truncated record (...)", where
 * 12 is the 1-based number of the record that failed. After 0 or -1 every
 * later call returns the same. Lent, also CAPTURE_PCAP_AGAIN (below). */
int	capture_pcap_next(struct capture_pcap *, struct packet *p, char *err,
	    size_t errlen);

void	capture_pcap_stats(const struct capture_pcap *,
	    struct capture_pcap_stats *);
/* The file's DLT_* value as libpcap reports it (LINKTYPE_RAW reads as
 * DLT_RAW). */
int	capture_pcap_linktype(const struct capture_pcap *);
/* Lending (the block reader only; false for libpcap, which reuses its
 * buffer): from now on a record's data stays valid until the caller
 * gives it back, so it may keep pointers instead of copies. Records are
 * named by capture_pcap_offset, their place in the file, and given back
 * in bulk: capture_pcap_release(cp, off) says the caller holds none
 * before off (the oldest offset it still holds, or
 * capture_pcap_offset_next when none). When every byte of the buffer is
 * lent, capture_pcap_next returns CAPTURE_PCAP_AGAIN: release, or wait
 * for the holders and release, then call again. */
#define CAPTURE_PCAP_AGAIN	2
bool	capture_pcap_lend(struct capture_pcap *);
/* The file offset of the record capture_pcap_next returned last. */
uint64_t capture_pcap_offset(const struct capture_pcap *);
/* The file offset of the record capture_pcap_next will return next. */
uint64_t capture_pcap_offset_next(const struct capture_pcap *);
void	capture_pcap_release(struct capture_pcap *, uint64_t off);
/* "block" or "libpcap": which reader capture_pcap_open chose. */
const char *capture_pcap_reader_name(const struct capture_pcap *);
/* Closes the file; NULL is accepted. */
void	capture_pcap_close(struct capture_pcap *);

#endif
