/* The app-layer framework (lib/applayer: applayer.c, config.c, detect.c,
 * state.c, tcp.c, udp.c) through the packet pipeline, as the workers run
 * it: raw IPv4 packets decoded, tracked, reassembled, then the app layer
 * and detection. Sessions are built here around real protocol bytes
 * (banners of the lab's SSH captures, an HTTP request and response, a
 * DNS query as dig sends it, a TLS ClientHello of a suricata-verify
 * capture), and whole real captures go through too:
 *
 *   protocol detection on the first bytes, from either side first, on
 *   any port, by probe only on the detection ports; enabled: no and
 *   detection-only; the wrong direction first; a mismatch between the
 *   directions; the feeding loop (a banner in pieces, INCOMPLETE and
 *   needed); transactions freed once inspected and logged; tx rules
 *   alerting once per transaction; the generic events. */
#include "core/base.h"

#include <check.h>
#include <netinet/in.h>
#include <stdio.h>

#include <jansson.h>

#include "applayer/applayer.h"
#include "applayer/registry.h"
#include "capture/pcap.h"
#include "config/config.h"
#include "core/diag.h"
#include "core/packet.h"
#include "decode/decode.h"
#include "detect/applayer.h"
#include "detect/engine.h"
#include "flow/flow.h"
#include "flow/table.h"
#include "flowcap.h"
#include "pipeline/pipeline.h"
#include "rules/ruleset.h"
#include "suites.h"

/* One TCP connection, client 198.18.1.2:sport -> server 198.18.2.2:dport. */
struct conn {
	uint16_t	 sport;
	uint16_t	 dport;
	uint32_t	 cseq;
	uint32_t	 sseq;
	bool		 udp;
};

/* What the flow looked like after the last packet. */
struct seen {
	uint8_t		 alproto, ts, tc, orig;
	bool		 parser;	/* a parser state exists */
	uint64_t	 ntx;
	uint64_t	 events;	/* bit per enum applayer_event */
	bool		 pd_done;
	uint32_t	 nalerts;
	uint32_t	 sids[8];
	bool		 has_tx[8];
	uint64_t	 tx_id[8];
};

static struct quell_config *qcfg;
static struct applayer_config *acfg;
static struct stream_hostos *hosts;
static struct detect_engine *de;
static struct detect_thread *dt;
static struct pipeline *pl;
static struct seen seen;
static struct flow *last_flow;	/* valid until the next packet */
static uint8_t frame[2048];

static void
start(const char *const *sets, const char *rules, bool ips)
{
	struct pipeline_config pc;
	struct diag_list dl;
	char err[256];

	diag_list_init(&dl);
	ck_assert_ptr_nonnull(qcfg = config_new());
	qcfg->flow.hash_size = 256;
	qcfg->flow.prealloc = 8;
	for (size_t i = 0; sets != NULL && sets[i] != NULL; i++)
		ck_assert_int_eq(config_set(qcfg, sets[i], &dl), 0);
	ck_assert_ptr_nonnull(acfg = applayer_config_new(qcfg, err,
	    sizeof(err)));
	if (rules != NULL) {
		struct ruleset *rs = rules_ruleset_new();

		ck_assert_int_eq(detect_applayer_register(err, sizeof(err)), 0);
		ck_assert_int_eq(rules_load_string(rs, "t.rules", rules, NULL,
		    &dl), 0);
		ck_assert_uint_eq(dl.errors, 0);
		struct detect_engine_opts eo;

		detect_engine_opts_default(&eo);
		eo.guess_tx = qcfg->detect_guess_tx;
		ck_assert_ptr_nonnull(de = detect_engine_build_opts(rs, &eo,
		    &dl));
		ck_assert_ptr_nonnull(dt = detect_thread_new(de));
	}
	ck_assert_int_eq(pipeline_config_init(&pc, qcfg, ips, ips, 1, &hosts,
	    err, sizeof(err)), 0);
	pc.app = acfg;
	ck_assert_ptr_nonnull(pl = pipeline_new(&pc, dt, 1));
	diag_list_free(&dl);
	memset(&seen, 0, sizeof(seen));
}

static void
stop(void)
{
	(void)flow_table_flush(pipeline_flows(pl), NULL, NULL);
	pipeline_free(pl);
	pl = NULL;
	stream_hostos_free(hosts);
	applayer_config_free(acfg);
	config_free(qcfg);
	detect_thread_free(dt);
	dt = NULL;
	detect_engine_free(de);
	de = NULL;
}

static void
snapshot(const struct packet *p, const struct pipeline_result *pr)
{
	const struct flow *f = p->flow;
	void *state;
	const struct applayer_parser *ap;

	memset(&seen, 0, sizeof(seen));
	seen.nalerts = pr->det.nalerts;
	for (uint32_t i = 0; i < pr->det.nalerts && i < 8; i++) {
		seen.sids[i] = pr->det.alerts[i].sid;
		seen.has_tx[i] = pr->det.alerts[i].has_tx;
		seen.tx_id[i] = pr->det.alerts[i].tx_id;
	}
	if (f == NULL)
		return;
	seen.alproto = f->alproto;
	seen.ts = f->alproto_ts;
	seen.tc = f->alproto_tc;
	seen.orig = f->alproto_orig;
	seen.pd_done = false;
	if ((ap = applayer_flow_parser(f, &state)) != NULL) {
		seen.parser = true;
		seen.ntx = ap->tx_count(state);
	}
	for (int e = 0; e < APPLAYER_EV_MAX; e++)
		if (applayer_flow_event(f, (enum applayer_event)e))
			seen.events |= 1ull << e;
}

/* One packet of c (from the server when reply): built, decoded, through
 * the pipeline. */
static void
tx(struct conn *c, bool reply, uint8_t flags, const void *payload,
    size_t len)
{
	uint8_t *ip = frame, *l4 = frame + 20;
	size_t hl = c->udp ? 8 : 20;
	uint16_t total = (uint16_t)(20 + hl + len);
	uint32_t seq = reply ? c->sseq : c->cseq;
	uint32_t ack = reply ? c->cseq : c->sseq;
	uint16_t sp = reply ? c->dport : c->sport;
	uint16_t dp = reply ? c->sport : c->dport;
	struct pipeline_result pr;
	struct packet p;

	ck_assert_uint_le(20 + hl + len, sizeof(frame));
	memset(frame, 0, 20 + hl);
	ip[0] = 0x45;
	ip[2] = (uint8_t)(total >> 8);
	ip[3] = (uint8_t)total;
	ip[6] = 0x40;
	ip[8] = 64;
	ip[9] = c->udp ? IPPROTO_UDP : IPPROTO_TCP;
	ip[12] = 198;
	ip[13] = 18;
	ip[14] = reply ? 2 : 1;
	ip[15] = 2;
	ip[16] = 198;
	ip[17] = 18;
	ip[18] = reply ? 1 : 2;
	ip[19] = 2;
	l4[0] = (uint8_t)(sp >> 8);
	l4[1] = (uint8_t)sp;
	l4[2] = (uint8_t)(dp >> 8);
	l4[3] = (uint8_t)dp;
	if (c->udp) {
		l4[4] = (uint8_t)((8 + len) >> 8);
		l4[5] = (uint8_t)(8 + len);
	} else {
		for (int i = 0; i < 4; i++) {
			l4[4 + i] = (uint8_t)(seq >> (24 - 8 * i));
			l4[8 + i] = (uint8_t)(ack >> (24 - 8 * i));
		}
		l4[12] = 5 << 4;
		l4[13] = flags;
		l4[14] = 0xff;
		l4[15] = 0xff;
	}
	if (len > 0)
		memcpy(frame + 20 + hl, payload, len);
	if (!c->udp) {
		uint32_t adv = (uint32_t)len + ((flags &
		    (PKT_TCP_SYN | PKT_TCP_FIN)) ? 1 : 0);

		if (reply)
			c->sseq += adv;
		else
			c->cseq += adv;
	}
	memset(&p, 0, sizeof(p));
	p.data = frame;
	p.len = total;
	p.wire_len = total;
	p.ts.tv_sec = 1700000000;
	ck_assert_int_eq(decode_packet(&p), 0);
	pipeline_packet(pl, &p, &pr);
	snapshot(&p, &pr);
	last_flow = p.flow;
}

#define DATA	(PKT_TCP_ACK | PKT_TCP_PSH)

static void
handshake(struct conn *c)
{
	tx(c, false, PKT_TCP_SYN, NULL, 0);
	tx(c, true, PKT_TCP_SYN | PKT_TCP_ACK, NULL, 0);
	tx(c, false, PKT_TCP_ACK, NULL, 0);
}

static bool
ev(enum applayer_event e)
{
	return (seen.events & (1ull << e)) != 0;
}

/* Real bytes: the lab captures' banners (tests/data/ssh), a request and
 * a response as curl and the lab's httpd send them. */
static const char ssh_client[] = "SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u6\r\n";
static const char ssh_server[] = "SSH-2.0-dropbear_2022.83\r\n";
static const char http_req[] = "GET /index.html HTTP/1.1\r\nHost: "
    "198.18.2.2:8080\r\nUser-Agent: curl/7.88.1\r\nAccept: */*\r\n\r\n";
static const char http_resp[] = "HTTP/1.0 200 OK\r\nServer: BaseHTTP/0.6 "
    "Python/3.11.2\r\nContent-Length: 18\r\n\r\nhello from the lab";
/* dig +noedns example.com A: id 0x1c8f, RD */
static const uint8_t dns_query[] = {
	0x1c, 0x8f, 0x01, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x07, 'e', 'x', 'a', 'm', 'p', 'l', 'e', 0x03, 'c', 'o', 'm',
	0x00, 0x00, 0x01, 0x00, 0x01,
};

START_TEST(test_ssh_is_detected_on_the_server_banner_first)
{
	struct conn c = { 40000, 22, 1000, 5000, false };

	start(NULL, NULL, true);
	handshake(&c);
	ck_assert_uint_eq(seen.alproto, APPLAYER_PROTO_UNKNOWN);
	tx(&c, true, DATA, ssh_server, sizeof(ssh_server) - 1);
	ck_assert_uint_eq(seen.alproto, APPLAYER_PROTO_SSH);
	ck_assert_uint_eq(seen.tc, APPLAYER_PROTO_SSH);
	ck_assert_uint_eq(seen.ts, APPLAYER_PROTO_UNKNOWN);
	ck_assert(seen.parser);
	tx(&c, false, DATA, ssh_client, sizeof(ssh_client) - 1);
	ck_assert_uint_eq(seen.ts, APPLAYER_PROTO_SSH);
	ck_assert_uint_eq(seen.events, 0);
	stop();
}
END_TEST

START_TEST(test_http_is_detected_on_any_port)
{
	struct conn c = { 40001, 31337, 1000, 5000, false };

	start(NULL, NULL, true);
	handshake(&c);
	tx(&c, false, DATA, http_req, sizeof(http_req) - 1);
	ck_assert_uint_eq(seen.alproto, APPLAYER_PROTO_HTTP1);
	ck_assert_uint_eq(seen.ntx, 1);
	tx(&c, true, DATA, http_resp, sizeof(http_resp) - 1);
	ck_assert_uint_eq(seen.tc, APPLAYER_PROTO_HTTP1);
	stop();
}
END_TEST

/* Suricata 7.0.6 takes HTTP data in either direction first: a response
 * before any request is HTTP and parsed (its eve: app_proto http, an
 * UNABLE_TO_MATCH_RESPONSE_TO_REQUEST anomaly; stream-async-6063-srv-*
 * of ../shared/verify), not applayer_wrong_direction_first_data. */
START_TEST(test_http_response_first_is_http)
{
	struct conn c = { 40002, 80, 1000, 5000, false };

	start(NULL, NULL, true);
	handshake(&c);
	tx(&c, true, DATA, http_resp, sizeof(http_resp) - 1);
	ck_assert(!ev(APPLAYER_EV_WRONG_DIRECTION_FIRST_DATA));
	ck_assert_uint_eq(seen.alproto, APPLAYER_PROTO_HTTP1);
	ck_assert(seen.parser);
	stop();
}
END_TEST

/* IDS (not inline), as Suricata 7.0.6 (bug-130 of ../shared/verify): a
 * FIN does not hand its own direction's end to the parser; the packet
 * that acknowledges it does. A response delimited by the close is then
 * complete there, its raw stream is inspected with the next packet to
 * the client, and a stream rule alerts on that one, not on the FIN. */
START_TEST(test_ids_fin_is_parsed_once_acknowledged)
{
	static const char resp[] = "HTTP/1.0 200 OK\r\nServer: x\r\n\r\n"
	    "close-delimited body";
	struct conn c = { 40020, 80, 1000, 5000, false };

	start(NULL, "alert tcp any any -> any any (flow:to_client; "
	    "content:\"close-delimited\"; sid:1;)\n", false);
	handshake(&c);
	tx(&c, false, DATA, http_req, sizeof(http_req) - 1);
	tx(&c, true, PKT_TCP_ACK, NULL, 0);
	tx(&c, true, DATA, resp, sizeof(resp) - 1);
	tx(&c, false, PKT_TCP_ACK, NULL, 0);
	ck_assert_uint_eq(seen.nalerts, 0);
	tx(&c, true, PKT_TCP_FIN | PKT_TCP_ACK, NULL, 0);
	ck_assert_uint_eq(seen.nalerts, 0);
	tx(&c, false, PKT_TCP_FIN | PKT_TCP_ACK, NULL, 0);
	ck_assert_uint_eq(seen.nalerts, 0);
	tx(&c, true, PKT_TCP_ACK, NULL, 0);
	ck_assert_uint_eq(seen.nalerts, 1);
	ck_assert_uint_eq(seen.sids[0], 1);
	stop();
}
END_TEST

/* detect.guess-applayer-tx (Suricata 7.0.7+): a packet rule's alert in
 * an HTTP flow names the one transaction there is; off (the default, as
 * Suricata 7.0.6 for packet rules), none. */
START_TEST(test_guess_applayer_tx_names_the_only_tx)
{
	static const char *const on[] = { "detect.guess-applayer-tx=yes",
	    NULL };
	static const char rule[] = "alert tcp any any -> any any "
	    "(flow:to_server; dsize:>10; sid:7;)\n";

	for (int k = 0; k < 2; k++) {
		struct conn c = { (uint16_t)(40030 + k), 80, 1000, 5000, false };

		start(k == 0 ? NULL : on, rule, true);
		handshake(&c);
		tx(&c, false, DATA, http_req, sizeof(http_req) - 1);
		ck_assert_uint_eq(seen.nalerts, 1);
		ck_assert_uint_eq(seen.sids[0], 7);
		ck_assert(seen.has_tx[0] == (k == 1));
		ck_assert_uint_eq(seen.tx_id[0], 0);
		stop();
	}
}
END_TEST

static int nrecords;

static void
count_record(void *arg, const struct flow *f,
    const struct applayer_log_rec *rec)
{
	(void)arg;
	(void)f;
	(void)rec;
	nrecords++;
}

/* As Suricata's tx loggers, a transaction complete both ways is logged
 * once detection inspected it in each direction: not on the client's ACK
 * that completed the response (detection ran to the server only), on the
 * next packet to the client (bug-130: its http record at pcap_cnt 14). */
START_TEST(test_tx_is_logged_once_detection_saw_both_directions)
{
	struct applayer_log_want want = { .protos = 1u << APPLAYER_PROTO_HTTP1 };
	struct conn c = { 40040, 80, 1000, 5000, false };

	start(NULL, "alert tcp any any -> any any (content:\"zzzz\"; sid:1;)\n",
	    false);
	applayer_config_set_logged(acfg, APPLAYER_PROTO_HTTP1, true);
	nrecords = 0;
	handshake(&c);
	tx(&c, false, DATA, http_req, sizeof(http_req) - 1);
	tx(&c, true, PKT_TCP_ACK, NULL, 0);
	tx(&c, true, DATA, http_resp, sizeof(http_resp) - 1);
	tx(&c, false, PKT_TCP_ACK, NULL, 0);
	applayer_flow_log(last_flow, &want, false, count_record, NULL);
	ck_assert_int_eq(nrecords, 0);
	tx(&c, true, PKT_TCP_ACK, NULL, 0);
	applayer_flow_log(last_flow, &want, false, count_record, NULL);
	ck_assert_int_eq(nrecords, 1);
	stop();
}
END_TEST

static uint64_t logged_ids[8];

static void
record_tx_id(void *arg, const struct flow *f,
    const struct applayer_log_rec *rec)
{
	(void)arg;
	(void)f;
	if (nrecords < 8)
		logged_ids[nrecords] = rec->tx_id;
	nrecords++;
}

/* Pipelined requests: detection, logging and cleanup each walk from
 * their own position (the first tx they are not done with), and every
 * tx is still inspected once per direction, logged once in order and
 * freed. */
static const char http_req3[] = "GET /p0 HTTP/1.1\r\nHost: lab\r\n\r\n"
    "GET /p1 HTTP/1.1\r\nHost: lab\r\n\r\n"
    "GET /p2 HTTP/1.1\r\nHost: lab\r\n\r\n";
static const char http_resp1[] = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n"
    "\r\nok";

START_TEST(test_pipelined_txs_are_inspected_logged_and_freed_once_each)
{
	struct applayer_log_want want = { .protos = 1u << APPLAYER_PROTO_HTTP1 };
	struct conn c = { 40041, 80, 1000, 5000, false };

	start(NULL, "alert http any any -> any any (http.uri; content:\"/p\"; "
	    "sid:1;)\nalert http any any -> any any (http.stat_code; "
	    "content:\"200\"; sid:2;)\n", true);
	applayer_config_set_logged(acfg, APPLAYER_PROTO_HTTP1, true);
	nrecords = 0;
	handshake(&c);
	tx(&c, false, DATA, http_req3, sizeof(http_req3) - 1);
	ck_assert_uint_eq(seen.nalerts, 3);
	ck_assert_uint_eq(seen.tx_id[0], 0);
	ck_assert_uint_eq(seen.tx_id[2], 2);
	ck_assert_uint_eq(seen.ntx, 3);
	tx(&c, true, DATA, http_resp1, sizeof(http_resp1) - 1);
	ck_assert_uint_eq(seen.nalerts, 1);
	ck_assert_uint_eq(seen.tx_id[0], 0);
	tx(&c, false, PKT_TCP_ACK, NULL, 0);
	ck_assert_uint_eq(seen.nalerts, 0);
	applayer_flow_log(last_flow, &want, false, record_tx_id, NULL);
	ck_assert_int_eq(nrecords, 1);
	tx(&c, true, DATA, http_resp1, sizeof(http_resp1) - 1);
	ck_assert_uint_eq(seen.nalerts, 1);
	ck_assert_uint_eq(seen.tx_id[0], 1);
	/* tx 0 went with the packet's cleanup */
	ck_assert_uint_eq(seen.ntx, 2);
	tx(&c, true, DATA, http_resp1, sizeof(http_resp1) - 1);
	ck_assert_uint_eq(seen.nalerts, 1);
	ck_assert_uint_eq(seen.tx_id[0], 2);
	tx(&c, false, PKT_TCP_ACK, NULL, 0);
	ck_assert_uint_eq(seen.nalerts, 0);
	applayer_flow_log(last_flow, &want, false, record_tx_id, NULL);
	ck_assert_int_eq(nrecords, 3);
	ck_assert_uint_eq(logged_ids[0], 0);
	ck_assert_uint_eq(logged_ids[1], 1);
	ck_assert_uint_eq(logged_ids[2], 2);
	applayer_flow_log(last_flow, &want, false, record_tx_id, NULL);
	ck_assert_int_eq(nrecords, 3);
	tx(&c, true, PKT_TCP_ACK, NULL, 0);
	ck_assert_uint_eq(seen.ntx, 0);
	stop();
}
END_TEST

static int nevents;
static uint64_t event_tx;

static void
count_tx_event(void *arg, const struct applayer_parser *ap, uint64_t tx_id,
    unsigned e)
{
	(void)arg;
	(void)ap;
	(void)e;
	nevents++;
	event_tx = tx_id;
}

/* Each tx event is reported once, also when the packets between bring
 * nothing to parse; a later request's event is its tx's. */
START_TEST(test_tx_events_are_reported_once_each)
{
	static const char nohost[] = "GET /a HTTP/1.1\r\n\r\n";
	struct conn c = { 40042, 80, 1000, 5000, false };

	start(NULL, "alert tcp any any -> any any (content:\"zzzz\"; sid:1;)\n",
	    true);
	handshake(&c);
	tx(&c, false, DATA, nohost, sizeof(nohost) - 1);
	nevents = 0;
	applayer_flow_tx_events(last_flow, count_tx_event, NULL);
	ck_assert_int_eq(nevents, 1);
	ck_assert_uint_eq(event_tx, 0);
	tx(&c, true, PKT_TCP_ACK, NULL, 0);
	applayer_flow_tx_events(last_flow, count_tx_event, NULL);
	ck_assert_int_eq(nevents, 1);
	tx(&c, false, DATA, nohost, sizeof(nohost) - 1);
	applayer_flow_tx_events(last_flow, count_tx_event, NULL);
	applayer_flow_tx_events(last_flow, count_tx_event, NULL);
	ck_assert_int_eq(nevents, 2);
	ck_assert_uint_eq(event_tx, 1);
	stop();
}
END_TEST

START_TEST(test_different_protocols_each_way_are_a_mismatch)
{
	struct conn c = { 40003, 22, 1000, 5000, false };

	start(NULL, NULL, true);
	handshake(&c);
	tx(&c, true, DATA, ssh_server, sizeof(ssh_server) - 1);
	tx(&c, false, DATA, http_req, sizeof(http_req) - 1);
	ck_assert(ev(APPLAYER_EV_MISMATCH_PROTOCOL_BOTH_DIRECTIONS));
	/* the one whose parser already has data stays */
	ck_assert_uint_eq(seen.alproto, APPLAYER_PROTO_SSH);
	ck_assert_uint_eq(seen.ts, APPLAYER_PROTO_HTTP1);
	stop();
}
END_TEST

START_TEST(test_dns_probe_runs_on_the_detection_ports_only)
{
	struct conn c53 = { 40004, 53, 0, 0, true };
	struct conn c99 = { 40005, 5353, 0, 0, true };

	start(NULL, NULL, true);
	tx(&c53, false, 0, dns_query, sizeof(dns_query));
	ck_assert_uint_eq(seen.alproto, APPLAYER_PROTO_DNS);
	ck_assert(seen.pd_done || seen.parser);
	ck_assert_uint_eq(seen.ntx, 1);
	tx(&c99, false, 0, dns_query, sizeof(dns_query));
	ck_assert_uint_eq(seen.alproto, APPLAYER_PROTO_FAILED);
	stop();
}
END_TEST

START_TEST(test_detection_ports_move_the_probe)
{
	static const char *const sets[] = {
		"app-layer.protocols.dns.udp.detection-ports.dp=5353", NULL };
	struct conn c53 = { 40006, 53, 0, 0, true };
	struct conn c99 = { 40007, 5353, 0, 0, true };

	start(sets, NULL, true);
	tx(&c99, false, 0, dns_query, sizeof(dns_query));
	ck_assert_uint_eq(seen.alproto, APPLAYER_PROTO_DNS);
	tx(&c53, false, 0, dns_query, sizeof(dns_query));
	ck_assert_uint_eq(seen.alproto, APPLAYER_PROTO_FAILED);
	stop();
}
END_TEST

/* dns.detection-ports wins over dns.udp.detection-ports, as
 * Suricata looks the generic block up first (dns-incomplete). */
START_TEST(test_generic_detection_ports_win)
{
	static const char *const sets[] = {
		"app-layer.protocols.dns.detection-ports.dp=5353",
		"app-layer.protocols.dns.udp.detection-ports.dp=53", NULL };
	struct conn c53 = { 40010, 53, 0, 0, true };
	struct conn c99 = { 40011, 5353, 0, 0, true };

	start(sets, NULL, true);
	tx(&c99, false, 0, dns_query, sizeof(dns_query));
	ck_assert_uint_eq(seen.alproto, APPLAYER_PROTO_DNS);
	tx(&c53, false, 0, dns_query, sizeof(dns_query));
	ck_assert_uint_eq(seen.alproto, APPLAYER_PROTO_FAILED);
	stop();
}
END_TEST

START_TEST(test_enabled_no_leaves_ssh_undetected)
{
	static const char *const sets[] = {
		"app-layer.protocols.ssh.enabled=no", NULL };
	struct conn c = { 40008, 22, 1000, 5000, false };

	start(sets, NULL, true);
	handshake(&c);
	tx(&c, true, DATA, ssh_server, sizeof(ssh_server) - 1);
	ck_assert_uint_eq(seen.tc, APPLAYER_PROTO_UNKNOWN);
	tx(&c, false, DATA, ssh_client, sizeof(ssh_client) - 1);
	/* both directions gave up: patterns past their depth, no probe */
	ck_assert_uint_eq(seen.alproto, APPLAYER_PROTO_FAILED);
	stop();
}
END_TEST

START_TEST(test_detection_only_names_the_protocol_without_a_parser)
{
	static const char *const sets[] = {
		"app-layer.protocols.ssh.enabled=detection-only", NULL };
	struct conn c = { 40009, 22, 1000, 5000, false };

	start(sets, NULL, true);
	handshake(&c);
	tx(&c, true, DATA, ssh_server, sizeof(ssh_server) - 1);
	ck_assert_uint_eq(seen.alproto, APPLAYER_PROTO_SSH);
	ck_assert(!seen.parser);
	stop();
}
END_TEST

START_TEST(test_banner_in_pieces_is_parsed_once_whole)
{
	struct conn c = { 40010, 2222, 1000, 5000, false };

	start(NULL, "alert ssh any any -> any any (ssh.software; "
	    "content:\"OpenSSH_9.2p1\"; sid:1;)", true);
	handshake(&c);
	tx(&c, false, DATA, ssh_client, 8);	/* "SSH-2.0-": INCOMPLETE */
	ck_assert_uint_eq(seen.alproto, APPLAYER_PROTO_SSH);
	ck_assert_uint_eq(seen.nalerts, 0);
	tx(&c, false, DATA, ssh_client + 8, 10);
	ck_assert_uint_eq(seen.nalerts, 0);
	tx(&c, false, DATA, ssh_client + 18, sizeof(ssh_client) - 19);
	ck_assert_uint_eq(seen.nalerts, 1);
	ck_assert_uint_eq(seen.sids[0], 1);
	stop();
}
END_TEST

START_TEST(test_tx_rule_alerts_once_per_transaction_and_direction)
{
	struct conn c = { 40011, 22, 1000, 5000, false };

	start(NULL, "alert ssh any any -> any any (ssh.proto; content:\"2.0\"; "
	    "sid:7;)", true);
	handshake(&c);
	tx(&c, true, DATA, ssh_server, sizeof(ssh_server) - 1);
	ck_assert_uint_eq(seen.nalerts, 1);
	tx(&c, false, DATA, ssh_client, sizeof(ssh_client) - 1);
	ck_assert_uint_eq(seen.nalerts, 1);
	tx(&c, true, PKT_TCP_ACK, NULL, 0);
	ck_assert_uint_eq(seen.nalerts, 0);
	tx(&c, false, PKT_TCP_ACK, NULL, 0);
	ck_assert_uint_eq(seen.nalerts, 0);
	stop();
}
END_TEST

START_TEST(test_pd_only_rule_alerts_on_the_detecting_packet)
{
	struct conn c = { 40012, 8080, 1000, 5000, false };

	start(NULL, "alert tcp any any -> any any (app-layer-protocol:http; "
	    "sid:3;)\nalert http any any -> any any (sid:4;)", true);
	handshake(&c);
	tx(&c, false, DATA, http_req, sizeof(http_req) - 1);
	ck_assert_uint_eq(seen.nalerts, 2);
	tx(&c, true, DATA, http_resp, sizeof(http_resp) - 1);
	/* the response's detection finished too (PD-only again), and the
	 * protocol rule is a packet rule: every packet */
	ck_assert_uint_eq(seen.nalerts, 2);
	tx(&c, false, PKT_TCP_ACK, NULL, 0);
	ck_assert_uint_eq(seen.nalerts, 1);
	ck_assert_uint_eq(seen.sids[0], 4);
	stop();
}
END_TEST

START_TEST(test_failed_flow_matches_app_layer_protocol_failed)
{
	static const char junk[] = "\x01\x02\x03 just some bytes of nothing";
	struct conn c = { 40013, 7000, 1000, 5000, false };

	start(NULL, "alert tcp any any -> any any (app-layer-protocol:failed; "
	    "sid:5;)", true);
	handshake(&c);
	tx(&c, false, DATA, junk, sizeof(junk) - 1);
	ck_assert_uint_eq(seen.nalerts, 0);
	tx(&c, true, DATA, junk, sizeof(junk) - 1);
	ck_assert_uint_eq(seen.alproto, APPLAYER_PROTO_FAILED);
	ck_assert_uint_eq(seen.nalerts, 1);
	/* the to-server side learns it on its next packet (Suricata's
	 * FlagPacketFlow), then never again */
	tx(&c, false, PKT_TCP_ACK, NULL, 0);
	ck_assert_uint_eq(seen.nalerts, 1);
	tx(&c, true, PKT_TCP_ACK, NULL, 0);
	ck_assert_uint_eq(seen.nalerts, 0);
	tx(&c, false, PKT_TCP_ACK, NULL, 0);
	ck_assert_uint_eq(seen.nalerts, 0);
	stop();
}
END_TEST

/* The flow's SSH tx is freed once complete, inspected both ways and
 * (with a tx logger) logged. */
static const uint8_t newkeys[] = { 0, 0, 0, 0x0c, 0x0a, 0x15, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0 };

static void
log_none(void *arg, const struct flow *f, const struct applayer_log_rec *r)
{
	(void)f;
	(void)r;
	(*(int *)arg)++;
}

START_TEST(test_finished_tx_is_freed_after_detection_and_logging)
{
	struct conn c = { 40014, 22, 1000, 5000, false };
	struct applayer_log_want want = { .protos = 1u << APPLAYER_PROTO_SSH };
	int logged = 0;

	start(NULL, "alert tcp any any -> any any (content:\"zzz\"; sid:9;)",
	    true);
	applayer_config_set_logged(acfg, APPLAYER_PROTO_SSH, true);
	handshake(&c);
	tx(&c, true, DATA, ssh_server, sizeof(ssh_server) - 1);
	tx(&c, false, DATA, ssh_client, sizeof(ssh_client) - 1);
	tx(&c, true, DATA, newkeys, sizeof(newkeys));
	tx(&c, false, DATA, newkeys, sizeof(newkeys));
	ck_assert_uint_eq(seen.ntx, 1);		/* complete both ways */
	tx(&c, true, PKT_TCP_ACK, NULL, 0);	/* inspected both ways */
	ck_assert_uint_eq(seen.ntx, 1);		/* not logged yet */
	applayer_flow_log(last_flow, &want, false, log_none, &logged);
	ck_assert_int_eq(logged, 1);
	tx(&c, false, PKT_TCP_ACK, NULL, 0);
	ck_assert(seen.parser);
	ck_assert_uint_eq(seen.ntx, 0);
	stop();
}
END_TEST

START_TEST(test_without_a_tx_logger_inspection_alone_frees_the_tx)
{
	struct conn c = { 40015, 22, 1000, 5000, false };

	start(NULL, "alert tcp any any -> any any (content:\"zzz\"; sid:9;)",
	    true);
	handshake(&c);
	tx(&c, true, DATA, ssh_server, sizeof(ssh_server) - 1);
	tx(&c, false, DATA, ssh_client, sizeof(ssh_client) - 1);
	tx(&c, true, DATA, newkeys, sizeof(newkeys));
	tx(&c, false, DATA, newkeys, sizeof(newkeys));
	tx(&c, true, PKT_TCP_ACK, NULL, 0);
	tx(&c, false, PKT_TCP_ACK, NULL, 0);
	ck_assert_uint_eq(seen.ntx, 0);
	stop();
}
END_TEST

/* SMB's pattern (|fe|SMB at offset 4) is confirmed by the NBSS probe:
 * split before the 36 bytes it wants, detection waits, then says SMB;
 * the same magic behind a byte that is no NBSS type is refused and the
 * flow is not SMB (suricata-verify dcerpc-3109's first bytes). */
static const uint8_t smb2_hdr[40] = {
	0x00, 0x00, 0x00, 0x82, 0xfe, 0x53, 0x4d, 0x42, 0x40, 0x00, 0x01, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x05, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0xff, 0xfe, 0x00, 0x00,
};

START_TEST(test_smb_pattern_waits_for_its_confirmation)
{
	struct conn c = { 40020, 31337, 1000, 5000, false };

	start(NULL, NULL, true);
	handshake(&c);
	tx(&c, false, DATA, smb2_hdr, 20);
	ck_assert_uint_eq(seen.alproto, APPLAYER_PROTO_UNKNOWN);
	tx(&c, false, DATA, smb2_hdr + 20, sizeof(smb2_hdr) - 20);
	ck_assert_uint_eq(seen.alproto, APPLAYER_PROTO_SMB);
	/* detection only: no parser state */
	ck_assert(!seen.parser);
	stop();
}
END_TEST

START_TEST(test_smb_magic_without_nbss_is_not_smb)
{
	struct conn c = { 40021, 31337, 1000, 5000, false };
	uint8_t b[sizeof(smb2_hdr)];

	memcpy(b, smb2_hdr, sizeof(b));
	b[0] = 0x42;
	start(NULL, NULL, true);
	handshake(&c);
	tx(&c, false, DATA, b, sizeof(b));
	ck_assert_uint_ne(seen.alproto, APPLAYER_PROTO_SMB);
	stop();
}
END_TEST

/* |05 00| at the start is DCERPC only with a valid PDU header */
START_TEST(test_dcerpc_pattern_needs_a_valid_header)
{
	static const uint8_t bind[16] = { 0x05, 0x00, 0x0b, 0x03, 0x10, 0x00,
	    0x00, 0x00, 0x48, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00 };
	static const uint8_t junk[16] = { 0x05, 0x00, 0x0b, 0x03, 0x20, 0x09,
	    0x00, 0x00, 0x48, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00 };
	struct conn c = { 40022, 135, 1000, 5000, false };
	struct conn d = { 40023, 135, 1000, 5000, false };

	start(NULL, NULL, true);
	handshake(&c);
	tx(&c, false, DATA, bind, sizeof(bind));
	ck_assert_uint_eq(seen.alproto, APPLAYER_PROTO_DCERPC);
	handshake(&d);
	tx(&d, false, DATA, junk, sizeof(junk));
	ck_assert_uint_ne(seen.alproto, APPLAYER_PROTO_DCERPC);
	stop();
}
END_TEST

Suite *
applayer_framework_suite(void)
{
	Suite *s = suite_create("framework");
	TCase *tc = tcase_create("detect");
	TCase *tf = tcase_create("feed");

	tcase_add_test(tc, test_ssh_is_detected_on_the_server_banner_first);
	tcase_add_test(tc, test_http_is_detected_on_any_port);
	tcase_add_test(tc, test_http_response_first_is_http);
	tcase_add_test(tc, test_ids_fin_is_parsed_once_acknowledged);
	tcase_add_test(tc, test_guess_applayer_tx_names_the_only_tx);
	tcase_add_test(tc, test_tx_is_logged_once_detection_saw_both_directions);
	tcase_add_test(tc,
	    test_pipelined_txs_are_inspected_logged_and_freed_once_each);
	tcase_add_test(tc, test_tx_events_are_reported_once_each);
	tcase_add_test(tc, test_different_protocols_each_way_are_a_mismatch);
	tcase_add_test(tc, test_dns_probe_runs_on_the_detection_ports_only);
	tcase_add_test(tc, test_detection_ports_move_the_probe);
	tcase_add_test(tc, test_generic_detection_ports_win);
	tcase_add_test(tc, test_enabled_no_leaves_ssh_undetected);
	tcase_add_test(tc, test_detection_only_names_the_protocol_without_a_parser);
	tcase_add_test(tc, test_pd_only_rule_alerts_on_the_detecting_packet);
	tcase_add_test(tc, test_failed_flow_matches_app_layer_protocol_failed);
	tcase_add_test(tc, test_smb_pattern_waits_for_its_confirmation);
	tcase_add_test(tc, test_smb_magic_without_nbss_is_not_smb);
	tcase_add_test(tc, test_dcerpc_pattern_needs_a_valid_header);
	suite_add_tcase(s, tc);
	tcase_add_test(tf, test_banner_in_pieces_is_parsed_once_whole);
	tcase_add_test(tf, test_tx_rule_alerts_once_per_transaction_and_direction);
	tcase_add_test(tf, test_finished_tx_is_freed_after_detection_and_logging);
	tcase_add_test(tf, test_without_a_tx_logger_inspection_alone_frees_the_tx);
	suite_add_tcase(s, tf);
	return s;
}
