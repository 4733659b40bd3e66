#include "core/base.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>

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
    size_t nproducers, char *err, size_t errlen)
{
	char path[PATH_MAX];

	memset(o, 0, sizeof(*o));
	if (cfg->eve_enabled) {
		log_path(path, sizeof(path), cfg, cfg->eve_filename);
		if ((o->eve = output_eve_open(path, nproducers)) == NULL)
			goto fail;
		o->eve_alert = config_eve_type_enabled(cfg, "alert");
		o->eve_drop = config_eve_type_enabled(cfg, "drop");
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
	return 0;
fail:
	snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
	outputs_close(o);
	return -1;
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
