#include "core/base.h"

#include <netinet/in.h>
#include <strings.h>

#include "core/packet.h"
#include "detect/buffer.h"
#include "detect/keywords/base64_decode.h"
#include "detect/keywords/content.h"
#include "detect/keywords/keyword.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"
#include "stream/stream.h"

#define ICMPV4_HDR_LEN		8
#define ICMPV4_TIMESTAMP_LEN	12	/* three 32-bit timestamps */
#define ICMPV6_HDR_LEN		8
#define UDP_HDR_LEN		8

static const struct detect_buffer *buffer_find(const char *, size_t, bool);
static int	buffer_sticky_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	buffer_payload(const struct packet *, const uint8_t **,
		    uint32_t *);
static bool	buffer_ipv4_hdr(const struct packet *, const uint8_t **,
		    uint32_t *);
static bool	buffer_ipv6_hdr(const struct packet *, const uint8_t **,
		    uint32_t *);
static bool	buffer_tcp_hdr(const struct packet *, const uint8_t **,
		    uint32_t *);
static bool	buffer_udp_hdr(const struct packet *, const uint8_t **,
		    uint32_t *);
static bool	buffer_icmpv4_hdr(const struct packet *, const uint8_t **,
		    uint32_t *);
static bool	buffer_icmpv6_hdr(const struct packet *, const uint8_t **,
		    uint32_t *);
static bool	buffer_base64(const struct packet *, const uint8_t **,
		    uint32_t *);
static bool	buffer_stream(const struct packet *, const uint8_t **,
		    uint32_t *);
static bool	buffer_l4_in_packet(const struct packet *, uint32_t);
static bool	buffer_ip_hdr(const struct packet *, uint8_t, const uint8_t **,
		    uint32_t *);

#define STICKY(n, d)	{ .name = (n), .desc = (d), \
	.flags = KEYWORD_VALUE_NONE, .setup = buffer_sticky_setup }

/* The buffer table. pkt_data also has its own keyword file (the
 * default buffer); the others' sticky keywords are the kw members. */
static const struct detect_buffer buffers[DETECT_BUFFER_MAX] = {
	[DETECT_BUFFER_PAYLOAD] = {
		.name = "pkt_data", .scope = DETECT_BUFFER_SCOPE_PACKET,
		.dirs = DETECT_BUFFER_BOTH, .fp_priority = 3,
		.get_pkt = buffer_payload,
		.kw = STICKY("pkt_data", "the packet payload"),
	},
	[DETECT_BUFFER_IPV4_HDR] = {
		.name = "ipv4.hdr", .scope = DETECT_BUFFER_SCOPE_PACKET,
		.dirs = DETECT_BUFFER_BOTH, .fp_priority = 2,
		.ip_versions = RULE_IPV4, .get_pkt = buffer_ipv4_hdr,
		.kw = STICKY("ipv4.hdr", "sticky buffer: the IPv4 header "
		    "with its options"),
	},
	[DETECT_BUFFER_IPV6_HDR] = {
		.name = "ipv6.hdr", .scope = DETECT_BUFFER_SCOPE_PACKET,
		.dirs = DETECT_BUFFER_BOTH, .fp_priority = 2,
		.ip_versions = RULE_IPV6, .get_pkt = buffer_ipv6_hdr,
		.kw = STICKY("ipv6.hdr", "sticky buffer: the IPv6 header "
		    "with its extension headers"),
	},
	[DETECT_BUFFER_TCP_HDR] = {
		.name = "tcp.hdr", .scope = DETECT_BUFFER_SCOPE_PACKET,
		.dirs = DETECT_BUFFER_BOTH, .fp_priority = 2,
		.ipproto = IPPROTO_TCP, .get_pkt = buffer_tcp_hdr,
		.kw = STICKY("tcp.hdr", "sticky buffer: the TCP header "
		    "with its options"),
	},
	[DETECT_BUFFER_UDP_HDR] = {
		.name = "udp.hdr", .scope = DETECT_BUFFER_SCOPE_PACKET,
		.dirs = DETECT_BUFFER_BOTH, .fp_priority = 2,
		.ipproto = IPPROTO_UDP, .get_pkt = buffer_udp_hdr,
		.kw = STICKY("udp.hdr", "sticky buffer: the UDP header"),
	},
	[DETECT_BUFFER_ICMPV4_HDR] = {
		.name = "icmpv4.hdr", .scope = DETECT_BUFFER_SCOPE_PACKET,
		.dirs = DETECT_BUFFER_BOTH, .fp_priority = 2,
		.ip_versions = RULE_IPV4, .ipproto = IPPROTO_ICMP,
		.get_pkt = buffer_icmpv4_hdr,
		.kw = STICKY("icmpv4.hdr", "sticky buffer: the ICMPv4 "
		    "header"),
	},
	[DETECT_BUFFER_ICMPV6_HDR] = {
		.name = "icmpv6.hdr", .scope = DETECT_BUFFER_SCOPE_PACKET,
		.dirs = DETECT_BUFFER_BOTH, .fp_priority = 2,
		.ip_versions = RULE_IPV6, .ipproto = IPPROTO_ICMPV6,
		.get_pkt = buffer_icmpv6_hdr,
		.kw = STICKY("icmpv6.hdr", "sticky buffer: the ICMPv6 "
		    "header"),
	},
	[DETECT_BUFFER_BASE64_DATA] = {
		/* no prefilter: the bytes exist only while a rule runs */
		.name = "base64_data", .scope = DETECT_BUFFER_SCOPE_PACKET,
		.dirs = DETECT_BUFFER_BOTH, .fp_priority = 0,
		.get_pkt = buffer_base64,
		.kw = STICKY("base64_data", "sticky buffer: what the rule's "
		    "base64_decode decoded"),
	},
	[DETECT_BUFFER_STREAM] = {
		.name = "stream", .scope = DETECT_BUFFER_SCOPE_STREAM,
		.dirs = DETECT_BUFFER_BOTH, .ipproto = IPPROTO_TCP,
		.get_pkt = buffer_stream, .internal = true,
		.desc = "the reassembled TCP stream (pkt_data of tcp rules)",
	},
};

/* Buffers registered at start-up, ids DETECT_BUFFER_MAX on. */
static struct detect_buffer registered[DETECT_BUFFER_LIMIT - DETECT_BUFFER_MAX];
static unsigned nregistered;
/* ids of the registered buffers with a tx_inspected hook, so a packet
 * with live transactions walks these few, not every buffer */
static unsigned windowed[DETECT_BUFFER_LIMIT - DETECT_BUFFER_MAX];
static unsigned nwindowed;

static bool
buffer_payload(const struct packet *p, const uint8_t **buf, uint32_t *len)
{
	*buf = p->payload;
	*len = p->payload != NULL ? p->payload_len : 0;
	return *len > 0;
}

/* The stream's first piece when the packet comes with raw stream data,
 * else the payload of a packet the stream did not take (Suricata's
 * PrefilterPktStream); the engine scans every piece itself. */
static bool
buffer_stream(const struct packet *p, const uint8_t **buf, uint32_t *len)
{
	if (p->raw != NULL && p->raw->nblocks > 0) {
		*buf = p->raw->blocks[0].data;
		*len = p->raw->blocks[0].len;
		return *len > 0;
	}
	if (p->stream_flags & PKT_STREAM_ADDED)
		return false;
	return buffer_payload(p, buf, len);
}

/* Whether the L4 header of hlen bytes lies within the captured bytes
 * (Suricata's "data out of range" check of the header buffers). */
static bool
buffer_l4_in_packet(const struct packet *p, uint32_t hlen)
{
	return p->l4 != NULL && p->l4 >= p->data &&
	    (size_t)(p->l4 - p->data) + hlen <= p->len;
}

/* The IP header of version v: at p->l3, which follows any link layer
 * (data starts at the Ethernet header of a capture). */
static bool
buffer_ip_hdr(const struct packet *p, uint8_t v, const uint8_t **buf,
    uint32_t *len)
{
	const uint8_t *l3 = p->l3 != NULL ? p->l3 : p->data;

	if (p->ip_version != v || p->ip_hdr_len == 0 || l3 < p->data ||
	    (size_t)(l3 - p->data) + p->ip_hdr_len > p->len)
		return false;
	*buf = l3;
	*len = p->ip_hdr_len;
	return true;
}

static bool
buffer_ipv4_hdr(const struct packet *p, const uint8_t **buf, uint32_t *len)
{
	return buffer_ip_hdr(p, 4, buf, len);
}

static bool
buffer_ipv6_hdr(const struct packet *p, const uint8_t **buf, uint32_t *len)
{
	return buffer_ip_hdr(p, 6, buf, len);
}

static bool
buffer_tcp_hdr(const struct packet *p, const uint8_t **buf, uint32_t *len)
{
	if (p->proto != IPPROTO_TCP || !p->l4_valid ||
	    !buffer_l4_in_packet(p, p->l4_hdr_len))
		return false;
	*buf = p->l4;
	*len = p->l4_hdr_len;
	return true;
}

static bool
buffer_udp_hdr(const struct packet *p, const uint8_t **buf, uint32_t *len)
{
	if (p->proto != IPPROTO_UDP || !p->l4_valid ||
	    !buffer_l4_in_packet(p, UDP_HDR_LEN))
		return false;
	*buf = p->l4;
	*len = UDP_HDR_LEN;
	return true;
}

/* Suricata's ICMPv4 header length: 8 bytes, plus the timestamps of a
 * timestamp request/reply and the addresses of a router advertisement
 * when the message holds them. */
static bool
buffer_icmpv4_hdr(const struct packet *p, const uint8_t **buf, uint32_t *len)
{
	uint32_t hlen = ICMPV4_HDR_LEN, avail;

	if (p->ip_version != 4 || p->proto != IPPROTO_ICMP || !p->l4_valid ||
	    !buffer_l4_in_packet(p, ICMPV4_HDR_LEN))
		return false;
	avail = p->len - (uint32_t)(p->l4 - p->data);
	if (p->payload != NULL && p->payload >= p->l4)
		avail = (uint32_t)(p->payload - p->l4) + p->payload_len;
	switch (p->icmp_type) {
	case 13:	/* timestamp */
	case 14:	/* timestamp reply */
		if (avail >= ICMPV4_HDR_LEN + ICMPV4_TIMESTAMP_LEN)
			hlen += ICMPV4_TIMESTAMP_LEN;
		break;
	case 9: {	/* router advertisement: naddr * addr_sz words */
		uint32_t adv = (uint32_t)p->l4[4] * p->l4[5] * 4;

		if (avail >= ICMPV4_HDR_LEN + adv)
			hlen += adv;
		break;
	}
	default:
		break;
	}
	if (!buffer_l4_in_packet(p, hlen))
		return false;
	*buf = p->l4;
	*len = hlen;
	return true;
}

/* The bytes the rule's base64_decode just decoded (this thread's). */
static bool
buffer_base64(const struct packet *p, const uint8_t **buf, uint32_t *len)
{
	(void)p;
	return detect_base64_decoded(buf, len);
}

static bool
buffer_icmpv6_hdr(const struct packet *p, const uint8_t **buf, uint32_t *len)
{
	if (p->ip_version != 6 || p->proto != IPPROTO_ICMPV6 ||
	    !p->l4_valid || !buffer_l4_in_packet(p, ICMPV6_HDR_LEN))
		return false;
	*buf = p->l4;
	*len = ICMPV6_HDR_LEN;
	return true;
}

const struct detect_buffer *
detect_buffer_get(unsigned id)
{
	if (id < DETECT_BUFFER_MAX)
		return &buffers[id];
	if (id - DETECT_BUFFER_MAX < nregistered)
		return &registered[id - DETECT_BUFFER_MAX];
	return NULL;
}

int
detect_buffer_register(const struct detect_buffer *b)
{
	struct detect_buffer *n;

	if (b->name == NULL || detect_buffer_lookup(b->name,
	    strlen(b->name)) != NULL || (b->alias != NULL &&
	    detect_buffer_lookup(b->alias, strlen(b->alias)) != NULL) ||
	    nregistered == QUELL_NITEMS(registered) ||
	    (b->scope == DETECT_BUFFER_SCOPE_TX && b->get_tx == NULL &&
	    b->get_tx_multi == NULL))
		return -1;
	n = &registered[nregistered];
	*n = *b;
	memset(&n->kw, 0, sizeof(n->kw));
	n->kw.name = n->name;
	n->kw.desc = n->desc != NULL ? n->desc : "sticky buffer";
	n->kw.flags = KEYWORD_VALUE_NONE;
	n->kw.setup = buffer_sticky_setup;
	if (n->tx_inspected != NULL)
		windowed[nwindowed++] = DETECT_BUFFER_MAX + nregistered;
	return (int)(DETECT_BUFFER_MAX + nregistered++);
}

const unsigned *
detect_buffer_windowed(size_t *n)
{
	*n = nwindowed;
	return windowed;
}

bool
detect_buffer_get_pkt(unsigned id, const struct packet *p,
    const uint8_t **buf, uint32_t *len)
{
	const struct detect_buffer *b = detect_buffer_get(id);

	*buf = NULL;
	*len = 0;
	if (b == NULL || b->get_pkt == NULL)
		return false;
	if (!b->get_pkt(p, buf, len) || *len == 0) {
		*len = 0;
		return false;
	}
	return true;
}

static const struct detect_buffer *
buffer_find(const char *name, size_t len, bool internal)
{
	for (size_t i = 0; i < DETECT_BUFFER_MAX; i++)
		if ((internal || !buffers[i].internal) &&
		    strlen(buffers[i].name) == len &&
		    strncasecmp(buffers[i].name, name, len) == 0)
			return &buffers[i];
	for (size_t i = 0; i < nregistered; i++) {
		const char *a = registered[i].alias;

		if (!internal && registered[i].internal)
			continue;
		if ((strlen(registered[i].name) == len &&
		    strncasecmp(registered[i].name, name, len) == 0) ||
		    (a != NULL && strlen(a) == len &&
		    strncasecmp(a, name, len) == 0))
			return &registered[i];
	}
	return NULL;
}

const struct detect_buffer *
detect_buffer_by_name(const char *name, size_t len)
{
	return buffer_find(name, len, false);
}

const struct detect_buffer *
detect_buffer_lookup(const char *name, size_t len)
{
	return buffer_find(name, len, true);
}

/* Frame buffers are named "frame:<proto>.<type>". */
#define FRAME_PREFIX	"frame:"

const struct detect_buffer *
detect_buffer_frame_lookup(const char *name, size_t len, uint16_t alproto)
{
	size_t pl = strlen(FRAME_PREFIX);

	for (size_t i = 0; i < nregistered; i++) {
		const struct detect_buffer *b = &registered[i];
		const char *full, *dot;

		if (b->scope != DETECT_BUFFER_SCOPE_FRAME ||
		    strncmp(b->name, FRAME_PREFIX, pl) != 0)
			continue;
		full = b->name + pl;
		if (strlen(full) == len && strncasecmp(full, name, len) == 0)
			return b;
		if (alproto != 0 && b->alproto == alproto &&
		    (dot = strchr(full, '.')) != NULL &&
		    strlen(dot + 1) == len &&
		    strncasecmp(dot + 1, name, len) == 0)
			return b;
	}
	return NULL;
}

unsigned
detect_buffer_id_of(const struct detect_buffer *b)
{
	return b >= buffers && b < buffers + DETECT_BUFFER_MAX ?
	    (unsigned)(b - buffers) :
	    (unsigned)(DETECT_BUFFER_MAX + (b - registered));
}

const struct keyword *
detect_buffer_sticky_lookup(const char *name, size_t len)
{
	const struct detect_buffer *b = detect_buffer_by_name(name, len);

	return b != NULL ? &b->kw : NULL;
}

static int
buffer_sticky_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	const struct detect_buffer *b = detect_buffer_by_name(opt->name,
	    opt->name_len);

	if (b == NULL)
		return -1;
	/* Suricata: base64_data inspects what base64_decode decoded, so it
	 * needs one before it; no transforms after it (its bytes change
	 * with each base64_decode) */
	if (b == &buffers[DETECT_BUFFER_BASE64_DATA] &&
	    rules_rule_last_match(r, &kw_base64_decode) == NULL) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "base64_data needs a base64_decode before it");
		return -1;
	}
	if (b->ipproto != 0 && !rules_rule_has_proto(r, b->ipproto)) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "'%s' needs a rule whose protocol includes %s", b->name,
		    b->ipproto == IPPROTO_TCP ? "tcp" :
		    b->ipproto == IPPROTO_UDP ? "udp" :
		    b->ipproto == IPPROTO_ICMP ? "icmp" : "icmpv6");
		return -1;
	}
	if (b->ip_versions != 0) {
		if (!(r->ip_versions & b->ip_versions)) {
			rules_parser_error(p, opt->name_off, opt->name,
			    opt->name_len, "'%s' conflicts with the rule's "
			    "IP version", b->name);
			return -1;
		}
		r->ip_versions &= b->ip_versions;
	}
	/* a transaction buffer makes the rule one of its protocol, as
	 * Suricata's DetectSignatureSetAppProto: one protocol per rule */
	if (b->scope == DETECT_BUFFER_SCOPE_TX && b->alproto != 0) {
		if (r->alproto != 0 && r->alproto != b->alproto) {
			rules_parser_error(p, opt->name_off, opt->name,
			    opt->name_len, "'%s' belongs to another app-layer "
			    "protocol than the rule's", b->name);
			return -1;
		}
		r->alproto = (uint8_t)b->alproto;
	}
	r->buffer = (uint8_t)(b >= buffers && b < buffers + DETECT_BUFFER_MAX ?
	    b - buffers : DETECT_BUFFER_MAX + (b - registered));
	r->xchain = 0;
	r->xforms_ok = b != &buffers[DETECT_BUFFER_BASE64_DATA];
	return 0;
}

int
detect_buffer_move_last_content(struct rule *r, enum detect_buffer_id id)
{
	for (size_t i = r->nmatches; i-- > 0;) {
		struct rule_match *m = &r->matches[i];

		if (m->list != RULE_LIST_BUFFER || m->kw != &kw_content)
			continue;
		if (m->buffer != DETECT_BUFFER_PAYLOAD)
			return -1;
		m->buffer = (uint8_t)id;
		return 0;
	}
	return -1;
}

static unsigned
buffer_id(const struct detect_buffer *b)
{
	return b >= buffers && b < buffers + DETECT_BUFFER_MAX ?
	    (unsigned)(b - buffers) :
	    (unsigned)(DETECT_BUFFER_MAX + (b - registered));
}

int
detect_buffer_attach(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt, struct rule_match *m, const char *name)
{
	const struct detect_buffer *b = detect_buffer_lookup(name,
	    strlen(name));

	if (b == NULL) {
		rules_parser_unsupported(p, name, opt->name_off, opt->name,
		    opt->name_len, "buffer '%s' does not exist", name);
		return -1;
	}
	if (b->scope == DETECT_BUFFER_SCOPE_TX && b->alproto != 0) {
		if (r->alproto != 0 && r->alproto != b->alproto) {
			rules_parser_error(p, opt->name_off, opt->name,
			    opt->name_len, "'%.*s' belongs to another "
			    "app-layer protocol than the rule's",
			    (int)opt->name_len, opt->name);
			return -1;
		}
		r->alproto = (uint8_t)b->alproto;
	}
	m->list = RULE_LIST_BUFFER;
	m->buffer = (uint8_t)buffer_id(b);
	m->xchain = 0;
	return 0;
}

int
detect_buffer_modifier(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt, struct rule_match *m, const char *name)
{
	/* Suricata: "can't be used with sticky buffer" */
	if (r->buffer != DETECT_BUFFER_PAYLOAD || m->list != RULE_LIST_BUFFER ||
	    m->buffer != DETECT_BUFFER_PAYLOAD || m->xchain != 0) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "'%.*s' cannot follow a sticky buffer", (int)opt->name_len,
		    opt->name);
		return -1;
	}
	return detect_buffer_attach(p, r, opt, m, name);
}

int
detect_buffer_modifier_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt, const char *name)
{
	struct rule_match *m;

	if (detect_content_last(p, r, opt, &m) == NULL)
		return -1;
	return detect_buffer_modifier(p, r, opt, m, name);
}
