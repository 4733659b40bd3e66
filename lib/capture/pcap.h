/* Offline capture: reads a pcap or pcapng file (libpcap reads both) and
 * hands out its records one at a time, link-layer header and all, with
 * the link type in p->link, for the same decode -> detect -> output
 * path NFQUEUE packets take. The decoder (lib/decode/link.c) removes
 * the link headers and judges what is not IP.
 *
 * Link types: Ethernet, raw IP (DLT_RAW, LINKTYPE_RAW, DLT_IPV4,
 * DLT_IPV6), Linux cooked v1 and v2, BSD loopback (DLT_NULL, DLT_LOOP),
 * Cisco HDLC, PPP and PPP in HDLC framing, as Suricata reads them. */
#ifndef QUELL_CAPTURE_PCAP_H
#define QUELL_CAPTURE_PCAP_H

#include "core/base.h"
#include "core/packet.h"

struct capture_pcap;

struct capture_pcap_stats {
	uint64_t	 packets;	/* records read, returned or not */
	uint64_t	 bytes;		/* captured bytes of those records */
};

/* Opens path for reading. On failure returns NULL with a message in err
 * that names the file and says why: cannot open, not a capture file, or
 * "unsupported link type NAME (N)". */
struct capture_pcap *capture_pcap_open(const char *path, char *err,
	    size_t errlen);

/* Reads the next record. p is zeroed, then data points at the record
 * (its link header first), link says which link type, len is the
 * captured bytes, wire_len the original length, ts the record's time
 * (nanoseconds when the file has them). data is valid until the next
 * call or close.
 * Returns 1 with p filled, 0 at end of file, -1 on a read error or corrupt
 * capture with err like "FILE: packet 12: truncated record (...)", where
 * 12 is the 1-based number of the record that failed. After 0 or -1 every
 * later call returns the same. */
int	capture_pcap_next(struct capture_pcap *, struct packet *p, char *err,
	    size_t errlen);

void	capture_pcap_stats(const struct capture_pcap *,
	    struct capture_pcap_stats *);
/* The file's DLT_* value as libpcap reports it (LINKTYPE_RAW reads as
 * DLT_RAW). */
int	capture_pcap_linktype(const struct capture_pcap *);
/* Closes the file; NULL is accepted. */
void	capture_pcap_close(struct capture_pcap *);

#endif
