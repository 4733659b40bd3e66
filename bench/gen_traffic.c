/* gen-traffic: writes a synthetic Ethernet capture for benchmarks and
 * quelld -r runs. The same seed always gives the same file, byte for byte:
 * all randomness comes from one xorshift64* generator, timestamps start at
 * a fixed epoch, and nothing depends on the clock or the locale.
 *
 * Usage: gen-traffic [--seed N] [--packets N] [--mix http|mixed] -o FILE
 *
 * Traffic, addressed only from 198.18.0.0/15 and 2001:2::/48 (benchmark
 * ranges, RFC 2544 and RFC 5180), a fifth of flows over IPv6:
 *  - HTTP/1.1 over TCP: handshake, one or more request/response exchanges
 *    (varied URIs, headers, bodies), delayed ACKs, FIN teardown;
 *  - TLS 1.3-shaped flows: a well-formed ClientHello with SNI, ServerHello,
 *    then pseudo-random application-data records;
 *  - DNS over UDP/53 (A, AAAA, HTTPS; CNAME chains, NXDOMAIN);
 *  - small UDP: NTP exchanges, syslog and statsd datagrams;
 *  - ICMP/ICMPv6 echo request/reply.
 * Every checksum is computed. TCP segments carry at most 1448 bytes over
 * IPv4 (MSS 1460 less the timestamp option) and 1428 over IPv6, so frames
 * fit a 1500-byte MTU. Up to 512 flows (fewer for small captures) run
 * concurrently and their packets interleave in time order; a finished flow
 * is replaced by a new one, and every flow completes within --packets.
 *
 * Standalone: it uses libpcap to write the file and nothing from libquell.
 */
#include "core/base.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <time.h>

#include <pcap/pcap.h>

#define GEN_EPOCH		1704067200	/* 2024-01-01T00:00:00Z */
#define GEN_NTP_UNIX_OFFSET	2208988800u	/* 1900 to 1970, seconds */
#define GEN_DEFAULT_PACKETS	10000
#define GEN_MAX_PACKETS		1000000000ULL
#define GEN_CONCURRENCY		512		/* flows open at once, at most */
#define GEN_CONCURRENCY_MIN	16
#define GEN_PACKETS_PER_SLOT	256		/* fewer flows for small captures */
#define GEN_CLIENTS		1000
#define GEN_SERVERS		64
#define GEN_POOL_SIZE		(256 * 1024)	/* text and random pools */
#define GEN_FRAME_MAX		2048
#define GEN_MSS4		1448	/* payload per segment: 1460 - 12 */
#define GEN_MSS6		1428	/* 1440 - 12 */
#define GEN_CWND_INIT		10	/* segments in the first flight */
#define GEN_CWND_MAX		128
#define GEN_TLS_RECORD_MAX	16401	/* 2^14 + type byte + 16-byte tag */
#define GEN_BUILD_ATTEMPTS	4

#define ETH_HDR_LEN		14
#define IPV4_HDR_LEN		20
#define IPV6_HDR_LEN		40
#define TCP_SYN_HDR_LEN		40	/* MSS, SACK_PERM, TS, NOP, WS */
#define TCP_HDR_LEN		32	/* NOP, NOP, TS */

#define PROTO_ICMP		1
#define PROTO_TCP		6
#define PROTO_UDP		17
#define PROTO_ICMPV6		58

#define TCP_FIN			0x01
#define TCP_SYN			0x02
#define TCP_PSH			0x08
#define TCP_ACK			0x10

enum gen_kind {
	GEN_HTTP,
	GEN_TLS,
	GEN_DNS,
	GEN_UDP,
	GEN_ICMP,
	GEN_NKINDS,
};

enum gen_mix {
	GEN_MIX_HTTP,
	GEN_MIX_MIXED,
};

enum http_body {
	HTTP_BODY_NONE,
	HTTP_BODY_HTML,
	HTTP_BODY_JSON,
	HTTP_BODY_TEXT,
	HTTP_BODY_BINARY,
};

struct rng {
	uint64_t	 s;
};

/* A growable byte buffer: streams, message builders, scratch. */
struct buf {
	uint8_t		*b;
	size_t		 len;
	size_t		 cap;
};

struct host {
	uint8_t		 v4[4];
	uint8_t		 v6[16];
	uint8_t		 mac[6];
	uint16_t	 next_port;	/* ephemeral ports, in turn */
	uint8_t		 ttl;		/* as it arrives at the capture point */
	char		 name[64];
};

/* One side of a flow; ep[0] is the client, near the capture point. */
struct endpoint {
	uint8_t		 mac[6];
	uint8_t		 addr[16];	/* IPv4 in the first 4 bytes */
	uint16_t	 port;
	uint8_t		 ttl;
	uint16_t	 ip_id;
	uint32_t	 flow_label;
	uint32_t	 nxt;		/* next sequence number to send */
	uint32_t	 ts_base;	/* TCP timestamp clock offset */
	uint32_t	 ts_last;	/* last TSval sent, the peer's TSecr */
	uint16_t	 win;		/* scaled window after the handshake */
	uint16_t	 syn_win;
};

/* One packet to send: dir 0 is client to server. Payload is
 * stream[dir][off .. off + len). gap_us is the time since the flow's
 * previous packet. aux is the ICMP echo sequence number. */
struct step {
	uint32_t	 off;
	uint32_t	 len;
	uint32_t	 gap_us;
	uint16_t	 aux;
	uint8_t		 dir;
	uint8_t		 flags;
};

struct flow {
	uint64_t	 id;
	uint64_t	 next_us;	/* time of steps[next] */
	uint64_t	 start_us;
	enum gen_kind	 kind;
	bool		 v6;
	uint8_t		 proto;
	uint16_t	 icmp_id;
	uint32_t	 rtt_us;
	uint32_t	 cwnd[2];
	size_t		 queued[2];	/* stream bytes already in steps */
	struct endpoint	 ep[2];
	struct buf	 stream[2];
	struct step	*steps;
	size_t		 nsteps;
	size_t		 cap;
	size_t		 next;
};

struct http_plan {
	int		 status;
	const char	*reason;
	const char	*ctype;
	enum http_body	 body;
	uint32_t	 body_len;
	bool		 set_cookie;
	bool		 cacheable;
	bool		 redirect;
};

struct gen {
	struct rng	 rng;
	enum gen_mix	 mix;
	uint64_t	 now_us;	/* since GEN_EPOCH */
	uint64_t	 target;	/* packets to write */
	uint64_t	 reserved;	/* written + still queued in flows */
	uint64_t	 next_flow_id;
	size_t		 concurrency;
	uint64_t	 bytes;
	uint64_t	 packets;
	uint64_t	 flows[GEN_NKINDS];
	uint64_t	 kind_packets[GEN_NKINDS];
	uint64_t	 flows_v6;
	struct host	 clients[GEN_CLIENTS];
	struct host	 servers[GEN_SERVERS];
	struct host	 resolvers[2];
	uint8_t		 text[GEN_POOL_SIZE];
	uint8_t		 rnd[GEN_POOL_SIZE];
	struct buf	 scratch;
	struct flow	**heap;
	size_t		 nheap;
	pcap_dumper_t	*dump;
	uint8_t		 frame[GEN_FRAME_MAX];
};

static const uint8_t gateway_mac[6] = { 0x02, 0, 0, 0, 0, 0x01 };

static const char *const words[] = {
	"account", "alpha", "apple", "archive", "banner", "blog", "cart",
	"catalog", "cloud", "comment", "delta", "docs", "echo", "event",
	"feed", "forum", "gallery", "garden", "help", "home", "image", "item",
	"kernel", "label", "lemon", "login", "mail", "map", "media", "metric",
	"news", "note", "order", "orange", "page", "photo", "portal", "post",
	"price", "profile", "query", "radio", "river", "report", "review",
	"search", "shop", "sport", "status", "stock", "store", "stream",
	"summer", "table", "tag", "ticket", "topic", "travel", "user",
	"video", "weather", "widget", "wiki", "winter", "zone",
};

static const char *const user_agents[] = {
	"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 "
	    "(KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
	"Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 "
	    "Firefox/121.0",
	"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 "
	    "(KHTML, like Gecko) Version/17.2 Safari/605.1.15",
	"Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) "
	    "AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 "
	    "Mobile/15E148 Safari/604.1",
	"curl/8.5.0",
	"python-requests/2.31.0",
	"Go-http-client/1.1",
};

static const char *const server_names[] = {
	"nginx/1.24.0", "Apache/2.4.58 (Debian)", "Microsoft-IIS/10.0",
	"envoy", "Caddy", "openresty",
};

static const char *const languages[] = {
	"en-US,en;q=0.9", "de-DE,de;q=0.8,en;q=0.5", "fr-FR,fr;q=0.9",
	"ja,en-US;q=0.7,en;q=0.3", "es-ES,es;q=0.9,en;q=0.6",
};

static void	usage(FILE *fp);
static void	die(const char *fmt, ...) QUELL_PRINTF(1, 2)
		    __attribute__((__noreturn__));
static void	*xrealloc(void *p, size_t n);
static void	*xcalloc(size_t n, size_t size);
static int	parse_u64(const char *s, uint64_t max, uint64_t *v);

static uint64_t	rng_next(struct rng *r);
static void	rng_seed(struct rng *r, uint64_t seed);
static uint32_t	rng_below(struct rng *r, uint32_t n);
static uint32_t	rng_range(struct rng *r, uint32_t lo, uint32_t hi);
static bool	rng_pct(struct rng *r, uint32_t pct);
static uint32_t	rng_octaves(struct rng *r, uint32_t lo, uint32_t hi);
static const char *rng_word(struct rng *r);
static void	rng_words(struct rng *r, const char **w, size_t n);

static void	put16(uint8_t *b, uint16_t v);
static void	put32(uint8_t *b, uint32_t v);
static void	buf_grow(struct buf *bf, size_t n);
static uint8_t	*buf_put(struct buf *bf, size_t n);
static void	buf_mem(struct buf *bf, const void *p, size_t n);
static void	buf_u8(struct buf *bf, uint8_t v);
static void	buf_u16(struct buf *bf, uint16_t v);
static void	buf_u32(struct buf *bf, uint32_t v);
static void	buf_str(struct buf *bf, const char *s);
static void	buf_printf(struct buf *bf, const char *fmt, ...)
		    QUELL_PRINTF(2, 3);
static size_t	buf_mark(struct buf *bf, size_t width);
static void	buf_patch(struct buf *bf, size_t pos, size_t width);
static void	buf_pool(struct buf *bf, struct rng *r, const uint8_t *pool,
		    size_t n);
static void	buf_free(struct buf *bf);

static uint64_t	csum_partial(const uint8_t *b, size_t n, uint64_t sum);
static uint16_t	csum_fold(uint64_t sum);

static void	gen_init(struct gen *g, uint64_t seed);
static uint16_t	host_port(struct host *h);
static struct host *pick_server(struct gen *g);
static void	http_date(const struct gen *g, char *out, size_t outlen);

static struct flow *flow_new(struct gen *g, enum gen_kind kind,
		    uint8_t proto, struct host *cli, struct host *srv,
		    uint16_t dport);
static void	flow_free(struct flow *f);
static void	step_add(struct flow *f, uint8_t dir, uint8_t flags,
		    uint32_t off, uint32_t len, uint32_t gap_us, uint16_t aux);
static uint32_t	near_gap(struct gen *g);
static uint32_t	far_gap(struct gen *g, const struct flow *f,
		    uint32_t think_max);
static void	tcp_handshake(struct gen *g, struct flow *f);
static void	tcp_send(struct gen *g, struct flow *f, uint8_t dir,
		    uint32_t first_gap, bool ack_last);
static void	tcp_close(struct gen *g, struct flow *f, uint8_t closer);

static void	body_html(struct gen *g, struct buf *bf, uint32_t target);
static void	body_json(struct gen *g, struct buf *bf, uint32_t target);
static void	body_text(struct gen *g, struct buf *bf, uint32_t target);
static void	http_uri(struct gen *g, struct buf *bf, struct http_plan *pl,
		    bool *post, const char **accept);
static void	http_request(struct gen *g, struct flow *f,
		    const struct host *srv, struct http_plan *pl);
static void	http_response(struct gen *g, struct flow *f,
		    const struct http_plan *pl, bool closing);
static struct flow *build_http(struct gen *g);

static void	tls_records(struct gen *g, struct buf *bf, uint32_t total);
static void	tls_client_hello(struct gen *g, struct buf *bf,
		    const char *sni);
static void	tls_server_hello(struct gen *g, struct buf *bf);
static struct flow *build_tls(struct gen *g);

static void	dns_name(struct buf *bf, const char *name);
static void	dns_opt(struct buf *bf);
static void	dns_pick_name(struct gen *g, char *name, size_t len);
static struct flow *build_dns(struct gen *g);

static void	ntp_packet(struct gen *g, struct buf *bf, bool reply,
		    const uint8_t *orig);
static struct flow *build_udp(struct gen *g, uint64_t limit);
static struct flow *build_icmp(struct gen *g, uint64_t limit);

static enum gen_kind pick_kind(struct gen *g);
static struct flow *build_kind(struct gen *g, enum gen_kind kind,
		    uint64_t limit);
static void	start_flow(struct gen *g, uint64_t start_us);

static bool	heap_less(const struct flow *a, const struct flow *b);
static void	heap_push(struct gen *g, struct flow *f);
static struct flow *heap_pop(struct gen *g);

static uint64_t	pseudo_sum(const struct flow *f, uint8_t dir, uint8_t proto,
		    size_t l4_len);
static size_t	tcp_header(struct gen *g, struct flow *f,
		    const struct step *st, uint8_t *t);
static void	emit(struct gen *g, struct flow *f, const struct step *st);
static void	run(struct gen *g);

/* ---- program plumbing ---- */

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: gen-traffic [--seed N] [--packets N] [--mix http|mixed] "
	    "-o FILE.pcap\n"
	    "  -s, --seed N      PRNG seed (default 1); same seed, same file\n"
	    "  -n, --packets N   packets to write (default %d)\n"
	    "  -m, --mix KIND    http: HTTP-heavy (>= 70%% of packets);\n"
	    "                    mixed: HTTP, TLS, DNS, UDP, ICMP blend "
	    "(default)\n"
	    "  -o, --output FILE pcap to write, - for stdout\n",
	    GEN_DEFAULT_PACKETS);
}

static void
die(const char *fmt, ...)
{
	va_list ap;

	fputs("gen-traffic: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(EXIT_FAILURE);
}

static void *
xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n);

	if (q == NULL)
		die("out of memory");
	return q;
}

static void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n, size);

	if (p == NULL)
		die("out of memory");
	return p;
}

static int
parse_u64(const char *s, uint64_t max, uint64_t *v)
{
	char *end;
	unsigned long long n;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	n = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0' || n > max)
		return -1;
	*v = n;
	return 0;
}

/* ---- randomness ---- */

static uint64_t
rng_next(struct rng *r)
{
	uint64_t x = r->s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	r->s = x;
	return x * 0x2545f4914f6cdd1dULL;
}

/* splitmix64 spreads small seeds over the state; the state is never 0. */
static void
rng_seed(struct rng *r, uint64_t seed)
{
	uint64_t z = seed + 0x9e3779b97f4a7c15ULL;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	r->s = z != 0 ? z : 0x9e3779b97f4a7c15ULL;
}

static uint32_t
rng_below(struct rng *r, uint32_t n)
{
	return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

static uint32_t
rng_range(struct rng *r, uint32_t lo, uint32_t hi)
{
	return lo + rng_below(r, hi - lo + 1);
}

static bool
rng_pct(struct rng *r, uint32_t pct)
{
	return rng_below(r, 100) < pct;
}

/* Roughly log-uniform in [lo, hi]: a uniform octave, then uniform inside
 * it. Integer only, so the output does not depend on libm. */
static uint32_t
rng_octaves(struct rng *r, uint32_t lo, uint32_t hi)
{
	uint32_t n = 0, a;

	while (n < 31 && ((uint64_t)lo << n) < hi)
		n++;
	a = lo << rng_below(r, n > 0 ? n : 1);
	return rng_range(r, a, (uint64_t)a * 2 < hi ? a * 2 : hi);
}

static const char *
rng_word(struct rng *r)
{
	return words[rng_below(r, QUELL_NITEMS(words))];
}

/* n words drawn in order. Draw into locals before formatting: the order
 * in which a call's arguments are evaluated is unspecified, and a
 * different order would change the file between builds. */
static void
rng_words(struct rng *r, const char **w, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		w[i] = rng_word(r);
}

/* ---- bytes ---- */

static void
put16(uint8_t *b, uint16_t v)
{
	b[0] = v >> 8;
	b[1] = v & 0xff;
}

static void
put32(uint8_t *b, uint32_t v)
{
	b[0] = v >> 24;
	b[1] = (v >> 16) & 0xff;
	b[2] = (v >> 8) & 0xff;
	b[3] = v & 0xff;
}

static void
buf_grow(struct buf *bf, size_t n)
{
	size_t cap;

	/* allocated even for n == 0: callers get a real pointer */
	if (bf->b != NULL && bf->len + n <= bf->cap)
		return;
	cap = bf->cap != 0 ? bf->cap : 512;
	while (cap < bf->len + n)
		cap *= 2;
	bf->b = xrealloc(bf->b, cap);
	bf->cap = cap;
}

static uint8_t *
buf_put(struct buf *bf, size_t n)
{
	uint8_t *p;

	buf_grow(bf, n);
	p = bf->b + bf->len;
	bf->len += n;
	return p;
}

static void
buf_mem(struct buf *bf, const void *p, size_t n)
{
	if (n == 0)
		return;
	memcpy(buf_put(bf, n), p, n);
}

static void
buf_u8(struct buf *bf, uint8_t v)
{
	*buf_put(bf, 1) = v;
}

static void
buf_u16(struct buf *bf, uint16_t v)
{
	put16(buf_put(bf, 2), v);
}

static void
buf_u32(struct buf *bf, uint32_t v)
{
	put32(buf_put(bf, 4), v);
}

static void
buf_str(struct buf *bf, const char *s)
{
	buf_mem(bf, s, strlen(s));
}

static void
buf_printf(struct buf *bf, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		die("formatting failed");
	buf_grow(bf, (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf((char *)bf->b + bf->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	bf->len += (size_t)n;
}

/* Reserves a width-byte length field; buf_patch() fills it with the
 * number of bytes written after it. */
static size_t
buf_mark(struct buf *bf, size_t width)
{
	size_t pos = bf->len;

	memset(buf_put(bf, width), 0, width);
	return pos;
}

static void
buf_patch(struct buf *bf, size_t pos, size_t width)
{
	size_t v = bf->len - pos - width, i;

	for (i = 0; i < width; i++)
		bf->b[pos + i] = (v >> (8 * (width - 1 - i))) & 0xff;
}

/* n bytes of pool from a random offset, wrapping around. */
static void
buf_pool(struct buf *bf, struct rng *r, const uint8_t *pool, size_t n)
{
	size_t off = rng_below(r, GEN_POOL_SIZE), chunk;
	uint8_t *p = buf_put(bf, n);

	while (n > 0) {
		chunk = GEN_POOL_SIZE - off < n ? GEN_POOL_SIZE - off : n;
		memcpy(p, pool + off, chunk);
		p += chunk;
		n -= chunk;
		off = 0;
	}
}

static void
buf_free(struct buf *bf)
{
	free(bf->b);
	bf->b = NULL;
	bf->len = bf->cap = 0;
}

/* ---- checksums (RFC 1071) ---- */

/* Sums native-order 32-bit words; byte order comes out right when the
 * folded result is stored back with memcpy. Every piece but the last must
 * have even length. */
static uint64_t
csum_partial(const uint8_t *b, size_t n, uint64_t sum)
{
	uint32_t w;
	uint16_t h;
	uint8_t last[2];

	while (n >= 4) {
		memcpy(&w, b, 4);
		sum += w;
		b += 4;
		n -= 4;
	}
	if (n >= 2) {
		memcpy(&h, b, 2);
		sum += h;
		b += 2;
		n -= 2;
	}
	if (n == 1) {
		last[0] = b[0];
		last[1] = 0;
		memcpy(&h, last, 2);
		sum += h;
	}
	return sum;
}

static uint16_t
csum_fold(uint64_t sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

/* ---- hosts ---- */

static void
gen_init(struct gen *g, uint64_t seed)
{
	static const uint8_t initial_ttl[3] = { 64, 128, 255 };
	struct host *h;
	size_t i, n;

	rng_seed(&g->rng, seed);
	for (i = 0; i < GEN_CLIENTS; i++) {
		h = &g->clients[i];
		h->v4[0] = 198;
		h->v4[1] = 18;
		h->v4[2] = 1 + i / 250;
		h->v4[3] = 1 + i % 250;
		memcpy(h->v6, "\x20\x01\x00\x02\x00\x00\x00\x01", 8);
		put32(h->v6 + 8, rng_next(&g->rng) & 0xfdffffffu);
		put32(h->v6 + 12, 0x1000 + (uint32_t)i);
		memcpy(h->mac, "\x02\x00\x00\x01", 4);
		put16(h->mac + 4, (uint16_t)i);
		h->next_port = rng_range(&g->rng, 32768, 60999);
		h->ttl = 64;
	}
	for (i = 0; i < GEN_SERVERS; i++) {
		h = &g->servers[i];
		h->v4[0] = 198;
		h->v4[1] = 19;
		h->v4[2] = 1 + i % 16;
		h->v4[3] = 10 + i / 16;
		memcpy(h->v6, "\x20\x01\x00\x02\x00\x00\x00\x02", 8);
		put32(h->v6 + 8, 0);
		put32(h->v6 + 12, 0x10 + (uint32_t)i);
		h->ttl = initial_ttl[rng_below(&g->rng, 3)];
		h->ttl -= rng_range(&g->rng, 4, 22);	/* hops */
		switch (rng_below(&g->rng, 6)) {
		case 0:
			snprintf(h->name, sizeof(h->name), "www.%s.example.com",
			    rng_word(&g->rng));
			break;
		case 1:
			snprintf(h->name, sizeof(h->name), "%s.example.net",
			    rng_word(&g->rng));
			break;
		case 2:
			snprintf(h->name, sizeof(h->name), "api.%s.example.org",
			    rng_word(&g->rng));
			break;
		case 3:
			snprintf(h->name, sizeof(h->name),
			    "static.%s.example.com", rng_word(&g->rng));
			break;
		case 4:
			snprintf(h->name, sizeof(h->name), "%s-%u.example.org",
			    rng_word(&g->rng), (unsigned)i);
			break;
		default:
			snprintf(h->name, sizeof(h->name), "cdn%u.%s.test",
			    (unsigned)i, rng_word(&g->rng));
			break;
		}
	}
	for (i = 0; i < 2; i++) {
		h = &g->resolvers[i];
		memcpy(h->v4, "\xc6\x13\x35\x35", 4);	/* 198.19.53.53 */
		h->v4[3] += i;
		memcpy(h->v6, "\x20\x01\x00\x02\x00\x00\x00\x53", 8);
		put32(h->v6 + 8, 0);
		put32(h->v6 + 12, 0x53 + (uint32_t)i);
		h->ttl = 63;
		snprintf(h->name, sizeof(h->name), "ns%u.example.net",
		    (unsigned)i + 1);
	}
	/* pools: HTML-ish words for text bodies, noise for the rest */
	n = 0;
	while (n < GEN_POOL_SIZE) {
		char line[160];
		const char *w[7];
		int len;
		size_t take;

		rng_words(&g->rng, w, QUELL_NITEMS(w));
		len = snprintf(line, sizeof(line),
		    "<p class=\"%s\">%s %s %s, %s %s %s.</p>\n",
		    w[0], w[1], w[2], w[3], w[4], w[5], w[6]);
		take = (size_t)len < GEN_POOL_SIZE - n ?
		    (size_t)len : GEN_POOL_SIZE - n;

		memcpy(g->text + n, line, take);
		n += take;
	}
	for (n = 0; n < GEN_POOL_SIZE; n += 8) {
		uint64_t v = rng_next(&g->rng);

		memcpy(g->rnd + n, &v, 8);
	}
}

static uint16_t
host_port(struct host *h)
{
	uint16_t p = h->next_port;

	h->next_port = p >= 60999 ? 32768 : p + 1;
	return p;
}

/* A few servers get most of the flows. */
static struct host *
pick_server(struct gen *g)
{
	return &g->servers[rng_below(&g->rng,
	    rng_below(&g->rng, GEN_SERVERS) + 1)];
}

static void
http_date(const struct gen *g, char *out, size_t outlen)
{
	time_t t = GEN_EPOCH + (time_t)(g->now_us / 1000000);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(out, outlen, "%a, %d %b %Y %H:%M:%S GMT", &tm);
}

/* ---- flows and TCP ---- */

static struct flow *
flow_new(struct gen *g, enum gen_kind kind, uint8_t proto,
    struct host *cli, struct host *srv, uint16_t dport)
{
	struct flow *f = xcalloc(1, sizeof(*f));
	struct endpoint *c = &f->ep[0], *s = &f->ep[1];

	f->id = g->next_flow_id++;
	f->kind = kind;
	f->proto = proto;
	f->v6 = rng_pct(&g->rng, 20);
	if (f->v6 && proto == PROTO_ICMP)
		f->proto = PROTO_ICMPV6;
	f->start_us = g->now_us;
	memcpy(c->mac, cli->mac, 6);
	memcpy(s->mac, gateway_mac, 6);
	memcpy(c->addr, f->v6 ? cli->v6 : cli->v4, f->v6 ? 16 : 4);
	memcpy(s->addr, f->v6 ? srv->v6 : srv->v4, f->v6 ? 16 : 4);
	c->port = host_port(cli);
	s->port = dport;
	c->ttl = cli->ttl;
	s->ttl = srv->ttl;
	c->ip_id = (uint16_t)rng_next(&g->rng);
	s->ip_id = (uint16_t)rng_next(&g->rng);
	c->flow_label = rng_below(&g->rng, 1u << 20);
	s->flow_label = rng_below(&g->rng, 1u << 20);
	c->nxt = (uint32_t)rng_next(&g->rng);
	s->nxt = (uint32_t)rng_next(&g->rng);
	c->ts_base = (uint32_t)rng_next(&g->rng);
	s->ts_base = (uint32_t)rng_next(&g->rng);
	c->syn_win = 64240;
	s->syn_win = rng_pct(&g->rng, 50) ? 65160 : 28960;
	c->win = 502 + rng_below(&g->rng, 10);
	s->win = 235 + rng_below(&g->rng, 300);
	/* LAN or WAN round trip, as seen from the client side */
	f->rtt_us = rng_pct(&g->rng, 30) ? rng_range(&g->rng, 150, 900) :
	    rng_octaves(&g->rng, 4000, 120000);
	f->cwnd[0] = f->cwnd[1] = GEN_CWND_INIT;
	return f;
}

static void
flow_free(struct flow *f)
{
	buf_free(&f->stream[0]);
	buf_free(&f->stream[1]);
	free(f->steps);
	free(f);
}

static void
step_add(struct flow *f, uint8_t dir, uint8_t flags, uint32_t off,
    uint32_t len, uint32_t gap_us, uint16_t aux)
{
	struct step *st;

	if (f->nsteps == f->cap) {
		f->cap = f->cap != 0 ? f->cap * 2 : 16;
		f->steps = xrealloc(f->steps, f->cap * sizeof(*f->steps));
	}
	st = &f->steps[f->nsteps++];
	st->off = off;
	st->len = len;
	st->gap_us = gap_us;
	st->aux = aux;
	st->dir = dir;
	st->flags = flags;
}

/* The client is next to the capture point: it answers within
 * microseconds. */
static uint32_t
near_gap(struct gen *g)
{
	return rng_range(&g->rng, 15, 120);
}

/* The server's answer arrives a round trip later, plus think time. */
static uint32_t
far_gap(struct gen *g, const struct flow *f, uint32_t think_max)
{
	return f->rtt_us + rng_below(&g->rng, think_max + 1);
}

static void
tcp_handshake(struct gen *g, struct flow *f)
{
	step_add(f, 0, TCP_SYN, 0, 0, 0, 0);
	step_add(f, 1, TCP_SYN | TCP_ACK, 0, 0, far_gap(g, f, 60), 0);
	step_add(f, 0, TCP_ACK, 0, 0, near_gap(g), 0);
}

/* Segments everything appended to stream[dir] since the last call. The
 * sender sends flights of cwnd segments (slow start), a round trip apart;
 * the receiver ACKs every second segment, and the last one when ack_last
 * (otherwise its next data segment carries the ACK). */
static void
tcp_send(struct gen *g, struct flow *f, uint8_t dir, uint32_t first_gap,
    bool ack_last)
{
	uint32_t mss = f->v6 ? GEN_MSS6 : GEN_MSS4;
	size_t off = f->queued[dir], end = f->stream[dir].len;
	uint32_t nseg = 0, unacked = 0, in_flight = 0, len, gap;
	bool last;

	while (off < end) {
		len = end - off < mss ? (uint32_t)(end - off) : mss;
		last = off + len == end;
		if (nseg == 0)
			gap = first_gap;
		else if (in_flight == f->cwnd[dir]) {
			gap = f->rtt_us;
			in_flight = 0;
			if (f->cwnd[dir] < GEN_CWND_MAX)
				f->cwnd[dir] *= 2;
		} else
			gap = rng_range(&g->rng, 12, 40);	/* ~1 Gb/s */
		step_add(f, dir, TCP_ACK | (last ? TCP_PSH : 0),
		    (uint32_t)off, len, gap, 0);
		nseg++;
		unacked++;
		in_flight++;
		off += len;
		if (unacked == 2 || (last && ack_last)) {
			step_add(f, !dir, TCP_ACK, 0, 0, dir == 1 ?
			    near_gap(g) : far_gap(g, f, 0), 0);
			unacked = 0;
		}
	}
	f->queued[dir] = end;
}

static void
tcp_close(struct gen *g, struct flow *f, uint8_t closer)
{
	uint32_t first = closer == 0 ? near_gap(g) : far_gap(g, f, 200);

	step_add(f, closer, TCP_FIN | TCP_ACK, 0, 0, first, 0);
	step_add(f, !closer, TCP_FIN | TCP_ACK, 0, 0,
	    closer == 0 ? far_gap(g, f, 50) : near_gap(g), 0);
	step_add(f, closer, TCP_ACK, 0, 0,
	    closer == 0 ? near_gap(g) : far_gap(g, f, 0), 0);
}

/* ---- HTTP ---- */

static void
body_html(struct gen *g, struct buf *bf, uint32_t target)
{
	static const char tail[] = "</body></html>\n";
	size_t start = bf->len, used;
	const char *w[2];

	rng_words(&g->rng, w, QUELL_NITEMS(w));
	buf_printf(bf, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
	    "<title>%s %s</title></head>\n<body>\n", w[0], w[1]);
	used = bf->len - start + sizeof(tail) - 1;
	if (target > used)
		buf_pool(bf, &g->rng, g->text, target - used);
	buf_str(bf, tail);
}

static void
body_json(struct gen *g, struct buf *bf, uint32_t target)
{
	size_t start = bf->len;
	uint32_t i = 0, id, score, cents;
	const char *w[4];
	bool active;

	buf_printf(bf, "{\"page\":%u,\"items\":[", rng_range(&g->rng, 1, 40));
	do {
		id = rng_range(&g->rng, 1, 999999);
		rng_words(&g->rng, w, QUELL_NITEMS(w));
		score = rng_below(&g->rng, 100);
		cents = rng_below(&g->rng, 100);
		active = rng_pct(&g->rng, 70);
		buf_printf(bf, "%s{\"id\":%u,\"name\":\"%s %s\",\"score\":%u.%02u,"
		    "\"tags\":[\"%s\",\"%s\"],\"active\":%s}",
		    i++ > 0 ? "," : "", id, w[0], w[1], score, cents, w[2],
		    w[3], active ? "true" : "false");
	} while (bf->len - start + 2 < target);
	buf_str(bf, "]}");
}

static void
body_text(struct gen *g, struct buf *bf, uint32_t target)
{
	size_t start = bf->len;
	const char *w[2];

	rng_words(&g->rng, w, QUELL_NITEMS(w));
	buf_printf(bf, "/* %s %s */\n", w[0], w[1]);
	if (target > bf->len - start)
		buf_pool(bf, &g->rng, g->text, target - (bf->len - start));
}

/* Writes the method, URI and the Accept value's choice; fills the
 * response plan that goes with it. */
static void
http_uri(struct gen *g, struct buf *bf, struct http_plan *pl, bool *post,
    const char **accept)
{
	struct rng *r = &g->rng;
	uint32_t pick = rng_below(r, 100), n1, n2, n3;
	const char *w[4];
	bool js, by_date;

	/* every branch draws all its words and numbers first, in order */
	rng_words(r, w, QUELL_NITEMS(w));
	*post = false;
	pl->status = 200;
	pl->reason = "OK";
	pl->cacheable = false;
	pl->redirect = false;
	*accept = "text/html,application/xhtml+xml,application/xml;q=0.9,"
	    "*/*;q=0.8";
	if (pick < 35) {		/* pages */
		pl->ctype = "text/html; charset=utf-8";
		pl->body = HTTP_BODY_HTML;
		pl->body_len = rng_pct(r, 90) ? rng_octaves(r, 600, 60000) :
		    rng_octaves(r, 60000, 600000);
		n1 = rng_range(r, 1, 99999);
		switch (rng_below(r, 5)) {
		case 0:
			buf_str(bf, "GET / ");
			break;
		case 1:
			buf_str(bf, "GET /index.html ");
			break;
		case 2:
			buf_printf(bf, "GET /%s/ ", w[0]);
			break;
		case 3:
			buf_printf(bf, "GET /%s/%s.html ", w[0], w[1]);
			break;
		default:
			buf_printf(bf, "GET /%s/%s?id=%u&ref=%s ", w[0], w[1],
			    n1, w[2]);
			break;
		}
	} else if (pick < 58) {		/* static assets */
		js = rng_pct(r, 50);
		pl->ctype = js ? "application/javascript" :
		    "text/css; charset=utf-8";
		pl->body = HTTP_BODY_TEXT;
		pl->body_len = rng_octaves(r, 800, 200000);
		pl->cacheable = true;
		*accept = js ? "*/*" : "text/css,*/*;q=0.1";
		n1 = (uint32_t)rng_next(r);
		buf_printf(bf, "GET /static/%s/%s.%08" PRIx32 ".%s ",
		    js ? "js" : "css", w[0], n1, js ? "js" : "css");
	} else if (pick < 73) {		/* API reads */
		pl->ctype = "application/json";
		pl->body = HTTP_BODY_JSON;
		pl->body_len = rng_octaves(r, 60, 30000);
		*accept = "application/json";
		n1 = rng_range(r, 1, 3);
		n2 = rng_range(r, 1, 999999);
		n3 = 10 * rng_range(r, 1, 10);
		buf_printf(bf, "GET /api/v%u/%s/%u?fields=%s,%s&limit=%u ",
		    n1, w[0], n2, w[1], w[2], n3);
	} else if (pick < 82) {		/* search */
		pl->ctype = "text/html; charset=utf-8";
		pl->body = HTTP_BODY_HTML;
		pl->body_len = rng_octaves(r, 2000, 80000);
		n1 = rng_range(r, 2, 20);
		by_date = rng_pct(r, 50);
		switch (rng_below(r, 3)) {
		case 0:
			buf_printf(bf, "GET /search?q=%s+%s ", w[0], w[1]);
			break;
		case 1:
			buf_printf(bf, "GET /search?q=caf%%C3%%A9+%s&page=%u ",
			    w[0], n1);
			break;
		default:
			buf_printf(bf, "GET /search?q=%s%%20%s&sort=%s&"
			    "utm_source=%s ", w[0], w[1],
			    by_date ? "date" : "relevance", w[2]);
			break;
		}
	} else if (pick < 89) {		/* API writes */
		*post = true;
		pl->status = 201;
		pl->reason = "Created";
		pl->ctype = "application/json";
		pl->body = HTTP_BODY_JSON;
		pl->body_len = rng_octaves(r, 60, 2000);
		*accept = "application/json";
		buf_printf(bf, "POST /api/v%u/%s ", rng_range(r, 1, 3), w[0]);
	} else if (pick < 95) {		/* logins */
		*post = true;
		pl->status = 302;
		pl->reason = "Found";
		pl->ctype = NULL;
		pl->body = HTTP_BODY_NONE;
		pl->body_len = 0;
		pl->redirect = true;
		buf_str(bf, "POST /login ");
	} else {			/* downloads */
		pl->ctype = "application/octet-stream";
		pl->body = HTTP_BODY_BINARY;
		pl->body_len = rng_octaves(r, 20000, 1000000);
		*accept = "*/*";
		n1 = rng_range(r, 1, 9);
		n2 = rng_range(r, 0, 30);
		buf_printf(bf, "GET /files/%s-%u.%u.bin ", w[0], n1, n2);
	}
	/* some GETs are answered 404, 304 or 301 instead */
	if (*post || pl->body == HTTP_BODY_BINARY)
		return;
	pick = rng_below(r, 100);
	if (pick < 6) {
		pl->status = 404;
		pl->reason = "Not Found";
		pl->ctype = "text/html; charset=utf-8";
		pl->body = HTTP_BODY_HTML;
		pl->body_len = rng_range(r, 150, 1500);
	} else if (pick < (pl->cacheable ? 30u : 8u)) {
		pl->status = 304;
		pl->reason = "Not Modified";
		pl->ctype = NULL;
		pl->body = HTTP_BODY_NONE;
		pl->body_len = 0;
	} else if (pick < (pl->cacheable ? 32u : 11u)) {
		pl->status = 301;
		pl->reason = "Moved Permanently";
		pl->ctype = "text/html; charset=utf-8";
		pl->body = HTTP_BODY_HTML;
		pl->body_len = rng_range(r, 160, 300);
		pl->redirect = true;
	}
}

static void
http_request(struct gen *g, struct flow *f, const struct host *srv,
    struct http_plan *pl)
{
	struct rng *r = &g->rng;
	struct buf *bf = &f->stream[0];
	struct buf *body = &g->scratch;
	const char *accept, *w[2];
	uint64_t sid[2];
	uint32_t n1, n2;
	bool post, b1, b2;

	http_uri(g, bf, pl, &post, &accept);
	buf_printf(bf, "HTTP/1.1\r\nHost: %s\r\nUser-Agent: %s\r\n"
	    "Accept: %s\r\n", srv->name,
	    user_agents[rng_below(r, QUELL_NITEMS(user_agents))], accept);
	if (rng_pct(r, 60))
		buf_printf(bf, "Accept-Language: %s\r\n",
		    languages[rng_below(r, QUELL_NITEMS(languages))]);
	if (rng_pct(r, 70))
		buf_str(bf, "Accept-Encoding: gzip, deflate, br\r\n");
	if (rng_pct(r, 30))
		buf_printf(bf, "Referer: http://%s/%s/\r\n", srv->name,
		    rng_word(r));
	if (rng_pct(r, 35)) {
		sid[0] = rng_next(r);
		sid[1] = rng_next(r);
		b1 = rng_pct(r, 50);
		b2 = rng_pct(r, 40);
		buf_printf(bf, "Cookie: session=%016" PRIx64 "%016" PRIx64
		    "; theme=%s%s\r\n", sid[0], sid[1], b1 ? "light" : "dark",
		    b2 ? "; consent=1" : "");
	}
	if (pl->status == 304)
		buf_printf(bf, "If-None-Match: \"%08" PRIx32 "\"\r\n",
		    (uint32_t)rng_next(r));
	if (post) {
		body->len = 0;
		if (pl->redirect) {
			rng_words(r, w, QUELL_NITEMS(w));
			n1 = rng_below(r, 1000);
			n2 = rng_below(r, 100);
			b1 = rng_pct(r, 50);
			buf_printf(body, "username=%s%u&password=%s%%21%u"
			    "&remember=%s", w[0], n1, w[1], n2,
			    b1 ? "on" : "off");
			buf_str(bf, "Content-Type: "
			    "application/x-www-form-urlencoded\r\n");
		} else {
			body_json(g, body, rng_octaves(r, 40, 3000));
			buf_str(bf, "Content-Type: application/json\r\n");
		}
		buf_printf(bf, "Content-Length: %zu\r\n", body->len);
	}
	buf_str(bf, "Connection: keep-alive\r\n\r\n");
	if (post)
		buf_mem(bf, body->b, body->len);
}

static void
http_response(struct gen *g, struct flow *f, const struct http_plan *pl,
    bool closing)
{
	struct rng *r = &g->rng;
	struct buf *bf = &f->stream[1];
	struct buf *body = &g->scratch;
	const char *w[2];
	char date[64];
	uint32_t age, etag;

	body->len = 0;
	switch (pl->body) {
	case HTTP_BODY_NONE:
		break;
	case HTTP_BODY_HTML:
		body_html(g, body, pl->body_len);
		break;
	case HTTP_BODY_JSON:
		body_json(g, body, pl->body_len);
		break;
	case HTTP_BODY_TEXT:
		body_text(g, body, pl->body_len);
		break;
	case HTTP_BODY_BINARY:
		buf_pool(body, r, g->rnd, pl->body_len);
		break;
	}
	http_date(g, date, sizeof(date));
	buf_printf(bf, "HTTP/1.1 %d %s\r\nDate: %s\r\nServer: %s\r\n",
	    pl->status, pl->reason, date,
	    server_names[rng_below(r, QUELL_NITEMS(server_names))]);
	if (pl->ctype != NULL)
		buf_printf(bf, "Content-Type: %s\r\n", pl->ctype);
	if (pl->status != 304)
		buf_printf(bf, "Content-Length: %zu\r\n", body->len);
	if (pl->cacheable || pl->status == 304) {
		age = 60 * rng_range(r, 1, 1440);
		etag = (uint32_t)rng_next(r);
		buf_printf(bf, "Cache-Control: public, max-age=%u\r\n"
		    "ETag: \"%08" PRIx32 "\"\r\n", age, etag);
	}
	if (pl->redirect) {
		rng_words(r, w, QUELL_NITEMS(w));
		buf_printf(bf, "Location: /%s/%s\r\n", w[0], w[1]);
	}
	if (pl->redirect && pl->status == 302)
		buf_printf(bf, "Set-Cookie: session=%016" PRIx64 "; Path=/; "
		    "HttpOnly; SameSite=Lax\r\n", rng_next(r));
	buf_printf(bf, "Connection: %s\r\n\r\n",
	    closing ? "close" : "keep-alive");
	buf_mem(bf, body->b, body->len);
}

static struct flow *
build_http(struct gen *g)
{
	struct host *srv = pick_server(g);
	struct host *cli = &g->clients[rng_below(&g->rng, GEN_CLIENTS)];
	uint16_t port = rng_pct(&g->rng, 85) ? 80 : 8080;
	struct flow *f = flow_new(g, GEN_HTTP, PROTO_TCP, cli, srv, port);
	uint32_t ntx = rng_pct(&g->rng, 35) ? rng_range(&g->rng, 2, 5) : 1;
	bool server_closes = rng_pct(&g->rng, 30);
	struct http_plan pl;
	uint32_t i;

	tcp_handshake(g, f);
	for (i = 0; i < ntx; i++) {
		http_request(g, f, srv, &pl);
		tcp_send(g, f, 0, i == 0 ? near_gap(g) :
		    rng_octaves(&g->rng, 500, 400000), false);
		http_response(g, f, &pl, server_closes && i + 1 == ntx);
		tcp_send(g, f, 1, far_gap(g, f, 5000), true);
	}
	tcp_close(g, f, server_closes ? 1 : 0);
	return f;
}

/* ---- TLS ---- */

/* Application-data records of pseudo-random "ciphertext", total bytes of
 * payload split into records of at most GEN_TLS_RECORD_MAX. */
static void
tls_records(struct gen *g, struct buf *bf, uint32_t total)
{
	uint32_t n;

	while (total > 0) {
		n = total < GEN_TLS_RECORD_MAX ? total : GEN_TLS_RECORD_MAX;
		buf_u8(bf, 23);
		buf_u16(bf, 0x0303);
		buf_u16(bf, (uint16_t)n);
		buf_pool(bf, &g->rng, g->rnd, n);
		total -= n;
	}
}

static void
tls_client_hello(struct gen *g, struct buf *bf, const char *sni)
{
	static const uint16_t suites[] = {
		0x1301, 0x1302, 0x1303, 0xc02b, 0xc02f, 0xc02c, 0xc030,
		0xcca9, 0xcca8, 0xc013, 0xc014, 0x009c, 0x009d, 0x002f,
		0x0035,
	};
	static const uint16_t sigalgs[] = {
		0x0403, 0x0804, 0x0401, 0x0503, 0x0805, 0x0501, 0x0806,
		0x0601,
	};
	size_t rec, hs, exts, ext, list, i;

	buf_u8(bf, 22);				/* handshake record */
	buf_u16(bf, 0x0301);
	rec = buf_mark(bf, 2);
	buf_u8(bf, 1);				/* ClientHello */
	hs = buf_mark(bf, 3);
	buf_u16(bf, 0x0303);
	buf_pool(bf, &g->rng, g->rnd, 32);	/* random */
	buf_u8(bf, 32);
	buf_pool(bf, &g->rng, g->rnd, 32);	/* legacy session id */
	buf_u16(bf, sizeof(suites));
	for (i = 0; i < QUELL_NITEMS(suites); i++)
		buf_u16(bf, suites[i]);
	buf_u8(bf, 1);
	buf_u8(bf, 0);				/* null compression */
	exts = buf_mark(bf, 2);

	buf_u16(bf, 0x0000);			/* server_name */
	ext = buf_mark(bf, 2);
	list = buf_mark(bf, 2);
	buf_u8(bf, 0);				/* host_name */
	buf_u16(bf, (uint16_t)strlen(sni));
	buf_str(bf, sni);
	buf_patch(bf, list, 2);
	buf_patch(bf, ext, 2);

	buf_u16(bf, 0x0017);			/* extended_master_secret */
	buf_u16(bf, 0);
	buf_u16(bf, 0x0023);			/* session_ticket */
	buf_u16(bf, 0);

	buf_u16(bf, 0x000a);			/* supported_groups */
	buf_u16(bf, 8);
	buf_u16(bf, 6);
	buf_u16(bf, 0x001d);
	buf_u16(bf, 0x0017);
	buf_u16(bf, 0x0018);

	buf_u16(bf, 0x000b);			/* ec_point_formats */
	buf_u16(bf, 2);
	buf_u8(bf, 1);
	buf_u8(bf, 0);

	buf_u16(bf, 0x0010);			/* ALPN */
	ext = buf_mark(bf, 2);
	list = buf_mark(bf, 2);
	buf_u8(bf, 2);
	buf_str(bf, "h2");
	buf_u8(bf, 8);
	buf_str(bf, "http/1.1");
	buf_patch(bf, list, 2);
	buf_patch(bf, ext, 2);

	buf_u16(bf, 0x000d);			/* signature_algorithms */
	buf_u16(bf, 2 + sizeof(sigalgs));
	buf_u16(bf, sizeof(sigalgs));
	for (i = 0; i < QUELL_NITEMS(sigalgs); i++)
		buf_u16(bf, sigalgs[i]);

	buf_u16(bf, 0x002b);			/* supported_versions */
	buf_u16(bf, 5);
	buf_u8(bf, 4);
	buf_u16(bf, 0x0304);
	buf_u16(bf, 0x0303);

	buf_u16(bf, 0x002d);			/* psk_key_exchange_modes */
	buf_u16(bf, 2);
	buf_u8(bf, 1);
	buf_u8(bf, 1);

	buf_u16(bf, 0x0033);			/* key_share: x25519 */
	buf_u16(bf, 38);
	buf_u16(bf, 36);
	buf_u16(bf, 0x001d);
	buf_u16(bf, 32);
	buf_pool(bf, &g->rng, g->rnd, 32);

	buf_patch(bf, exts, 2);
	buf_patch(bf, hs, 3);
	buf_patch(bf, rec, 2);
}

/* ServerHello choosing TLS 1.3 and x25519, then ChangeCipherSpec. */
static void
tls_server_hello(struct gen *g, struct buf *bf)
{
	size_t rec, hs, exts;

	buf_u8(bf, 22);
	buf_u16(bf, 0x0303);
	rec = buf_mark(bf, 2);
	buf_u8(bf, 2);				/* ServerHello */
	hs = buf_mark(bf, 3);
	buf_u16(bf, 0x0303);
	buf_pool(bf, &g->rng, g->rnd, 32);
	buf_u8(bf, 32);
	buf_pool(bf, &g->rng, g->rnd, 32);
	buf_u16(bf, 0x1301);			/* TLS_AES_128_GCM_SHA256 */
	buf_u8(bf, 0);
	exts = buf_mark(bf, 2);
	buf_u16(bf, 0x002b);
	buf_u16(bf, 2);
	buf_u16(bf, 0x0304);
	buf_u16(bf, 0x0033);
	buf_u16(bf, 36);
	buf_u16(bf, 0x001d);
	buf_u16(bf, 32);
	buf_pool(bf, &g->rng, g->rnd, 32);
	buf_patch(bf, exts, 2);
	buf_patch(bf, hs, 3);
	buf_patch(bf, rec, 2);
	buf_mem(bf, "\x14\x03\x03\x00\x01\x01", 6);
}

static struct flow *
build_tls(struct gen *g)
{
	struct rng *r = &g->rng;
	struct host *srv = pick_server(g);
	struct flow *f = flow_new(g, GEN_TLS, PROTO_TCP,
	    &g->clients[rng_below(r, GEN_CLIENTS)], srv, 443);
	uint32_t ntx = rng_pct(r, 40) ? rng_range(r, 2, 6) : 1, i;

	tcp_handshake(g, f);
	tls_client_hello(g, &f->stream[0], srv->name);
	tcp_send(g, f, 0, near_gap(g), false);
	/* ServerHello, CCS, then the encrypted rest of the handshake
	 * (certificate chain and all) */
	tls_server_hello(g, &f->stream[1]);
	tls_records(g, &f->stream[1], rng_range(r, 2000, 5500));
	tcp_send(g, f, 1, far_gap(g, f, 2000), false);
	/* client CCS and Finished */
	buf_mem(&f->stream[0], "\x14\x03\x03\x00\x01\x01", 6);
	tls_records(g, &f->stream[0], 53);
	for (i = 0; i < ntx; i++) {
		tls_records(g, &f->stream[0], rng_octaves(r, 80, 1200));
		tcp_send(g, f, 0, i == 0 ? near_gap(g) :
		    rng_octaves(r, 500, 400000), false);
		tls_records(g, &f->stream[1], rng_pct(r, 92) ?
		    rng_octaves(r, 200, 80000) : rng_octaves(r, 80000, 900000));
		tcp_send(g, f, 1, far_gap(g, f, 5000), true);
	}
	tls_records(g, &f->stream[0], 19);	/* close_notify alert */
	tcp_send(g, f, 0, rng_octaves(r, 500, 100000), false);
	tcp_close(g, f, 0);
	return f;
}

/* ---- DNS ---- */

static void
dns_name(struct buf *bf, const char *name)
{
	const char *dot;
	size_t n;

	while (*name != '\0') {
		dot = strchr(name, '.');
		n = dot != NULL ? (size_t)(dot - name) : strlen(name);
		buf_u8(bf, (uint8_t)n);
		buf_mem(bf, name, n);
		name += n;
		if (*name == '.')
			name++;
	}
	buf_u8(bf, 0);
}

/* EDNS0 OPT pseudo-record, 1232-byte UDP payload. */
static void
dns_opt(struct buf *bf)
{
	buf_mem(bf, "\x00\x00\x29\x04\xd0\x00\x00\x00\x00\x00\x00", 11);
}

static void
dns_pick_name(struct gen *g, char *name, size_t len)
{
	static const char *const tlds[] = { "com", "net", "org" };
	struct rng *r = &g->rng;
	const char *w[2];
	uint32_t n;

	switch (rng_below(r, 5)) {
	case 0:
	case 1:
	case 2:
		snprintf(name, len, "%s", pick_server(g)->name);
		break;
	case 3:
		rng_words(r, w, QUELL_NITEMS(w));
		n = rng_below(r, 100);
		snprintf(name, len, "%s%u.%s.example.%s", w[0], n, w[1],
		    tlds[rng_below(r, QUELL_NITEMS(tlds))]);
		break;
	default:
		rng_words(r, w, QUELL_NITEMS(w));
		snprintf(name, len, "%s.%s.test", w[0], w[1]);
		break;
	}
}

static struct flow *
build_dns(struct gen *g)
{
	struct rng *r = &g->rng;
	struct host *cli = &g->clients[rng_below(r, GEN_CLIENTS)];
	struct host *ns = &g->resolvers[rng_below(r, 2)];
	struct flow *f = flow_new(g, GEN_DNS, PROTO_UDP, cli, ns, 53);
	struct buf *q = &f->stream[0], *a = &f->stream[1];
	uint16_t id = (uint16_t)rng_next(r), qtype, i, nans, rdlen;
	uint32_t pick = rng_below(r, 100), ttl = rng_octaves(r, 30, 86400);
	bool nxdomain = rng_pct(r, 8), cname;
	size_t qend, target = 12;
	char name[128], alias[128];
	const char *w[1];

	dns_pick_name(g, name, sizeof(name));
	qtype = pick < 55 ? 1 : pick < 90 ? 28 : 65;	/* A, AAAA, HTTPS */
	/* query */
	buf_u16(q, id);
	buf_u16(q, 0x0100);				/* RD */
	buf_mem(q, "\x00\x01\x00\x00\x00\x00\x00\x01", 8);
	dns_name(q, name);
	buf_u16(q, qtype);
	buf_u16(q, 1);
	qend = q->len;
	dns_opt(q);
	/* answer: same id and question, then records */
	cname = !nxdomain && qtype != 65 && rng_pct(r, 25);
	nans = nxdomain || qtype == 65 ? 0 : rng_range(r, 1, 3);
	buf_u16(a, id);
	buf_u16(a, nxdomain ? 0x8183 : 0x8180);		/* QR RD RA rcode */
	buf_u16(a, 1);
	buf_u16(a, nans + (cname ? 1 : 0));
	buf_u16(a, 0);
	buf_u16(a, 1);
	buf_mem(a, q->b + 12, qend - 12);
	if (cname) {
		rng_words(r, w, 1);
		snprintf(alias, sizeof(alias), "%s.cdn%u.example.net", w[0],
		    rng_below(r, 10));
		buf_u16(a, 0xc00c);
		buf_u16(a, 5);
		buf_u16(a, 1);
		buf_u32(a, ttl);
		rdlen = (uint16_t)(strlen(alias) + 2);
		buf_u16(a, rdlen);
		target = a->len;
		dns_name(a, alias);
	}
	for (i = 0; i < nans; i++) {
		buf_u16(a, 0xc000 | (uint16_t)target);
		buf_u16(a, qtype);
		buf_u16(a, 1);
		buf_u32(a, ttl);
		if (qtype == 1) {
			buf_u16(a, 4);
			buf_mem(a, pick_server(g)->v4, 4);
		} else {
			buf_u16(a, 16);
			buf_mem(a, pick_server(g)->v6, 16);
		}
	}
	dns_opt(a);
	step_add(f, 0, 0, 0, (uint32_t)q->len, 0, 0);
	step_add(f, 1, 0, 0, (uint32_t)a->len,
	    rng_pct(r, 70) ? rng_range(r, 150, 2000) : far_gap(g, f, 30000), 0);
	return f;
}

/* ---- small UDP and ICMP ---- */

/* A 48-byte NTPv4 client request, or the server's reply to orig. */
static void
ntp_packet(struct gen *g, struct buf *bf, bool reply, const uint8_t *orig)
{
	uint32_t secs = GEN_NTP_UNIX_OFFSET + GEN_EPOCH +
	    (uint32_t)(g->now_us / 1000000);
	uint32_t frac = (uint32_t)rng_next(&g->rng);

	if (!reply) {
		buf_mem(bf, "\x23\x00\x06\xe9", 4);	/* v4, client */
		memset(buf_put(bf, 36), 0, 36);
		buf_u32(bf, secs);
		buf_u32(bf, frac);
		return;
	}
	buf_mem(bf, "\x24\x02\x06\xe7", 4);		/* v4, server, st 2 */
	buf_u32(bf, rng_range(&g->rng, 0x10, 0x800));	/* root delay */
	buf_u32(bf, rng_range(&g->rng, 0x10, 0x800));	/* dispersion */
	buf_mem(bf, "\xc6\x13\x7b\x01", 4);		/* ref 198.19.123.1 */
	buf_u32(bf, secs - rng_range(&g->rng, 16, 1024));
	buf_u32(bf, (uint32_t)rng_next(&g->rng));
	buf_mem(bf, orig + 40, 8);			/* origin */
	buf_u32(bf, secs);
	buf_u32(bf, frac + 0x100000);
	buf_u32(bf, secs);
	buf_u32(bf, frac + 0x180000);
}

/* NTP exchanges, syslog or statsd datagrams; at most limit packets. */
static struct flow *
build_udp(struct gen *g, uint64_t limit)
{
	static const char *const apps[] = { "sshd", "cron", "kernel",
	    "nginx", "systemd", "postfix" };
	static const char *const kinds[] = { "c", "ms", "g" };
	struct rng *r = &g->rng;
	struct host *cli = &g->clients[rng_below(r, GEN_CLIENTS)];
	uint32_t pick = rng_below(r, 100), n, i, gap, pri, pid, value;
	const char *w[3], *app, *kind;
	uint64_t t;
	struct flow *f;
	struct buf *bf;
	size_t off;

	if (pick < 40 && limit >= 2) {
		f = flow_new(g, GEN_UDP, PROTO_UDP, cli, pick_server(g), 123);
		ntp_packet(g, &f->stream[0], false, NULL);
		ntp_packet(g, &f->stream[1], true, f->stream[0].b);
		step_add(f, 0, 0, 0, 48, 0, 0);
		step_add(f, 1, 0, 0, 48, far_gap(g, f, 300), 0);
		return f;
	}
	n = rng_range(r, 1, 4);
	if (n > limit)
		n = (uint32_t)limit;
	f = flow_new(g, GEN_UDP, PROTO_UDP, cli, pick_server(g),
	    pick < 70 ? 514 : 8125);
	bf = &f->stream[0];
	for (i = 0; i < n; i++) {
		off = bf->len;
		rng_words(r, w, QUELL_NITEMS(w));
		t = g->now_us;
		if (f->ep[1].port == 514) {
			pri = rng_range(r, 8, 191);
			app = apps[rng_below(r, QUELL_NITEMS(apps))];
			pid = rng_range(r, 100, 65000);
			buf_printf(bf, "<%u>1 2024-01-01T%02u:%02u:%02u.%06uZ "
			    "host-%u %s %u - - %s %s %s", pri,
			    (unsigned)(t / 3600000000u % 24),
			    (unsigned)(t / 60000000 % 60),
			    (unsigned)(t / 1000000 % 60),
			    (unsigned)(t % 1000000),
			    (unsigned)(cli - g->clients), app, pid, w[0], w[1],
			    w[2]);
		} else {
			value = rng_range(r, 1, 5000);
			kind = kinds[rng_below(r, QUELL_NITEMS(kinds))];
			buf_printf(bf, "%s.%s.%s:%u|%s", w[0], w[1], w[2],
			    value, kind);
		}
		gap = i == 0 ? 0 : rng_octaves(r, 100, 500000);
		step_add(f, 0, 0, (uint32_t)off, (uint32_t)(bf->len - off),
		    gap, 0);
	}
	return f;
}

/* Echo requests a second apart, each answered; at most limit packets. */
static struct flow *
build_icmp(struct gen *g, uint64_t limit)
{
	struct rng *r = &g->rng;
	struct host *cli = &g->clients[rng_below(r, GEN_CLIENTS)];
	struct flow *f = flow_new(g, GEN_ICMP, PROTO_ICMP, cli,
	    pick_server(g), 0);
	uint32_t n = rng_range(r, 1, 4), i, off;
	uint8_t payload[56];
	uint64_t sec;

	if (2 * (uint64_t)n > limit)
		n = (uint32_t)(limit / 2);
	f->icmp_id = (uint16_t)rng_next(r);
	for (i = 0; i < n; i++) {
		/* ping's layout: a timeval, then 0x10 0x11 ... */
		sec = GEN_EPOCH + g->now_us / 1000000 + i;
		memset(payload, 0, 16);
		memcpy(payload, &sec, sizeof(sec));
		for (off = 16; off < sizeof(payload); off++)
			payload[off] = (uint8_t)off;
		off = (uint32_t)f->stream[0].len;
		buf_mem(&f->stream[0], payload, sizeof(payload));
		buf_mem(&f->stream[1], payload, sizeof(payload));
		step_add(f, 0, 0, off, sizeof(payload),
		    i == 0 ? 0 : 1000000 - f->rtt_us, (uint16_t)(i + 1));
		step_add(f, 1, 0, off, sizeof(payload), f->rtt_us,
		    (uint16_t)(i + 1));
	}
	return f;
}

/* ---- scheduling ---- */

static enum gen_kind
pick_kind(struct gen *g)
{
	/* flow weights; HTTP and TLS flows are far longer than the rest */
	static const uint32_t http_mix[GEN_NKINDS] = { 52, 4, 28, 9, 7 };
	static const uint32_t mixed[GEN_NKINDS] = { 18, 14, 38, 18, 12 };
	const uint32_t *w = g->mix == GEN_MIX_HTTP ? http_mix : mixed;
	uint32_t pick = rng_below(&g->rng, 100);
	int k;

	for (k = 0; k < GEN_NKINDS - 1; k++) {
		if (pick < w[k])
			return (enum gen_kind)k;
		pick -= w[k];
	}
	return GEN_ICMP;
}

static struct flow *
build_kind(struct gen *g, enum gen_kind kind, uint64_t limit)
{
	switch (kind) {
	case GEN_HTTP:
		return build_http(g);
	case GEN_TLS:
		return build_tls(g);
	case GEN_DNS:
		return build_dns(g);
	case GEN_UDP:
		return build_udp(g, limit);
	case GEN_ICMP:
	case GEN_NKINDS:
		break;
	}
	return build_icmp(g, limit);
}

/* Starts a flow that fits the packets left: the drawn kind, redrawn a few
 * times if too long, else a DNS exchange or a single datagram. */
static void
start_flow(struct gen *g, uint64_t start_us)
{
	uint64_t avail = g->target - g->reserved;
	enum gen_kind kind;
	struct flow *f = NULL;
	int i;

	if (avail == 0)
		return;
	kind = pick_kind(g);
	for (i = 0; i < GEN_BUILD_ATTEMPTS; i++) {
		f = build_kind(g, kind, avail);
		if (f->nsteps > 0 && f->nsteps <= avail)
			break;
		flow_free(f);
		f = NULL;
	}
	if (f == NULL)
		f = avail >= 2 ? build_dns(g) : build_udp(g, 1);
	g->flows[f->kind]++;
	g->flows_v6 += f->v6;
	g->reserved += f->nsteps;
	f->start_us = start_us;
	f->next_us = start_us + f->steps[0].gap_us;
	heap_push(g, f);
}

static bool
heap_less(const struct flow *a, const struct flow *b)
{
	return a->next_us < b->next_us ||
	    (a->next_us == b->next_us && a->id < b->id);
}

static void
heap_push(struct gen *g, struct flow *f)
{
	size_t i = g->nheap++, parent;

	while (i > 0) {
		parent = (i - 1) / 2;
		if (!heap_less(f, g->heap[parent]))
			break;
		g->heap[i] = g->heap[parent];
		i = parent;
	}
	g->heap[i] = f;
}

static struct flow *
heap_pop(struct gen *g)
{
	struct flow *top = g->heap[0], *last = g->heap[--g->nheap];
	size_t i = 0, child;

	while ((child = 2 * i + 1) < g->nheap) {
		if (child + 1 < g->nheap &&
		    heap_less(g->heap[child + 1], g->heap[child]))
			child++;
		if (!heap_less(g->heap[child], last))
			break;
		g->heap[i] = g->heap[child];
		i = child;
	}
	g->heap[i] = last;
	return top;
}

/* ---- packets ---- */

static uint64_t
pseudo_sum(const struct flow *f, uint8_t dir, uint8_t proto, size_t l4_len)
{
	const struct endpoint *src = &f->ep[dir], *dst = &f->ep[!dir];
	uint8_t ph[40];

	if (f->v6) {
		memcpy(ph, src->addr, 16);
		memcpy(ph + 16, dst->addr, 16);
		put32(ph + 32, (uint32_t)l4_len);
		ph[36] = ph[37] = ph[38] = 0;
		ph[39] = proto;
		return csum_partial(ph, 40, 0);
	}
	memcpy(ph, src->addr, 4);
	memcpy(ph + 4, dst->addr, 4);
	ph[8] = 0;
	ph[9] = proto;
	put16(ph + 10, (uint16_t)l4_len);
	return csum_partial(ph, 12, 0);
}

/* TCP header with Linux's options: MSS, SACK_PERM, TS, NOP, WS on SYNs,
 * NOP, NOP, TS on the rest. */
static size_t
tcp_header(struct gen *g, struct flow *f, const struct step *st, uint8_t *t)
{
	struct endpoint *src = &f->ep[st->dir], *dst = &f->ep[!st->dir];
	uint32_t tsval = src->ts_base + (uint32_t)(g->now_us / 1000);
	bool syn = st->flags & TCP_SYN;
	size_t hl = syn ? TCP_SYN_HDR_LEN : TCP_HDR_LEN;
	uint8_t *o = t + 20;

	put16(t, src->port);
	put16(t + 2, dst->port);
	put32(t + 4, src->nxt);
	put32(t + 8, st->flags & TCP_ACK ? dst->nxt : 0);
	t[12] = (uint8_t)(hl / 4) << 4;
	t[13] = st->flags;
	put16(t + 14, syn ? src->syn_win : src->win);
	put32(t + 16, 0);			/* checksum, urgent */
	if (syn) {
		o[0] = 2;
		o[1] = 4;
		put16(o + 2, f->v6 ? GEN_MSS6 + 12 : GEN_MSS4 + 12);
		o[4] = 4;
		o[5] = 2;
		o += 6;
	} else {
		o[0] = o[1] = 1;
		o += 2;
	}
	o[0] = 8;
	o[1] = 10;
	put32(o + 2, tsval);
	put32(o + 6, dst->ts_last);
	if (syn) {
		o[10] = 1;
		o[11] = 3;
		o[12] = 3;
		o[13] = 7;
	}
	src->ts_last = tsval;
	return hl;
}

static void
emit(struct gen *g, struct flow *f, const struct step *st)
{
	struct endpoint *src = &f->ep[st->dir], *dst = &f->ep[!st->dir];
	uint8_t *b = g->frame, *ip = b + ETH_HDR_LEN, *l4;
	size_t ip_len = f->v6 ? IPV6_HDR_LEN : IPV4_HDR_LEN, l4_len, total;
	size_t csum_off;
	struct pcap_pkthdr ph;
	uint64_t sum;
	uint16_t c;

	l4 = ip + ip_len;
	memcpy(b, dst->mac, 6);
	memcpy(b + 6, src->mac, 6);
	put16(b + 12, f->v6 ? 0x86dd : 0x0800);
	switch (f->proto) {
	case PROTO_TCP:
		l4_len = tcp_header(g, f, st, l4);
		csum_off = 16;
		break;
	case PROTO_UDP:
		l4_len = 8;
		put16(l4, src->port);
		put16(l4 + 2, dst->port);
		put16(l4 + 4, (uint16_t)(8 + st->len));
		put16(l4 + 6, 0);
		csum_off = 6;
		break;
	default:		/* echo request from the client, reply back */
		l4_len = 8;
		if (f->proto == PROTO_ICMP)
			l4[0] = st->dir == 0 ? 8 : 0;
		else
			l4[0] = st->dir == 0 ? 128 : 129;
		l4[1] = 0;
		put16(l4 + 2, 0);
		put16(l4 + 4, f->icmp_id);
		put16(l4 + 6, st->aux);
		csum_off = 2;
		break;
	}
	if (st->len > 0)
		memcpy(l4 + l4_len, f->stream[st->dir].b + st->off, st->len);
	l4_len += st->len;
	total = ETH_HDR_LEN + ip_len + l4_len;
	if (f->v6) {
		put32(ip, 0x60000000u | src->flow_label);
		put16(ip + 4, (uint16_t)l4_len);
		ip[6] = f->proto;
		ip[7] = src->ttl;
		memcpy(ip + 8, src->addr, 16);
		memcpy(ip + 24, dst->addr, 16);
	} else {
		ip[0] = 0x45;
		ip[1] = 0;
		put16(ip + 2, (uint16_t)(IPV4_HDR_LEN + l4_len));
		put16(ip + 4, src->ip_id++);
		put16(ip + 6, f->proto == PROTO_TCP ? 0x4000 : 0);	/* DF */
		ip[8] = src->ttl;
		ip[9] = f->proto;
		put16(ip + 10, 0);
		memcpy(ip + 12, src->addr, 4);
		memcpy(ip + 16, dst->addr, 4);
		c = csum_fold(csum_partial(ip, IPV4_HDR_LEN, 0));
		memcpy(ip + 10, &c, 2);
	}
	sum = f->proto == PROTO_ICMP ? 0 : pseudo_sum(f, st->dir, f->proto,
	    l4_len);
	c = csum_fold(csum_partial(l4, l4_len, sum));
	if (c == 0 && f->proto == PROTO_UDP)
		c = 0xffff;
	memcpy(l4 + csum_off, &c, 2);

	if (f->proto == PROTO_TCP)
		src->nxt += st->len + (st->flags & TCP_SYN ? 1 : 0) +
		    (st->flags & TCP_FIN ? 1 : 0);

	ph.ts.tv_sec = GEN_EPOCH + (time_t)(g->now_us / 1000000);
	ph.ts.tv_usec = (suseconds_t)(g->now_us % 1000000);
	ph.caplen = ph.len = (bpf_u_int32)total;
	pcap_dump((u_char *)g->dump, &ph, b);
	g->packets++;
	g->bytes += total;
	g->kind_packets[f->kind]++;
}

static void
run(struct gen *g)
{
	struct flow *f;
	size_t i;

	for (i = 0; i < g->concurrency; i++)
		start_flow(g, g->now_us + rng_below(&g->rng, 20000));
	while (g->nheap > 0) {
		f = heap_pop(g);
		g->now_us = f->next_us;
		emit(g, f, &f->steps[f->next]);
		if (++f->next < f->nsteps) {
			f->next_us += f->steps[f->next].gap_us;
			heap_push(g, f);
			continue;
		}
		flow_free(f);
		start_flow(g, g->now_us + rng_below(&g->rng, 3000));
	}
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "seed",	required_argument,	NULL, 's' },
		{ "packets",	required_argument,	NULL, 'n' },
		{ "mix",	required_argument,	NULL, 'm' },
		{ "output",	required_argument,	NULL, 'o' },
		{ "help",	no_argument,		NULL, 'h' },
		{ NULL,		0,			NULL, 0 },
	};
	struct timespec t0, t1;
	const char *out = NULL;
	uint64_t seed = 1, packets = GEN_DEFAULT_PACKETS;
	enum gen_mix mix = GEN_MIX_MIXED;
	struct gen *g;
	pcap_t *pc;
	FILE *fp;
	int ch;

	while ((ch = getopt_long(argc, argv, "s:n:m:o:h", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 's':
			if (parse_u64(optarg, UINT64_MAX, &seed) == -1)
				die("invalid seed '%s'", optarg);
			break;
		case 'n':
			if (parse_u64(optarg, GEN_MAX_PACKETS, &packets) == -1 ||
			    packets == 0)
				die("invalid packet count '%s' (1 to %llu)",
				    optarg, GEN_MAX_PACKETS);
			break;
		case 'm':
			if (strcmp(optarg, "http") == 0)
				mix = GEN_MIX_HTTP;
			else if (strcmp(optarg, "mixed") == 0)
				mix = GEN_MIX_MIXED;
			else
				die("invalid mix '%s' (http or mixed)", optarg);
			break;
		case 'o':
			out = optarg;
			break;
		case 'h':
			usage(stdout);
			return EXIT_SUCCESS;
		default:
			usage(stderr);
			return EXIT_FAILURE;
		}
	}
	if (optind != argc || out == NULL) {
		usage(stderr);
		return EXIT_FAILURE;
	}

	clock_gettime(CLOCK_MONOTONIC, &t0);
	g = xcalloc(1, sizeof(*g));
	g->mix = mix;
	g->target = packets;
	/* enough flows in flight that new ones keep starting throughout */
	g->concurrency = packets / GEN_PACKETS_PER_SLOT;
	if (g->concurrency < GEN_CONCURRENCY_MIN)
		g->concurrency = GEN_CONCURRENCY_MIN;
	if (g->concurrency > GEN_CONCURRENCY)
		g->concurrency = GEN_CONCURRENCY;
	g->heap = xcalloc(GEN_CONCURRENCY, sizeof(*g->heap));
	gen_init(g, seed);

	if (strcmp(out, "-") == 0)
		fp = stdout;
	else if ((fp = fopen(out, "wb")) == NULL)
		die("%s: %s", out, strerror(errno));
	setvbuf(fp, NULL, _IOFBF, 1 << 20);
	pc = pcap_open_dead_with_tstamp_precision(DLT_EN10MB, 65535,
	    PCAP_TSTAMP_PRECISION_MICRO);
	if (pc == NULL)
		die("pcap_open_dead failed");
	g->dump = pcap_dump_fopen(pc, fp);
	if (g->dump == NULL)
		die("%s: %s", out, pcap_geterr(pc));

	run(g);

	if (pcap_dump_flush(g->dump) == -1 || ferror(fp))
		die("%s: write failed: %s", out, strerror(errno));
	pcap_dump_close(g->dump);
	pcap_close(pc);
	clock_gettime(CLOCK_MONOTONIC, &t1);

	fprintf(stderr, "gen-traffic: %" PRIu64 " packets, %" PRIu64
	    " bytes, %" PRIu64 " flows (http %" PRIu64 ", tls %" PRIu64
	    ", dns %" PRIu64 ", udp %" PRIu64 ", icmp %" PRIu64
	    "; ipv6 %" PRIu64 "), http packets %.1f%%, %.1f s of traffic, "
	    "written in %.2f s\n", g->packets, g->bytes,
	    g->flows[GEN_HTTP] + g->flows[GEN_TLS] + g->flows[GEN_DNS] +
	    g->flows[GEN_UDP] + g->flows[GEN_ICMP], g->flows[GEN_HTTP],
	    g->flows[GEN_TLS], g->flows[GEN_DNS], g->flows[GEN_UDP],
	    g->flows[GEN_ICMP], g->flows_v6,
	    100.0 * (double)g->kind_packets[GEN_HTTP] / (double)g->packets,
	    (double)g->now_us / 1e6,
	    (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
	buf_free(&g->scratch);
	free(g->heap);
	free(g);
	return EXIT_SUCCESS;
}
