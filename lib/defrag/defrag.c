#include "core/base.h"

#include <sys/queue.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/events.h"
#include "defrag/defrag.h"
#include "defrag/policy.h"

#define DEFRAG_BUCKETS		4096		/* power of two */
#define DEFRAG_MAX_DATAGRAM	65535		/* IP total length bound */
#define IPV4_HDR_LEN		20
#define IPV6_HDR_LEN		40
#define IPV6_FRAG_HDR_LEN	8

struct defrag_frag {
	TAILQ_ENTRY(defrag_frag) link;		/* arrival order */
	uint32_t		 off;		/* bytes, within the payload */
	uint32_t		 len;
	uint8_t			 data[];
};

struct defrag_tracker {
	LIST_ENTRY(defrag_tracker) hlink;
	TAILQ_ENTRY(defrag_tracker) alink;	/* oldest first */
	TAILQ_HEAD(, defrag_frag) frags;
	struct ip_addr		 src, dst;
	uint32_t		 id;
	uint8_t			 proto;		/* IPv4 protocol; IPv6: 0 */
	uint8_t			 version;
	uint8_t			 depth;
	uint8_t			 vlan_n;
	uint16_t		 vlan[PKT_MAX_VLAN];
	enum defrag_policy	 policy;
	uint32_t		 nfrags;
	uint32_t		 total;		/* payload length, once the last
						   fragment is seen, else 0 */
	bool			 seen_last;
	time_t			 last_sec;
	/* the first fragment's header (IPv4 header with options; IPv6
	 * unfragmentable part), copied once it arrives */
	uint16_t		 hdr_len;
	uint16_t		 nh_off;	/* IPv6: byte holding the next
						   header that named the fragment
						   header, within hdr */
	uint8_t			 frag_nh;	/* IPv6: fragment header's next */
	bool			 have_hdr;
	uint8_t			 hdr[IPV6_HDR_LEN + 256];
};

struct defrag {
	struct defrag_config	 cfg;
	LIST_HEAD(, defrag_tracker) buckets[DEFRAG_BUCKETS];
	TAILQ_HEAD(, defrag_tracker) age;
	struct defrag_stats	 st;
	time_t			 last_expire;
	uint64_t		 seed;
	uint8_t			 out[IPV6_HDR_LEN + 256 + DEFRAG_MAX_DATAGRAM];
	uint16_t		 owner[DEFRAG_MAX_DATAGRAM];
};

static uint32_t	defrag_hash(const struct defrag *, const struct packet *);
static bool	defrag_same(const struct defrag_tracker *,
		    const struct packet *);
static void	defrag_tracker_free(struct defrag *, struct defrag_tracker *);
static enum defrag_policy defrag_policy_for(const struct defrag *,
		    const struct ip_addr *);
static bool	defrag_prefix_match(const struct ip_addr *,
		    const struct ip_addr *, uint8_t);
static int	defrag_build(struct defrag *, struct defrag_tracker *,
		    struct packet *, const struct packet *);

void
defrag_config_default(struct defrag_config *c)
{
	memset(c, 0, sizeof(*c));
	c->enabled = true;
	c->memcap = 32ull << 20;
	c->timeout = 60;
	c->max_frags = 65535;
	c->default_policy = DEFRAG_POLICY_BSD;
}

struct defrag *
defrag_new(const struct defrag_config *cfg)
{
	struct defrag *d = calloc(1, sizeof(*d));

	if (d == NULL)
		return NULL;
	d->cfg = *cfg;
	for (size_t i = 0; i < DEFRAG_BUCKETS; i++)
		LIST_INIT(&d->buckets[i]);
	TAILQ_INIT(&d->age);
	d->seed = 0x9e3779b97f4a7c15ull ^ (uintptr_t)d;
	return d;
}

void
defrag_free(struct defrag *d)
{
	struct defrag_tracker *t;

	if (d == NULL)
		return;
	while ((t = TAILQ_FIRST(&d->age)) != NULL)
		defrag_tracker_free(d, t);
	free(d);
}

static void
defrag_tracker_free(struct defrag *d, struct defrag_tracker *t)
{
	struct defrag_frag *f;

	while ((f = TAILQ_FIRST(&t->frags)) != NULL) {
		TAILQ_REMOVE(&t->frags, f, link);
		d->st.memuse -= sizeof(*f) + f->len;
		free(f);
	}
	LIST_REMOVE(t, hlink);
	TAILQ_REMOVE(&d->age, t, alink);
	d->st.memuse -= sizeof(*t);
	free(t);
}

static uint32_t
defrag_hash(const struct defrag *d, const struct packet *p)
{
	uint64_t h = d->seed ^ p->ip_id ^ ((uint64_t)p->depth << 40);
	const uint8_t *a = (const uint8_t *)&p->src.u, *b =
	    (const uint8_t *)&p->dst.u;

	for (size_t i = 0; i < sizeof(p->src.u); i++)
		h = (h ^ a[i] ^ ((uint64_t)b[i] << 8)) * 0x100000001b3ull;
	return (uint32_t)(h >> 17) & (DEFRAG_BUCKETS - 1);
}

/* IPv4 datagrams are told apart by protocol too (RFC 791); IPv6 ones by
 * addresses and id (RFC 8200). */
static bool
defrag_same(const struct defrag_tracker *t, const struct packet *p)
{
	return t->version == p->ip_version && t->id == p->ip_id &&
	    (p->ip_version == 6 || t->proto == p->proto) &&
	    t->depth == p->depth && t->vlan_n == p->vlan_n &&
	    memcmp(t->vlan, p->vlan, p->vlan_n * sizeof(*p->vlan)) == 0 &&
	    memcmp(&t->src, &p->src, sizeof(t->src)) == 0 &&
	    memcmp(&t->dst, &p->dst, sizeof(t->dst)) == 0;
}

static bool
defrag_prefix_match(const struct ip_addr *net, const struct ip_addr *a,
    uint8_t bits)
{
	const uint8_t *x = net->family == AF_INET ?
	    (const uint8_t *)&net->u.v4 : net->u.v6;
	const uint8_t *y = a->family == AF_INET ?
	    (const uint8_t *)&a->u.v4 : a->u.v6;
	uint8_t full = bits / 8, rest = bits % 8;

	if (net->family != a->family)
		return false;
	if (memcmp(x, y, full) != 0)
		return false;
	return rest == 0 ||
	    ((x[full] ^ y[full]) & (uint8_t)(0xff << (8 - rest))) == 0;
}

/* The most specific host-os-policy entry for the destination. */
static enum defrag_policy
defrag_policy_for(const struct defrag *d, const struct ip_addr *dst)
{
	enum defrag_policy pol = d->cfg.default_policy;
	int best = -1;

	for (size_t i = 0; i < d->cfg.nhosts; i++) {
		const struct defrag_host_policy *h = &d->cfg.hosts[i];

		if (h->prefix > best && defrag_prefix_match(&h->addr, dst,
		    h->prefix)) {
			best = h->prefix;
			pol = h->policy;
		}
	}
	return pol;
}

void
defrag_expire(struct defrag *d, const struct timespec *now)
{
	struct defrag_tracker *t;

	if (now->tv_sec == d->last_expire)
		return;
	d->last_expire = now->tv_sec;
	while ((t = TAILQ_FIRST(&d->age)) != NULL &&
	    now->tv_sec - t->last_sec > (time_t)d->cfg.timeout) {
		d->st.timeouts++;
		defrag_tracker_free(d, t);
	}
}

int
defrag_packet(struct defrag *d, struct packet *p, struct packet *out)
{
	struct defrag_tracker *t;
	struct defrag_frag *f;
	const uint8_t *ip = p->l3, *data;
	uint32_t h, off, len, hdr_len, end, avail;
	bool more, v4 = p->ip_version == 4;

	if (!p->is_fragment || ip == NULL)
		return 0;
	avail = p->len - (uint32_t)(ip - p->data);
	if (v4) {
		d->st.ipv4_fragments++;
		hdr_len = p->ip_hdr_len;
		end = decode_be16(ip + 2);
		if (end > avail)
			return 0;	/* cut short: nothing to reassemble */
		more = p->frag_flags & 0x1;
	} else {
		d->st.ipv6_fragments++;
		if (p->frag_hdr_off == 0 || (uint32_t)p->frag_hdr_off + IPV6_FRAG_HDR_LEN >
		    avail)
			return 0;
		hdr_len = p->frag_hdr_off;
		end = IPV6_HDR_LEN + (uint32_t)decode_be16(ip + 4);
		if (end > avail)
			return 0;
		more = ip[p->frag_hdr_off + 3] & 0x1;
		hdr_len += IPV6_FRAG_HDR_LEN;
	}
	if (end < hdr_len)
		return 0;
	data = ip + hdr_len;
	len = end - hdr_len;
	off = (uint32_t)p->frag_offset * 8;
	if (!v4 && more && len % 8 != 0) {
		decode_event_set(p->events, DECODE_EV_IPV6_FRAG_INVALID_LENGTH);
		return 0;
	}
	if (off + len + (v4 ? hdr_len : p->frag_hdr_off) >
	    DEFRAG_MAX_DATAGRAM) {
		decode_event_set(p->events, v4 ?
		    DECODE_EV_IPV4_FRAG_PKT_TOO_LARGE :
		    DECODE_EV_IPV6_FRAG_PKT_TOO_LARGE);
		return 0;
	}

	defrag_expire(d, &p->ts);
	h = defrag_hash(d, p);
	LIST_FOREACH(t, &d->buckets[h], hlink)
		if (defrag_same(t, p))
			break;
	if (t == NULL) {
		if (d->st.memuse + sizeof(*t) > d->cfg.memcap ||
		    (t = calloc(1, sizeof(*t))) == NULL)
			goto ignored;
		d->st.memuse += sizeof(*t);
		TAILQ_INIT(&t->frags);
		t->src = p->src;
		t->dst = p->dst;
		t->id = p->ip_id;
		t->proto = v4 ? p->proto : 0;
		t->version = p->ip_version;
		t->depth = p->depth;
		t->vlan_n = p->vlan_n;
		memcpy(t->vlan, p->vlan, sizeof(t->vlan));
		t->policy = defrag_policy_for(d, &p->dst);
		LIST_INSERT_HEAD(&d->buckets[h], t, hlink);
	} else
		TAILQ_REMOVE(&d->age, t, alink);
	t->last_sec = p->ts.tv_sec;
	TAILQ_INSERT_TAIL(&d->age, t, alink);

	if (t->nfrags >= d->cfg.max_frags ||
	    d->st.memuse + sizeof(*f) + len > d->cfg.memcap ||
	    (f = malloc(sizeof(*f) + len)) == NULL)
		goto ignored;
	d->st.memuse += sizeof(*f) + len;
	f->off = off;
	f->len = len;
	memcpy(f->data, data, len);
	/* any overlap with what is there is Suricata's frag_overlap */
	{
		const struct defrag_frag *o;

		TAILQ_FOREACH(o, &t->frags, link)
			if (off < o->off + o->len && o->off < off + len) {
				decode_event_set(p->events, v4 ?
				    DECODE_EV_IPV4_FRAG_OVERLAP :
				    DECODE_EV_IPV6_FRAG_OVERLAP);
				break;
			}
	}
	TAILQ_INSERT_TAIL(&t->frags, f, link);
	t->nfrags++;
	if (off == 0 && !t->have_hdr) {
		uint32_t keep = v4 ? hdr_len : p->frag_hdr_off;

		if (keep <= sizeof(t->hdr)) {
			memcpy(t->hdr, ip, keep);
			t->hdr_len = (uint16_t)keep;
			t->have_hdr = true;
			if (!v4) {
				/* the next-header byte that names the
				 * fragment header: the fixed header's or
				 * the previous extension header's */
				uint32_t nh = 6, o = IPV6_HDR_LEN;
				uint8_t type = ip[6];

				while (o < p->frag_hdr_off &&
				    type != IPPROTO_FRAGMENT) {
					nh = o;
					type = ip[o];
					o += type == IPPROTO_AH ?
					    ((uint32_t)ip[o + 1] + 2) * 4 :
					    ((uint32_t)ip[o + 1] + 1) * 8;
				}
				t->nh_off = (uint16_t)nh;
				t->frag_nh = ip[p->frag_hdr_off];
			}
		}
	}
	if (!more) {
		t->seen_last = true;
		t->total = off + len;
	}
	if (!t->seen_last || !t->have_hdr)
		return 0;
	return defrag_build(d, t, out, p);
ignored:
	decode_event_set(p->events, v4 ? DECODE_EV_IPV4_FRAG_IGNORED :
	    DECODE_EV_IPV6_FRAG_IGNORED);
	d->st.memcap_hits++;
	return 0;
}

/* When the fragments cover [0, total): writes the datagram to d->out,
 * each byte from the fragment the policy keeps, frees the tracker and
 * fills out. 0 while a hole remains. */
static int
defrag_build(struct defrag *d, struct defrag_tracker *t, struct packet *out,
    const struct packet *p)
{
	const struct defrag_frag *f, **v;
	uint8_t *pl = d->out + t->hdr_len;
	uint32_t covered = 0, total = t->total, n = 0;
	bool v4 = t->version == 4;

	if ((v = calloc(t->nfrags, sizeof(*v))) == NULL)
		return 0;	/* tried again with the next fragment */
	memset(d->owner, 0, total * sizeof(d->owner[0]));
	/* fragments in arrival order; owner[i] is 1 + the index in v of the
	 * fragment whose byte i holds */
	TAILQ_FOREACH(f, &t->frags, link) {
		uint32_t end = f->off + f->len;

		v[n++] = f;
		if (end > total)
			end = total;	/* past a (lying) last fragment */
		for (uint32_t i = f->off; i < end; i++) {
			uint16_t w = d->owner[i];

			if (w != 0) {
				const struct defrag_frag *o = v[w - 1];

				if (!defrag_policy_new_wins(t->policy, f->off,
				    f->off + f->len, o->off, o->off + o->len))
					continue;
			} else
				covered++;
			d->owner[i] = (uint16_t)n;
			pl[i] = f->data[i - f->off];
		}
	}
	free(v);
	if (covered < total)
		return 0;

	memcpy(d->out, t->hdr, t->hdr_len);
	if (v4) {
		uint32_t tot = t->hdr_len + total;

		d->out[2] = (uint8_t)(tot >> 8);
		d->out[3] = (uint8_t)tot;
		d->out[6] &= 0x40;	/* keep DF, clear MF and offset */
		d->out[7] = 0;
		d->out[10] = d->out[11] = 0;	/* checksum not recomputed */
		d->st.ipv4_reassembled++;
	} else {
		uint32_t plen = t->hdr_len - IPV6_HDR_LEN + total;

		d->out[4] = (uint8_t)(plen >> 8);
		d->out[5] = (uint8_t)plen;
		d->out[t->nh_off] = t->frag_nh;
		d->st.ipv6_reassembled++;
	}
	memset(out, 0, sizeof(*out));
	out->data = d->out;
	out->len = t->hdr_len + total;
	out->wire_len = out->len;
	out->ts = p->ts;
	out->queue = p->queue;
	out->nfq_id = p->nfq_id;
	out->mark = p->mark;
	out->has_ctmark = p->has_ctmark;
	out->ctmark = p->ctmark;
	out->hook = p->hook;
	out->link = v4 ? PKT_LINK_IPV4 : PKT_LINK_IPV6;
	out->pkt_src = PKT_SRC_DEFRAG;
	out->depth = p->depth;
	out->root = p->root;
	defrag_tracker_free(d, t);
	return 1;
}

void
defrag_stats(const struct defrag *d, struct defrag_stats *st)
{
	*st = d->st;
}
