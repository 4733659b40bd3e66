#include "core/base.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include "config/config.h"
#include "core/log.h"
#include "output/eve.h"
#include "output/fastlog.h"
#include "outputs.h"

static void
log_path(char *buf, size_t len, const struct quell_config *cfg,
    const char *name)
{
	snprintf(buf, len, "%s/%s", cfg->default_log_dir, name);
}

int
outputs_open(struct outputs *o, const struct quell_config *cfg,
    size_t nproducers, uid_t uid, gid_t gid, char *err, size_t errlen)
{
	char path[PATH_MAX];

	memset(o, 0, sizeof(*o));
	if (cfg->eve_enabled) {
		log_path(path, sizeof(path), cfg, cfg->eve_filename);
		if ((o->eve = output_eve_open(path, nproducers)) == NULL)
			goto fail;
		o->eve_alert = config_eve_type_enabled(cfg, "alert");
		o->eve_drop = config_eve_type_enabled(cfg, "drop");
		o->eve_flow = config_eve_type_enabled(cfg, "flow");
		o->eve_stats = config_eve_type_enabled(cfg, "stats");
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
