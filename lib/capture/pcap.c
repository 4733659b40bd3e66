/* Offline capture through libpcap (the only file that uses it). libpcap
 * does the file formats; this file removes link-layer headers, checking
 * every length before it reads a byte. */
#include "core/base.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#include <pcap/pcap.h>

#include "capture/pcap.h"

/* LINKTYPE_RAW as stored in files; libpcap reports it as DLT_RAW, but a
 * caller may still see the file value on other libpcap builds. */
#define CAPTURE_PCAP_LINKTYPE_RAW	101

#define CAPTURE_PCAP_ETH_HDR_LEN	14
#define CAPTURE_PCAP_SLL_HDR_LEN	16
#define CAPTURE_PCAP_SLL2_HDR_LEN	20
#define CAPTURE_PCAP_NULL_HDR_LEN	4
#define CAPTURE_PCAP_VLAN_TAG_LEN	4
/* QinQ is two tags; anything past this many is not traffic we inspect. */
#define CAPTURE_PCAP_VLAN_MAX_DEPTH	4

#define CAPTURE_PCAP_ETHERTYPE_IPV4	0x0800
#define CAPTURE_PCAP_ETHERTYPE_IPV6	0x86dd
#define CAPTURE_PCAP_ETHERTYPE_8021Q	0x8100
#define CAPTURE_PCAP_ETHERTYPE_8021AD	0x88a8
#define CAPTURE_PCAP_ETHERTYPE_QINQ_OLD	0x9100

/* Address families in DLT_NULL/DLT_LOOP headers, as the capturing OS
 * numbered them (not ours): AF_INET6 is 10 on Linux, 24 on OpenBSD and
 * NetBSD, 28 on FreeBSD, 30 on macOS. */
#define CAPTURE_PCAP_BSD_AF_INET	2

enum capture_pcap_link {
	CAPTURE_PCAP_LINK_IP,		/* IP starts at *hdr_len */
	CAPTURE_PCAP_LINK_SKIP,		/* not IPv4/IPv6 */
	CAPTURE_PCAP_LINK_TRUNC,	/* shorter than its link header */
};

enum capture_pcap_state {
	CAPTURE_PCAP_READING,
	CAPTURE_PCAP_EOF,
	CAPTURE_PCAP_FAILED,
};

struct capture_pcap {
	pcap_t				*pc;
	char				*path;
	int				 dlt;
	enum capture_pcap_state		 state;
	struct capture_pcap_stats	 stats;
	char				 error[PCAP_ERRBUF_SIZE + 128];
};

static bool	capture_pcap_dlt_supported(int dlt);
static uint16_t	capture_pcap_be16(const uint8_t *b);
static uint32_t	capture_pcap_be32(const uint8_t *b);
static bool	capture_pcap_bsd_af_is_ip(uint32_t af);
static enum capture_pcap_link capture_pcap_ethertype(const uint8_t *buf,
		    uint32_t caplen, uint32_t off, uint16_t type,
		    uint32_t *hdr_len);
static enum capture_pcap_link capture_pcap_link(int dlt, const uint8_t *buf,
		    uint32_t caplen, uint32_t *hdr_len);
static void	capture_pcap_fail(struct capture_pcap *, char *err,
		    size_t errlen);

static bool
capture_pcap_dlt_supported(int dlt)
{
	switch (dlt) {
	case DLT_EN10MB:
	case DLT_RAW:
	case CAPTURE_PCAP_LINKTYPE_RAW:
	case DLT_IPV4:
	case DLT_IPV6:
	case DLT_LINUX_SLL:
	case DLT_LINUX_SLL2:
	case DLT_NULL:
	case DLT_LOOP:
		return true;
	default:
		return false;
	}
}

static uint16_t
capture_pcap_be16(const uint8_t *b)
{
	return (uint16_t)(b[0] << 8 | b[1]);
}

static uint32_t
capture_pcap_be32(const uint8_t *b)
{
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
	    (uint32_t)b[2] << 8 | b[3];
}

static bool
capture_pcap_bsd_af_is_ip(uint32_t af)
{
	switch (af) {
	case CAPTURE_PCAP_BSD_AF_INET:
	case 10:	/* Linux */
	case 24:	/* OpenBSD, NetBSD, BSD/OS */
	case 28:	/* FreeBSD, DragonFly */
	case 30:	/* macOS, iOS */
		return true;
	default:
		return false;
	}
}

/* type is the ethertype found just before off; follows VLAN tags (802.1Q,
 * 802.1ad, and the pre-standard 0x9100 QinQ) up to a bounded depth. */
static enum capture_pcap_link
capture_pcap_ethertype(const uint8_t *buf, uint32_t caplen, uint32_t off,
    uint16_t type, uint32_t *hdr_len)
{
	int depth = 0;

	while (type == CAPTURE_PCAP_ETHERTYPE_8021Q ||
	    type == CAPTURE_PCAP_ETHERTYPE_8021AD ||
	    type == CAPTURE_PCAP_ETHERTYPE_QINQ_OLD) {
		if (depth == CAPTURE_PCAP_VLAN_MAX_DEPTH)
			return CAPTURE_PCAP_LINK_SKIP;
		if (caplen < off + CAPTURE_PCAP_VLAN_TAG_LEN)
			return CAPTURE_PCAP_LINK_TRUNC;
		/* 2 bytes of TCI, then the inner ethertype */
		type = capture_pcap_be16(buf + off + 2);
		off += CAPTURE_PCAP_VLAN_TAG_LEN;
		depth++;
	}
	if (type != CAPTURE_PCAP_ETHERTYPE_IPV4 &&
	    type != CAPTURE_PCAP_ETHERTYPE_IPV6)
		return CAPTURE_PCAP_LINK_SKIP;
	*hdr_len = off;
	return CAPTURE_PCAP_LINK_IP;
}

static enum capture_pcap_link
capture_pcap_link(int dlt, const uint8_t *buf, uint32_t caplen,
    uint32_t *hdr_len)
{
	uint32_t af;

	switch (dlt) {
	case DLT_EN10MB:
		if (caplen < CAPTURE_PCAP_ETH_HDR_LEN)
			return CAPTURE_PCAP_LINK_TRUNC;
		return capture_pcap_ethertype(buf, caplen,
		    CAPTURE_PCAP_ETH_HDR_LEN, capture_pcap_be16(buf + 12),
		    hdr_len);
	case DLT_LINUX_SLL:
		if (caplen < CAPTURE_PCAP_SLL_HDR_LEN)
			return CAPTURE_PCAP_LINK_TRUNC;
		return capture_pcap_ethertype(buf, caplen,
		    CAPTURE_PCAP_SLL_HDR_LEN, capture_pcap_be16(buf + 14),
		    hdr_len);
	case DLT_LINUX_SLL2:
		if (caplen < CAPTURE_PCAP_SLL2_HDR_LEN)
			return CAPTURE_PCAP_LINK_TRUNC;
		return capture_pcap_ethertype(buf, caplen,
		    CAPTURE_PCAP_SLL2_HDR_LEN, capture_pcap_be16(buf),
		    hdr_len);
	case DLT_NULL:
		if (caplen < CAPTURE_PCAP_NULL_HDR_LEN)
			return CAPTURE_PCAP_LINK_TRUNC;
		/* Host order of the capturing machine, which may not be
		 * ours. Every family fits in 16 bits, so a value whose low
		 * half (read little-endian) is zero was written big-endian. */
		af = (uint32_t)buf[0] | (uint32_t)buf[1] << 8 |
		    (uint32_t)buf[2] << 16 | (uint32_t)buf[3] << 24;
		if ((af & 0xffff) == 0)
			af = capture_pcap_be32(buf);
		break;
	case DLT_LOOP:
		if (caplen < CAPTURE_PCAP_NULL_HDR_LEN)
			return CAPTURE_PCAP_LINK_TRUNC;
		af = capture_pcap_be32(buf);
		break;
	default:
		/* DLT_RAW, LINKTYPE_RAW, DLT_IPV4, DLT_IPV6: no header; the
		 * decoder judges the IP version. */
		*hdr_len = 0;
		return CAPTURE_PCAP_LINK_IP;
	}
	if (!capture_pcap_bsd_af_is_ip(af))
		return CAPTURE_PCAP_LINK_SKIP;
	*hdr_len = CAPTURE_PCAP_NULL_HDR_LEN;
	return CAPTURE_PCAP_LINK_IP;
}

struct capture_pcap *
capture_pcap_open(const char *path, char *err, size_t errlen)
{
	char pcerr[PCAP_ERRBUF_SIZE];
	struct capture_pcap *cp;
	FILE *fp;
	int dlt;

	cp = calloc(1, sizeof(*cp));
	if (cp == NULL || (cp->path = strdup(path)) == NULL) {
		snprintf(err, errlen, "%s: out of memory", path);
		goto fail;
	}
	/* Opened here rather than by pcap_open_offline() so the message for
	 * a missing file is ours and names it once. */
	fp = fopen(path, "rbe");
	if (fp == NULL) {
		snprintf(err, errlen, "%s: cannot open: %s", path,
		    strerror(errno));
		goto fail;
	}
	pcerr[0] = '\0';
	cp->pc = pcap_fopen_offline_with_tstamp_precision(fp,
	    PCAP_TSTAMP_PRECISION_NANO, pcerr);
	if (cp->pc == NULL) {
		/* libpcap closes fp only once it owns it */
		fclose(fp);
		snprintf(err, errlen, "%s: not a readable pcap or pcapng "
		    "capture: %s", path, pcerr);
		goto fail;
	}
	dlt = pcap_datalink(cp->pc);
	if (!capture_pcap_dlt_supported(dlt)) {
		const char *name = pcap_datalink_val_to_name(dlt);

		snprintf(err, errlen, "%s: unsupported link type %s (%d); "
		    "supported: EN10MB, RAW, IPV4, IPV6, LINUX_SLL, "
		    "LINUX_SLL2, NULL, LOOP", path,
		    name != NULL ? name : "unknown", dlt);
		goto fail;
	}
	cp->dlt = dlt;
	cp->state = CAPTURE_PCAP_READING;
	return cp;
fail:
	capture_pcap_close(cp);
	return NULL;
}

/* Records why the read failed, so later calls can repeat it. */
static void
capture_pcap_fail(struct capture_pcap *cp, char *err, size_t errlen)
{
	const char *why = pcap_geterr(cp->pc);

	snprintf(cp->error, sizeof(cp->error), "%s: packet %" PRIu64
	    ": %s record (%s)", cp->path, cp->stats.packets + 1,
	    strstr(why, "truncated") != NULL ? "truncated" : "corrupt", why);
	cp->state = CAPTURE_PCAP_FAILED;
	snprintf(err, errlen, "%s", cp->error);
}

int
capture_pcap_next(struct capture_pcap *cp, struct packet *p, char *err,
    size_t errlen)
{
	struct pcap_pkthdr *hdr;
	const u_char *buf;
	uint32_t hdr_len, wire_len;
	int rc;

	memset(p, 0, sizeof(*p));
	for (;;) {
		switch (cp->state) {
		case CAPTURE_PCAP_EOF:
			return 0;
		case CAPTURE_PCAP_FAILED:
			snprintf(err, errlen, "%s", cp->error);
			return -1;
		case CAPTURE_PCAP_READING:
			break;
		}
		rc = pcap_next_ex(cp->pc, &hdr, &buf);
		if (rc == PCAP_ERROR_BREAK) {
			cp->state = CAPTURE_PCAP_EOF;
			continue;
		}
		if (rc != 1) {
			capture_pcap_fail(cp, err, errlen);
			continue;
		}
		cp->stats.packets++;
		cp->stats.bytes += hdr->caplen;
		hdr_len = 0;
		switch (capture_pcap_link(cp->dlt, buf, hdr->caplen,
		    &hdr_len)) {
		case CAPTURE_PCAP_LINK_SKIP:
			cp->stats.skipped++;
			continue;
		case CAPTURE_PCAP_LINK_TRUNC:
			cp->stats.truncated++;
			continue;
		case CAPTURE_PCAP_LINK_IP:
			break;
		}
		p->data = buf + hdr_len;
		p->len = hdr->caplen - hdr_len;
		/* A corrupt record may claim less than it captured. */
		wire_len = hdr->len > hdr_len ? hdr->len - hdr_len : 0;
		p->wire_len = wire_len > p->len ? wire_len : p->len;
		p->ts.tv_sec = hdr->ts.tv_sec;
		p->ts.tv_nsec = hdr->ts.tv_usec;	/* nanoseconds: see open */
		return 1;
	}
}

void
capture_pcap_stats(const struct capture_pcap *cp,
    struct capture_pcap_stats *st)
{
	*st = cp->stats;
}

int
capture_pcap_linktype(const struct capture_pcap *cp)
{
	return cp->dlt;
}

void
capture_pcap_close(struct capture_pcap *cp)
{
	if (cp == NULL)
		return;
	if (cp->pc != NULL)
		pcap_close(cp->pc);
	cp->pc = NULL;
	free(cp->path);
	cp->path = NULL;
	free(cp);
}
