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

enum capture_pcap_state {
	CAPTURE_PCAP_READING,
	CAPTURE_PCAP_EOF,
	CAPTURE_PCAP_FAILED,
};

struct capture_pcap {
	pcap_t				*pc;
	char				*path;
	int				 dlt;
	uint8_t				 link;	/* enum packet_link */
	enum capture_pcap_state		 state;
	struct capture_pcap_stats	 stats;
	char				 error[PCAP_ERRBUF_SIZE + 128];
};

static int	capture_pcap_link_of(int dlt);
static void	capture_pcap_fail(struct capture_pcap *, char *err,
		    size_t errlen);

/* The decoder's link type for a file's DLT, or -1 for one we do not
 * read. The decoder does the headers (lib/decode/link.c). */
static int
capture_pcap_link_of(int dlt)
{
	switch (dlt) {
	case DLT_EN10MB:
		return PKT_LINK_ETHERNET;
	case DLT_RAW:
	case CAPTURE_PCAP_LINKTYPE_RAW:
		return PKT_LINK_RAW;
	case DLT_IPV4:
		return PKT_LINK_IPV4;
	case DLT_IPV6:
		return PKT_LINK_IPV6;
	case DLT_LINUX_SLL:
		return PKT_LINK_SLL;
	case DLT_LINUX_SLL2:
		return PKT_LINK_SLL2;
	case DLT_NULL:
		return PKT_LINK_NULL;
	case DLT_LOOP:
		return PKT_LINK_LOOP;
	case DLT_C_HDLC:
		return PKT_LINK_CHDLC;
	case DLT_PPP:
		return PKT_LINK_PPP;
	case DLT_PPP_SERIAL:
		return PKT_LINK_PPP_HDLC;
	default:
		return -1;
	}
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
	if (capture_pcap_link_of(dlt) == -1) {
		const char *name = pcap_datalink_val_to_name(dlt);

		snprintf(err, errlen, "%s: unsupported link type %s (%d); "
		    "supported: EN10MB, RAW, IPV4, IPV6, LINUX_SLL, "
		    "LINUX_SLL2, NULL, LOOP, C_HDLC, PPP, PPP_SERIAL", path,
		    name != NULL ? name : "unknown", dlt);
		goto fail;
	}
	cp->dlt = dlt;
	cp->link = (uint8_t)capture_pcap_link_of(dlt);
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
		p->data = buf;
		p->len = hdr->caplen;
		p->link = cp->link;
		p->linktype = (uint16_t)cp->dlt;
		p->pcap_cnt = cp->stats.packets;
		/* A corrupt record may claim less than it captured. */
		p->wire_len = hdr->len > p->len ? hdr->len : p->len;
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
