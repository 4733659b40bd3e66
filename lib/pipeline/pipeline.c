#include "core/base.h"

#include <netinet/in.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "applayer/applayer.h"
#include "applayer/parser.h"
#include "applayer/registry.h"
#include "config/config.h"
#include "core/counters.h"
#include "decode/events.h"
#include "detect/engine.h"
#include "flow/flow.h"
#include "flow/tcp_state.h"
#include "pipeline/app.h"
#include "pipeline/pipeline.h"

struct pipeline {
	struct pipeline_config cfg;
	struct flow_table *flows;
	struct stream_ctx *stream;
	struct applayer_ctx *app;	/* NULL: no application layer */
	struct detect_thread *dt;
	struct stream_raw raw;		/* the packet's raw stream window */
	struct pipeline_stats st;	/* stream part filled on read */
};

static void	pipeline_frames(struct pipeline *);
static void	pipeline_needs(struct pipeline *);
static void	pipeline_raw(struct pipeline *, struct packet *,
		    const struct stream_result *);

/* TCP tracking's view of host-os-policy: the receiving stack, in the
 * classes Suricata validates RSTs and timestamps by (bsd-right is bsd,
 * old-solaris solaris, as its StreamTcpSetOSPolicy maps them). */
static uint8_t
tcp_host_os(const void *arg, const struct ip_addr *a)
{
	switch (stream_hostos_lookup(arg, a)) {
	case STREAM_OS_LINUX:
		return FLOW_TCP_OS_LINUX;
	case STREAM_OS_OLD_LINUX:
		return FLOW_TCP_OS_OLD_LINUX;
	case STREAM_OS_SOLARIS:
	case STREAM_OS_OLD_SOLARIS:
		return FLOW_TCP_OS_SOLARIS;
	case STREAM_OS_HPUX11:
		return FLOW_TCP_OS_HPUX11;
	case STREAM_OS_WINDOWS:
		return FLOW_TCP_OS_WINDOWS;
	case STREAM_OS_WINDOWS2K3:
		return FLOW_TCP_OS_WINDOWS2K3;
	case STREAM_OS_VISTA:
		return FLOW_TCP_OS_VISTA;
	default:
		return FLOW_TCP_OS_BSD;
	}
}

int
pipeline_config_init(struct pipeline_config *pc, const struct quell_config *cfg,
    bool ips, bool inline_capture, unsigned nworkers,
    struct stream_hostos **hosts, char *err, size_t errlen)
{
	struct stream_hostos *h;

	memset(pc, 0, sizeof(*pc));
	*hosts = NULL;
	pc->flow = cfg->flow;
	flow_config_per_table(&pc->flow, nworkers);
	pc->stream = cfg->stream;
	stream_config_per_worker(&pc->stream, nworkers);
	pc->stream.is_inline = stream_config_inline(&cfg->stream, ips);
	pc->stream.inline_mode = NULL;
	/* TCP tracking follows the stream engine's settings */
	pc->flow.async_oneside = pc->stream.async_oneside;
	pc->flow.tcp_inline = pc->stream.is_inline;
	pc->flow.tcp_urgent_drop = pc->stream.is_inline &&
	    pc->stream.urgent_policy == STREAM_URGENT_DROP;
	pc->ips = ips;
	pc->bypass = inline_capture;
	for (int c = 0; c < EXCEPTION_NCAUSES; c++) {
		const char *own = cfg->exception_policies[c];
		int a;

		/* with midstream pickup on, the master switch does not make
		 * picked-up sessions an exception (Suricata: only pass-flow
		 * or ignore apply then, and only when set for the cause) */
		if (c == EXCEPTION_CAUSE_MIDSTREAM && cfg->flow.midstream &&
		    (own == NULL || own[0] == '\0'))
			own = "ignore";
		a = exception_policy_resolve((enum exception_cause)c,
		    cfg->exception_policy, own, ips);
		if (a < 0) {
			snprintf(err, errlen, "%s: \"%s\" is not a valid "
			    "exception policy here",
			    exception_cause_key((enum exception_cause)c),
			    own != NULL ? own : cfg->exception_policy);
			errno = EINVAL;
			return -1;
		}
		pc->exception[c] = (uint8_t)a;
	}
	pc->flow.tcp_midstream_drops =
	    pc->exception[EXCEPTION_CAUSE_MIDSTREAM] == EXCEPTION_DROP_FLOW ||
	    pc->exception[EXCEPTION_CAUSE_MIDSTREAM] == EXCEPTION_DROP_PACKET ||
	    pc->exception[EXCEPTION_CAUSE_MIDSTREAM] == EXCEPTION_REJECT;
	if ((h = stream_hostos_new(cfg->stream.default_policy)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (int pol = 0; pol < STREAM_OS_NPOLICIES; pol++) {
		const struct config_strlist *l = &cfg->host_os_policy[pol];

		for (size_t i = 0; i < l->count; i++) {
			if (stream_hostos_add(h, l->items[i],
			    (enum stream_os_policy)pol) == 0)
				continue;
			snprintf(err, errlen, "host-os-policy.%s: \"%s\": %s",
			    stream_policy_name((enum stream_os_policy)pol),
			    l->items[i], strerror(errno));
			stream_hostos_free(h);
			return -1;
		}
	}
	*hosts = h;
	pc->hosts = h;
	return 0;
}

struct pipeline *
pipeline_new(const struct pipeline_config *cfg, struct detect_thread *dt,
    uint64_t seed)
{
	struct pipeline *pl = calloc(1, sizeof(*pl));

	if (pl == NULL)
		return NULL;
	pl->cfg = *cfg;
	pl->dt = dt;
	if ((pl->flows = flow_table_new(&cfg->flow, detect_flow_vars_free,
	    seed)) == NULL || (pl->stream = stream_ctx_new(&cfg->stream,
	    cfg->hosts)) == NULL || (cfg->app != NULL &&
	    (pl->app = applayer_ctx_new(cfg->app)) == NULL)) {
		int e = errno;

		flow_table_free(pl->flows);
		stream_ctx_free(pl->stream);
		free(pl);
		errno = e;
		return NULL;
	}
	flow_table_set_stream_free(pl->flows, stream_session_free);
	flow_table_set_app_free(pl->flows, applayer_flow_free);
	pipeline_frames(pl);
	pipeline_needs(pl);
	if (cfg->hosts != NULL)
		flow_table_set_tcp_host_os(pl->flows, tcp_host_os, cfg->hosts);
	return pl;
}

void
pipeline_free(struct pipeline *pl)
{
	if (pl == NULL)
		return;
	/* the table frees the stream sessions, then the engine goes */
	flow_table_free(pl->flows);
	stream_ctx_free(pl->stream);
	applayer_ctx_free(pl->app);
	free(pl);
}

struct flow_table *
pipeline_flows(struct pipeline *pl)
{
	return pl->flows;
}

/* Parsers compute what pl's rules inspect of their on-demand data (a
 * file's digests). */
static void
pipeline_needs(struct pipeline *pl)
{
	uint32_t needs[APPLAYER_PROTO_MAX];

	if (pl->app == NULL)
		return;
	for (int pr = 0; pr < APPLAYER_PROTO_MAX; pr++) {
		const struct applayer_parser *ap = applayer_registry_get(
		    (enum applayer_proto)pr);

		needs[pr] = 0;
		for (size_t i = 0; pl->dt != NULL && ap != NULL &&
		    i < ap->nneeds && i < 32; i++)
			if (detect_thread_uses_buffer(pl->dt, ap->needs[i]))
				needs[pr] |= 1u << i;
	}
	applayer_ctx_set_needs(pl->app, needs);
}

/* The app layer records the frames pl's rules inspect. */
static void
pipeline_frames(struct pipeline *pl)
{
	uint32_t want[APPLAYER_PROTO_MAX];

	if (pl->app == NULL)
		return;
	for (int pr = 0; pr < APPLAYER_PROTO_MAX; pr++)
		want[pr] = pl->dt != NULL ? detect_thread_frame_types(pl->dt,
		    (uint16_t)pr) : 0;
	applayer_ctx_set_frames(pl->app, want);
}

void
pipeline_set_detect(struct pipeline *pl, struct detect_thread *dt)
{
	pl->dt = dt;
	pipeline_frames(pl);
	pipeline_needs(pl);
}

void
pipeline_flow_end(struct pipeline *pl, struct flow *f)
{
	if (pl->app != NULL)
		applayer_flow_end(pl->app, f);
}

bool
pipeline_flow_end_detect(struct pipeline *pl, struct flow *f, uint8_t dir,
    struct packet *p, struct pipeline_result *res)
{
	static const uint8_t none[1];
	struct applayer_packet_result ar = { 0 };
	bool ts = dir == PKT_FLOW_TO_SERVER;
	void *state;

	/* the direction's rest is parsed with its own pseudo packet, the
	 * other's after: an event the server's last bytes raise is met by
	 * the to-client packet only, as in Suricata */
	if (pl->app != NULL && f != NULL)
		applayer_flow_end_dir(pl->app, f, ts ? APPLAYER_TOSERVER :
		    APPLAYER_TOCLIENT);
	if (pl->dt == NULL || pl->app == NULL || f == NULL ||
	    f->proto != IPPROTO_TCP || f->app == NULL ||
	    (f->flags & (FLOW_F_PASS | FLOW_F_BYPASSED | FLOW_F_DROP)) ||
	    applayer_flow_parser(f, &state) == NULL)
		return false;
	memset(p, 0, sizeof(*p));
	memset(res, 0, sizeof(*res));
	p->data = none;
	p->ts = f->last_ts;
	p->ip_version = f->client.family == AF_INET6 ? 6 : 4;
	p->src = ts ? f->client : f->server;
	p->dst = ts ? f->server : f->client;
	p->sport = ts ? f->client_port : f->server_port;
	p->dport = ts ? f->server_port : f->client_port;
	p->proto = IPPROTO_TCP;
	p->l4_valid = true;
	p->ignore_checksum = true;
	p->depth = f->depth;
	p->vlan_n = f->vlan_n;
	memcpy(p->vlan, f->vlan, sizeof(p->vlan));
	p->flow = f;
	p->flow_flags = (uint8_t)(dir | PKT_FLOW_ESTABLISHED);
	p->pseudo = true;
	p->pkt_src = PKT_SRC_FLOW_TIMEOUT;
	/* what the stream holds uninspected goes with it, for the
	 * transaction rules with pkt_data keywords (Suricata's pseudo
	 * packet carries both); the raw pseudo packet after this one
	 * inspects it for the other rules and consumes it */
	if (f->stream != NULL && stream_raw_eof(f, ts ? FLOW_DIR_TO_SERVER :
	    FLOW_DIR_TO_CLIENT, &pl->raw))
		p->raw = &pl->raw;
	pipeline_app_detect(pl->dt, p, &ar, &res->det);
	res->inspected = true;
	if (res->det.nalerts > 0)
		f->flags |= FLOW_F_ALERTED;
	return true;
}

/* Applies the exception policy of cause to p (and its flow); returns
 * false when detection must not run on p: a packet the policy drops or
 * passes is not inspected (nor alerted on), as Suricata's. */
static bool
apply_exception(struct pipeline *pl, struct packet *p, enum exception_cause c,
    struct pipeline_result *res)
{
	enum exception_policy a = (enum exception_policy)pl->cfg.exception[c];
	struct flow *f = p->flow;

	counter_inc(&pl->st.exception[c][a]);
	/* as Suricata, also when the policy is ignore */
	if (f != NULL)
		f->exceptions[c] = (uint8_t)(a + 1);
	if (a == EXCEPTION_DROP_FLOW || a == EXCEPTION_DROP_PACKET ||
	    a == EXCEPTION_REJECT)
		res->drop_reason = exception_cause_drop_reason(c);
	switch (a) {
	case EXCEPTION_DROP_FLOW:
		if (f != NULL)
			f->flags |= FLOW_F_DROP;
		res->why |= PIPELINE_DROP_POLICY;
		return false;
	case EXCEPTION_DROP_PACKET:
		res->why |= PIPELINE_DROP_POLICY;
		return false;
	case EXCEPTION_REJECT:
		if (f != NULL)
			f->flags |= FLOW_F_DROP;
		res->why |= PIPELINE_DROP_POLICY;
		res->reject |= DETECT_REJECT_TO_SRC;
		return false;
	case EXCEPTION_PASS_FLOW:
		if (f != NULL)
			f->flags |= FLOW_F_PASS;
		return false;
	case EXCEPTION_PASS_PACKET:
		return false;
	case EXCEPTION_BYPASS:
		if (f != NULL)
			f->flags |= FLOW_F_BYPASS;
		return false;
	default:
		return true;
	}
}

void
pipeline_packet(struct pipeline *pl, struct packet *p,
    struct pipeline_result *res)
{
	struct flow *f;
	struct stream_result sr;
	struct applayer_packet_result ar = { 0 };
	bool inspect = true;

	res->drop = false;
	res->why = 0;
	res->drop_reason = NULL;
	res->inspected = false;
	res->det.nalerts = 0;
	res->det.verdict = DETECT_VERDICT_ACCEPT;
	res->det.mark.set = false;
	res->det.reject = 0;
	res->det.bypass = false;
	res->det.has_drop_alert = false;
	res->det.drop_reason = DETECT_DROP_NONE;
	res->det.pass = false;
	res->det.alerts_dropped = 0;
	res->det.alerts_suppressed = 0;
	res->reject = 0;
	res->bypass = false;
	res->bypass_keyword = false;
	res->bypass_encrypted = false;
	res->has_stream = false;
	p->stream_flags = 0;
	p->raw = NULL;
	memset(&sr, 0, sizeof(sr));
	if (p->ip_version == 0) {
		/* no IP layer: no flow; decode-event rules may still match
		 * what the decoder found */
		f = NULL;
		if (pl->dt != NULL && decode_event_any(p->events)) {
			detect_packet(pl->dt, p, &res->det);
			res->inspected = true;
			if (res->det.verdict != DETECT_VERDICT_ACCEPT)
				res->why |= PIPELINE_DROP_RULES;
			res->reject |= res->det.reject;
		}
		goto decide;
	}
	f = flow_table_handle(pl->flows, p);

	if (f != NULL && (f->flags & FLOW_F_DROP)) {
		/* Suricata inline: after a drop the rest of the TCP flow is
		 * dropped too, without inspection or more alerts. */
		res->why |= PIPELINE_DROP_FLOW;
		counter_inc(&pl->st.dropped_by_flow);
		goto decide;
	}
	if (f != NULL && p->proto == IPPROTO_TCP &&
	    !(f->flags & (FLOW_F_PASS | FLOW_F_BYPASSED))) {
		stream_packet(pl->stream, p, &sr);
		if (sr.flags & STREAM_R_EXCEPTION)
			inspect = apply_exception(pl, p, sr.cause, res);
		if (sr.flags & STREAM_R_DROP) {
			res->why |= PIPELINE_DROP_STREAM;
			if (res->drop_reason == NULL)
				res->drop_reason = (sr.flags & STREAM_R_URGENT) ?
				    "stream urgent" : "stream error";
			counter_inc(&pl->st.stream_dropped);
		}
		if ((sr.flags & STREAM_R_BYPASS) &&
		    !(f->flags & FLOW_F_BYPASS)) {
			f->flags |= FLOW_F_BYPASS;
			counter_inc(&pl->st.bypass_depth);
		}
		if (sr.flags & STREAM_R_ADDED)
			p->stream_flags |= PKT_STREAM_ADDED;
	}
	/* the application layer on what the stream (or the datagram)
	 * brought: inline, before the verdict */
	if (inspect && pl->app != NULL && f != NULL &&
	    !(f->flags & (FLOW_F_PASS | FLOW_F_BYPASSED))) {
		applayer_packet(pl->app, p, pl->cfg.stream.is_inline, &ar);
		if (ar.flags & APPLAYER_PKT_ERROR)
			inspect = apply_exception(pl, p,
			    EXCEPTION_CAUSE_APPLAYER_ERROR, res);
		/* encryption-handling: bypass, the handshake is done: this
		 * packet is still inspected, the flow then bypassed */
		if (!(f->flags & (FLOW_F_BYPASS | FLOW_F_BYPASSED)) &&
		    applayer_flow_bypass(f)) {
			f->flags |= FLOW_F_BYPASS | FLOW_F_BYPASS_ENC;
			counter_inc(&pl->st.bypass_encrypted);
		}
	}
	if (inspect && pl->dt != NULL &&
	    (f == NULL || !(f->flags & (FLOW_F_PASS | FLOW_F_BYPASSED)))) {
		/* the stream bytes to inspect with p: inline a window
		 * around it, so a drop stops p itself */
		pipeline_raw(pl, p, &sr);
		pipeline_app_detect(pl->dt, p, &ar, &res->det);
		res->inspected = true;
		if (res->det.verdict != DETECT_VERDICT_ACCEPT)
			res->why |= PIPELINE_DROP_RULES;
		res->reject |= res->det.reject;
		if (p->raw != NULL) {
			stream_raw_done(f, p->raw);
			res->has_stream = true;
			res->stream = p->raw->blocks[0];
		}
	}

decide:
	res->drop = res->why != 0;
	/* Offline without --simulate-ips, drop rules only alert, as an IDS
	 * would; with it they act as inline. */
	if (!pl->cfg.ips)
		res->drop = false;
	/* Whether a rule's drop covers the rest of the flow detection
	 * decided (DETECT_SIG_APPLY_FLOW sets FLOW_F_DROP); a packet-only
	 * drop (dsize, a UDP payload match) drops this packet alone, as
	 * Suricata's. */
	if (f != NULL && res->det.nalerts > 0)
		f->flags |= FLOW_F_ALERTED;
	if (pl->cfg.bypass && !res->drop && f != NULL &&
	    !(f->flags & FLOW_F_BYPASSED) &&
	    (res->det.bypass || (f->flags & FLOW_F_BYPASS))) {
		res->bypass = true;
		res->bypass_keyword = res->det.bypass;
		res->bypass_encrypted = !res->det.bypass &&
		    (f->flags & FLOW_F_BYPASS_ENC) != 0;
	}
}

/* Sets p->raw to the stream window p is to be inspected with, if any;
 * the first packet of a direction tells the stream whether detection
 * wants raw inspection at all for it. */
static void
pipeline_raw(struct pipeline *pl, struct packet *p,
    const struct stream_result *sr)
{
	struct flow *f = p->flow;
	int dir = (p->flow_flags & PKT_FLOW_TO_CLIENT) ? FLOW_DIR_TO_CLIENT :
	    FLOW_DIR_TO_SERVER;

	if (f == NULL || f->stream == NULL || p->proto != IPPROTO_TCP)
		return;
	if (!stream_raw_decided(f, dir))
		stream_raw_disable(f, dir,
		    !detect_packet_wants_stream(pl->dt, p));
	if (stream_raw_window(f, p, sr, &pl->raw))
		p->raw = &pl->raw;
}

bool
pipeline_flow_end_raw(struct pipeline *pl, struct flow *f, int dir,
    struct packet *p, struct pipeline_result *res)
{
	bool to_server = dir == FLOW_DIR_TO_SERVER;

	memset(res, 0, sizeof(*res));
	res->det.verdict = DETECT_VERDICT_ACCEPT;
	if (pl->dt == NULL || f->proto != IPPROTO_TCP || f->stream == NULL ||
	    (f->flags & (FLOW_F_PASS | FLOW_F_BYPASSED | FLOW_F_DROP)) ||
	    !stream_raw_eof(f, dir, &pl->raw))
		return false;
	/* Suricata's flow-timeout pseudo packet: the flow's tuple in dir,
	 * an ACK with no payload of its own */
	memset(p, 0, sizeof(*p));
	p->ts = f->last_ts;
	p->pkt_src = PKT_SRC_FLOW_TIMEOUT;
	p->ip_version = f->client.family == AF_INET6 ? 6 : 4;
	p->src = to_server ? f->client : f->server;
	p->dst = to_server ? f->server : f->client;
	p->sport = to_server ? f->client_port : f->server_port;
	p->dport = to_server ? f->server_port : f->client_port;
	p->proto = IPPROTO_TCP;
	p->l4_valid = true;
	p->tcp_flags = PKT_TCP_ACK;
	p->ttl = 64;
	p->vlan_n = f->vlan_n;
	memcpy(p->vlan, f->vlan, sizeof(p->vlan));
	p->flow = f;
	p->flow_flags = to_server ? PKT_FLOW_TO_SERVER : PKT_FLOW_TO_CLIENT;
	if (f->state != FLOW_STATE_NEW)
		p->flow_flags |= PKT_FLOW_ESTABLISHED;
	p->stream_flags = PKT_STREAM_EOF;
	p->raw = &pl->raw;
	detect_packet(pl->dt, p, &res->det);
	res->inspected = true;
	res->has_stream = true;
	res->stream = pl->raw.blocks[0];
	stream_raw_done(f, &pl->raw);
	if (res->det.nalerts > 0)
		f->flags |= FLOW_F_ALERTED;
	return true;
}

void
pipeline_stats(const struct pipeline *pl, struct pipeline_stats *out)
{
	const uint64_t *src = (const uint64_t *)(const void *)&pl->st;
	uint64_t *dst = (uint64_t *)(void *)out;

	for (size_t i = 0; i < offsetof(struct pipeline_stats, stream) /
	    sizeof(uint64_t); i++)
		dst[i] = counter_get(&src[i]);
	stream_ctx_stats(pl->stream, &out->stream);
	if (pl->app != NULL)
		applayer_ctx_stats(pl->app, &out->app);
	else
		memset(&out->app, 0, sizeof(out->app));
}
