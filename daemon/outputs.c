#include "core/base.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <syslog.h>
#include <unistd.h>

#include "config/config.h"
#include "core/log.h"
#include "output/eve.h"
#include "output/fastlog.h"
#include "output/sink.h"
#include "output/sink_syslog.h"
#include "outputs.h"

#define STATSLOG_BUF	(1024 * 1024)

static void
log_path(char *buf, size_t len, const struct quell_config *cfg,
    const char *name)
{
	if (name[0] == '/')
		snprintf(buf, len, "%s", name);
	else
		snprintf(buf, len, "%s/%s", cfg->default_log_dir, name);
}

/* An xff section as eve takes it: the logger's own when enabled, else
 * the eve-log's (parent NULL: none). Suricata 7.0.6's http logger falls
 * back to outputs.eve-log.xff; its alert logger reads only
 * types.alert.xff (measured). */
static void
xff_cfg(struct output_xff_cfg *x, const struct config_xff *own,
    const struct config_xff *parent)
{
	const struct config_xff *c = own->enabled || parent == NULL ? own :
	    parent;

	memset(x, 0, sizeof(*x));
	x->enabled = c->enabled;
	x->overwrite = c->mode == 1;
	x->forward = c->deployment == 1;
	snprintf(x->header, sizeof(x->header), "%s",
	    c->header != NULL ? c->header : "X-Forwarded-For");
}

/* Opens the i-th eve-log section as one more eve target. */
static int
open_eve_target(struct outputs *o, const struct quell_config *cfg, size_t i,
    char *err, size_t errlen)
{
	const struct config_eve *e = &cfg->eve[i];
	char path[PATH_MAX], why[384];
	const char *types[64];
	struct output_sink_cfg sink = {
		.filetype = e->filetype,
		.path = path,
		.identity = e->identity,
		.facility = output_sink_syslog_facility(e->facility),
		.level = output_sink_syslog_level(e->level),
		.syslog_socket = e->syslog_socket,
		.server = e->redis_server,
		.port = e->redis_port,
		.mode = e->redis_mode,
		.key = e->redis_key,
		.batch = e->redis_pipelining ? e->redis_batch_size : 1,
		.stream_maxlen = e->redis_stream_maxlen,
		.stream_trim_exact = e->redis_stream_trim_exact,
		.backoff_min_ms = e->reconnect_min_ms,
		.backoff_max_ms = e->reconnect_max_ms,
		.timeout_ms = e->timeout_ms,
	};
	struct output_eve_target_cfg tc = {
		.sink = &sink,
		.types = (const char *const *)e->types.items,
		.ntypes = e->types.count,
		.opts = {
			.payload = e->payload,
			.payload_printable = e->payload_printable,
			.packet = e->packet,
			.rule_metadata = e->rule_metadata,
			.flow_metadata = e->flow_metadata,
			.verdict = e->verdict,
			.drop_verdict = e->drop_verdict,
			.drop_alerts = e->drop_alerts,
			.ethernet = e->ethernet,
			.pcap_file = e->pcap_file,
			.tagged_packets = e->tagged_packets,
			.flow_exceptions = e->flow_exceptions,
			.anomaly_decode = e->anomaly_decode,
			.anomaly_stream = e->anomaly_stream,
			.anomaly_applayer = e->anomaly_applayer,
			/* as Suricata: packet headers of decode records */
			.anomaly_packethdr = e->anomaly_packethdr &&
			    e->anomaly_decode,
		},
		.ring_slots = e->buffer_lines,
	};

	xff_cfg(&tc.opts.xff, &e->alert_xff, NULL);
	xff_cfg(&tc.opts.http_xff, &e->http_xff, &e->xff);
	log_path(path, sizeof(path), cfg, e->filename);
	/* An empty types list takes nothing, not everything. */
	if (e->types.count == 0)
		return 0;
	/* "- anomaly: {enabled: no}" takes no anomaly records */
	if (!e->anomaly_enabled) {
		size_t n = 0;

		if (e->types.count > QUELL_NITEMS(types))
			return -1;
		for (size_t j = 0; j < e->types.count; j++)
			if (strcmp(e->types.items[j], "anomaly") != 0)
				types[n++] = e->types.items[j];
		if (n == 0)
			return 0;
		tc.types = types;
		tc.ntypes = n;
	}
	if (output_eve_add(o->eve, &tc, why, sizeof(why)) == -1) {
		/* A file names itself ("cannot open PATH: why"); a socket
		 * output says which section it is. */
		if (strcmp(e->filetype, "regular") == 0 ||
		    strcmp(e->filetype, "file") == 0)
			snprintf(err, errlen, "%s", why);
		else
			snprintf(err, errlen, "eve-log output %zu (filetype "
			    "%s): %s", i + 1, e->filetype, why);
		return -1;
	}
	return 0;
}

int
outputs_open(struct outputs *o, const struct quell_config *cfg,
    size_t nproducers, uid_t uid, gid_t gid, char *err, size_t errlen)
{
	char path[PATH_MAX];
	bool any_eve = false;

	memset(o, 0, sizeof(*o));
	for (size_t i = 0; i < cfg->neve; i++)
		any_eve |= cfg->eve[i].enabled;
	if (any_eve) {
		if ((o->eve = output_eve_new(nproducers)) == NULL) {
			snprintf(err, errlen, "out of memory");
			goto fail_quiet;
		}
		for (size_t i = 0; i < cfg->neve; i++)
			if (cfg->eve[i].enabled &&
			    open_eve_target(o, cfg, i, err, errlen) == -1)
				goto fail_quiet;
		output_eve_set_host(o->eve, cfg->sensor_name);
		o->eve_alert = config_eve_type_enabled(cfg, "alert");
		o->eve_drop = config_eve_type_enabled(cfg, "drop");
		o->eve_flow = config_eve_type_enabled(cfg, "flow");
		o->eve_stats = config_eve_type_enabled(cfg, "stats");
		o->eve_anomaly = config_eve_type_enabled(cfg, "anomaly");
		for (size_t i = 0; i < cfg->neve; i++)
			o->eve_drop_all |= cfg->eve[i].enabled &&
			    cfg->eve[i].drop_flows == CONFIG_DROP_FLOWS_ALL;
		/* tagged packets: some eve-log that takes alerts wants them */
		for (size_t i = 0; i < cfg->neve; i++) {
			const struct config_eve *e = &cfg->eve[i];

			for (size_t j = 0; j < e->types.count; j++)
				o->eve_packet |= e->enabled &&
				    e->tagged_packets &&
				    strcmp(e->types.items[j], "alert") == 0;
		}
	}
	if (cfg->fast_enabled) {
		log_path(path, sizeof(path), cfg, cfg->fast_filename);
		if ((o->fast = output_fastlog_open(path, nproducers)) == NULL)
			goto fail;
	}
	if (cfg->statslog_enabled) {
		log_path(path, sizeof(path), cfg, cfg->statslog_filename);
		if ((o->statslog_path = strdup(path)) == NULL ||
		    (o->statslog = fopen(path, "ae")) == NULL)
			goto fail;
		/* One write(2) per table: instances sharing a log directory
		 * append whole tables, never interleaved halves. */
		setvbuf(o->statslog, NULL, _IOFBF, STATSLOG_BUF);
	}
	/* The files stay writable (and rotatable) after the switch to the
	 * run user. */
	if (uid != (uid_t)-1 &&
	    ((o->eve != NULL && output_eve_chown(o->eve, uid, gid) == -1) ||
	    (o->fast != NULL && output_fastlog_chown(o->fast, uid, gid) == -1) ||
	    (o->statslog != NULL && fchown(fileno(o->statslog), uid, gid) == -1))) {
		snprintf(err, errlen, "cannot give the log files in %s to "
		    "uid %u: %s", cfg->default_log_dir, (unsigned)uid,
		    strerror(errno));
		outputs_close(o);
		return -1;
	}
	return 0;
fail:
	snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
fail_quiet:
	outputs_close(o);
	return -1;
}

int
outputs_start(struct outputs *o)
{
	if (o->eve != NULL && output_eve_start(o->eve) == -1)
		return -1;
	if (o->fast != NULL && output_fastlog_start(o->fast) == -1)
		return -1;
	return 0;
}

void
outputs_reopen(struct outputs *o)
{
	if (o->eve != NULL)
		output_eve_reopen(o->eve);
	if (o->fast != NULL)
		output_fastlog_reopen(o->fast);
	if (o->statslog != NULL) {
		FILE *fp = fopen(o->statslog_path, "ae");

		if (fp == NULL) {
			log_warn("reopen %s", o->statslog_path);
			return;
		}
		fclose(o->statslog);
		setvbuf(fp, NULL, _IOFBF, STATSLOG_BUF);
		o->statslog = fp;
	}
}

void
outputs_close(struct outputs *o)
{
	output_eve_close(o->eve);
	output_fastlog_close(o->fast);
	if (o->statslog != NULL)
		fclose(o->statslog);
	free(o->statslog_path);
	memset(o, 0, sizeof(*o));
}
