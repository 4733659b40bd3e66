/* The "stats" object of eve's stats records, Suricata 7's layout and
 * names (lib/output/eve.c writes the record around it). */
#include "core/base.h"

#include <stdio.h>
#include <time.h>

#include <jansson.h>

#include "applayer/parser.h"
#include "core/counters.h"
#include "output/applayer_counters.h"
#include "output/eve.h"
#include "output/eve_stats.h"
#include "output/statslog.h"
#include "stream/stream.h"

#define SET_U64(o, k, v)	json_object_set_new((o), (k), json_integer((json_int_t)(v)))

/* Suricata's "ips" stats: packets accepted (whatever the verdict that
 * let them through), blocked, rejected, replaced (never: quell has no
 * replace), and the blocked ones by drop reason. */
static json_t *
ips_counters(const struct output_eve_stats *s,
    const struct output_eve_queue_stats *total)
{
	json_t *o = json_object(), *r = json_object();
	char key[40];

	SET_U64(o, "accepted", total->accepted + total->repeated +
	    total->routed);
	SET_U64(o, "blocked", total->dropped);
	SET_U64(o, "rejected", total->rejected);
	SET_U64(o, "replaced", 0);
	for (int i = 0; i < OUTPUT_EVE_DROP_REASONS; i++) {
		snprintf(key, sizeof(key), "%s", output_eve_drop_reasons[i]);
		for (char *c = key; *c != '\0'; c++)
			if (*c == ' ')
				*c = '_';
		SET_U64(r, key, s->ips_drop_reason[i]);
	}
	json_object_set_new(o, "drop_reason", r);
	return o;
}

static json_t *
queue_counters(const struct output_eve_queue_stats *q)
{
	json_t *o = json_object();

	SET_U64(o, "packets", q->packets);
	SET_U64(o, "bytes", q->bytes);
	SET_U64(o, "accepted", q->accepted);
	SET_U64(o, "dropped", q->dropped);
	SET_U64(o, "repeated", q->repeated);
	SET_U64(o, "routed", q->routed);
	SET_U64(o, "marked", q->marked);
	SET_U64(o, "rejected", q->rejected);
	SET_U64(o, "ring_full", q->ring_full);
	SET_U64(o, "enobufs", q->enobufs);
	SET_U64(o, "bad_messages", q->bad_messages);
	SET_U64(o, "verdict_errors", q->verdict_errors);
	if (q->has_kernel) {
		json_t *k = json_object();

		SET_U64(k, "queue_total", q->kernel_queue_total);
		SET_U64(k, "queue_dropped", q->kernel_queue_dropped);
		SET_U64(k, "user_dropped", q->kernel_user_dropped);
		SET_U64(k, "id_sequence", q->kernel_id_sequence);
		SET_U64(k, "failopen", q->kernel_failopen);
		SET_U64(k, "queue_hwm", q->kernel_queue_hwm);
		json_object_set_new(o, "kernel", k);
	}
	return o;
}

/* stats.decoder.event: {"ipv4": {"trunc_pkt": N, ...}, ...}, the
 * nesting of Suricata's eve stats for its decoder.event.* counters.
 * Every event is listed, zero or not, so a consumer sees the same keys
 * in every record. */
static json_t *
decoder_events(const struct output_eve_stats *s)
{
	json_t *ev = json_object();

	for (unsigned i = 0; i < DECODE_EV_MAX; i++) {
		const char *name = decode_event_name((enum decode_event)i), *dot;
		char layer[32];
		json_t *o;

		if (name == NULL || (dot = strchr(name, '.')) == NULL ||
		    (size_t)(dot - name) >= sizeof(layer))
			continue;
		memcpy(layer, name, (size_t)(dot - name));
		layer[dot - name] = '\0';
		if ((o = json_object_get(ev, layer)) == NULL) {
			o = json_object();
			json_object_set_new(ev, layer, o);
		}
		SET_U64(o, dot + 1, s->decoder_events[i]);
	}
	return ev;
}

/* Sets o.a.b.c = v for the dotted name "a.b.c", making the objects on
 * the way: Suricata's eve nesting of its dotted counter names. */
static void
set_dotted(json_t *o, const char *name, uint64_t v)
{
	char part[64];
	const char *dot;

	while ((dot = strchr(name, '.')) != NULL) {
		size_t len = (size_t)(dot - name);
		json_t *sub;

		if (len >= sizeof(part))
			return;
		memcpy(part, name, len);
		part[len] = '\0';
		if ((sub = json_object_get(o, part)) == NULL) {
			sub = json_object();
			json_object_set_new(o, part, sub);
		}
		o = sub;
		name = dot + 1;
	}
	SET_U64(o, name, v);
}

/* stats.tcp, the stream events under stats.decoder.event.stream and
 * the exception policy counters. */
static void
stream_stats(json_t *stats, json_t *events, const struct output_eve_stats *s)
{
	const struct output_eve_tcp_stats *t = &s->tcp;
	json_t *tcp = json_object();

	for (unsigned ev = 0; ev < STREAM_NEVENTS; ev++)
		set_dotted(events, stream_event_name(ev),
		    s->stream_events[ev]);
	SET_U64(tcp, "sessions", t->sessions);
	SET_U64(tcp, "ssn_memcap_drop", t->ssn_memcap_drop);
	SET_U64(tcp, "memuse", t->memuse);
	SET_U64(tcp, "reassembly_memuse", t->reassembly_memuse);
	SET_U64(tcp, "segment_memcap_drop", t->segment_memcap_drop);
	SET_U64(tcp, "stream_depth_reached", t->stream_depth_reached);
	SET_U64(tcp, "reassembly_gap", t->reassembly_gap);
	SET_U64(tcp, "overlap", t->overlap);
	SET_U64(tcp, "overlap_diff_data", t->overlap_diff_data);
	SET_U64(tcp, "ooo_limit_drop", t->ooo_limit_drop);
	SET_U64(tcp, "inline_overlap_drop", t->inline_overlap_drop);
	SET_U64(tcp, "invalid_drop", t->invalid_drop);
	SET_U64(tcp, "not_tracked", t->not_tracked);
	SET_U64(tcp, "urg", t->urg);
	SET_U64(tcp, "urgent_oob_data", t->urgent_oob_data);
	SET_U64(tcp, "stream_dropped", t->stream_dropped);
	SET_U64(tcp, "bypass_depth", t->bypass_depth);
	SET_U64(tcp, "bypass_encrypted", t->bypass_encrypted);
	json_object_set_new(stats, "tcp", tcp);
	for (unsigned c = 0; c < EXCEPTION_NCAUSES; c++) {
		for (unsigned a = EXCEPTION_IGNORE; a < EXCEPTION_NPOLICIES;
		    a++) {
			char name[96];

			snprintf(name, sizeof(name), "%s.%s",
			    exception_cause_counter((enum exception_cause)c),
			    exception_policy_counter((enum exception_policy)a));
			set_dotted(stats, name, s->exception[c][a]);
		}
	}
}

/* stats.app_layer, Suricata 7's names (output/applayer_counters.h). */
static void
applayer_stats(json_t *stats, const struct applayer_stats *a)
{
	struct output_counter c[OUTPUT_APPLAYER_COUNTERS_MAX];
	size_t n = output_applayer_counters(a, c, QUELL_NITEMS(c));

	for (size_t i = 0; i < n; i++)
		set_dotted(stats, c[i].name, c[i].value);
}

json_t *
output_eve_stats_object(const struct output_eve_stats *s)
{
	struct output_eve_queue_stats total = { 0 };
	json_t *stats, *nfq, *detect, *decoder, *end;
	char ts[48], name[32];

	stats = json_object();
	json_object_set_new(stats, "uptime", json_integer((json_int_t)s->uptime));

	for (size_t i = 0; i < s->nqueues; i++) {
		total.packets += s->queues[i].packets;
		total.bytes += s->queues[i].bytes;
		total.accepted += s->queues[i].accepted;
		total.dropped += s->queues[i].dropped;
		total.repeated += s->queues[i].repeated;
		total.routed += s->queues[i].routed;
		total.marked += s->queues[i].marked;
		total.rejected += s->queues[i].rejected;
		total.ring_full += s->queues[i].ring_full;
		total.enobufs += s->queues[i].enobufs;
		total.bad_messages += s->queues[i].bad_messages;
		total.verdict_errors += s->queues[i].verdict_errors;
	}
	nfq = queue_counters(&total);
	if (s->offline) {
		json_object_set_new(stats, "capture", nfq);
	} else {
		for (size_t i = 0; i < s->nqueues; i++) {
			snprintf(name, sizeof(name), "queue%u",
			    s->queues[i].queue);
			json_object_set_new(nfq, name,
			    queue_counters(&s->queues[i]));
		}
		json_object_set_new(stats, "nfq", nfq);
	}
	if (s->ips)
		json_object_set_new(stats, "ips", ips_counters(s, &total));

	decoder = json_object();
	/* Suricata's stats.decoder, in its order (its max_mac_addrs_*
	 * counters, of eve's MAC address sets, quell does not keep) */
	SET_U64(decoder, "pkts", s->decode.pkts);
	SET_U64(decoder, "bytes", s->decode.bytes);
	SET_U64(decoder, "invalid", s->decoder_invalid);
	SET_U64(decoder, "invalid_checksum", s->invalid_checksum);
	for (unsigned l = 0; l < DECODE_NLAYERS; l++) {
		SET_U64(decoder, decode_layer_name((enum decode_layer)l),
		    s->decode.layers[l]);
		if (l == DECODE_LAYER_MPLS) {
			SET_U64(decoder, "avg_pkt_size", s->decode.pkts != 0 ?
			    s->decode.bytes / s->decode.pkts : 0);
			SET_U64(decoder, "max_pkt_size",
			    s->decode.max_pkt_size);
		}
	}
	{
		json_t *events = decoder_events(s);

		stream_stats(stats, events, s);
		/* Suricata's stats.stream-events: its stream events counted
		 * as stream.<event> too */
		for (unsigned ev = 0; s->stream_event_counters &&
		    ev < STREAM_NEVENTS; ev++)
			set_dotted(stats, stream_event_name(ev),
			    s->stream_events[ev]);
		if (s->no_decoder_events)
			json_decref(events);
		else
			json_object_set_new(decoder, "event", events);
	}
	SET_U64(decoder, "too_many_layers",
	    s->decoder_events[DECODE_EV_TOO_MANY_LAYERS]);
	json_object_set_new(stats, "decoder", decoder);
	{
		json_t *out = json_object();

		SET_U64(out, "lost", s->output_lost);
		for (size_t i = 0; i < s->nsinks; i++) {
			const struct output_eve_sink_stats *k = &s->sinks[i];
			json_t *o = json_object();

			SET_U64(o, "written", k->written);
			SET_U64(o, "lost", k->lost);
			SET_U64(o, "dropped", k->dropped);
			SET_U64(o, "write_errors", k->write_errors);
			SET_U64(o, "reconnects", k->reconnects);
			SET_U64(o, "disconnects", k->disconnects);
			snprintf(name, sizeof(name), "eve%zu", i);
			json_object_set_new(out, name, o);
		}
		json_object_set_new(stats, "output", out);
	}
	{
		json_t *fl = json_object();
		const struct output_eve_flow_stats *f = &s->flow;

		SET_U64(fl, "active", f->active);
		SET_U64(fl, "total", f->created);
		SET_U64(fl, "memuse", f->memuse);
		SET_U64(fl, "memcap_hits", f->memcap_hits);
		SET_U64(fl, "emergency_mode_entered", f->emergency_entered);
		SET_U64(fl, "emergency_mode_active", f->emergency_active);
		SET_U64(fl, "no_flow", f->no_flow);
		SET_U64(fl, "midstream", f->midstream);
		SET_U64(fl, "dropped_by_flow", f->dropped_by_flow);
		end = json_object();
		SET_U64(end, "timeout", f->ended_timeout);
		SET_U64(end, "shutdown", f->ended_shutdown);
		SET_U64(end, "forced", f->ended_forced);
		SET_U64(end, "tcp_reuse", f->ended_tcp_reuse);
		json_object_set_new(fl, "end", end);
		json_object_set_new(stats, "flow", fl);
	}
	{
		json_t *df = json_object(), *v4 = json_object(),
		    *v6 = json_object();
		const struct output_eve_defrag_stats *d = &s->defrag;

		SET_U64(v4, "fragments", d->ipv4_fragments);
		SET_U64(v4, "reassembled", d->ipv4_reassembled);
		json_object_set_new(df, "ipv4", v4);
		SET_U64(v6, "fragments", d->ipv6_fragments);
		SET_U64(v6, "reassembled", d->ipv6_reassembled);
		json_object_set_new(df, "ipv6", v6);
		SET_U64(df, "max_frag_hits", d->max_frag_hits);
		SET_U64(df, "max_frags_reached", d->max_frags_reached);
		SET_U64(df, "tracker_hard_reuse", d->tracker_hard_reuse);
		SET_U64(df, "tracker_timeout", d->tracker_timeout);
		SET_U64(df, "memuse", d->memuse);
		SET_U64(df, "trackers", d->trackers);
		SET_U64(df, "frags", d->frags);
		SET_U64(df, "dropped", d->dropped);
		json_object_set_new(stats, "defrag", df);
	}
	applayer_stats(stats, &s->app);
	{
		json_t *b = json_object();

		SET_U64(b, "requests", s->bypass.requests);
		SET_U64(b, "conntrack", s->bypass.bypassed);
		SET_U64(b, "local", s->bypass.local);
		SET_U64(b, "table_full", s->bypass.table_full);
		SET_U64(b, "active", s->bypass.active);
		SET_U64(b, "destroyed", s->bypass.destroyed);
		SET_U64(b, "restored", s->bypass.restored);
		SET_U64(b, "failed", s->bypass.failed);
		json_object_set_new(stats, "bypass", b);
	}
	{
		json_t *h = json_object(), *ip = json_object();

		SET_U64(h, "entries", s->host.entries);
		SET_U64(h, "memuse", s->host.memuse);
		SET_U64(h, "memcap_hits", s->host.memcap_hits);
		json_object_set_new(stats, "host", h);
		SET_U64(ip, "entries", s->ippair.entries);
		SET_U64(ip, "memuse", s->ippair.memuse);
		SET_U64(ip, "memcap_hits", s->ippair.memcap_hits);
		json_object_set_new(stats, "ippair", ip);
	}
	detect = json_object();
	/* Suricata's detect.engines: the engine in service (one tenant) */
	if (s->engine.last_reload.tv_sec != 0) {
		json_t *l = json_array(), *e = json_object();

		SET_U64(e, "id", 0);
		json_object_set_new(e, "last_reload", json_string(
		    output_eve_timestamp(&s->engine.last_reload, ts,
		    sizeof(ts))));
		SET_U64(e, "rules_loaded", s->engine.rules_loaded);
		SET_U64(e, "rules_failed", s->engine.rules_failed);
		SET_U64(e, "rules_skipped", s->engine.rules_skipped);
		json_array_append_new(l, e);
		json_object_set_new(detect, "engines", l);
	}
	json_object_set_new(detect, "alert", json_integer((json_int_t)s->alerts));
	SET_U64(detect, "alert_queue_overflow", s->alert_queue_overflow);
	SET_U64(detect, "alerts_suppressed", s->alerts_suppressed);
	{
		json_t *e = json_object();

		SET_U64(e, "reloads", s->engine.reloads);
		SET_U64(e, "reloads_failed", s->engine.reloads_failed);
		SET_U64(e, "reloads_refused", s->engine.reloads_refused);
		SET_U64(e, "reloads_queued", s->engine.reloads_queued);
		SET_U64(e, "memory", s->engine.engine_bytes);
		SET_U64(e, "reload_peak_memory", s->engine.reload_peak_bytes);
		SET_U64(e, "last_reload_ms", s->engine.last_reload_ms);
		json_object_set_new(detect, "engine", e);
	}
	json_object_set_new(stats, "detect", detect);
	return stats;
}
