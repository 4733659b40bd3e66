/*
 * bench/htp_floor: libhtp alone on the TCP connections of a capture, the
 * floor under any HTTP inspection built on it (quelld's and Suricata's).
 *
 *   htp_floor [-n PASSES] CAPTURE
 *
 * The capture's IPv4/TCP payloads are loaded into memory first, then fed
 * in capture order to one libhtp parser per connection (keyed by the
 * four-tuple, the client being the side of the first SYN, or of the
 * first packet), PASSES times over. Retransmitted bytes are cut off as a
 * stream engine would; a gap is fed as it comes (the bench captures have
 * none). The configuration is what quelld gives libhtp by default (IDS
 * personality, no cookie or authorization parsing, response
 * decompression on), with no callbacks and transactions destroyed as
 * they complete: parsing and freeing, nothing else.
 *
 * Prints one line: "transactions N cpu_s S us_per_tx U" where S is the
 * process CPU time of the feeding passes only (not the file loading).
 * Standalone: does not link libquell.
 */
#include <arpa/inet.h>
#include <err.h>
#include <htp/htp.h>
#include <pcap/pcap.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_CONNS	64

struct seg {
	uint32_t	 conn;
	uint8_t		 to_server;
	uint32_t	 len;
	const uint8_t	*data;
};

struct conn {
	uint32_t	 addr[2];	/* client, server */
	uint16_t	 port[2];
	uint32_t	 next[2];	/* next sequence number, per direction */
	uint8_t		 have_next[2];
	htp_connp_t	*connp;
};

static struct conn	 conns[MAX_CONNS];
static uint32_t		 nconns;
static struct seg	*segs;
static size_t		 nsegs, segcap;
static uint64_t		 ntx;

static int
on_complete(htp_tx_t *tx)
{
	(void)tx;
	ntx++;
	return HTP_OK;
}

/* The connection whose client is (src, sport) and server (dst, dport),
 * either way round; created on first sight. *from_client says whether
 * src is the client. */
static struct conn *
conn_of(uint32_t src, uint32_t dst, uint16_t sport, uint16_t dport,
    uint8_t *from_client, uint32_t *idx)
{
	for (uint32_t i = 0; i < nconns; i++) {
		struct conn *c = &conns[i];

		*idx = i;
		if (c->addr[0] == src && c->addr[1] == dst &&
		    c->port[0] == sport && c->port[1] == dport) {
			*from_client = 1;
			return c;
		}
		if (c->addr[0] == dst && c->addr[1] == src &&
		    c->port[0] == dport && c->port[1] == sport) {
			*from_client = 0;
			return c;
		}
	}
	if (nconns == MAX_CONNS)
		return NULL;
	conns[nconns] = (struct conn){ { src, dst }, { sport, dport },
	    { 0, 0 }, { 0, 0 }, NULL };
	*from_client = 1;
	*idx = nconns;
	return &conns[nconns++];
}

/* Keeps the new bytes of one TCP payload (what is before the
 * direction's next sequence number was seen already). */
static void
load_tcp(const uint8_t *ip, size_t iplen)
{
	size_t ihl, thl;
	uint32_t src, dst, seq, idx;
	uint16_t sport, dport;
	uint8_t flags, dir, side;
	struct conn *c;
	const uint8_t *pl;
	size_t len;

	if (iplen < 20 || (ip[0] >> 4) != 4 || ip[9] != IPPROTO_TCP)
		return;
	ihl = (size_t)(ip[0] & 0x0f) * 4;
	len = (size_t)ip[2] << 8 | ip[3];
	if (len < iplen)
		iplen = len;
	if (ihl < 20 || iplen < ihl + 20)
		return;
	thl = (size_t)(ip[ihl + 12] >> 4) * 4;
	if (thl < 20 || iplen < ihl + thl)
		return;
	memcpy(&src, ip + 12, 4);
	memcpy(&dst, ip + 16, 4);
	sport = (uint16_t)(ip[ihl] << 8 | ip[ihl + 1]);
	dport = (uint16_t)(ip[ihl + 2] << 8 | ip[ihl + 3]);
	seq = (uint32_t)ip[ihl + 4] << 24 | (uint32_t)ip[ihl + 5] << 16 |
	    (uint32_t)ip[ihl + 6] << 8 | ip[ihl + 7];
	flags = ip[ihl + 13];
	/* a SYN/ACK seen first: its receiver is the client */
	if ((flags & 0x12) == 0x12) {
		c = conn_of(dst, src, dport, sport, &dir, &idx);
		dir = !dir;
	} else
		c = conn_of(src, dst, sport, dport, &dir, &idx);
	if (c == NULL)
		return;
	side = dir ? 0 : 1;		/* 0: the client's bytes */
	if (flags & 0x02) {		/* SYN */
		c->next[side] = seq + 1;
		c->have_next[side] = 1;
		return;
	}
	pl = ip + ihl + thl;
	len = iplen - ihl - thl;
	if (len == 0)
		return;
	if (c->have_next[side]) {
		int32_t behind = (int32_t)(c->next[side] - seq);

		if (behind > 0) {
			if ((size_t)behind >= len)
				return;
			pl += behind;
			len -= (size_t)behind;
			seq += (uint32_t)behind;
		}
	}
	c->next[side] = seq + (uint32_t)len;
	c->have_next[side] = 1;
	if (nsegs == segcap) {
		segcap = segcap ? segcap * 2 : 4096;
		if ((segs = realloc(segs, segcap * sizeof(*segs))) == NULL)
			err(1, "realloc");
	}
	{
		uint8_t *copy = malloc(len);

		if (copy == NULL)
			err(1, "malloc");
		memcpy(copy, pl, len);
		segs[nsegs++] = (struct seg){ idx, dir, (uint32_t)len, copy };
	}
}

static void
load(const char *path)
{
	char errbuf[PCAP_ERRBUF_SIZE];
	struct pcap_pkthdr *h;
	const u_char *d;
	pcap_t *pc;
	int link, rc;

	if ((pc = pcap_open_offline(path, errbuf)) == NULL)
		errx(1, "%s: %s", path, errbuf);
	link = pcap_datalink(pc);
	while ((rc = pcap_next_ex(pc, &h, &d)) == 1) {
		size_t off;

		switch (link) {
		case DLT_EN10MB:
			if (h->caplen < 14 || d[12] != 0x08 || d[13] != 0x00)
				continue;
			off = 14;
			break;
		case DLT_RAW:
			off = 0;
			break;
		case DLT_LINUX_SLL:
			off = 16;
			break;
		default:
			errx(1, "%s: link type %d not read", path, link);
		}
		if (h->caplen > off)
			load_tcp(d + off, h->caplen - off);
	}
	if (rc == -1)
		errx(1, "%s: %s", path, pcap_geterr(pc));
	pcap_close(pc);
}

static htp_cfg_t *
config(void)
{
	htp_cfg_t *c;

	if ((c = htp_config_create()) == NULL)
		errx(1, "htp_config_create");
	htp_config_set_server_personality(c, HTP_SERVER_IDS);
	htp_config_set_parse_request_cookies(c, 0);
	htp_config_set_parse_request_auth(c, 0);
	htp_config_set_allow_space_uri(c, 1);
	htp_config_set_request_decompression(c, 0);
	htp_config_set_response_decompression(c, 1);
	htp_config_set_tx_auto_destroy(c, 1);
	htp_config_register_request_complete(c, on_complete);
	return c;
}

static void
feed(htp_cfg_t *cfg)
{
	struct timeval tv = { 0, 0 };

	for (uint32_t i = 0; i < nconns; i++) {
		if ((conns[i].connp = htp_connp_create(cfg)) == NULL)
			errx(1, "htp_connp_create");
		htp_connp_open(conns[i].connp, NULL, conns[i].port[0], NULL,
		    conns[i].port[1], &tv);
	}
	for (size_t i = 0; i < nsegs; i++) {
		htp_connp_t *cp = conns[segs[i].conn].connp;

		if (segs[i].to_server)
			htp_connp_req_data(cp, &tv, segs[i].data, segs[i].len);
		else
			htp_connp_res_data(cp, &tv, segs[i].data, segs[i].len);
	}
	for (uint32_t i = 0; i < nconns; i++) {
		htp_connp_close(conns[i].connp, &tv);
		htp_connp_destroy_all(conns[i].connp);
		conns[i].connp = NULL;
	}
}

static double
cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	htp_cfg_t *cfg;
	double t0, t;
	long passes = 1;
	int ch;

	while ((ch = getopt(argc, argv, "n:")) != -1) {
		switch (ch) {
		case 'n':
			passes = strtol(optarg, NULL, 10);
			if (passes < 1 || passes > 1000)
				errx(2, "-n: 1..1000");
			break;
		default:
			fprintf(stderr, "usage: htp_floor [-n PASSES] CAPTURE\n");
			return 2;
		}
	}
	if (optind + 1 != argc) {
		fprintf(stderr, "usage: htp_floor [-n PASSES] CAPTURE\n");
		return 2;
	}
	load(argv[optind]);
	cfg = config();
	t0 = cpu_now();
	for (long p = 0; p < passes; p++)
		feed(cfg);
	t = cpu_now() - t0;
	printf("transactions %llu cpu_s %.4f us_per_tx %.3f\n",
	    (unsigned long long)ntx, t, ntx ? t / (double)ntx * 1e6 : 0.0);
	htp_config_destroy(cfg);
	for (size_t i = 0; i < nsegs; i++)
		free((void *)segs[i].data);
	free(segs);
	return ntx ? 0 : 1;
}
