#include "core/base.h"

#include <limits.h>
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "config/config.h"
#include "detect/applayer.h"
#include "detect/engine.h"
#include "detect/threshold_file.h"
#include "options.h"
#include "rules/classification.h"
#include "rules/reference.h"
#include "rules/rule.h"
#include "rules/ruleset.h"
#include "rules/vars.h"
#include "rules_load.h"

static struct rules_vars *
vars_from_config(const struct quell_config *cfg)
{
	struct rules_vars *vars = rules_vars_new();

	if (vars == NULL)
		return NULL;
	for (size_t i = 0; i < cfg->address_groups.count; i++)
		if (rules_vars_set(vars, cfg->address_groups.items[i].name,
		    cfg->address_groups.items[i].value) == -1)
			goto fail;
	for (size_t i = 0; i < cfg->port_groups.count; i++)
		if (rules_vars_set(vars, cfg->port_groups.items[i].name,
		    cfg->port_groups.items[i].value) == -1)
			goto fail;
	return vars;
fail:
	rules_vars_free(vars);
	return NULL;
}

static void
load_one(struct ruleset *rs, const char *path, const struct rules_vars *vars,
    struct diag_list *dl, struct rules_load_summary *sum)
{
	if (rules_load_file(rs, path, vars, dl) == 0)
		sum->files++;
}

/* Without a configuration naming them (a bare quelld -S file.rules from
 * a source tree) the installed tables may be absent: then any classtype
 * is accepted, silently. A file the configuration names must exist. */
#define DEFAULT_CLASSIFICATION	SYSCONFDIR "/quell/classification.config"
#define DEFAULT_REFERENCE	SYSCONFDIR "/quell/reference.config"

/* A relative name is relative to the configuration file's directory
 * (etc/quell.yaml finds etc/classification.config in a source tree). */
static void
config_relative(char *buf, size_t len, const struct quelld_options *opts,
    const char *name)
{
	const char *slash = strrchr(opts->config_path, '/');

	if (name[0] == '/' || slash == NULL)
		snprintf(buf, len, "%s", name);
	else
		snprintf(buf, len, "%.*s/%s", (int)(slash - opts->config_path),
		    opts->config_path, name);
}

static void
load_tables(const struct quell_config *cfg, const struct quelld_options *opts,
    struct rules_classes *classes, struct rules_refs *refs,
    struct ruleset *rs, struct diag_list *dl)
{
	char path[PATH_MAX];

	config_relative(path, sizeof(path), opts, cfg->classification_file);
	if (access(path, R_OK) == 0 &&
	    rules_classes_load_file(classes, path, dl) == 0)
		rules_ruleset_set_classes(rs, classes);
	else if (strcmp(cfg->classification_file, DEFAULT_CLASSIFICATION) != 0)
		diag_add(dl, DIAG_WARNING, path, 0, 0, NULL, "cannot read the "
		    "classification file (%s): any classtype is accepted, "
		    "with priority 3", strerror(errno));
	config_relative(path, sizeof(path), opts, cfg->reference_file);
	if (access(path, R_OK) == 0 &&
	    rules_refs_load_file(refs, path, dl) == 0)
		rules_ruleset_set_refs(rs, refs);
	else if (strcmp(cfg->reference_file, DEFAULT_REFERENCE) != 0)
		diag_add(dl, DIAG_WARNING, path, 0, 0, NULL, "cannot read the "
		    "reference file (%s): any reference system is accepted",
		    strerror(errno));
}

/* threshold.config, relative to the configuration's directory. Without
 * one named in the configuration the installed default may be absent:
 * then nothing is thresholded, silently. */
#define DEFAULT_THRESHOLD	SYSCONFDIR "/quell/threshold.config"

static void
load_thresholds(const struct quell_config *cfg,
    const struct quelld_options *opts, struct ruleset *rs,
    const struct rules_vars *vars, struct diag_list *dl)
{
	char path[PATH_MAX];

	if (cfg->threshold_file[0] == '\0')
		return;
	config_relative(path, sizeof(path), opts, cfg->threshold_file);
	if (strcmp(cfg->threshold_file, DEFAULT_THRESHOLD) == 0 &&
	    access(path, F_OK) != 0)
		return;
	(void)detect_threshold_file_load(rs, path, vars, dl);
}

/* A signature's nfq_set_mark must leave the bits quell itself owns alone:
 * in repeat mode the repeat mark keeps packets from being queued twice,
 * and the bypass mark stops queueing a flow (on the packet with
 * nfq.bypass-method mark, or once CONNMARK --save-mark copies it). A
 * rule that rewrites them would loop packets or bypass flows by
 * accident, so say which rule and which key. */
static void
check_mark_bits(const struct quell_config *cfg, const struct ruleset *rs,
    struct diag_list *dl)
{
	bool repeat = cfg->nfq_mode == CONFIG_NFQ_MODE_REPEAT;

	for (size_t i = 0; i < rules_ruleset_count(rs); i++) {
		const struct rule *r = rules_ruleset_rule(rs, i);

		if (!(r->flags & RULE_F_MARK))
			continue;
		if (repeat && (r->mark_mask & cfg->nfq_repeat_mask) != 0)
			diag_add(dl, DIAG_WARNING, r->file, r->line, 0, NULL,
			    "sid %u: nfq_set_mark mask 0x%x overlaps "
			    "nfq.repeat-mask 0x%x (repeat mode): the rule can "
			    "clear the repeat mark and loop packets",
			    r->sid, r->mark_mask, cfg->nfq_repeat_mask);
		if ((r->mark_mask & cfg->nfq_bypass_mask) != 0)
			diag_add(dl, DIAG_WARNING, r->file, r->line, 0, NULL,
			    "sid %u: nfq_set_mark mask 0x%x overlaps "
			    "nfq.bypass-mask 0x%x: the rule can set or clear "
			    "the bypass mark", r->sid, r->mark_mask,
			    cfg->nfq_bypass_mask);
	}
}

struct detect_engine *
rules_load_engine(const struct quell_config *cfg,
    const struct quelld_options *opts, struct diag_list *dl,
    struct rules_load_summary *sum)
{
	struct rules_vars *vars;
	struct ruleset *rs = NULL;
	struct rules_classes *classes = NULL;
	struct rules_refs *refs = NULL;
	struct detect_engine_opts eopts;
	struct rules_stats st;
	char path[PATH_MAX];

	memset(sum, 0, sizeof(*sum));
	/* the app-layer parsers' buffers, before any rule names them */
	if (detect_applayer_register(path, sizeof(path)) == -1)
		diag_add(dl, DIAG_WARNING, NULL, 0, 0, NULL, "app-layer "
		    "buffers: %s", path);
	if ((vars = vars_from_config(cfg)) == NULL) {
		diag_add(dl, DIAG_ERROR, NULL, 0, 0, NULL,
		    "rule variables: out of memory");
		return NULL;
	}
	if ((rs = rules_ruleset_new()) == NULL ||
	    (classes = rules_classes_new()) == NULL ||
	    (refs = rules_refs_new()) == NULL) {
		rules_ruleset_free(rs);
		rules_classes_free(classes);
		rules_vars_free(vars);
		diag_add(dl, DIAG_ERROR, NULL, 0, 0, NULL, "out of memory");
		return NULL;
	}
	load_tables(cfg, opts, classes, refs, rs, dl);
	if (opts->exclusive_rules != NULL) {
		load_one(rs, opts->exclusive_rules, vars, dl, sum);
	} else {
		for (size_t i = 0; i < cfg->rule_files.count; i++) {
			const char *f = cfg->rule_files.items[i];

			if (f[0] == '/')
				snprintf(path, sizeof(path), "%s", f);
			else
				snprintf(path, sizeof(path), "%s/%s",
				    cfg->default_rule_path, f);
			load_one(rs, path, vars, dl, sum);
		}
		for (size_t i = 0; i < opts->nextra_rules; i++)
			load_one(rs, opts->extra_rules[i], vars, dl, sum);
	}
	load_thresholds(cfg, opts, rs, vars, dl);
	rules_vars_free(vars);
	check_mark_bits(cfg, rs, dl);
	rules_ruleset_stats(rs, &st);
	sum->loaded = st.loaded;
	sum->failed = st.failed;
	sum->unsupported = st.unsupported;
	rules_ruleset_unsupported_summary(rs, sum->unsupported_by,
	    sizeof(sum->unsupported_by));
	/* Rules copied what they needed from the tables. */
	rules_ruleset_set_classes(rs, NULL);
	rules_ruleset_set_refs(rs, NULL);
	rules_classes_free(classes);
	rules_refs_free(refs);

	detect_engine_opts_default(&eopts);
	eopts.mpm = cfg->mpm_algo;
	detect_engine_opts_profile(&eopts,
	    (enum detect_profile)cfg->detect_profile,
	    cfg->detect_toclient_groups, cfg->detect_toserver_groups);
	eopts.mpm_context = (enum detect_mpm_context)cfg->detect_mpm_context;
	eopts.build_threads = cfg->detect_build_threads;
	eopts.guess_tx = cfg->detect_guess_tx;
	eopts.packet_alert_max = cfg->packet_alert_max == 0 ?
	    DETECT_ALERTS_DEFAULT : cfg->packet_alert_max > DETECT_MAX_ALERTS ?
	    DETECT_MAX_ALERTS : cfg->packet_alert_max;
	if (detect_engine_opts_action_order(&eopts,
	    (const char *const *)cfg->action_order.items,
	    cfg->action_order.count) == -1) {
		diag_add(dl, DIAG_ERROR, NULL, 0, 0, NULL, "action-order: "
		    "list pass, drop, reject and alert, each once");
		rules_ruleset_free(rs);
		return NULL;
	}
	return detect_engine_build_opts(rs, &eopts, dl);
}
