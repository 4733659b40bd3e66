#include "core/base.h"

#include <pcap/pcap.h>
#include <stdio.h>

#include "flowcap.h"

/* Not Check's asserts: the helper also serves applayer_dump, a plain
 * program; under Check (forked) an abort fails the test. */
#define FC_CHECK(cond) do {						\
	if (!(cond)) {							\
		fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #cond);	\
		abort();						\
	}								\
} while (0)

#define FLOWCAP_MAX_PENDING	(8u << 20)

const char *
flowcap_path(const char *rel)
{
	static char path[4096];
	const char *top = getenv("QUELL_TOP_SRCDIR");

	snprintf(path, sizeof(path), "%s/tests/data/%s", top ? top : ".", rel);
	return path;
}

struct l4 {
	uint8_t		 proto;
	uint8_t		 addr[2][16];
	uint8_t		 alen;
	uint16_t	 sport, dport;
	uint32_t	 seq;
	uint8_t		 tcpflags;
	const uint8_t	*payload;
	uint32_t	 plen;
};

static bool
decode(int dlt, const uint8_t *p, uint32_t len, struct l4 *o)
{
	uint32_t off = 0, ip_end;
	uint16_t etype = 0;

	if (dlt == DLT_EN10MB) {
		if (len < 14)
			return false;
		etype = (uint16_t)(p[12] << 8 | p[13]);
		off = 14;
		while (etype == 0x8100 && len >= off + 4) {
			etype = (uint16_t)(p[off + 2] << 8 | p[off + 3]);
			off += 4;
		}
	} else if (dlt == DLT_LINUX_SLL) {
		if (len < 16)
			return false;
		etype = (uint16_t)(p[14] << 8 | p[15]);
		off = 16;
	} else if (dlt == DLT_RAW || dlt == 12 /* LINKTYPE_RAW on some */) {
		if (len < 1)
			return false;
		etype = (p[0] >> 4) == 6 ? 0x86dd : 0x0800;
	} else if (dlt == DLT_NULL) {
		if (len < 4)
			return false;
		etype = p[0] == 2 ? 0x0800 : 0x86dd;
		off = 4;
	} else
		return false;
	if (etype == 0x0800) {
		uint32_t ihl, tot;

		if (len < off + 20)
			return false;
		ihl = (p[off] & 0xf) * 4u;
		tot = (uint32_t)(p[off + 2] << 8 | p[off + 3]);
		if (ihl < 20 || len < off + ihl || tot < ihl)
			return false;
		if ((p[off + 6] & 0x3f) != 0 || p[off + 7] != 0)
			return false;	/* fragments: not in our captures */
		o->proto = p[off + 9];
		o->alen = 4;
		memcpy(o->addr[0], p + off + 12, 4);
		memcpy(o->addr[1], p + off + 16, 4);
		ip_end = off + tot < len ? off + tot : len;
		off += ihl;
	} else if (etype == 0x86dd) {
		uint32_t plen;

		if (len < off + 40)
			return false;
		plen = (uint32_t)(p[off + 4] << 8 | p[off + 5]);
		o->proto = p[off + 6];
		o->alen = 16;
		memcpy(o->addr[0], p + off + 8, 16);
		memcpy(o->addr[1], p + off + 24, 16);
		ip_end = off + 40 + plen < len ? off + 40 + plen : len;
		off += 40;
	} else
		return false;
	if (o->proto == 17) {
		if (ip_end < off + 8)
			return false;
		o->sport = (uint16_t)(p[off] << 8 | p[off + 1]);
		o->dport = (uint16_t)(p[off + 2] << 8 | p[off + 3]);
		o->payload = p + off + 8;
		o->plen = ip_end - off - 8;
		return true;
	}
	if (o->proto == 6) {
		uint32_t doff;

		if (ip_end < off + 20)
			return false;
		o->sport = (uint16_t)(p[off] << 8 | p[off + 1]);
		o->dport = (uint16_t)(p[off + 2] << 8 | p[off + 3]);
		o->seq = (uint32_t)p[off + 4] << 24 | (uint32_t)p[off + 5] << 16 |
		    (uint32_t)p[off + 6] << 8 | p[off + 7];
		doff = (p[off + 12] >> 4) * 4u;
		o->tcpflags = p[off + 13];
		if (doff < 20 || ip_end < off + doff)
			return false;
		o->payload = p + off + doff;
		o->plen = ip_end - off - doff;
		return true;
	}
	return false;
}

static void
add_seg(struct flowcap *fc, uint8_t dir, const uint8_t *d, uint32_t len)
{
	struct flowcap_seg *s;

	fc->segs = realloc(fc->segs, (fc->nsegs + 1) * sizeof(*fc->segs));
	FC_CHECK((fc->segs) != NULL);
	s = &fc->segs[fc->nsegs++];
	s->dir = dir;
	s->len = len;
	s->data = malloc(len > 0 ? len : 1);
	FC_CHECK((s->data) != NULL);
	memcpy(s->data, d, len);
	fc->bytes[dir] += len;
}

/* Out-of-order TCP segments of one direction, kept until the bytes
 * before them arrive (as the stream engine does). */
struct ooo {
	uint32_t	 seq;
	uint8_t		*data;
	uint32_t	 len;
};

static void
drain_ooo(struct flowcap *fc, uint8_t dir, struct ooo *q, size_t *nq,
    uint32_t *next)
{
	bool progress = true;

	while (progress) {
		progress = false;
		for (size_t i = 0; i < *nq; i++) {
			int32_t d = (int32_t)(*next - q[i].seq);

			if (d < 0)
				continue;
			if ((uint32_t)d < q[i].len) {
				add_seg(fc, dir, q[i].data + d,
				    q[i].len - (uint32_t)d);
				*next = q[i].seq + q[i].len;
			}
			free(q[i].data);
			q[i] = q[--*nq];
			progress = true;
			break;
		}
	}
}

int
flowcap_load(struct flowcap *fc, const char *path, uint16_t port)
{
	struct ooo ooo[2][256];
	size_t nooo[2] = { 0, 0 };
	char err[PCAP_ERRBUF_SIZE];
	struct pcap_pkthdr *h;
	const u_char *pkt;
	pcap_t *pc;
	uint8_t cli[16], srv[16];
	uint16_t cport = 0;
	bool have = false, seqset[2] = { false, false };
	uint32_t next[2] = { 0, 0 };
	int dlt;

	memset(fc, 0, sizeof(*fc));
	if ((pc = pcap_open_offline(path, err)) == NULL)
		return -1;
	dlt = pcap_datalink(pc);
	while (pcap_next_ex(pc, &h, &pkt) == 1) {
		struct l4 o;
		uint8_t dir;

		memset(&o, 0, sizeof(o));
		if (!decode(dlt, pkt, h->caplen, &o))
			continue;
		if (!have) {
			if (o.dport != port)
				continue;
			have = true;
			fc->udp = o.proto == 17;
			memcpy(cli, o.addr[0], o.alen);
			memcpy(srv, o.addr[1], o.alen);
			cport = o.sport;
		}
		if ((o.proto == 17) != fc->udp)
			continue;
		if (o.sport == cport && o.dport == port &&
		    memcmp(o.addr[0], cli, o.alen) == 0 &&
		    memcmp(o.addr[1], srv, o.alen) == 0)
			dir = APPLAYER_TOSERVER;
		else if (o.sport == port && o.dport == cport &&
		    memcmp(o.addr[0], srv, o.alen) == 0 &&
		    memcmp(o.addr[1], cli, o.alen) == 0)
			dir = APPLAYER_TOCLIENT;
		else
			continue;
		if (fc->udp) {
			add_seg(fc, dir, o.payload, o.plen);
			continue;
		}
		if ((o.tcpflags & 0x02) != 0) {		/* SYN */
			next[dir] = o.seq + 1;
			seqset[dir] = true;
			continue;
		}
		if (!seqset[dir]) {			/* picked up midstream */
			next[dir] = o.seq;
			seqset[dir] = true;
		}
		if (o.plen == 0)
			continue;
		/* in order: a retransmission's new tail is kept; ahead of
		 * the next byte: held until the hole is filled */
		{
			int32_t d = (int32_t)(next[dir] - o.seq);

			if (d < 0) {
				struct ooo *q;

				FC_CHECK((nooo[dir]) < (256));
				q = &ooo[dir][nooo[dir]++];
				q->seq = o.seq;
				q->len = o.plen;
				q->data = malloc(o.plen);
				FC_CHECK((q->data) != NULL);
				memcpy(q->data, o.payload, o.plen);
				continue;
			}
			if ((uint32_t)d >= o.plen)
				continue;
			add_seg(fc, dir, o.payload + d, o.plen - (uint32_t)d);
			next[dir] = o.seq + o.plen;
			drain_ooo(fc, dir, ooo[dir], &nooo[dir], &next[dir]);
		}
	}
	for (int d = 0; d < 2; d++)
		for (size_t i = 0; i < nooo[d]; i++)
			free(ooo[d][i].data);
	pcap_close(pc);
	return have ? 0 : -1;
}

void
flowcap_free(struct flowcap *fc)
{
	for (size_t i = 0; i < fc->nsegs; i++)
		free(fc->segs[i].data);
	free(fc->segs);
	memset(fc, 0, sizeof(*fc));
}

struct pending {
	uint8_t		*buf;		/* bytes not consumed yet */
	uint32_t	 len;
	uint32_t	 need;		/* call again once len >= need */
	bool		 started;
	bool		 failed;
};

/* Hands p->buf to the parser in an exact-size copy (ASan sees any read
 * past the chunk) and drops what it consumed. */
static int
deliver(const struct applayer_parser *ap, void *state, struct pending *p,
    uint8_t dir, uint8_t flags, long *calls)
{
	struct applayer_chunk c;
	struct applayer_result r;
	uint8_t *copy;

	if (p->failed || (p->len < p->need && (flags & APPLAYER_CHUNK_EOF) ==
	    0))
		return 0;
	copy = malloc(p->len > 0 ? p->len : 1);
	FC_CHECK((copy) != NULL);
	memcpy(copy, p->buf, p->len);
	memset(&c, 0, sizeof(c));
	c.data = copy;
	c.len = p->len;
	c.dir = dir;
	c.flags = flags | (p->started ? 0 : APPLAYER_CHUNK_START);
	p->started = true;
	r = ap->parse(state, &c);
	(*calls)++;
	free(copy);
	switch (r.status) {
	case APPLAYER_OK:
		p->len = 0;
		p->need = 0;
		return 0;
	case APPLAYER_INCOMPLETE:
		FC_CHECK((r.consumed) <= (p->len));
		FC_CHECK((r.needed) > (0));
		memmove(p->buf, p->buf + r.consumed, p->len - r.consumed);
		p->len -= r.consumed;
		p->need = p->len + r.needed;
		return 0;
	default:
		p->failed = true;
		return -1;
	}
}

long
flowcap_feed(const struct flowcap *fc, const struct applayer_parser *ap,
    void *state, uint32_t chunk)
{
	struct pending pend[2];
	long calls = 0;
	int rc = 0;

	memset(pend, 0, sizeof(pend));
	for (size_t i = 0; i < fc->nsegs; i++) {
		const struct flowcap_seg *s = &fc->segs[i];
		struct pending *p = &pend[s->dir];

		if (fc->udp) {
			struct applayer_chunk c;
			struct applayer_result r;
			uint8_t *copy = malloc(s->len > 0 ? s->len : 1);

			FC_CHECK((copy) != NULL);
			memcpy(copy, s->data, s->len);
			memset(&c, 0, sizeof(c));
			c.data = copy;
			c.len = s->len;
			c.dir = s->dir;
			c.flags = APPLAYER_CHUNK_DGRAM;
			r = ap->parse(state, &c);
			calls++;
			free(copy);
			if (r.status == APPLAYER_ERROR)
				rc = -1;
			continue;
		}
		for (uint32_t off = 0; off < s->len; off += chunk) {
			uint32_t n = s->len - off < chunk ? s->len - off : chunk;

			FC_CHECK((p->len + n) <= (FLOWCAP_MAX_PENDING));
			p->buf = realloc(p->buf, p->len + n);
			FC_CHECK((p->buf) != NULL);
			memcpy(p->buf + p->len, s->data + off, n);
			p->len += n;
			if (deliver(ap, state, p, s->dir, 0, &calls) == -1)
				rc = -1;
		}
	}
	for (uint8_t d = 0; d < 2 && !fc->udp; d++) {
		if (pend[d].started && deliver(ap, state, &pend[d], d,
		    APPLAYER_CHUNK_EOF, &calls) == -1)
			rc = -1;
		free(pend[d].buf);
	}
	return rc == -1 ? -1 : calls;
}
