/* Offline capture. Classic pcap files that lib/capture/pcap_file.c
 * reads as libpcap does are read in large blocks into a buffer and
 * their records handed out in place, where a caller may also borrow
 * them (no copy into a ring). Everything else (pcapng, pipes, other
 * pcap versions) goes through libpcap (the only file that uses it),
 * unchanged. */
#include "core/base.h"

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>

#include <pcap/pcap.h>

#include "capture/pcap.h"
#include "capture/pcap_file.h"

/* LINKTYPE_RAW as stored in files; libpcap reports it as DLT_RAW, but a
 * caller may still see the file value on other libpcap builds. */
#define CAPTURE_PCAP_LINKTYPE_RAW	101
/* LINKTYPE_PPP_HDLC, which libpcap reports as DLT_PPP_SERIAL */
#define CAPTURE_PCAP_LINKTYPE_PPP_HDLC	50
/* The block reader's buffer (at least two of the largest records and
 * two reads) and how much one read(2) asks for. Mapping the file
 * instead was measured slower: making 4 KiB pages present costs the
 * kernel more than copying them (doc/performance.md). */
#define CAPTURE_PCAP_BUF		(8u << 20)
#define CAPTURE_PCAP_READ		(128u << 10)

enum capture_pcap_state {
	CAPTURE_PCAP_READING,
	CAPTURE_PCAP_EOF,
	CAPTURE_PCAP_FAILED,
};

struct capture_pcap {
	pcap_t				*pc;	/* NULL: the block reader */
	/* block reader: file offsets from lap on are at buf + (offset -
	 * lap); at the buffer's end the record being read moves to its
	 * start (a new lap), so every record is contiguous. Lent records
	 * of the lap before (offsets prev_lap...) may still be held. */
	int				 fd;
	uint8_t				*buf;
	uint64_t			 lap;
	uint64_t			 prev_lap;
	uint64_t			 fill;	/* file bytes read */
	uint64_t			 parse;	/* the next record's offset */
	uint64_t			 last;	/* the last returned record's */
	uint64_t			 released; /* reusable before this */
	bool				 eof;
	bool				 lend;
	struct capture_pcap_file	 pf;
	char				*path;
	int				 dlt;
	uint8_t				 link;	/* enum packet_link */
	enum capture_pcap_state		 state;
	struct capture_pcap_stats	 stats;
	char				 error[PCAP_ERRBUF_SIZE + 128];
};

static int	capture_pcap_link_of(int dlt);
static int	capture_pcap_dlt_of(uint32_t linktype);
static int	capture_pcap_block_open(struct capture_pcap *, int fd);
static int	capture_pcap_block_read(struct capture_pcap *, size_t need,
		    char *err, size_t errlen);
static int	capture_pcap_open_libpcap(struct capture_pcap *, int fd,
		    char *err, size_t errlen);
static void	capture_pcap_fail(struct capture_pcap *, const char *why,
		    char *err, size_t errlen);
static int	capture_pcap_next_block(struct capture_pcap *,
		    struct packet *p, char *err, size_t errlen);

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

/* The DLT libpcap reports for a file's LINKTYPE, for the link types we
 * decode (libpcap's linktype_to_dlt maps them so); -1 for the others,
 * which are left to libpcap and its error. */
static int
capture_pcap_dlt_of(uint32_t linktype)
{
	switch (linktype) {
	case CAPTURE_PCAP_LINKTYPE_RAW:
		return DLT_RAW;
	case CAPTURE_PCAP_LINKTYPE_PPP_HDLC:
		return DLT_PPP_SERIAL;
	case DLT_EN10MB:
	case DLT_RAW:
	case DLT_IPV4:
	case DLT_IPV6:
	case DLT_LINUX_SLL:
	case DLT_LINUX_SLL2:
	case DLT_NULL:
	case DLT_LOOP:
	case DLT_C_HDLC:
	case DLT_PPP:
		return (int)linktype;
	default:
		return -1;
	}
}

/* Takes fd for the block reader when its header is one
 * capture_pcap_file reads as libpcap would. Returns 0 taken, -1 for
 * libpcap to read it (from its start: the caller rewinds). */
static int
capture_pcap_block_open(struct capture_pcap *cp, int fd)
{
	uint8_t hdr[CAPTURE_PCAP_FILE_HDR_LEN];
	struct stat st;
	ssize_t n;
	int dlt;

	/* Regular files only: a pipe's bytes read here would be lost to
	 * libpcap. */
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode))
		return -1;
	do
		n = pread(fd, hdr, sizeof(hdr), 0);
	while (n == -1 && errno == EINTR);
	if (n != (ssize_t)sizeof(hdr) ||
	    capture_pcap_file_init(&cp->pf, hdr, sizeof(hdr)) == -1 ||
	    (dlt = capture_pcap_dlt_of(cp->pf.linktype)) == -1 ||
	    /* libpcap rewrites the CAN ids in cooked headers of files of
	     * the other byte order; data handed out in place is not */
	    (cp->pf.swapped && (dlt == DLT_LINUX_SLL ||
	    dlt == DLT_LINUX_SLL2)))
		return -1;
	if (lseek(fd, CAPTURE_PCAP_FILE_HDR_LEN, SEEK_SET) == -1 ||
	    (cp->buf = malloc(CAPTURE_PCAP_BUF)) == NULL)
		return -1;
	(void)posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
	cp->fd = fd;
	cp->dlt = dlt;
	cp->fill = cp->parse = cp->last = cp->released = cp->lap =
	    cp->prev_lap = CAPTURE_PCAP_FILE_HDR_LEN;
	return 0;
}

/* Reads more of the file so that need bytes from cp->parse are in the
 * buffer (or the file ends). Returns 1 when it read or found the end,
 * 0 when the buffer has no room (records lent and not released), -1 on
 * a read error (libpcap's words in err). */
static int
capture_pcap_block_read(struct capture_pcap *cp, size_t need, char *err,
    size_t errlen)
{
	size_t have = (size_t)(cp->fill - cp->parse);
	size_t end = (size_t)(cp->fill - cp->lap);
	size_t want, limit;
	ssize_t n;

	/* Big reads only: with records lent, the room comes back as the
	 * workers release them, and waiting for a block's worth of it
	 * saves many small reads. */
	want = need - have > CAPTURE_PCAP_READ ? need - have :
	    CAPTURE_PCAP_READ;
	/* the lap before still held from released on */
	limit = cp->released < cp->lap ?
	    (size_t)(cp->released - cp->prev_lap) : CAPTURE_PCAP_BUF;
	if (limit < end || limit - end < want) {
		/* A new lap: the record being read moves to the start,
		 * which must hold nothing lent (this lap's held bytes start
		 * at released) and leave a read's room. */
		if (cp->released < cp->lap ||
		    (size_t)(cp->released - cp->lap) < have + want)
			return 0;
		memmove(cp->buf, cp->buf + (cp->parse - cp->lap), have);
		cp->prev_lap = cp->lap;
		cp->lap = cp->parse;
		end = have;
	}
	do
		n = read(cp->fd, cp->buf + end, want);
	while (n == -1 && errno == EINTR);
	if (n == -1) {
		snprintf(err, errlen, "error reading dump file: %s",
		    strerror(errno));
		return -1;
	}
	if (n == 0)
		cp->eof = true;
	cp->fill += (uint64_t)n;
	return 1;
}

/* libpcap reads fd (a pipe, pcapng, anything the block reader does not
 * take), from its start. */
static int
capture_pcap_open_libpcap(struct capture_pcap *cp, int fd, char *err,
    size_t errlen)
{
	char pcerr[PCAP_ERRBUF_SIZE];
	struct stat st;
	FILE *fp;

	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    lseek(fd, 0, SEEK_SET) == -1) {
		snprintf(err, errlen, "%s: cannot open: %s", cp->path,
		    strerror(errno));
		close(fd);
		return -1;
	}
	if ((fp = fdopen(fd, "rb")) == NULL) {
		snprintf(err, errlen, "%s: cannot open: %s", cp->path,
		    strerror(errno));
		close(fd);
		return -1;
	}
	pcerr[0] = '\0';
	cp->pc = pcap_fopen_offline_with_tstamp_precision(fp,
	    PCAP_TSTAMP_PRECISION_NANO, pcerr);
	if (cp->pc == NULL) {
		/* libpcap closes fp only once it owns it */
		fclose(fp);
		snprintf(err, errlen, "%s: not a readable pcap or pcapng "
		    "capture: %s", cp->path, pcerr);
		return -1;
	}
	cp->dlt = pcap_datalink(cp->pc);
	return 0;
}

struct capture_pcap *
capture_pcap_open(const char *path, char *err, size_t errlen)
{
	return capture_pcap_open_with(path, CAPTURE_PCAP_READER_AUTO, err,
	    errlen);
}

struct capture_pcap *
capture_pcap_open_with(const char *path, enum capture_pcap_reader reader,
    char *err, size_t errlen)
{
	struct capture_pcap *cp;
	int fd;

	cp = calloc(1, sizeof(*cp));
	if (cp == NULL || (cp->path = strdup(path)) == NULL) {
		snprintf(err, errlen, "%s: out of memory", path);
		goto fail;
	}
	cp->fd = -1;
	/* Opened here rather than by pcap_open_offline() so the message for
	 * a missing file is ours and names it once. */
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd == -1) {
		snprintf(err, errlen, "%s: cannot open: %s", path,
		    strerror(errno));
		goto fail;
	}
	if ((reader != CAPTURE_PCAP_READER_AUTO ||
	    capture_pcap_block_open(cp, fd) == -1) &&
	    capture_pcap_open_libpcap(cp, fd, err, errlen) == -1)
		goto fail;
	if (capture_pcap_link_of(cp->dlt) == -1) {
		const char *name = pcap_datalink_val_to_name(cp->dlt);

		snprintf(err, errlen, "%s: unsupported link type %s (%d); "
		    "supported: EN10MB, RAW, IPV4, IPV6, LINUX_SLL, "
		    "LINUX_SLL2, NULL, LOOP, C_HDLC, PPP, PPP_SERIAL", path,
		    name != NULL ? name : "unknown", cp->dlt);
		goto fail;
	}
	cp->link = (uint8_t)capture_pcap_link_of(cp->dlt);
	cp->state = CAPTURE_PCAP_READING;
	return cp;
fail:
	capture_pcap_close(cp);
	return NULL;
}

/* Records why the read failed (why: the reader's words for it), so
 * later calls can repeat it. */
static void
capture_pcap_fail(struct capture_pcap *cp, const char *why, char *err,
    size_t errlen)
{
	snprintf(cp->error, sizeof(cp->error), "%s: packet %" PRIu64
	    ": %s record (%s)", cp->path, cp->stats.packets + 1,
	    strstr(why, "truncated") != NULL ? "truncated" : "corrupt", why);
	cp->state = CAPTURE_PCAP_FAILED;
	snprintf(err, errlen, "%s", cp->error);
}

/* capture_pcap_next for the block reader. */
static int
capture_pcap_next_block(struct capture_pcap *cp, struct packet *p,
    char *err, size_t errlen)
{
	struct capture_pcap_file_rec rec;
	char why[PCAP_ERRBUF_SIZE];
	int rc;

	/* Unless lent, the caller holds nothing once it asks again. */
	if (!cp->lend)
		cp->released = cp->parse;
	for (;;) {
		switch (capture_pcap_file_next(&cp->pf,
		    cp->buf + (cp->parse - cp->lap),
		    (size_t)(cp->fill - cp->parse), cp->eof, &rec, why,
		    sizeof(why))) {
		case CAPTURE_PCAP_FILE_RECORD:
			break;
		case CAPTURE_PCAP_FILE_END:
			cp->state = CAPTURE_PCAP_EOF;
			return 0;
		case CAPTURE_PCAP_FILE_ERROR:
			capture_pcap_fail(cp, why, err, errlen);
			return -1;
		case CAPTURE_PCAP_FILE_MORE:
			rc = capture_pcap_block_read(cp, rec.size, why,
			    sizeof(why));
			if (rc == 0)
				return CAPTURE_PCAP_AGAIN;
			if (rc == -1) {
				capture_pcap_fail(cp, why, err, errlen);
				return -1;
			}
			continue;
		}
		break;
	}
	cp->last = cp->parse;
	cp->parse += rec.size;
	cp->stats.packets++;
	cp->stats.bytes += rec.caplen;
	p->data = rec.data;
	p->len = rec.caplen;
	p->link = cp->link;
	p->linktype = (uint16_t)cp->dlt;
	p->pcap_cnt = cp->stats.packets;
	/* A corrupt record may claim less than it captured. */
	p->wire_len = rec.len > p->len ? rec.len : p->len;
	p->ts.tv_sec = (time_t)rec.sec;
	p->ts.tv_nsec = (long)rec.nsec;
	return 1;
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
		if (cp->pc == NULL)
			return capture_pcap_next_block(cp, p, err, errlen);
		rc = pcap_next_ex(cp->pc, &hdr, &buf);
		if (rc == PCAP_ERROR_BREAK) {
			cp->state = CAPTURE_PCAP_EOF;
			continue;
		}
		if (rc != 1) {
			capture_pcap_fail(cp, pcap_geterr(cp->pc), err, errlen);
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

bool
capture_pcap_lend(struct capture_pcap *cp)
{
	if (cp->pc != NULL)
		return false;
	cp->lend = true;
	return true;
}

uint64_t
capture_pcap_offset(const struct capture_pcap *cp)
{
	return cp->pc == NULL ? cp->last : 0;
}

uint64_t
capture_pcap_offset_next(const struct capture_pcap *cp)
{
	return cp->pc == NULL ? cp->parse : 0;
}

void
capture_pcap_release(struct capture_pcap *cp, uint64_t off)
{
	/* never past what is not handed out yet, never backwards */
	if (cp->pc == NULL && off > cp->released && off <= cp->parse)
		cp->released = off;
}

const char *
capture_pcap_reader_name(const struct capture_pcap *cp)
{
	return cp->pc != NULL ? "libpcap" : "block";
}

void
capture_pcap_close(struct capture_pcap *cp)
{
	if (cp == NULL)
		return;
	if (cp->pc != NULL)
		pcap_close(cp->pc);
	cp->pc = NULL;
	free(cp->buf);
	cp->buf = NULL;
	if (cp->fd != -1)
		close(cp->fd);
	cp->fd = -1;
	free(cp->path);
	cp->path = NULL;
	free(cp);
}
