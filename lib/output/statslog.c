#include "core/base.h"

#include <inttypes.h>
#include <stdio.h>
#include <time.h>

#include "config/config.h"
#include "decode/events.h"
#include "output/eve.h"
#include "output/applayer_counters.h"
#include "output/statslog.h"

_Static_assert(CONFIG_MAX_QUEUES <= 64,
    "OUTPUT_COUNTERS_MAX assumes at most 64 queues");

static size_t
add(struct output_counter *out, size_t n, size_t max, const char *prefix,
    const char *name, uint64_t value)
{
	if (n >= max)
		return n;
	snprintf(out[n].name, sizeof(out[n].name), "%s%s", prefix, name);
	out[n].value = value;
	return n + 1;
}

static size_t
queue_counters(struct output_counter *out, size_t n, size_t max,
    const char *prefix, const struct output_eve_queue_stats *q)
{
	n = add(out, n, max, prefix, "packets", q->packets);
	n = add(out, n, max, prefix, "bytes", q->bytes);
	n = add(out, n, max, prefix, "accepted", q->accepted);
	n = add(out, n, max, prefix, "dropped", q->dropped);
	n = add(out, n, max, prefix, "repeated", q->repeated);
	n = add(out, n, max, prefix, "routed", q->routed);
	n = add(out, n, max, prefix, "marked", q->marked);
	n = add(out, n, max, prefix, "rejected", q->rejected);
	n = add(out, n, max, prefix, "ring_full", q->ring_full);
	n = add(out, n, max, prefix, "enobufs", q->enobufs);
	n = add(out, n, max, prefix, "bad_messages", q->bad_messages);
	n = add(out, n, max, prefix, "verdict_errors", q->verdict_errors);
	if (q->has_kernel) {
		char kp[48];

		snprintf(kp, sizeof(kp), "%skernel.", prefix);
		n = add(out, n, max, kp, "queue_total", q->kernel_queue_total);
		n = add(out, n, max, kp, "queue_dropped",
		    q->kernel_queue_dropped);
		n = add(out, n, max, kp, "user_dropped", q->kernel_user_dropped);
		n = add(out, n, max, kp, "id_sequence", q->kernel_id_sequence);
		n = add(out, n, max, kp, "failopen", q->kernel_failopen);
		n = add(out, n, max, kp, "queue_hwm", q->kernel_queue_hwm);
	}
	return n;
}

size_t
output_counters_flatten(const struct output_eve_stats *s,
    struct output_counter *out, size_t max)
{
	struct output_eve_queue_stats total = { 0 };
	const char *top = s->offline ? "capture." : "nfq.";
	size_t n = 0;

	for (size_t i = 0; i < s->nqueues; i++) {
		const struct output_eve_queue_stats *q = &s->queues[i];

		total.packets += q->packets;
		total.bytes += q->bytes;
		total.accepted += q->accepted;
		total.dropped += q->dropped;
		total.repeated += q->repeated;
		total.routed += q->routed;
		total.marked += q->marked;
		total.rejected += q->rejected;
		total.ring_full += q->ring_full;
		total.enobufs += q->enobufs;
		total.bad_messages += q->bad_messages;
		total.verdict_errors += q->verdict_errors;
	}
	n = queue_counters(out, n, max, top, &total);
	for (size_t i = 0; !s->offline && i < s->nqueues; i++) {
		char prefix[32];

		snprintf(prefix, sizeof(prefix), "nfq.queue%u.",
		    s->queues[i].queue);
		n = queue_counters(out, n, max, prefix, &s->queues[i]);
	}
	if (s->ips) {
		n = add(out, n, max, "ips.", "accepted", total.accepted +
		    total.repeated + total.routed);
		n = add(out, n, max, "ips.", "blocked", total.dropped);
		n = add(out, n, max, "ips.", "rejected", total.rejected);
		n = add(out, n, max, "ips.", "replaced", 0);
		for (int i = 0; i < OUTPUT_EVE_DROP_REASONS; i++) {
			char key[40];

			snprintf(key, sizeof(key), "%s",
			    output_eve_drop_reasons[i]);
			for (char *c = key; *c != '\0'; c++)
				if (*c == ' ')
					*c = '_';
			n = add(out, n, max, "ips.drop_reason.", key,
			    s->ips_drop_reason[i]);
		}
	}
	n = add(out, n, max, "decoder.", "invalid", s->decoder_invalid);
	n = add(out, n, max, "decoder.", "invalid_checksum",
	    s->invalid_checksum);
	/* decoder.event.<layer>.<event>; an event of no layer
	 * (too_many_layers) is decoder.<event>, as in Suricata's stats */
	for (unsigned ev = 0; ev < DECODE_EV_MAX; ev++) {
		const char *name = decode_event_name((enum decode_event)ev);

		if (name != NULL)
			n = add(out, n, max, strchr(name, '.') != NULL ?
			    "decoder.event." : "decoder.", name,
			    s->decoder_events[ev]);
	}
	n = add(out, n, max, "flow.", "active", s->flow.active);
	n = add(out, n, max, "flow.", "total", s->flow.created);
	n = add(out, n, max, "flow.", "memuse", s->flow.memuse);
	n = add(out, n, max, "flow.", "memcap_hits", s->flow.memcap_hits);
	n = add(out, n, max, "flow.", "emergency_mode_entered",
	    s->flow.emergency_entered);
	n = add(out, n, max, "flow.", "emergency_mode_active",
	    s->flow.emergency_active);
	n = add(out, n, max, "flow.", "no_flow", s->flow.no_flow);
	n = add(out, n, max, "flow.", "midstream", s->flow.midstream);
	n = add(out, n, max, "flow.", "dropped_by_flow",
	    s->flow.dropped_by_flow);
	n = add(out, n, max, "flow.end.", "timeout", s->flow.ended_timeout);
	n = add(out, n, max, "flow.end.", "shutdown", s->flow.ended_shutdown);
	n = add(out, n, max, "flow.end.", "forced", s->flow.ended_forced);
	n = add(out, n, max, "flow.end.", "tcp_reuse", s->flow.ended_tcp_reuse);
	for (unsigned ev = 0; ev < STREAM_NEVENTS; ev++)
		n = add(out, n, max, "decoder.event.",
		    stream_event_name(ev),
		    s->stream_events[ev]);
	n = add(out, n, max, "tcp.", "sessions", s->tcp.sessions);
	n = add(out, n, max, "tcp.", "ssn_memcap_drop", s->tcp.ssn_memcap_drop);
	n = add(out, n, max, "tcp.", "memuse", s->tcp.memuse);
	n = add(out, n, max, "tcp.", "reassembly_memuse",
	    s->tcp.reassembly_memuse);
	n = add(out, n, max, "tcp.", "segment_memcap_drop",
	    s->tcp.segment_memcap_drop);
	n = add(out, n, max, "tcp.", "stream_depth_reached",
	    s->tcp.stream_depth_reached);
	n = add(out, n, max, "tcp.", "reassembly_gap", s->tcp.reassembly_gap);
	n = add(out, n, max, "tcp.", "overlap", s->tcp.overlap);
	n = add(out, n, max, "tcp.", "overlap_diff_data",
	    s->tcp.overlap_diff_data);
	n = add(out, n, max, "tcp.", "ooo_limit_drop", s->tcp.ooo_limit_drop);
	n = add(out, n, max, "tcp.", "inline_overlap_drop",
	    s->tcp.inline_overlap_drop);
	n = add(out, n, max, "tcp.", "invalid_drop", s->tcp.invalid_drop);
	n = add(out, n, max, "tcp.", "not_tracked", s->tcp.not_tracked);
	n = add(out, n, max, "tcp.", "urg", s->tcp.urg);
	n = add(out, n, max, "tcp.", "urgent_oob_data",
	    s->tcp.urgent_oob_data);
	n = add(out, n, max, "tcp.", "stream_dropped", s->tcp.stream_dropped);
	n = add(out, n, max, "tcp.", "bypass_depth", s->tcp.bypass_depth);
	n = add(out, n, max, "tcp.", "bypass_encrypted",
	    s->tcp.bypass_encrypted);
	for (unsigned c = 0; c < EXCEPTION_NCAUSES; c++) {
		char prefix[48];

		snprintf(prefix, sizeof(prefix), "%s.",
		    exception_cause_counter((enum exception_cause)c));
		for (unsigned a = EXCEPTION_IGNORE; a < EXCEPTION_NPOLICIES; a++)
			n = add(out, n, max, prefix,
			    exception_policy_counter((enum exception_policy)a),
			    s->exception[c][a]);
	}
	n = add(out, n, max, "defrag.ipv4.", "fragments",
	    s->defrag.ipv4_fragments);
	n = add(out, n, max, "defrag.ipv4.", "reassembled",
	    s->defrag.ipv4_reassembled);
	n = add(out, n, max, "defrag.ipv6.", "fragments",
	    s->defrag.ipv6_fragments);
	n = add(out, n, max, "defrag.ipv6.", "reassembled",
	    s->defrag.ipv6_reassembled);
	n = add(out, n, max, "defrag.", "max_frag_hits",
	    s->defrag.max_frag_hits);
	n = add(out, n, max, "defrag.", "max_frags_reached",
	    s->defrag.max_frags_reached);
	n = add(out, n, max, "defrag.", "tracker_hard_reuse",
	    s->defrag.tracker_hard_reuse);
	n = add(out, n, max, "defrag.", "tracker_timeout",
	    s->defrag.tracker_timeout);
	n = add(out, n, max, "defrag.", "memuse", s->defrag.memuse);
	n = add(out, n, max, "defrag.", "trackers", s->defrag.trackers);
	n = add(out, n, max, "defrag.", "frags", s->defrag.frags);
	n = add(out, n, max, "defrag.", "dropped", s->defrag.dropped);
	n = add(out, n, max, "detect.", "alert", s->alerts);
	n = add(out, n, max, "detect.", "alert_queue_overflow",
	    s->alert_queue_overflow);
	n = add(out, n, max, "detect.", "alerts_suppressed",
	    s->alerts_suppressed);
	n = add(out, n, max, "detect.engine.", "reloads", s->engine.reloads);
	n = add(out, n, max, "detect.engine.", "reloads_failed",
	    s->engine.reloads_failed);
	n = add(out, n, max, "detect.engine.", "reloads_refused",
	    s->engine.reloads_refused);
	n = add(out, n, max, "detect.engine.", "reloads_queued",
	    s->engine.reloads_queued);
	n = add(out, n, max, "detect.engine.", "memory",
	    s->engine.engine_bytes);
	n = add(out, n, max, "detect.engine.", "reload_peak_memory",
	    s->engine.reload_peak_bytes);
	n = add(out, n, max, "detect.engine.", "last_reload_ms",
	    s->engine.last_reload_ms);
	n = add(out, n, max, "output.", "lost", s->output_lost);
	for (size_t i = 0; i < s->nsinks; i++) {
		const struct output_eve_sink_stats *k = &s->sinks[i];
		char prefix[32];

		snprintf(prefix, sizeof(prefix), "output.eve%zu.", i);
		n = add(out, n, max, prefix, "written", k->written);
		n = add(out, n, max, prefix, "lost", k->lost);
		n = add(out, n, max, prefix, "dropped", k->dropped);
		n = add(out, n, max, prefix, "write_errors", k->write_errors);
		n = add(out, n, max, prefix, "reconnects", k->reconnects);
		n = add(out, n, max, prefix, "disconnects", k->disconnects);
	}
	n = add(out, n, max, "host.", "entries", s->host.entries);
	n = add(out, n, max, "host.", "memuse", s->host.memuse);
	n = add(out, n, max, "host.", "memcap_hits", s->host.memcap_hits);
	n = add(out, n, max, "ippair.", "entries", s->ippair.entries);
	n = add(out, n, max, "ippair.", "memuse", s->ippair.memuse);
	n = add(out, n, max, "ippair.", "memcap_hits", s->ippair.memcap_hits);
	n = add(out, n, max, "bypass.", "requests", s->bypass.requests);
	n = add(out, n, max, "bypass.", "conntrack", s->bypass.bypassed);
	n = add(out, n, max, "bypass.", "local", s->bypass.local);
	n = add(out, n, max, "bypass.", "table_full", s->bypass.table_full);
	n = add(out, n, max, "bypass.", "active", s->bypass.active);
	n = add(out, n, max, "bypass.", "destroyed", s->bypass.destroyed);
	n = add(out, n, max, "bypass.", "restored", s->bypass.restored);
	n = add(out, n, max, "bypass.", "failed", s->bypass.failed);
	if (n < max)
		n += output_applayer_counters(&s->app, out + n, max - n);
	return n;
}

void
output_statslog_write(FILE *fp, const struct output_eve_stats *s)
{
	static const char rule[] = "------------------------------------------"
	    "------------------------------------------";
	struct output_counter c[OUTPUT_COUNTERS_MAX];
	char date[64];
	time_t now = time(NULL);
	struct tm tm;
	size_t n;

	localtime_r(&now, &tm);
	strftime(date, sizeof(date), "%m/%d/%Y -- %H:%M:%S", &tm);
	fprintf(fp, "%s\nDate: %s (uptime: %" PRIu64 "d, %02" PRIu64 "h %02"
	    PRIu64 "m %02" PRIu64 "s)\n%s\n", rule, date, s->uptime / 86400,
	    s->uptime / 3600 % 24, s->uptime / 60 % 60, s->uptime % 60, rule);
	fprintf(fp, "%-45s | %-25s | %s\n%s\n", "Counter", "TM Name", "Value",
	    rule);
	n = output_counters_flatten(s, c, QUELL_NITEMS(c));
	for (size_t i = 0; i < n; i++)
		fprintf(fp, "%-45s | %-25s | %" PRIu64 "\n", c[i].name, "Total",
		    c[i].value);
	fflush(fp);
}
