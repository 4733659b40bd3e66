/* The app-layer framework end to end (Suricata's fuzz_applayerparserparse
 * idea, through quell's packet pipeline): the input's header picks the
 * IP protocol, the ports and the mode, its records become the packets
 * of one connection, each built in its own exact-size allocation, and
 * they run through flow tracking, the stream engine, protocol detection,
 * the parser the bytes lead to, detection with transaction rules of
 * every protocol, eve logging of the transactions, and at the end the
 * flow's EOF and last logging. No protocol is forced: the framework
 * detects it, as on the wire.
 *
 * Input: "QAF1", then ipproto:u8 (bit 0: UDP), mode:u8 (bit 0 inline,
 * bit 1 detection-only for every protocol, bit 2 SSH disabled), sport:
 * u16be, dport:u16be, then records {ctl:u8, len:u16be, bytes} as
 * tests/fuzz/applayer_feed.h's: ctl bit 0 the direction (1: to the
 * client), bit 1 a hole of len bytes in the sequence space before the
 * next segment of that direction (the receiver then acknowledges past
 * it: a gap), bit 2 a FIN after the bytes. Without the magic the whole
 * input is one segment to port 80. The handshake comes first; every
 * segment is acknowledged by the other side. */
#include "core/base.h"

#include <netinet/in.h>

#include <jansson.h>

#include "applayer/applayer.h"
#include "config/config.h"
#include "core/diag.h"
#include "core/packet.h"
#include "decode/decode.h"
#include "detect/applayer.h"
#include "detect/engine.h"
#include "flow/table.h"
#include "fuzz.h"
#include "pipeline/pipeline.h"
#include "rules/ruleset.h"

#define NVARIANTS	8

/* Every app-layer way into detection: tx buffers of each protocol,
 * header protocols, app-layer-protocol (PD-only and not), events. */
static const char rules[] =
    "alert http any any -> any any (http.uri; content:\"/a\"; sid:1;)\n"
    "alert http any any -> any any (http.stat_code; content:\"200\"; sid:2;)\n"
    "alert tls any any -> any any (tls.sni; content:\"a\"; sid:3;)\n"
    "alert ssh any any -> any any (ssh.software; content:\"Open\"; sid:4;)\n"
    "alert ssh any any -> any any (ssh.hassh.server; content:\"e\"; sid:5;)\n"
    "alert tcp any any -> any any (app-layer-protocol:failed; sid:6;)\n"
    "alert ip any any -> any any (app-layer-protocol:!http; content:\"x\"; sid:7;)\n"
    "alert ssh any any -> any any (app-layer-event:ssh.invalid_banner; sid:8;)\n"
    "alert http any any -> any any (app-layer-event:http.request_field_too_long; sid:9;)\n"
    "alert ip any any -> any any (app-layer-event:applayer_mismatch_protocol_both_directions; sid:10;)\n"
    "alert dns any any -> any any (app-layer-event:dns.malformed_data; sid:11;)\n"
    "alert tls any any -> any any (ja3.hash; content:\"a\"; sid:12;)\n"
    "alert dns any any -> any any (content:\"a\"; sid:13;)\n"
    "alert ssh any any -> any any (ssh.softwareversion:OpenSSH_9.2p1; sid:14;)\n"
    "alert tcp any any -> any any (ssh.protoversion:2_compat; sid:15;)\n"
    "alert ip any any -> any any (frame:dns.pdu; content:\"a\"; sid:16;)\n"
    "alert tls any any -> any any (frame:tls.pdu; content:\"|17 03|\"; startswith; sid:17;)\n"
    "alert http any any -> any any (frame:http1.request; content:\"a\"; endswith; sid:18;)\n"
    "alert http any any -> any any (frame:http1.response; content:\"HTTP\"; sid:19;)\n"
    "alert dcerpc any any -> any any (content:\"|05 00|\"; sid:20;)\n"
    "alert smb any any -> any any (flow:to_server; sid:21;)\n"
    "alert tcp any any -> any any (app-layer-protocol:smb; sid:22;)\n";

struct variant {
	struct quell_config *qcfg;
	struct applayer_config *acfg;
	struct stream_hostos *hosts;
	struct pipeline *pl;
};

static struct detect_engine *de;
static struct detect_thread *dt;
static struct variant variants[NVARIANTS];
static unsigned sink;

/* A record's object: a tree, or (text hooks) a string holding the
 * object's JSON text, which must parse back as an object. */
static void
log_obj(const json_t *o)
{
	char *s;

	if (json_is_string(o)) {
		json_t *v = json_loadb(json_string_value(o),
		    json_string_length(o), JSON_ALLOW_NUL, NULL);

		if (v == NULL || !json_is_object(v))
			abort();
		json_decref(v);
		sink += (unsigned)json_string_length(o);
		return;
	}
	if ((s = json_dumps(o, JSON_COMPACT)) == NULL)
		abort();
	sink += (unsigned)strlen(s);
	free(s);
}

/* A text object (applayer_log_rec.obj_text) must be a JSON object. */
static void
log_text(const char *s, size_t len)
{
	json_t *v = json_loadb(s, len, JSON_ALLOW_NUL, NULL);

	if (v == NULL || !json_is_object(v))
		abort();
	json_decref(v);
	sink += (unsigned)len;
}

static void
log_rec(void *arg, const struct flow *f, const struct applayer_log_rec *r)
{
	(void)arg;
	(void)f;
	if (r->obj_text != NULL)
		log_text(r->obj_text, r->obj_len);
	else
		log_obj(r->obj);
	if (r->app_text != NULL)
		log_text(r->app_text, r->app_len);
	else if (r->app != NULL)
		log_obj(r->app);
}

static const struct applayer_log_want want = {
	.protos = ~0u, .files = true,
};

static void
flow_end(struct flow *f, enum flow_end_reason why, void *arg)
{
	struct pipeline *pl = arg;

	(void)why;
	pipeline_flow_end(pl, f);
	applayer_flow_log(f, &want, true, log_rec, NULL);
}

static struct variant *
variant(unsigned mode)
{
	struct variant *v = &variants[mode % NVARIANTS];
	struct pipeline_config pc;
	struct diag_list dl;
	char err[256];
	bool ips = (mode & 1) != 0;

	if (v->pl != NULL)
		return v;
	diag_list_init(&dl);
	if ((v->qcfg = config_new()) == NULL)
		abort();
	v->qcfg->flow.hash_size = 64;
	v->qcfg->flow.prealloc = 4;
	if (mode & 2) {
		static const char *const dto[] = {
			"app-layer.protocols.http.enabled=detection-only",
			"app-layer.protocols.tls.enabled=detection-only",
			"app-layer.protocols.dns.enabled=detection-only",
			"app-layer.protocols.ssh.enabled=detection-only",
		};

		for (size_t i = 0; i < QUELL_NITEMS(dto); i++)
			(void)config_set(v->qcfg, dto[i], &dl);
	}
	if (mode & 4)
		(void)config_set(v->qcfg, "app-layer.protocols.ssh.enabled=no",
		    &dl);
	if ((v->acfg = applayer_config_new(v->qcfg, err, sizeof(err))) ==
	    NULL || pipeline_config_init(&pc, v->qcfg, ips, ips, 1, &v->hosts,
	    err, sizeof(err)) == -1)
		abort();
	pc.app = v->acfg;
	for (int pr = 0; pr < APPLAYER_PROTO_MAX; pr++)
		applayer_config_set_logged(v->acfg, (enum applayer_proto)pr,
		    true);
	if ((v->pl = pipeline_new(&pc, dt, 1)) == NULL)
		abort();
	flow_table_set_record(pipeline_flows(v->pl), flow_end, v->pl);
	diag_list_free(&dl);
	return v;
}

static void
init(void)
{
	struct ruleset *rs;
	struct diag_list dl;
	char err[256];

	diag_list_init(&dl);
	if (detect_applayer_register(err, sizeof(err)) == -1 ||
	    (rs = rules_ruleset_new()) == NULL ||
	    rules_load_string(rs, "fuzz.rules", rules, NULL, &dl) == -1 ||
	    dl.errors != 0 || (de = detect_engine_build(rs, &dl)) == NULL ||
	    (dt = detect_thread_new(de)) == NULL)
		abort();
	diag_list_free(&dl);
}

struct conn {
	struct pipeline	*pl;
	bool		 udp;
	uint16_t	 sport, dport;
	uint32_t	 seq[2];	/* next sequence number per direction */
	uint32_t	 acked[2];	/* what the other side acknowledges */
	time_t		 t;
};

/* One packet of c in dir with payload d[0..n), in an allocation of
 * exactly its size. */
static void
send_pkt(struct conn *c, uint8_t dir, uint8_t flags, const uint8_t *d,
    uint32_t n)
{
	size_t hl = c->udp ? 8 : 20, total = 20 + hl + n;
	uint8_t *f, *l4;
	uint16_t sp = dir ? c->dport : c->sport, dp = dir ? c->sport : c->dport;
	struct pipeline_result pr;
	struct packet p;

	if (total > 65535 || (f = calloc(1, total)) == NULL)
		return;
	l4 = f + 20;
	f[0] = 0x45;
	f[2] = (uint8_t)(total >> 8);
	f[3] = (uint8_t)total;
	f[8] = 64;
	f[9] = c->udp ? IPPROTO_UDP : IPPROTO_TCP;
	f[12] = 198; f[13] = 18; f[14] = dir ? 2 : 1; f[15] = 2;
	f[16] = 198; f[17] = 18; f[18] = dir ? 1 : 2; f[19] = 2;
	l4[0] = (uint8_t)(sp >> 8);
	l4[1] = (uint8_t)sp;
	l4[2] = (uint8_t)(dp >> 8);
	l4[3] = (uint8_t)dp;
	if (c->udp) {
		l4[4] = (uint8_t)((8 + n) >> 8);
		l4[5] = (uint8_t)(8 + n);
	} else {
		uint32_t seq = c->seq[dir], ack = c->acked[dir ^ 1];

		for (int i = 0; i < 4; i++) {
			l4[4 + i] = (uint8_t)(seq >> (24 - 8 * i));
			l4[8 + i] = (uint8_t)(ack >> (24 - 8 * i));
		}
		l4[12] = 5 << 4;
		l4[13] = flags;
		l4[14] = 0xff;
		l4[15] = 0xff;
		c->seq[dir] += n + ((flags & (PKT_TCP_SYN | PKT_TCP_FIN)) ?
		    1 : 0);
	}
	if (n > 0)
		memcpy(f + 20 + hl, d, n);
	memset(&p, 0, sizeof(p));
	p.data = f;
	p.len = (uint32_t)total;
	p.wire_len = (uint32_t)total;
	p.ts.tv_sec = c->t++;
	if (decode_packet(&p) == 0) {
		pipeline_packet(c->pl, &p, &pr);
		sink += pr.det.nalerts;
		if (p.flow != NULL)
			applayer_flow_log(p.flow, &want, false, log_rec, NULL);
	}
	free(f);
}

/* The other side of dir acknowledges everything dir sent. */
static void
ack(struct conn *c, uint8_t dir)
{
	if (c->udp)
		return;
	c->acked[dir] = c->seq[dir];
	send_pkt(c, dir ^ 1, PKT_TCP_ACK, NULL, 0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct conn c;
	struct variant *v;
	size_t pos = 0;
	unsigned mode = 0;

	if (de == NULL)
		init();
	memset(&c, 0, sizeof(c));
	c.sport = 40000;
	c.dport = 80;
	if (size >= 10 && memcmp(data, "QAF1", 4) == 0) {
		c.udp = (data[4] & 1) != 0;
		mode = data[5];
		c.sport = (uint16_t)(data[6] << 8 | data[7]);
		c.dport = (uint16_t)(data[8] << 8 | data[9]);
		pos = 10;
	}
	v = variant(mode);
	c.pl = v->pl;
	c.seq[0] = 1000;
	c.seq[1] = 5000;
	c.t = 1700000000;
	if (!c.udp) {
		send_pkt(&c, 0, PKT_TCP_SYN, NULL, 0);
		c.acked[0] = c.seq[0];
		send_pkt(&c, 1, PKT_TCP_SYN | PKT_TCP_ACK, NULL, 0);
		c.acked[1] = c.seq[1];
		send_pkt(&c, 0, PKT_TCP_ACK, NULL, 0);
	}
	if (pos == 0) {
		send_pkt(&c, 0, PKT_TCP_ACK | PKT_TCP_PSH, data,
		    (uint32_t)(size > 60000 ? 60000 : size));
		ack(&c, 0);
	}
	while (pos > 0 && size - pos >= 3) {
		uint8_t ctl = data[pos], dir = ctl & 1;
		uint32_t n = (uint32_t)data[pos + 1] << 8 | data[pos + 2];

		pos += 3;
		if (ctl & 2) {
			/* a hole: the bytes never come, the receiver acks
			 * past them */
			if (!c.udp) {
				c.seq[dir] += n;
				c.acked[dir] = c.seq[dir];
			}
			continue;
		}
		if (n > size - pos)
			n = (uint32_t)(size - pos);
		send_pkt(&c, dir, PKT_TCP_ACK | PKT_TCP_PSH |
		    ((ctl & 4) ? PKT_TCP_FIN : 0), data + pos, n);
		ack(&c, dir);
		pos += n;
	}
	/* the flow ends: EOF and the last logging in the record callback */
	(void)flow_table_flush(pipeline_flows(v->pl), flow_end, v->pl);
	return 0;
}
