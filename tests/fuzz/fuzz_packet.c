/* libFuzzer target: the packet path as the reader and the worker run it
 * (daemon/runmode.c): link layer and decode -> IP reassembly -> flow ->
 * detect, with the fixed ruleset tests/fuzz/packet.rules (every
 * implemented keyword), built once -> every tunnel's inner packet the
 * same way; then the reject reply builder on the captured packet.
 *
 * Input: the bytes of one packet starting at the IP header (v4 or v6),
 * or, after a magic, a sequence of packets that share one flow table and
 * one reassembly table, so flow state, flowbits, flowints, thresholds and
 * fragment trackers evolve:
 *
 *	"QPK1" { ctl:u8  len:u16 (big endian)  bytes[len] } ...
 *	"QPK2" link:u8 policy:u8 { ctl:u8  len:u16  bytes[len] } ...
 *
 * QPK2's link (modulo the number of capture link types) is what every
 * packet starts with (enum packet_link: Ethernet, SLL, SLL2, null,
 * loopback, Cisco HDLC, PPP, raw IPv4 or IPv6); policy (modulo 7) is
 * the overlap policy of every host (defrag/policy.h); QPK1 and a bare
 * packet are raw IP, bsd.
 *
 * ctl bits 0-3: seconds the clock moves before the packet; bit 4: the
 * capture was truncated (wire length 100 bytes more than len); bit 5:
 * the clock moves 10 minutes (flow and fragment timeouts); bit 6:
 * expire flows and datagrams now. A len past the end takes what is
 * left. At most FUZZ_MAX_PACKETS.
 *
 * The flow and reassembly tables are new for every input and small, so
 * their memcaps, emergency mode, eviction and fragment limits are
 * reached; threshold counters are reset per input. Checked: the verdict
 * and the alert list are well formed, a reassembled datagram decodes
 * with an IP layer of the fragments' version and no more bytes than
 * 65535 past its header, a reject reply fits its buffer and decodes as
 * IP. */
#include "core/base.h"

#include <netinet/in.h>
#include <stdio.h>

#include "capture/reject.h"
#include "core/diag.h"
#include "core/packet.h"
#include "decode/checksum.h"
#include "decode/decode.h"
#include "decode/tunnel.h"
#include "defrag/defrag.h"
#include "detect/engine.h"
#include "detect/keywords/registry.h"
#include "detect/threshold.h"
#include "flow/flow.h"
#include "flow/table.h"
#include "fuzz.h"
#include "rules/ruleset.h"

#define FUZZ_MAX_PACKETS	1024
#define FUZZ_MAGIC		"QPK1"
#define FUZZ_MAGIC2		"QPK2"
#define FUZZ_MAGIC_LEN		4

/* The capture link types QPK2 picks from. */
static const uint8_t fuzz_links[] = {
	PKT_LINK_RAW, PKT_LINK_IPV4, PKT_LINK_IPV6, PKT_LINK_ETHERNET,
	PKT_LINK_SLL, PKT_LINK_SLL2, PKT_LINK_NULL, PKT_LINK_LOOP,
	PKT_LINK_CHDLC, PKT_LINK_PPP, PKT_LINK_PPP_HDLC,
};

/* One input's state. */
struct fuzz_ctx {
	struct flow_table *ft;
	struct defrag	*df;
	uint8_t		 link;
};

static const struct detect_engine *engine;
static struct detect_thread *thread;

static void	fuzz_init(void);
static void	fuzz_keywords_unused(const char *path);
static void	fuzz_packet(struct fuzz_ctx *, const uint8_t *, size_t,
		    uint32_t wire_len, const struct timespec *);
static void	fuzz_inspect(struct fuzz_ctx *, struct packet *);
static void	fuzz_tunnels(struct fuzz_ctx *, const struct packet *);
static void	fuzz_check_result(const struct detect_result *);
static void	fuzz_reject(const struct packet *);

/* Names the registered keywords packet.rules does not use. */
static void
fuzz_keywords_unused(const char *path)
{
	const struct keyword *kw;
	char *text = NULL, pat[64];
	size_t len = 0, i;
	FILE *f;

	if ((f = fopen(path, "r")) == NULL)
		return;
	if (getdelim(&text, &len, '\0', f) == -1) {
		fclose(f);
		free(text);
		return;
	}
	fclose(f);
	for (i = 0; (kw = detect_keywords_registry_at(i)) != NULL; i++) {
		snprintf(pat, sizeof(pat), " %s:", kw->name);
		if (strstr(text, pat) != NULL)
			continue;
		snprintf(pat, sizeof(pat), " %s;", kw->name);
		if (strstr(text, pat) != NULL)
			continue;
		snprintf(pat, sizeof(pat), "(%s:", kw->name);
		if (strstr(text, pat) != NULL)
			continue;
		fprintf(stderr, "fuzz_packet: keyword '%s' is not used by %s\n",
		    kw->name, path);
	}
	free(text);
}

static void
fuzz_init(void)
{
	struct rules_stats st;
	struct ruleset *rs;
	struct diag_list dl;
	const char *top;
	char path[4096];

	if ((top = getenv("QUELL_TOP_SRCDIR")) == NULL)
		top = FUZZ_SRCDIR;
	snprintf(path, sizeof(path), "%s/tests/fuzz/packet.rules", top);
	diag_list_init(&dl);
	if ((rs = rules_ruleset_new()) == NULL)
		abort();
	if (rules_load_file(rs, path, NULL, &dl) == -1) {
		diag_list_print(&dl, stderr);
		abort();
	}
	rules_ruleset_stats(rs, &st);
	if (st.failed > 0 || st.loaded == 0) {
		diag_list_print(&dl, stderr);
		fprintf(stderr, "fuzz_packet: %zu rules of %s failed to load\n",
		    st.failed, path);
		abort();
	}
	if (st.unsupported > 0) {
		char why[512];

		fprintf(stderr, "fuzz_packet: %zu rules of %s unsupported: %s\n",
		    st.unsupported, path,
		    rules_ruleset_unsupported_summary(rs, why, sizeof(why)));
	}
	fuzz_keywords_unused(path);
	if ((engine = detect_engine_build(rs, &dl)) == NULL ||
	    (thread = detect_thread_new(engine)) == NULL) {
		diag_list_print(&dl, stderr);
		abort();
	}
	fprintf(stderr, "fuzz_packet: %zu rules (%zu loaded, mpm %s)\n",
	    detect_engine_rule_count(engine), st.loaded,
	    detect_engine_mpm_name(engine));
	diag_list_free(&dl);
}

static void
fuzz_check_result(const struct detect_result *res)
{
	if (res->verdict != DETECT_VERDICT_ACCEPT &&
	    res->verdict != DETECT_VERDICT_DROP &&
	    res->verdict != DETECT_VERDICT_REJECT)
		__builtin_trap();
	if (res->nalerts > DETECT_MAX_ALERTS)
		__builtin_trap();
	for (uint32_t i = 0; i < res->nalerts; i++) {
		if (res->alerts[i].msg == NULL || res->alerts[i].sid == 0)
			__builtin_trap();
		(void)strlen(res->alerts[i].msg);
		if (res->alerts[i].classtype != NULL)
			(void)strlen(res->alerts[i].classtype);
	}
}

static void
fuzz_reject(const struct packet *p)
{
	static const enum reject_target targets[] = { REJECT_TO_SOURCE,
	    REJECT_TO_DEST };
	struct packet r;
	uint8_t *buf;
	size_t len;

	/* Exactly the documented size: a longer write is a heap overflow. */
	if ((buf = malloc(CAPTURE_REJECT_MAX)) == NULL)
		return;
	for (size_t i = 0; i < QUELL_NITEMS(targets); i++) {
		if ((len = capture_reject_build(p, targets[i], buf)) == 0)
			continue;
		if (len > CAPTURE_REJECT_MAX)
			__builtin_trap();
		memset(&r, 0, sizeof(r));
		r.data = buf;
		r.len = r.wire_len = (uint32_t)len;
		if (decode_packet(&r) == -1)
			__builtin_trap();
	}
	free(buf);
}

/* Flow and detection for one packet, as worker_inspect. */
static void
fuzz_inspect(struct fuzz_ctx *c, struct packet *p)
{
	struct detect_result res;

	if (p->ip_version == 0 && !decode_event_any(p->events))
		return;
	(void)decode_checksums_valid(p);
	if (p->ip_version != 0)
		flow_table_handle(c->ft, p);
	memset(&res, 0, sizeof(res));
	if (p->flow == NULL || !(p->flow->flags & (FLOW_F_DROP | FLOW_F_PASS))) {
		detect_packet(thread, p, &res);
		fuzz_check_result(&res);
		if (p->flow != NULL) {
			if (res.nalerts > 0)
				p->flow->flags |= FLOW_F_ALERTED;
			if (res.verdict != DETECT_VERDICT_ACCEPT &&
			    p->proto == IPPROTO_TCP)
				p->flow->flags |= FLOW_F_DROP;
		}
	}
}

/* The packets inside p's tunnels, as worker_tunnels. */
static void
fuzz_tunnels(struct fuzz_ctx *c, const struct packet *p)
{
	struct packet inner[2];
	const struct packet *cur = p;

	for (unsigned n = 0; cur->inner != NULL && n < PKT_MAX_DEPTH; n++) {
		struct packet *t = &inner[n & 1];

		if (decode_tunnel(cur, t, &decode_config_default) == -1)
			break;
		if (t->depth != cur->depth + 1 ||
		    t->root != (p->root != NULL ? p->root : p))
			__builtin_trap();
		fuzz_inspect(c, t);
		cur = t;
	}
}

static void
fuzz_packet(struct fuzz_ctx *c, const uint8_t *data, size_t len,
    uint32_t wire_len, const struct timespec *ts)
{
	struct defrag_chain chain;
	struct packet p;
	unsigned n = 0;
	uint8_t *buf;

	/* Exactly len bytes, so a read past the packet is caught. */
	if ((buf = fuzz_memdup(data, len)) == NULL)
		return;
	memset(&p, 0, sizeof(p));
	p.data = buf;
	p.len = (uint32_t)len;
	p.wire_len = wire_len;
	p.ts = *ts;
	p.link = c->link;
	p.queue = 0;
	p.nfq_id = 1;
	(void)decode_packet(&p);
	/* As the reader: a fragment goes to reassembly first; the
	 * datagrams it completes (nested ones too) are inspected before
	 * it, innermost first, with it as their root. */
	if (p.is_fragment)
		n = defrag_run(c->df, &p, &decode_config_default, &chain);
	while (n-- > 0) {
		struct packet *dp = &chain.pkt[n];

		if (dp->ip_version != p.ip_version ||
		    dp->pkt_src != PKT_SRC_DEFRAG || dp->len < dp->ip_hdr_len ||
		    dp->len - dp->ip_hdr_len > 65535)
			__builtin_trap();
		dp->root = &p;
		fuzz_inspect(c, dp);
		fuzz_tunnels(c, dp);
	}
	fuzz_inspect(c, &p);
	fuzz_tunnels(c, &p);
	if (p.ip_version != 0)
		fuzz_reject(&p);
	free(buf);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool init;
	struct flow_table_config fc;
	struct defrag_config dc;
	struct defrag_hosts *hosts = NULL;
	struct fuzz_ctx c = { .link = PKT_LINK_RAW };
	struct timespec ts = { 1700000000, 0 };
	size_t off, len, n;
	uint8_t ctl;

	if (!init) {
		fuzz_init();
		init = true;
	}
	detect_threshold_reset();
	flow_config_default(&fc);
	fc.memcap = 32u << 10;
	fc.hash_size = 64;
	fc.prealloc = 4;
	if ((c.ft = flow_table_new(&fc, detect_flow_vars_free, 0x5eed0000)) ==
	    NULL)
		abort();
	off = FUZZ_MAGIC_LEN;
	if (size >= FUZZ_MAGIC_LEN + 2 &&
	    memcmp(data, FUZZ_MAGIC2, FUZZ_MAGIC_LEN) == 0) {
		c.link = fuzz_links[data[off] % QUELL_NITEMS(fuzz_links)];
		if ((hosts = defrag_hosts_new((enum defrag_policy)(data[off + 1] %
		    DEFRAG_NPOLICIES))) == NULL)
			abort();
		off += 2;
	}
	/* Small: the memcap (a few datagrams), the trackers and the
	 * fragment count are all within reach of one input. */
	defrag_config_default(&dc);
	dc.memcap = 48u << 10;
	dc.hash_size = 16;
	dc.trackers = 4;
	dc.max_frags = 64;
	dc.timeout = 30;
	dc.hosts = hosts;
	if ((c.df = defrag_new(&dc)) == NULL)
		abort();

	if (hosts == NULL && (size < FUZZ_MAGIC_LEN ||
	    memcmp(data, FUZZ_MAGIC, FUZZ_MAGIC_LEN) != 0)) {
		fuzz_packet(&c, data, size, (uint32_t)size, &ts);
		goto done;
	}
	for (n = 0; n < FUZZ_MAX_PACKETS && size - off >= 3; n++) {
		ctl = data[off];
		len = (size_t)data[off + 1] << 8 | data[off + 2];
		off += 3;
		if (len > size - off)
			len = size - off;
		ts.tv_sec += ctl & 0x0f;
		ts.tv_nsec = (long)(n % 1000) * 1000000;
		if (ctl & 0x20)
			ts.tv_sec += 600;
		if (ctl & 0x40) {
			flow_table_expire(c.ft, &ts, NULL, NULL);
			defrag_expire(c.df, &ts);
		}
		fuzz_packet(&c, data + off, len,
		    (uint32_t)len + ((ctl & 0x10) ? 100 : 0), &ts);
		off += len;
	}
done:
	flow_table_flush(c.ft, NULL, NULL);
	flow_table_free(c.ft);
	defrag_free(c.df);
	defrag_hosts_free(hosts);
	return 0;
}
