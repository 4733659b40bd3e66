#include "core/base.h"

#include <limits.h>
#include <stdio.h>

#include "config/config.h"
#include "detect/engine.h"
#include "options.h"
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

struct detect_engine *
rules_load_engine(const struct quell_config *cfg,
    const struct quelld_options *opts, struct diag_list *dl,
    struct rules_load_summary *sum)
{
	struct rules_vars *vars;
	struct ruleset *rs;
	struct rules_stats st;
	char path[PATH_MAX];

	memset(sum, 0, sizeof(*sum));
	if ((vars = vars_from_config(cfg)) == NULL) {
		diag_add(dl, DIAG_ERROR, NULL, 0, 0, NULL,
		    "rule variables: out of memory");
		return NULL;
	}
	if ((rs = rules_ruleset_new()) == NULL) {
		rules_vars_free(vars);
		diag_add(dl, DIAG_ERROR, NULL, 0, 0, NULL, "out of memory");
		return NULL;
	}
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
	rules_vars_free(vars);
	rules_ruleset_stats(rs, &st);
	sum->loaded = st.loaded;
	sum->failed = st.failed;
	sum->unsupported = st.unsupported;
	return detect_engine_build(rs, dl);
}
