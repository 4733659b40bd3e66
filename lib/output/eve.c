#include "core/base.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>

#include <jansson.h>

#include "applayer/parser.h"
#include "core/counters.h"
#include "core/jtext.h"
#include "flow/flow.h"
#include "flow/tcp_state.h"
#include "detect/flowvars.h"
#include "output/addr.h"
#include "output/applayer_counters.h"
#include "output/eve.h"
#include "output/eve_stats.h"
#include "output/json_line.h"
#include "output/protoname.h"
#include "output/sink.h"
#include "output/statslog.h"
#include "output/writer.h"
#include "rules/rule.h"
#include "stream/stream.h"

#define SET_U64(o, k, v)	json_object_set_new((o), (k), json_integer((json_int_t)(v)))

/* DLT_ values as libpcap (and Suricata's packet_info) number them. */
#define OUTPUT_EVE_LINKTYPE_ETHERNET	1
#define OUTPUT_EVE_LINKTYPE_RAW		12	/* inline: NFQ gives IP */

/* One eve-log output: its writer thread and sink, the event types it
 * takes, the extras it wants. */
struct eve_target {
	struct output_writer	*writer;
	char			*filetype;
	char			**types;	/* NULL: every type */
	size_t			 ntypes;
	struct output_eve_opts	 opts;
};

struct output_eve {
	struct eve_target	 targets[OUTPUT_EVE_MAX_TARGETS];
	size_t			 ntargets;
	size_t			 nproducers;
	uint64_t		 render_errors;
	/* what any target wants: rendered once, cut per target */
	struct output_eve_opts	 opts;
	char			*sensor_name;	/* eve "host", owned; NULL none */
};

#define EVE_OPTS(X) X(payload) X(payload_printable) X(packet) \
	X(rule_metadata) X(flow_metadata) X(verdict) X(drop_verdict) \
	X(drop_alerts) X(ethernet) X(pcap_file) X(flow_exceptions) \
	X(anomaly_decode) X(anomaly_stream) X(anomaly_applayer) \
	X(anomaly_packethdr)

static void
eve_union_extras(struct output_eve *eve)
{
	memset(&eve->opts, 0, sizeof(eve->opts));
	for (size_t i = 0; i < eve->ntargets; i++) {
#define EVE_OR(f)	eve->opts.f |= eve->targets[i].opts.f;
		EVE_OPTS(EVE_OR)
#undef EVE_OR
		eve->opts.tagged_packets |= eve->targets[i].opts.tagged_packets;
		/* one X-Forwarded-For setting is rendered: the first
		 * target's that has it on (cut from the others) */
		if (!eve->opts.xff.enabled)
			eve->opts.xff = eve->targets[i].opts.xff;
		if (!eve->opts.http_xff.enabled)
			eve->opts.http_xff = eve->targets[i].opts.http_xff;
	}
}

/* True when target t wants less than eve renders. */
static bool
eve_target_wants_less(const struct output_eve *eve,
    const struct eve_target *t)
{
#define EVE_LESS(f)	if (eve->opts.f && !t->opts.f) return true;
	EVE_OPTS(EVE_LESS)
#undef EVE_LESS
	return (eve->opts.xff.enabled && !t->opts.xff.enabled) ||
	    (eve->opts.http_xff.enabled && !t->opts.http_xff.enabled);
}

void
output_eve_set_opts(struct output_eve *eve, const struct output_eve_opts *o)
{
	for (size_t i = 0; i < eve->ntargets; i++)
		eve->targets[i].opts = *o;
	eve_union_extras(eve);
}

const struct output_eve_opts *
output_eve_opts(const struct output_eve *eve)
{
	return &eve->opts;
}

void
output_eve_set_alert_extras(struct output_eve *eve, bool payload,
    bool payload_printable, bool packet)
{
	for (size_t i = 0; i < eve->ntargets; i++) {
		eve->targets[i].opts.payload = payload;
		eve->targets[i].opts.payload_printable = payload_printable;
		eve->targets[i].opts.packet = packet;
	}
	eve_union_extras(eve);
}

void
output_eve_set_host(struct output_eve *eve, const char *sensor_name)
{
	free(eve->sensor_name);
	eve->sensor_name = NULL;
	if (sensor_name != NULL && sensor_name[0] != '\0')
		eve->sensor_name = strdup(sensor_name);
}

static json_t *
base64(const uint8_t *data, size_t len)
{
	static const char tbl[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t olen = 4 * ((len + 2) / 3);
	char *out = malloc(olen + 1), *o = out;
	json_t *j;

	if (out == NULL)
		return json_string("");
	for (size_t i = 0; i < len; i += 3) {
		uint32_t v = (uint32_t)data[i] << 16;

		if (i + 1 < len)
			v |= (uint32_t)data[i + 1] << 8;
		if (i + 2 < len)
			v |= data[i + 2];
		*o++ = tbl[v >> 18 & 63];
		*o++ = tbl[v >> 12 & 63];
		*o++ = i + 1 < len ? tbl[v >> 6 & 63] : '=';
		*o++ = i + 2 < len ? tbl[v & 63] : '=';
	}
	*o = '\0';
	j = json_stringn(out, olen);
	free(out);
	return j;
}

/* Suricata's payload_printable: printable ASCII kept, the rest '.'. */
static json_t *
printable(const uint8_t *data, size_t len)
{
	char *out = malloc(len + 1);
	json_t *j;

	if (out == NULL)
		return json_string("");
	for (size_t i = 0; i < len; i++)
		out[i] = data[i] >= 0x20 && data[i] < 0x7f ? (char)data[i] : '.';
	j = json_stringn(out, len);
	free(out);
	return j;
}

struct output_eve *
output_eve_new(size_t nproducers)
{
	struct output_eve *eve;

	if ((eve = calloc(1, sizeof(*eve))) == NULL)
		return NULL;
	eve->nproducers = nproducers;
	return eve;
}

static void
eve_target_free(struct eve_target *t)
{
	output_writer_close(t->writer);
	for (size_t i = 0; i < t->ntypes; i++)
		free(t->types[i]);
	free(t->types);
	free(t->filetype);
	memset(t, 0, sizeof(*t));
}

int
output_eve_add(struct output_eve *eve, const struct output_eve_target_cfg *tc,
    char *err, size_t errlen)
{
	struct eve_target *t;

	if (eve->ntargets == OUTPUT_EVE_MAX_TARGETS) {
		snprintf(err, errlen, "more than %d eve-log outputs",
		    OUTPUT_EVE_MAX_TARGETS);
		errno = ENOSPC;
		return -1;
	}
	t = &eve->targets[eve->ntargets];
	if ((t->filetype = strdup(tc->sink->filetype)) == NULL ||
	    (tc->ntypes > 0 &&
	    (t->types = calloc(tc->ntypes, sizeof(char *))) == NULL))
		goto nomem;
	for (; t->ntypes < tc->ntypes; t->ntypes++)
		if ((t->types[t->ntypes] = strdup(tc->types[t->ntypes])) ==
		    NULL)
			goto nomem;
	t->opts = tc->opts;
	if ((t->writer = output_writer_open_sink(tc->sink, eve->nproducers,
	    tc->ring_slots > 0 ? tc->ring_slots : OUTPUT_EVE_RING_SLOTS,
	    err, errlen)) == NULL) {
		eve_target_free(t);
		return -1;
	}
	eve->ntargets++;
	eve_union_extras(eve);
	return 0;
nomem:
	snprintf(err, errlen, "out of memory");
	eve_target_free(t);
	errno = ENOMEM;
	return -1;
}

struct output_eve *
output_eve_open(const char *path, size_t nproducers)
{
	struct output_sink_cfg sink = { .filetype = "regular", .path = path };
	struct output_eve_target_cfg tc = { .sink = &sink };
	struct output_eve *eve;
	char err[256];

	if ((eve = output_eve_new(nproducers)) == NULL)
		return NULL;
	if (output_eve_add(eve, &tc, err, sizeof(err)) == -1) {
		int saved = errno;

		free(eve);
		errno = saved;
		return NULL;
	}
	return eve;
}

int
output_eve_start(struct output_eve *eve)
{
	for (size_t i = 0; i < eve->ntargets; i++)
		if (output_writer_start(eve->targets[i].writer) == -1)
			return -1;
	return 0;
}

int
output_eve_chown(struct output_eve *eve, uid_t uid, gid_t gid)
{
	for (size_t i = 0; i < eve->ntargets; i++)
		if (output_writer_chown(eve->targets[i].writer, uid, gid) == -1)
			return -1;
	return 0;
}

void
output_eve_close(struct output_eve *eve)
{
	if (eve == NULL)
		return;
	for (size_t i = 0; i < eve->ntargets; i++)
		eve_target_free(&eve->targets[i]);
	free(eve->sensor_name);
	free(eve);
}

int
output_eve_reopen(struct output_eve *eve)
{
	for (size_t i = 0; i < eve->ntargets; i++)
		output_writer_reopen(eve->targets[i].writer);
	return 0;
}

void
output_eve_flush(struct output_eve *eve)
{
	for (size_t i = 0; i < eve->ntargets; i++)
		output_writer_flush(eve->targets[i].writer);
}

void
output_eve_writer_stats(const struct output_eve *eve,
    struct output_writer_stats *s)
{
	struct output_writer_stats one;

	memset(s, 0, sizeof(*s));
	for (size_t i = 0; i < eve->ntargets; i++) {
		output_writer_stats(eve->targets[i].writer, &one);
		s->written += one.written;
		s->lost += one.lost;
		s->dropped += one.dropped;
		s->write_errors += one.write_errors;
		s->reconnects += one.reconnects;
		s->disconnects += one.disconnects;
	}
}

size_t
output_eve_targets(const struct output_eve *eve)
{
	return eve->ntargets;
}

const char *
output_eve_target_stats(const struct output_eve *eve, size_t i,
    struct output_writer_stats *s)
{
	output_writer_stats(eve->targets[i].writer, s);
	return eve->targets[i].filetype;
}

/* output_eve_timestamp's text into buf[len], its length returned (0
 * when it does not fit). */
static size_t
eve_timestamp_fmt(const struct timespec *ts, char *buf, size_t len)
{
	/* localtime_r takes the time zone lock and strftime is slow: each
	 * thread keeps the last second it formatted (events come in time
	 * order, many per second), and the rest is copied, not printed */
	static _Thread_local time_t last_sec = -1;
	static _Thread_local char date[32], zone[8];
	static _Thread_local size_t dlen, zlen;
	long usec = ts->tv_nsec / 1000;
	size_t n;

	if (ts->tv_sec != last_sec) {
		struct tm tm;

		localtime_r(&ts->tv_sec, &tm);
		dlen = strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%S", &tm);
		zlen = strftime(zone, sizeof(zone), "%z", &tm);
		last_sec = ts->tv_sec;
	}
	if (usec < 0 || usec > 999999)
		usec = 0;
	if ((n = dlen + 1 + 6 + zlen) >= len)
		return 0;
	memcpy(buf, date, dlen);
	buf[dlen] = '.';
	for (int i = 6; i >= 1; i--, usec /= 10)
		buf[dlen + (size_t)i] = (char)('0' + usec % 10);
	memcpy(buf + dlen + 7, zone, zlen);
	buf[n] = '\0';
	return n;
}

const char *
output_eve_timestamp(const struct timespec *ts, char *buf, size_t len)
{
	if (eve_timestamp_fmt(ts, buf, len) == 0 && len > 0)
		buf[0] = '\0';
	return buf;
}

static bool
eve_target_takes(const struct eve_target *t, const char *type)
{
	/* suricata.yaml's "files" type writes "fileinfo" */
	const char *alt = strcmp(type, "fileinfo") == 0 ? "files" : NULL;

	if (t->types == NULL)
		return true;
	/* several times per record and type listed: the first byte
	 * before a strcmp */
	for (size_t i = 0; i < t->ntypes; i++) {
		const char *ty = t->types[i];

		if ((ty[0] == type[0] && strcmp(ty, type) == 0) ||
		    (alt != NULL && ty[0] == 'f' && strcmp(ty, alt) == 0))
			return true;
	}
	return false;
}

/* Whether t takes anomaly record obj: its anomaly.type is one t logs. */
static bool
eve_target_takes_anomaly(const struct eve_target *t, json_t *obj)
{
	const char *k = json_string_value(json_object_get(
	    json_object_get(obj, "anomaly"), "type"));

	if (k == NULL)
		return false;
	if (strcmp(k, "decode") == 0)
		return t->opts.anomaly_decode;
	if (strcmp(k, "stream") == 0)
		return t->opts.anomaly_stream;
	return t->opts.anomaly_applayer;
}

/* obj as one line ending in '\n', malloc'ed; NULL counted. */
static char *
eve_render(struct output_eve *eve, json_t *obj)
{
	char *line;

	if ((line = output_json_line(obj, NULL)) == NULL)
		counter_inc(&eve->render_errors);
	return line;
}

/* The line for a target that wants fewer alert extras than were
 * rendered: a shallow copy without them. */
static bool
type_is(json_t *obj, const char *type)
{
	const char *t = json_string_value(json_object_get(obj, "event_type"));

	return t != NULL && strcmp(t, type) == 0;
}

static char *
eve_render_cut(struct output_eve *eve, const struct eve_target *t,
    json_t *obj)
{
	json_t *copy = json_copy(obj);
	char *line;

	if (copy == NULL) {
		counter_inc(&eve->render_errors);
		return NULL;
	}
	if (!t->opts.payload)
		json_object_del(copy, "payload");
	if (!t->opts.payload_printable)
		json_object_del(copy, "payload_printable");
	if (!t->opts.payload && !t->opts.payload_printable)
		json_object_del(copy, "stream");
	if ((!t->opts.packet && type_is(copy, "alert")) ||
	    (!t->opts.anomaly_packethdr && type_is(copy, "anomaly"))) {
		json_object_del(copy, "packet");
		json_object_del(copy, "packet_info");
	}
	if (!t->opts.flow_metadata) {
		json_object_del(copy, "metadata");
		json_object_del(copy, "traffic");
	}
	if (!t->opts.ethernet)
		json_object_del(copy, "ether");
	if (!t->opts.http_xff.enabled && type_is(copy, "http"))
		json_object_del(copy, "xff");
	if (!t->opts.pcap_file)
		json_object_del(copy, "pcap_filename");
	if ((!t->opts.verdict && type_is(copy, "alert")) ||
	    (!t->opts.drop_verdict && type_is(copy, "drop")))
		json_object_del(copy, "verdict");
	if (!t->opts.drop_alerts && type_is(copy, "drop"))
		json_object_del(copy, "alert");
	/* alert.metadata: the alert object is shared with obj, so the cut
	 * one is a copy of its own (in the same place of the line) */
	if ((!t->opts.rule_metadata || !t->opts.xff.enabled) &&
	    type_is(copy, "alert")) {
		json_t *a = json_object_get(copy, "alert");

		if (a != NULL && ((!t->opts.rule_metadata &&
		    json_object_get(a, "metadata") != NULL) ||
		    (!t->opts.xff.enabled &&
		    json_object_get(a, "xff") != NULL))) {
			a = json_copy(a);
			if (!t->opts.rule_metadata)
				json_object_del(a, "metadata");
			if (!t->opts.xff.enabled)
				json_object_del(a, "xff");
			json_object_set_new(copy, "alert", a);
		}
	}
	if (!t->opts.flow_exceptions && type_is(copy, "flow")) {
		json_t *fl = json_object_get(copy, "flow");

		if (fl != NULL &&
		    json_object_get(fl, "exception_policy") != NULL) {
			fl = json_copy(fl);
			json_object_del(fl, "exception_policy");
			json_object_set_new(copy, "flow", fl);
		}
	}
	line = eve_render(eve, copy);
	json_decref(copy);
	return line;
}

/* Renders obj once and hands it to the writer thread of every eve-log
 * output that takes its event_type. jansson escapes control
 * characters; json_string() refused invalid UTF-8 earlier (see
 * json_string_lossy). */
/* A top-level member of a record given as its compact JSON text
 * (write_record_raw). */
struct eve_raw {
	const char	*key;
	const char	*text;
	size_t		 len;
};

static void	write_record_raw(struct output_eve *, size_t, json_t *,
		    const struct eve_raw *);

static void
write_record(struct output_eve *eve, size_t producer, json_t *obj)
{
	write_record_raw(eve, producer, obj, NULL);
}

/* write_record with member raw->key of obj (a placeholder there) as
 * raw's text: the line is rendered around it, unless an output wants
 * less than eve renders (its cut works on a tree: the text is parsed
 * into obj first). */
static void
write_record_raw(struct output_eve *eve, size_t producer, json_t *obj,
    const struct eve_raw *raw)
{
	const char *type = json_string_value(json_object_get(obj,
	    "event_type"));
	size_t whole[OUTPUT_EVE_MAX_TARGETS], nwhole = 0;
	char *full;

	for (size_t i = 0; raw != NULL && i < eve->ntargets; i++) {
		json_t *tree;

		if (!eve_target_wants_less(eve, &eve->targets[i]))
			continue;
		if ((tree = json_loadb(raw->text, raw->len, JSON_ALLOW_NUL,
		    NULL)) == NULL) {
			counter_inc(&eve->render_errors);
			return;
		}
		json_object_set_new(obj, raw->key, tree);
		raw = NULL;
	}

	for (size_t i = 0; i < eve->ntargets; i++) {
		const struct eve_target *t = &eve->targets[i];
		char *line;

		/* tagged packets go with the alerts (Suricata's alert
		 * logger writes them) */
		if (type != NULL && strcmp(type, "packet") == 0 ?
		    !eve_target_takes(t, "alert") || !t->opts.tagged_packets :
		    type != NULL && !eve_target_takes(t, type))
			continue;
		if (type != NULL && strcmp(type, "anomaly") == 0 &&
		    !eve_target_takes_anomaly(t, obj))
			continue;
		if (eve_target_wants_less(eve, t)) {
			if ((line = eve_render_cut(eve, t, obj)) != NULL)
				output_writer_submit(t->writer, producer, line);
		} else
			whole[nwhole++] = i;
	}
	if (nwhole == 0)
		return;
	if (raw != NULL) {
		if ((full = output_json_line_with(obj, raw->key, raw->text,
		    raw->len, NULL)) == NULL) {
			counter_inc(&eve->render_errors);
			return;
		}
	} else if ((full = eve_render(eve, obj)) == NULL)
		return;
	/* The writer owns what it is given: copies for all but the last. */
	for (size_t j = 0; j + 1 < nwhole; j++) {
		char *copy = strdup(full);

		if (copy == NULL)
			counter_inc(&eve->render_errors);
		else
			output_writer_submit(eve->targets[whole[j]].writer,
			    producer, copy);
	}
	output_writer_submit(eve->targets[whole[nwhole - 1]].writer, producer,
	    full);
}

/* json_string() refuses invalid UTF-8 (a Latin-1 rule msg, a payload);
 * keep the event and replace each bad byte with '?'. */
static json_t *
json_string_lossy(const char *s)
{
	json_t *j = json_string(s);
	char *copy;

	if (j != NULL)
		return j;
	if ((copy = strdup(s)) == NULL)
		return json_string("");
	for (unsigned char *c = (unsigned char *)copy; *c != '\0'; c++)
		if (*c >= 0x80)
			*c = '?';
	j = json_string(copy);
	free(copy);
	return j;
}

static const char *
proto_name(uint8_t proto, char *buf, size_t len)
{
	const char *n = output_protoname_get(proto);

	if (n != NULL)
		return n;
	snprintf(buf, len, "%u", proto);
	return buf;
}

static void
add_addr(json_t *obj, const char *key, const struct ip_addr *a)
{
	char buf[OUTPUT_ADDR_LEN];

	if (a->family != AF_INET && a->family != AF_INET6)
		return;
	json_object_set_new(obj, key, json_string(output_addr_format(a, buf,
	    sizeof(buf))));
}

/* Suricata's pkt_src strings (PktSrcToString). */
static const char *
pkt_src_name(uint8_t src)
{
	switch (src) {
	case PKT_SRC_GRE:
		return "gre tunnel";
	case PKT_SRC_IPV4:
		return "ipv4 tunnel";
	case PKT_SRC_IPV6:
		return "ipv6 tunnel";
	case PKT_SRC_TEREDO:
		return "teredo tunnel";
	case PKT_SRC_VXLAN:
		return "vxlan encapsulation";
	case PKT_SRC_GENEVE:
		return "geneve encapsulation";
	case PKT_SRC_DEFRAG:
		return "defrag";
	case PKT_SRC_FLOW_TIMEOUT:
		return "stream (flow timeout)";
	default:
		return "wire/pcap";
	}
}

/* The pkt_src of an app-layer record: its packet's, or for a TCP flow's
 * records logged at its end the flow-timeout pseudo packet's, which
 * Suricata logs them on. */
static uint8_t
app_pkt_src(const struct packet *p)
{
	return p != NULL ? p->pkt_src : PKT_SRC_FLOW_TIMEOUT;
}

static bool
proto_has_ports(uint8_t proto)
{
	return proto == IPPROTO_TCP || proto == IPPROTO_UDP ||
	    proto == IPPROTO_SCTP;
}

/* "vlan": [outer, ...], as Suricata puts it before the addresses. */
static void
add_vlan(json_t *obj, const uint16_t *vlan, uint8_t n)
{
	json_t *a;

	if (n == 0)
		return;
	a = json_array();
	for (uint8_t i = 0; i < n; i++)
		json_array_append_new(a, json_integer(vlan[i]));
	json_object_set_new(obj, "vlan", a);
}

/* A tunnel's inner packet: the captured packet it came in, as
 * Suricata's "tunnel" object (its pcap_cnt is the fidelity side's). */
static void
add_tunnel(json_t *obj, const struct packet *p)
{
	const struct packet *r = p->root;
	json_t *t;
	char pbuf[8];

	if (r == NULL)
		return;
	t = json_object();
	add_addr(t, "src_ip", &r->src);
	json_object_set_new(t, "src_port", json_integer(
	    proto_has_ports(r->proto) ? r->sport : 0));
	add_addr(t, "dest_ip", &r->dst);
	json_object_set_new(t, "dest_port", json_integer(
	    proto_has_ports(r->proto) ? r->dport : 0));
	json_object_set_new(t, "proto",
	    json_string(proto_name(r->proto, pbuf, sizeof(pbuf))));
	json_object_set_new(t, "depth", json_integer(p->depth));
	if (r->pcap_cnt != 0)
		SET_U64(t, "pcap_cnt", r->pcap_cnt);
	json_object_set_new(t, "pkt_src", json_string(pkt_src_name(r->pkt_src)));
	json_object_set_new(obj, "tunnel", t);
}

static void
add_flow_id(json_t *obj, const struct packet *p)
{
	if (p->flow != NULL)
		/* Suricata keeps flow ids within 2^53 so every JSON reader
		 * holds them exactly. */
		SET_U64(obj, "flow_id", p->flow->flow_id & ((1ull << 51) - 1));
}

/* The whole frame as captured (offline; inline the IP packet) and its
 * link type: Suricata's packet and packet_info. */
static void
add_packet_len(json_t *obj, const struct packet *p, uint32_t len)
{
	json_t *info = json_object();

	json_object_set_new(obj, "packet", base64(p->data, len));
	SET_U64(info, "linktype", p->pcap_cnt != 0 ? p->linktype :
	    OUTPUT_EVE_LINKTYPE_RAW);
	json_object_set_new(obj, "packet_info", info);
}

static void
add_packet(json_t *obj, const struct packet *p)
{
	add_packet_len(obj, p, p->len);
}

/* The header fields every packet event shares, in Suricata's order:
 * timestamp, flow_id, pcap_cnt, event_type, addresses, proto, ICMP
 * type and code, pkt_src, ether. */
static json_t *
packet_event(const struct output_eve *eve, const struct packet *p,
    const char *type)
{
	json_t *obj = json_object();
	char ts[48], pbuf[8];
	bool ports;

	output_eve_timestamp(&p->ts, ts, sizeof(ts));
	json_object_set_new(obj, "timestamp", json_string(ts));
	add_flow_id(obj, p);
	if (p->pcap_cnt != 0)
		SET_U64(obj, "pcap_cnt", p->pcap_cnt);
	json_object_set_new(obj, "event_type", json_string(type));
	add_vlan(obj, p->vlan, p->vlan_n);
	/* Suricata 7 gives an IP packet's events both ports, 0 for a
	 * protocol without (ICMP, IP in IP, ...); flow events have them
	 * for TCP, UDP and SCTP only */
	ports = proto_has_ports(p->proto);
	add_addr(obj, "src_ip", &p->src);
	if (p->src.family != 0)
		json_object_set_new(obj, "src_port",
		    json_integer(ports ? p->sport : 0));
	add_addr(obj, "dest_ip", &p->dst);
	if (p->dst.family != 0)
		json_object_set_new(obj, "dest_port",
		    json_integer(ports ? p->dport : 0));
	json_object_set_new(obj, "proto",
	    json_string(proto_name(p->proto, pbuf, sizeof(pbuf))));
	if ((p->proto == IPPROTO_ICMP || p->proto == IPPROTO_ICMPV6) &&
	    p->l4_valid) {
		json_object_set_new(obj, "icmp_type",
		    json_integer(p->icmp_type));
		json_object_set_new(obj, "icmp_code",
		    json_integer(p->icmp_code));
	}
	json_object_set_new(obj, "pkt_src", json_string(pkt_src_name(p->pkt_src)));
	if (eve->opts.pcap_file && p->pcap_file != NULL)
		json_object_set_new(obj, "pcap_filename",
		    json_string_lossy(p->pcap_file));
	/* An Ethernet frame (offline captures of EN10MB): its MACs. */
	if (eve->opts.ethernet && p->link == PKT_LINK_ETHERNET &&
	    p->len >= 14) {
		json_t *e = json_object();
		char mac[18];

		snprintf(mac, sizeof(mac), "%02x:%02x:%02x:%02x:%02x:%02x",
		    p->data[6], p->data[7], p->data[8], p->data[9],
		    p->data[10], p->data[11]);
		json_object_set_new(e, "src_mac", json_string(mac));
		snprintf(mac, sizeof(mac), "%02x:%02x:%02x:%02x:%02x:%02x",
		    p->data[0], p->data[1], p->data[2], p->data[3],
		    p->data[4], p->data[5]);
		json_object_set_new(e, "dest_mac", json_string(mac));
		json_object_set_new(obj, "ether", e);
	}
	return obj;
}

/* A flow event's tcp object as Suricata 7 writes it: the session's TCP
 * flags both ways and each way (hex), each flag seen, and the state;
 * flags 00 and no state for a flow the state machine never followed;
 * with the state, the most regions each direction's bytes took. */
static json_t *
flow_tcp_object(const struct flow *f)
{
	static const struct { uint8_t bit; const char *name; } bits[] = {
		{ PKT_TCP_SYN, "syn" }, { PKT_TCP_FIN, "fin" },
		{ PKT_TCP_RST, "rst" }, { PKT_TCP_PSH, "psh" },
		{ PKT_TCP_ACK, "ack" }, { PKT_TCP_URG, "urg" },
		{ PKT_TCP_ECE, "ecn" }, { PKT_TCP_CWR, "cwr" },
	};
	uint8_t all = f->tcp_peer[FLOW_DIR_TO_SERVER].tcp_flags |
	    f->tcp_peer[FLOW_DIR_TO_CLIENT].tcp_flags;
	json_t *tcp = json_object();
	char hex[3];

	snprintf(hex, sizeof(hex), "%02x", all);
	json_object_set_new(tcp, "tcp_flags", json_string(hex));
	snprintf(hex, sizeof(hex), "%02x", f->tcp_peer[FLOW_DIR_TO_SERVER].tcp_flags);
	json_object_set_new(tcp, "tcp_flags_ts", json_string(hex));
	snprintf(hex, sizeof(hex), "%02x", f->tcp_peer[FLOW_DIR_TO_CLIENT].tcp_flags);
	json_object_set_new(tcp, "tcp_flags_tc", json_string(hex));
	for (size_t i = 0; i < QUELL_NITEMS(bits); i++)
		if (all & bits[i].bit)
			json_object_set_new(tcp, bits[i].name, json_true());
	if (f->tcp_state != FLOW_TCP_NONE) {
		json_object_set_new(tcp, "state",
		    json_string(flow_tcp_state_name(f->tcp_state)));
		SET_U64(tcp, "ts_max_regions",
		    stream_max_regions(f, FLOW_DIR_TO_SERVER));
		SET_U64(tcp, "tc_max_regions",
		    stream_max_regions(f, FLOW_DIR_TO_CLIENT));
	}
	return tcp;
}

/* Suricata 7's flow.exception_policy: the exception policies applied to
 * the flow, in its target order (which is enum exception_cause's), each
 * with the policy in force ("drop_flow", "ignore", ...). */
static void
add_flow_exceptions(json_t *flow, const struct flow *f)
{
	static const char *const targets[EXCEPTION_NCAUSES] = {
		[EXCEPTION_CAUSE_STREAM_MEMCAP] = "stream_memcap",
		[EXCEPTION_CAUSE_REASSEMBLY_MEMCAP] =
		    "stream_reassembly_memcap",
		[EXCEPTION_CAUSE_MIDSTREAM] = "stream_midstream",
		[EXCEPTION_CAUSE_APPLAYER_ERROR] = "app_layer_error",
	};
	json_t *l = NULL;

	for (int c = 0; c < EXCEPTION_NCAUSES; c++) {
		const char *name;
		char policy[16];
		json_t *o;

		if (f->exceptions[c] == 0 || (name = exception_policy_name(
		    (enum exception_policy)(f->exceptions[c] - 1))) == NULL)
			continue;
		snprintf(policy, sizeof(policy), "%s", name);
		for (char *s = policy; *s != '\0'; s++)
			if (*s == '-')
				*s = '_';
		if (l == NULL)
			l = json_array();
		o = json_object();
		json_object_set_new(o, "target", json_string(targets[c]));
		json_object_set_new(o, "policy", json_string(policy));
		json_array_append_new(l, o);
	}
	if (l != NULL)
		json_object_set_new(flow, "exception_policy", l);
}

const char *const output_eve_drop_reasons[OUTPUT_EVE_DROP_REASONS] = {
	"decode error", "defrag error", "defrag memcap", "flow memcap",
	"flow drop", "applayer error", "applayer memcap", "rules",
	"threshold detection_filter", "stream error", "stream memcap",
	"stream midstream", "stream reassembly", "nfq error",
	"tunnel packet drop", "stream urgent",
};

int
output_eve_drop_reason_index(const char *reason)
{
	for (int i = 0; reason != NULL && i < OUTPUT_EVE_DROP_REASONS; i++)
		if (strcmp(reason, output_eve_drop_reasons[i]) == 0)
			return i;
	return -1;
}

/* The sensor name goes last, as Suricata adds it. */
static void
add_host(const struct output_eve *eve, json_t *obj)
{
	if (eve->sensor_name != NULL)
		json_object_set_new(obj, "host",
		    json_string_lossy(eve->sensor_name));
}

/* Suricata's EveAddAppProto: the flow's app-layer protocol, and the
 * per-direction ones and the original when they differ from it. */
static void
add_app_proto(json_t *obj, const struct flow *f)
{
	if (f == NULL || f->alproto == APPLAYER_PROTO_UNKNOWN)
		return;
	json_object_set_new(obj, "app_proto",
	    json_string(applayer_proto_name(f->alproto)));
	if (f->alproto_ts != APPLAYER_PROTO_UNKNOWN &&
	    f->alproto_ts != f->alproto)
		json_object_set_new(obj, "app_proto_ts",
		    json_string(applayer_proto_name(f->alproto_ts)));
	if (f->alproto_tc != APPLAYER_PROTO_UNKNOWN &&
	    f->alproto_tc != f->alproto)
		json_object_set_new(obj, "app_proto_tc",
		    json_string(applayer_proto_name(f->alproto_tc)));
	if (f->alproto_orig != APPLAYER_PROTO_UNKNOWN &&
	    f->alproto_orig != f->alproto)
		json_object_set_new(obj, "app_proto_orig",
		    json_string(applayer_proto_name(f->alproto_orig)));
}

/* Suricata's flowbit naming: "traffic/id/NAME" and "traffic/label/NAME"
 * become traffic.id[] and traffic.label[]; the others metadata.flowbits. */
struct flowmeta {
	json_t		*traffic;
	json_t		*bits;
	json_t		*ints;
	json_t		*vars;
};

static void
flowmeta_list(json_t **obj, const char *key, const char *value)
{
	json_t *l;

	if (*obj == NULL)
		*obj = json_object();
	if ((l = json_object_get(*obj, key)) == NULL) {
		l = json_array();
		json_object_set_new(*obj, key, l);
	}
	json_array_append_new(l, json_string_lossy(value));
}

static void
flowmeta_bit(const char *name, void *arg)
{
	struct flowmeta *m = arg;

	if (strncmp(name, "traffic/id/", 11) == 0)
		flowmeta_list(&m->traffic, "id", name + 11);
	else if (strncmp(name, "traffic/label/", 14) == 0)
		flowmeta_list(&m->traffic, "label", name + 14);
	else {
		if (m->bits == NULL)
			m->bits = json_array();
		json_array_append_new(m->bits, json_string_lossy(name));
	}
}

static void
flowmeta_int(const char *name, uint32_t value, void *arg)
{
	struct flowmeta *m = arg;

	if (m->ints == NULL)
		m->ints = json_object();
	json_object_set_new(m->ints, name, json_integer(value));
}

/* Suricata's metadata.flowvars: [{"NAME": "value"}, ...], the value's
 * bytes other than printable ASCII, CR and LF as '.'
 * (PrintStringsToBuffer). */
static void
flowmeta_var(const char *name, const uint8_t *val, size_t len, void *arg)
{
	struct flowmeta *m = arg;
	json_t *o = json_object();
	char *out = malloc(len + 1);

	if (m->vars == NULL)
		m->vars = json_array();
	for (size_t i = 0; out != NULL && i < len; i++)
		out[i] = (val[i] >= 0x20 && val[i] < 0x7f) || val[i] == '\n' ||
		    val[i] == '\r' ? (char)val[i] : '.';
	json_object_set_new(o, name, out != NULL ? json_stringn(out, len) :
	    json_string(""));
	free(out);
	json_array_append_new(m->vars, o);
}

/* traffic and metadata of flow f, when configured and set. */
static void
add_flow_metadata(const struct output_eve *eve, json_t *obj,
    const struct flow *f)
{
	struct flowmeta m = { NULL, NULL, NULL, NULL };
	json_t *meta;

	if (!eve->opts.flow_metadata || f == NULL)
		return;
	detect_flowvars_each(f, flowmeta_bit, flowmeta_int, &m);
	detect_flowvars_each_var(f, flowmeta_var, &m);
	if (m.traffic != NULL)
		json_object_set_new(obj, "traffic", m.traffic);
	if (m.bits == NULL && m.ints == NULL && m.vars == NULL)
		return;
	meta = json_object();
	if (m.vars != NULL)
		json_object_set_new(meta, "flowvars", m.vars);
	if (m.bits != NULL)
		json_object_set_new(meta, "flowbits", m.bits);
	if (m.ints != NULL)
		json_object_set_new(meta, "flowints", m.ints);
	json_object_set_new(obj, "metadata", meta);
}

static int
meta_key_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Suricata's alert.metadata, measured: key -> [values], the keys sorted,
 * each key's values last one first. */
static json_t *
rule_metadata(const struct rule_meta *meta, size_t n)
{
	const char *keys[RULE_META_MAX];
	size_t nkeys = 0;
	json_t *o = json_object();

	for (size_t i = 0; i < n && i < RULE_META_MAX; i++) {
		size_t k;

		for (k = 0; k < nkeys && strcmp(keys[k], meta[i].key) != 0;
		    k++)
			;
		if (k == nkeys)
			keys[nkeys++] = meta[i].key;
	}
	qsort(keys, nkeys, sizeof(keys[0]), meta_key_cmp);
	for (size_t k = 0; k < nkeys; k++) {
		json_t *l = json_array();

		for (size_t i = n; i > 0; i--)
			if (strcmp(meta[i - 1].key, keys[k]) == 0)
				json_array_append_new(l,
				    json_string_lossy(meta[i - 1].value));
		json_object_set_new(o, keys[k], l);
	}
	return o;
}

static json_t *
alert_object(const struct output_eve *eve, const struct output_eve_alert *a)
{
	json_t *alert = json_object();

	json_object_set_new(alert, "action",
	    json_string(a->blocked ? "blocked" : "allowed"));
	json_object_set_new(alert, "gid", json_integer(a->gid));
	json_object_set_new(alert, "signature_id", json_integer(a->sid));
	json_object_set_new(alert, "rev", json_integer(a->rev));
	json_object_set_new(alert, "signature",
	    json_string_lossy(a->msg != NULL ? a->msg : ""));
	json_object_set_new(alert, "category",
	    json_string_lossy(a->category != NULL ? a->category : ""));
	SET_U64(alert, "severity", a->severity != 0 ? a->severity : 3);
	if (eve->opts.rule_metadata && a->nmeta > 0)
		json_object_set_new(alert, "metadata",
		    rule_metadata(a->meta, a->nmeta));
	return alert;
}

/* direction and the flow's counters so far, as Suricata's alerts carry
 * them. */
static void
add_alert_flow(json_t *obj, const struct packet *p)
{
	const struct flow *f = p->flow;
	json_t *fl;
	char ts[48];
	bool ports;

	if (f == NULL)
		return;
	json_object_set_new(obj, "direction", json_string(
	    (p->flow_flags & PKT_FLOW_TO_CLIENT) ? "to_client" : "to_server"));
	ports = f->proto == IPPROTO_TCP || f->proto == IPPROTO_UDP;
	fl = json_object();
	SET_U64(fl, "pkts_toserver", f->pkts[FLOW_DIR_TO_SERVER]);
	SET_U64(fl, "pkts_toclient", f->pkts[FLOW_DIR_TO_CLIENT]);
	SET_U64(fl, "bytes_toserver", f->bytes[FLOW_DIR_TO_SERVER]);
	SET_U64(fl, "bytes_toclient", f->bytes[FLOW_DIR_TO_CLIENT]);
	json_object_set_new(fl, "start", json_string(
	    output_eve_timestamp(&f->first_ts, ts, sizeof(ts))));
	add_addr(fl, "src_ip", &f->client);
	add_addr(fl, "dest_ip", &f->server);
	if (ports) {
		SET_U64(fl, "src_port", f->client_port);
		SET_U64(fl, "dest_port", f->server_port);
	}
	json_object_set_new(obj, "flow", fl);
}

/* Suricata's EveAddVerdict. */
static void
add_verdict(json_t *obj, const struct packet *p,
    const struct output_eve_verdict *v)
{
	json_t *o = json_object();

	if (v->reject != 0) {
		json_t *how = json_array();

		json_object_set_new(o, "action",
		    json_string(v->ips ? "drop" : "alert"));
		json_object_set_new(o, "reject-target", json_string(
		    v->reject == (OUTPUT_EVE_REJECT_TO_SRC |
		    OUTPUT_EVE_REJECT_TO_DST) ? "both" :
		    v->reject == OUTPUT_EVE_REJECT_TO_DST ? "to_server" :
		    "to_client"));
		if (p->proto == IPPROTO_TCP)
			json_array_append_new(how, json_string("tcp-reset"));
		else if (p->proto == IPPROTO_UDP || p->proto == IPPROTO_ICMP ||
		    p->proto == IPPROTO_ICMPV6)
			json_array_append_new(how,
			    json_string("icmp-prohib"));
		json_object_set_new(o, "reject", how);
	} else if (v->drop && v->ips)
		json_object_set_new(o, "action", json_string("drop"));
	else if (v->pass)
		json_object_set_new(o, "action", json_string("pass"));
	else
		json_object_set_new(o, "action", json_string("alert"));
	json_object_set_new(obj, "verdict", o);
}

/* Suricata's xff: the address in the X-Forwarded-For of the record's
 * transaction (an alert of a packet rule: of any the flow holds), as
 * "xff" in extra (mode extra-data: the alert object, the http record
 * itself) or over the address of the packet's receiver (to the client)
 * or sender (to the server). */
static void
add_xff(const struct output_xff_cfg *x, json_t *obj, json_t *extra,
    const struct flow *f, bool has_tx, uint64_t tx_id, bool to_client)
{
	char ip[OUTPUT_XFF_IP_LEN];

	if (!x->enabled || !output_xff_flow(x, f, has_tx, tx_id, ip,
	    sizeof(ip)))
		return;
	if (!x->overwrite)
		json_object_set_new(extra, "xff", json_string(ip));
	else if (to_client)
		json_object_set_new(obj, "dest_ip", json_string(ip));
	else
		json_object_set_new(obj, "src_ip", json_string(ip));
}

#define EVE_FRAME_PAYLOAD_MAX	256

/* Suricata's FrameJsonLogOneFrame: the frame an alert matched on. */
static void
add_alert_frame(json_t *obj, const struct packet *p,
    const struct output_eve_alert *a)
{
	json_t *o = json_object();

	json_object_set_new(o, "type", json_string(a->frame.type != NULL ?
	    a->frame.type : "unknown"));
	SET_U64(o, "id", a->frame.id);
	json_object_set_new(o, "direction", json_string(a->frame.toclient ?
	    "toclient" : "toserver"));
	if (p->proto == IPPROTO_TCP)
		SET_U64(o, "stream_offset", a->frame.offset);
	SET_U64(o, "length", a->frame.len);
	json_object_set_new(o, "complete", json_boolean(a->frame.complete));
	/* Suricata logs a frame's first 256 bytes, both ways */
	if (a->frame.payload != NULL && a->frame.payload_len > 0) {
		uint32_t n = a->frame.payload_len > EVE_FRAME_PAYLOAD_MAX ?
		    EVE_FRAME_PAYLOAD_MAX : a->frame.payload_len;

		json_object_set_new(o, "payload", base64(a->frame.payload, n));
		json_object_set_new(o, "payload_printable",
		    printable(a->frame.payload, n));
	}
	if (a->frame.has_tx)
		SET_U64(o, "tx_id", a->frame.tx_id);
	json_object_set_new(obj, "frame", o);
}

void
output_eve_alert(struct output_eve *eve, size_t producer,
    const struct packet *p, const struct output_eve_alert *a)
{
	json_t *obj, *quell, *alert;

	obj = packet_event(eve, p, "alert");
	add_flow_metadata(eve, obj, p->flow);
	if (a->has_tx)
		SET_U64(obj, "tx_id", a->tx_id);
	alert = alert_object(eve, a);
	json_object_set_new(obj, "alert", alert);
	add_xff(&eve->opts.xff, obj, alert, p->flow, a->has_tx, a->tx_id,
	    (p->flow_flags & PKT_FLOW_TO_CLIENT) != 0);
	add_tunnel(obj, p);
	/* the object as text holds its place with a null, and goes into
	 * the line as it is (write_record_raw) */
	if (a->app_text != NULL && a->app_name != NULL)
		json_object_set_new(obj, a->app_name, json_null());
	else if (a->app != NULL && a->app_name != NULL)
		json_object_set(obj, a->app_name, a->app);
	add_app_proto(obj, p->flow);
	add_alert_flow(obj, p);
	if (a->has_frame)
		add_alert_frame(obj, p, a);
	/* As Suricata: the payload when the packet has one, a stream
	 * match's the stream's bytes; "stream" (1: matched on the
	 * reassembled stream) whenever a payload option is on */
	if (eve->opts.payload || eve->opts.payload_printable) {
		const uint8_t *pl = p->payload;
		uint32_t plen = p->payload != NULL ? p->payload_len : 0;
		bool stream = a->stream && p->proto == IPPROTO_TCP;

		if (stream && a->stream_payload_len > 0) {
			pl = a->stream_payload;
			plen = a->stream_payload_len;
		}
		if (eve->opts.payload && pl != NULL && plen > 0)
			json_object_set_new(obj, "payload", base64(pl, plen));
		if (eve->opts.payload_printable && pl != NULL && plen > 0)
			json_object_set_new(obj, "payload_printable",
			    printable(pl, plen));
		json_object_set_new(obj, "stream", json_integer(stream));
	}
	if (eve->opts.packet)
		add_packet(obj, p);
	if (eve->opts.verdict && a->pkt != NULL)
		add_verdict(obj, p, a->pkt);

	/* Inline, where the packet came from and what it got (offline
	 * there is no queue: pcap_cnt names the packet). */
	if (p->pcap_cnt == 0) {
		quell = json_object();
		json_object_set_new(quell, "queue", json_integer(p->queue));
		json_object_set_new(quell, "packet_id",
		    json_integer(p->nfq_id));
		json_object_set_new(quell, "verdict", json_string(a->verdict));
		json_object_set_new(obj, "quell", quell);
	}
	add_host(eve, obj);
	if (a->app_text != NULL && a->app_name != NULL) {
		struct eve_raw raw = { a->app_name, a->app_text, a->app_len };

		write_record_raw(eve, producer, obj, &raw);
	} else
		write_record(eve, producer, obj);
	json_decref(obj);
}

void
output_eve_flow(struct output_eve *eve, size_t producer, const struct flow *f,
    const char *reason)
{
	json_t *obj = json_object(), *flow = json_object();
	char ts[48], pbuf[8];
	bool ports = proto_has_ports(f->proto);
	json_object_set_new(obj, "timestamp", json_string(
	    output_eve_timestamp(&f->last_ts, ts, sizeof(ts))));
	SET_U64(obj, "flow_id", f->flow_id & ((1ull << 51) - 1));
	json_object_set_new(obj, "event_type", json_string("flow"));
	add_vlan(obj, f->vlan, f->vlan_n);
	add_addr(obj, "src_ip", &f->client);
	if (ports)
		SET_U64(obj, "src_port", f->client_port);
	add_addr(obj, "dest_ip", &f->server);
	if (ports)
		SET_U64(obj, "dest_port", f->server_port);
	json_object_set_new(obj, "proto",
	    json_string(proto_name(f->proto, pbuf, sizeof(pbuf))));
	/* as Suricata: ICMP's type and code, and the response's once one
	 * came back */
	if ((f->proto == IPPROTO_ICMP || f->proto == IPPROTO_ICMPV6) &&
	    !(f->flags & FLOW_F_NO_PORTS)) {
		SET_U64(obj, "icmp_type", f->icmp_type[FLOW_DIR_TO_SERVER]);
		SET_U64(obj, "icmp_code", f->icmp_code[FLOW_DIR_TO_SERVER]);
		if (f->pkts[FLOW_DIR_TO_CLIENT] > 0) {
			SET_U64(obj, "response_icmp_type",
			    f->icmp_type[FLOW_DIR_TO_CLIENT]);
			SET_U64(obj, "response_icmp_code",
			    f->icmp_code[FLOW_DIR_TO_CLIENT]);
		}
	}
	add_app_proto(obj, f);

	SET_U64(flow, "pkts_toserver", f->pkts[FLOW_DIR_TO_SERVER]);
	SET_U64(flow, "pkts_toclient", f->pkts[FLOW_DIR_TO_CLIENT]);
	SET_U64(flow, "bytes_toserver", f->bytes[FLOW_DIR_TO_SERVER]);
	SET_U64(flow, "bytes_toclient", f->bytes[FLOW_DIR_TO_CLIENT]);
	json_object_set_new(flow, "start", json_string(
	    output_eve_timestamp(&f->first_ts, ts, sizeof(ts))));
	json_object_set_new(flow, "end", json_string(
	    output_eve_timestamp(&f->last_ts, ts, sizeof(ts))));
	SET_U64(flow, "age", f->last_ts.tv_sec > f->first_ts.tv_sec ?
	    f->last_ts.tv_sec - f->first_ts.tv_sec : 0);
	json_object_set_new(flow, "state", json_string(
	    f->state == FLOW_STATE_ESTABLISHED ? "established" :
	    f->state == FLOW_STATE_CLOSED ? "closed" : "new"));
	json_object_set_new(flow, "reason", json_string(reason));
	json_object_set_new(flow, "alerted",
	    json_boolean(f->flags & FLOW_F_ALERTED));
	/* as Suricata: drop, else pass (a pass rule or an exception policy
	 * passed the flow) */
	if (f->flags & FLOW_F_DROP)
		json_object_set_new(flow, "action", json_string("drop"));
	else if (f->flags & FLOW_F_PASS)
		json_object_set_new(flow, "action", json_string("pass"));
	if (eve->opts.flow_exceptions)
		add_flow_exceptions(flow, f);
	if (f->flags & FLOW_F_BYPASSED) {
		json_t *b = json_object();

		SET_U64(b, "pkts_toserver", f->bypass_pkts[FLOW_DIR_TO_SERVER]);
		SET_U64(b, "pkts_toclient", f->bypass_pkts[FLOW_DIR_TO_CLIENT]);
		SET_U64(b, "bytes_toserver", f->bypass_bytes[FLOW_DIR_TO_SERVER]);
		SET_U64(b, "bytes_toclient", f->bypass_bytes[FLOW_DIR_TO_CLIENT]);
		json_object_set_new(flow, "bypassed", b);
	}
	json_object_set_new(obj, "flow", flow);
	add_flow_metadata(eve, obj, f);
	if (f->proto == IPPROTO_TCP)
		json_object_set_new(obj, "tcp", flow_tcp_object(f));
	write_record(eve, producer, obj);
	json_decref(obj);
}

static void
eve_app_tree(struct output_eve *eve, size_t producer, const struct flow *f,
    const struct packet *p, const char *type, json_t *o, bool with_tx_id,
    uint64_t tx_id, uint8_t dir, const char *app_name, json_t *app)
{
	json_t *obj = json_object();
	char ts[48], pbuf[8];
	bool ports = proto_has_ports(f->proto);
	bool rev = dir == APPLAYER_TOCLIENT;

	json_object_set_new(obj, "timestamp", json_string(
	    output_eve_timestamp(p != NULL ? &p->ts : &f->last_ts, ts,
	    sizeof(ts))));
	SET_U64(obj, "flow_id", f->flow_id & ((1ull << 51) - 1));
	/* offline, Suricata names the packet the record was logged on */
	if (p != NULL && p->pcap_cnt != 0)
		SET_U64(obj, "pcap_cnt", p->pcap_cnt);
	json_object_set_new(obj, "event_type", json_string(type));
	add_vlan(obj, f->vlan, f->vlan_n);
	add_addr(obj, "src_ip", rev ? &f->server : &f->client);
	if (ports)
		SET_U64(obj, "src_port", rev ? f->server_port : f->client_port);
	add_addr(obj, "dest_ip", rev ? &f->client : &f->server);
	if (ports)
		SET_U64(obj, "dest_port", rev ? f->client_port :
		    f->server_port);
	json_object_set_new(obj, "proto",
	    json_string(proto_name(f->proto, pbuf, sizeof(pbuf))));
	if (p != NULL || f->proto == IPPROTO_TCP)
		json_object_set_new(obj, "pkt_src",
		    json_string(pkt_src_name(app_pkt_src(p))));
	/* as Suricata's EVE header: the flow's variables in every record */
	add_flow_metadata(eve, obj, f);
	if (with_tx_id)
		SET_U64(obj, "tx_id", tx_id);
	if (app != NULL && app_name != NULL) {
		json_object_set(obj, app_name, app);
		add_app_proto(obj, f);
	}
	json_object_set(obj, type, o);
	/* Suricata's http logger: its tx's X-Forwarded-For, over the
	 * address of the logging packet's sender (receiver, to the
	 * client) */
	if (strcmp(type, "http") == 0)
		add_xff(&eve->opts.http_xff, obj, obj, f, true, tx_id,
		    p != NULL &&
		    (p->flow_flags & PKT_FLOW_TO_CLIENT) != 0);
	write_record(eve, producer, obj);
	json_decref(obj);
}

/* An object of an app record: its compact JSON text, or a tree (text
 * NULL); neither: absent. */
struct app_part {
	const char	*text;
	size_t		 len;
	json_t		*tree;
};

/* A JSON string is an object's text (applayer_log_rec), anything else
 * a tree. */
static struct app_part
app_part_of(json_t *v)
{
	struct app_part a = { NULL, 0, NULL };

	if (json_is_string(v)) {
		a.text = json_string_value(v);
		a.len = json_string_length(v);
	} else
		a.tree = v;
	return a;
}

static bool
app_part_set(const struct app_part *a)
{
	return a->text != NULL || a->tree != NULL;
}

/* Appends an app record's object. */
static void
app_value(struct jtext *t, const struct app_part *a)
{
	if (a->text != NULL)
		jtext_raw(t, a->text, a->len);
	else if (!output_json_line_append(t, a->tree))
		t->failed = true;
}

/* The object as a tree (NULL: out of memory or not JSON); a tree as it
 * is, one more reference. */
static json_t *
app_tree(const struct app_part *a)
{
	if (a->text == NULL)
		return json_incref(a->tree);
	return json_loadb(a->text, a->len, JSON_ALLOW_NUL, NULL);
}

/* add_app_proto's fields as text. */
static void
app_proto_text(struct jtext *t, bool *first, const struct flow *f)
{
	static const char *const keys[] = { "app_proto_ts", "app_proto_tc",
		"app_proto_orig" };
	uint8_t others[3] = { f->alproto_ts, f->alproto_tc, f->alproto_orig };

	if (f->alproto == APPLAYER_PROTO_UNKNOWN)
		return;
	JTEXT_KEY(t, first, "app_proto");
	jtext_cstring(t, applayer_proto_name(f->alproto));
	for (size_t i = 0; i < QUELL_NITEMS(keys); i++) {
		if (others[i] == APPLAYER_PROTO_UNKNOWN ||
		    others[i] == f->alproto)
			continue;
		jtext_key(t, first, keys[i]);
		jtext_cstring(t, applayer_proto_name(others[i]));
	}
}

static bool
addr_same(const struct ip_addr *a, const struct ip_addr *b)
{
	if (a->family != b->family)
		return false;
	return a->family == AF_INET ? a->u.v4 == b->u.v4 :
	    memcmp(a->u.v6, b->u.v6, sizeof(a->u.v6)) == 0;
}

static void
addr_text(struct jtext *t, bool *first, const char *key,
    const struct ip_addr *a)
{
	/* a flow's records name its two addresses again and again: each
	 * thread keeps the last two it formatted, quoted */
	static _Thread_local struct {
		struct ip_addr	 a;
		char		 text[OUTPUT_ADDR_LEN + 2];
		size_t		 n;
	} last[2];
	static _Thread_local unsigned next;
	unsigned k;

	if (a->family != AF_INET && a->family != AF_INET6)
		return;
	jtext_key(t, first, key);
	for (k = 0; k < 2 && !addr_same(&last[k].a, a); k++)
		;
	if (k == 2) {
		k = next++ % 2;
		memset(&last[k].a, 0, sizeof(last[k].a));
		last[k].a.family = a->family;
		if (a->family == AF_INET)
			last[k].a.u.v4 = a->u.v4;
		else
			memcpy(last[k].a.u.v6, a->u.v6, sizeof(a->u.v6));
		/* digits, dots and colons: nothing to escape */
		last[k].text[0] = '"';
		last[k].n = strlen(output_addr_format(a, last[k].text + 1,
		    OUTPUT_ADDR_LEN)) + 1;
		last[k].text[last[k].n++] = '"';
	}
	jtext_raw(t, last[k].text, last[k].n);
}

/* Whether an app record of type can be written straight as text: every
 * output taking it wants what eve renders (no cut), and no
 * X-Forwarded-For rewrites an http record. */
static bool
eve_app_as_text(const struct output_eve *eve, const char *type)
{
	if (eve->opts.http_xff.enabled && strcmp(type, "http") == 0)
		return false;
	for (size_t i = 0; i < eve->ntargets; i++)
		if (eve_target_takes(&eve->targets[i], type) &&
		    eve_target_wants_less(eve, &eve->targets[i]))
			return false;
	return true;
}

/* Hands line (malloc'ed, ending in '\n') to every output taking type. */
static void
eve_submit(struct output_eve *eve, size_t producer, const char *type,
    char *line)
{
	size_t take[OUTPUT_EVE_MAX_TARGETS], n = 0;

	for (size_t i = 0; i < eve->ntargets; i++)
		if (eve_target_takes(&eve->targets[i], type))
			take[n++] = i;
	if (n == 0) {
		free(line);
		return;
	}
	/* The writer owns what it is given: copies for all but the last. */
	for (size_t j = 0; j + 1 < n; j++) {
		char *copy = strdup(line);

		if (copy == NULL)
			counter_inc(&eve->render_errors);
		else
			output_writer_submit(eve->targets[take[j]].writer,
			    producer, copy);
	}
	output_writer_submit(eve->targets[take[n - 1]].writer, producer, line);
}

/* An app-layer record, the same bytes as eve_app_tree's line, written
 * field by field: the header, the flow's metadata, then the objects,
 * text ones copied in as they are. */
static void
eve_app(struct output_eve *eve, size_t producer, const struct flow *f,
    const struct packet *p, const char *type, const struct app_part *o,
    bool with_tx_id, uint64_t tx_id, uint8_t dir, const char *app_name,
    const struct app_part *app)
{
	struct jtext t;
	char ts[48], pbuf[8];
	bool ports = proto_has_ports(f->proto);
	bool rev = dir == APPLAYER_TOCLIENT;
	bool first = true;
	size_t hint = 512, tslen, cap;
	char *line;

	if (!eve_app_as_text(eve, type)) {
		json_t *ot = app_tree(o), *at = app_tree(app);

		if (ot == NULL || (app_part_set(app) && at == NULL))
			counter_inc(&eve->render_errors);
		else
			eve_app_tree(eve, producer, f, p, type, ot,
			    with_tx_id, tx_id, dir, app_name, at);
		json_decref(ot);
		json_decref(at);
		return;
	}
	hint += o->len + app->len;
	/* a buffer of a line written before, when one came back: no
	 * malloc here, no free in the writer thread */
	if (eve->ntargets > 0 && (line = output_writer_reuse(
	    eve->targets[0].writer, producer, &cap)) != NULL)
		jtext_init_owned(&t, line, cap);
	else
		jtext_init(&t, hint);
	jtext_char(&t, '{');
	JTEXT_KEY(&t, &first, "timestamp");
	/* digits, '-', ':', 'T', '.' and '+': nothing to escape */
	ts[0] = '"';
	tslen = eve_timestamp_fmt(p != NULL ? &p->ts : &f->last_ts, ts + 1,
	    sizeof(ts) - 2);
	ts[tslen + 1] = '"';
	jtext_raw(&t, ts, tslen + 2);
	JTEXT_KEY(&t, &first, "flow_id");
	jtext_uint(&t, f->flow_id & ((1ull << 51) - 1));
	/* offline, Suricata names the packet the record was logged on */
	if (p != NULL && p->pcap_cnt != 0) {
		JTEXT_KEY(&t, &first, "pcap_cnt");
		jtext_uint(&t, p->pcap_cnt);
	}
	JTEXT_KEY(&t, &first, "event_type");
	jtext_cstring(&t, type);
	if (f->vlan_n > 0) {
		JTEXT_KEY(&t, &first, "vlan");
		jtext_char(&t, '[');
		for (uint8_t i = 0; i < f->vlan_n; i++) {
			if (i > 0)
				jtext_char(&t, ',');
			jtext_uint(&t, f->vlan[i]);
		}
		jtext_char(&t, ']');
	}
	addr_text(&t, &first, "src_ip", rev ? &f->server : &f->client);
	if (ports) {
		JTEXT_KEY(&t, &first, "src_port");
		jtext_uint(&t, rev ? f->server_port : f->client_port);
	}
	addr_text(&t, &first, "dest_ip", rev ? &f->client : &f->server);
	if (ports) {
		JTEXT_KEY(&t, &first, "dest_port");
		jtext_uint(&t, rev ? f->client_port : f->server_port);
	}
	JTEXT_KEY(&t, &first, "proto");
	jtext_cstring(&t, proto_name(f->proto, pbuf, sizeof(pbuf)));
	if (p != NULL || f->proto == IPPROTO_TCP) {
		JTEXT_KEY(&t, &first, "pkt_src");
		jtext_cstring(&t, pkt_src_name(app_pkt_src(p)));
	}
	/* as Suricata's EVE header: the flow's variables in every record
	 * (none without any detection variable) */
	if (eve->opts.flow_metadata && f->detect_vars != NULL) {
		json_t *m = json_object(), *v;
		const char *k;

		if (m == NULL)
			t.failed = true;
		else {
			add_flow_metadata(eve, m, f);
			json_object_foreach(m, k, v) {
				jtext_key(&t, &first, k);
				if (!output_json_line_append(&t, v))
					t.failed = true;
			}
			json_decref(m);
		}
	}
	if (with_tx_id) {
		JTEXT_KEY(&t, &first, "tx_id");
		jtext_uint(&t, tx_id);
	}
	if (app_part_set(app) && app_name != NULL) {
		jtext_key(&t, &first, app_name);
		app_value(&t, app);
		app_proto_text(&t, &first, f);
	}
	jtext_key(&t, &first, type);
	app_value(&t, o);
	jtext_raw(&t, "}\n", 2);
	if (!jtext_ok(&t) || (line = jtext_take(&t, NULL)) == NULL) {
		jtext_free(&t);
		counter_inc(&eve->render_errors);
		return;
	}
	eve_submit(eve, producer, type, line);
}

void
output_eve_app(struct output_eve *eve, size_t producer, const struct flow *f,
    const struct packet *p, const char *type, json_t *o, bool with_tx_id,
    uint64_t tx_id, uint8_t dir, const char *app_name, json_t *app)
{
	struct app_part po = app_part_of(o), pa = app_part_of(app);

	eve_app(eve, producer, f, p, type, &po, with_tx_id, tx_id, dir,
	    app_name, &pa);
}

void
output_eve_app_text(struct output_eve *eve, size_t producer,
    const struct flow *f, const struct packet *p, const char *type,
    const char *obj, size_t objlen, bool with_tx_id, uint64_t tx_id,
    uint8_t dir, const char *app_name, const char *app, size_t applen)
{
	struct app_part po = { obj, objlen, NULL }, pa = { app, applen, NULL };

	if (app == NULL)
		pa.len = 0;
	eve_app(eve, producer, f, p, type, &po, with_tx_id, tx_id, dir,
	    app_name, &pa);
}

void
output_eve_anomaly(struct output_eve *eve, size_t producer,
    const struct packet *p, const struct flow *f,
    const struct output_eve_anomaly *an)
{
	json_t *obj, *o = json_object();
	char ts[48], pbuf[8];

	if (p != NULL) {
		obj = packet_event(eve, p, "anomaly");
		f = p->flow;
	} else {
		bool ports = proto_has_ports(f->proto);

		obj = json_object();
		json_object_set_new(obj, "timestamp", json_string(
		    output_eve_timestamp(&f->last_ts, ts, sizeof(ts))));
		SET_U64(obj, "flow_id", f->flow_id & ((1ull << 51) - 1));
		json_object_set_new(obj, "event_type", json_string("anomaly"));
		add_vlan(obj, f->vlan, f->vlan_n);
		add_addr(obj, "src_ip", &f->client);
		SET_U64(obj, "src_port", ports ? f->client_port : 0);
		add_addr(obj, "dest_ip", &f->server);
		SET_U64(obj, "dest_port", ports ? f->server_port : 0);
		json_object_set_new(obj, "proto",
		    json_string(proto_name(f->proto, pbuf, sizeof(pbuf))));
		json_object_set_new(obj, "pkt_src",
		    json_string(pkt_src_name(PKT_SRC_FLOW_TIMEOUT)));
	}
	if (an->has_tx)
		SET_U64(obj, "tx_id", an->tx_id);
	add_flow_metadata(eve, obj, f);
	if (an->app_proto != NULL)
		json_object_set_new(o, "app_proto", json_string(an->app_proto));
	json_object_set_new(o, "type", json_string(an->type));
	json_object_set_new(o, "event", json_string_lossy(an->event));
	if (an->layer != NULL)
		json_object_set_new(o, "layer", json_string(an->layer));
	json_object_set_new(obj, "anomaly", o);
	/* Suricata's packethdr: the packet's first 32 bytes (decode and
	 * stream records) */
	if (eve->opts.anomaly_packethdr && p != NULL && an->layer == NULL)
		add_packet_len(obj, p, p->len < 32 ? p->len : 32);
	add_host(eve, obj);
	write_record(eve, producer, obj);
	json_decref(obj);
}

void
output_eve_drop(struct output_eve *eve, size_t producer,
    const struct packet *p, const char *reason,
    const struct output_eve_verdict *v, const struct output_eve_alert *a)
{
	json_t *obj = packet_event(eve, p, "drop");
	json_t *drop = json_object();
	const uint8_t *ip = p->l3;
	size_t iplen = ip != NULL && ip >= p->data && ip < p->data + p->len ?
	    (size_t)(p->data + p->len - ip) : 0;

	add_flow_metadata(eve, obj, p->flow);
	if (p->flow != NULL)
		json_object_set_new(obj, "direction", json_string(
		    (p->flow_flags & PKT_FLOW_TO_CLIENT) ? "to_client" :
		    "to_server"));
	/* the IP header's own length fields, as Suricata reads them */
	if (p->ip_version == 6) {
		SET_U64(drop, "len", ip != NULL && iplen >= 6 ?
		    (uint32_t)ip[4] << 8 | ip[5] : 0);
		SET_U64(drop, "tc", p->tos);
		SET_U64(drop, "hoplimit", p->ttl);
		SET_U64(drop, "flowlbl", ip != NULL && iplen >= 4 ?
		    ((uint32_t)(ip[1] & 0x0f) << 16 |
		    (uint32_t)ip[2] << 8 | ip[3]) : 0);
	} else {
		SET_U64(drop, "len", ip != NULL && iplen >= 4 ?
		    (uint32_t)ip[2] << 8 | ip[3] : 0);
		SET_U64(drop, "tos", p->tos);
		SET_U64(drop, "ttl", p->ttl);
		SET_U64(drop, "ipid", p->ip_id);
	}
	if (p->proto == IPPROTO_TCP && p->l4_valid && p->l4 != NULL) {
		SET_U64(drop, "tcpseq", p->tcp_seq);
		SET_U64(drop, "tcpack", p->tcp_ack);
		SET_U64(drop, "tcpwin", p->tcp_window);
		json_object_set_new(drop, "syn",
		    json_boolean(p->tcp_flags & PKT_TCP_SYN));
		json_object_set_new(drop, "ack",
		    json_boolean(p->tcp_flags & PKT_TCP_ACK));
		json_object_set_new(drop, "psh",
		    json_boolean(p->tcp_flags & PKT_TCP_PSH));
		json_object_set_new(drop, "rst",
		    json_boolean(p->tcp_flags & PKT_TCP_RST));
		json_object_set_new(drop, "urg",
		    json_boolean(p->tcp_flags & PKT_TCP_URG));
		json_object_set_new(drop, "fin",
		    json_boolean(p->tcp_flags & PKT_TCP_FIN));
		/* reserved bits and urgent pointer, from the header */
		SET_U64(drop, "tcpres", (p->l4[12] >> 1) & 0x07);
		SET_U64(drop, "tcpurgp", (uint32_t)p->l4[18] << 8 | p->l4[19]);
	}
	if (p->proto == IPPROTO_UDP && p->l4_valid && p->l4 != NULL)
		SET_U64(drop, "udplen", (uint32_t)p->l4[4] << 8 | p->l4[5]);
	if ((p->proto == IPPROTO_ICMP || p->proto == IPPROTO_ICMPV6) &&
	    p->l4_valid && p->l4 != NULL && p->l4_hdr_len >= 8) {
		SET_U64(drop, "icmp_id", (uint32_t)p->l4[4] << 8 | p->l4[5]);
		SET_U64(drop, "icmp_seq", (uint32_t)p->l4[6] << 8 | p->l4[7]);
	}
	json_object_set_new(drop, "reason", json_string(reason));
	json_object_set_new(obj, "drop", drop);
	if (eve->opts.drop_verdict && v != NULL)
		add_verdict(obj, p, v);
	if (eve->opts.drop_alerts && a != NULL)
		json_object_set_new(obj, "alert", alert_object(eve, a));
	add_host(eve, obj);
	write_record(eve, producer, obj);
	json_decref(obj);
}

void
output_eve_packet(struct output_eve *eve, size_t producer,
    const struct packet *p)
{
	json_t *obj = packet_event(eve, p, "packet");

	add_packet(obj, p);
	add_host(eve, obj);
	write_record(eve, producer, obj);
	json_decref(obj);
}

void
output_eve_stats(struct output_eve *eve, size_t producer,
    const struct output_eve_stats *s)
{
	struct timespec now;
	json_t *obj;
	char ts[48];

	clock_gettime(CLOCK_REALTIME, &now);
	obj = json_object();
	json_object_set_new(obj, "timestamp",
	    json_string(output_eve_timestamp(&now, ts, sizeof(ts))));
	json_object_set_new(obj, "event_type", json_string("stats"));
	json_object_set_new(obj, "stats", output_eve_stats_object(s));
	write_record(eve, producer, obj);
	json_decref(obj);
}
