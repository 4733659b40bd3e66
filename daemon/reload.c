#include "core/base.h"

#include <pthread.h>
#include <stdio.h>

#include "core/diag.h"
#include "core/log.h"
#include "detect/engine.h"
#include "reload.h"
#include "rules_load.h"
#include "runmode.h"

static pthread_mutex_t reload_lock = PTHREAD_MUTEX_INITIALIZER;

int
reload_rules(const struct quell_config *cfg, const struct quelld_options *opts,
    struct runmode *rm, char *err, size_t errlen)
{
	struct rules_load_summary sum;
	struct detect_engine *engine;
	struct diag_list dl;
	char first[1024] = "";
	int rc = -1;

	pthread_mutex_lock(&reload_lock);
	diag_list_init(&dl);
	engine = rules_load_engine(cfg, opts, &dl, &sum);
	for (size_t i = 0; i < dl.count; i++) {
		char buf[1024];

		diag_format(&dl.items[i], buf, sizeof(buf));
		if (dl.items[i].severity == DIAG_ERROR && first[0] == '\0')
			snprintf(first, sizeof(first), "%s", buf);
		log_warnx("reload: %s", buf);
	}
	if (engine == NULL || dl.errors > 0) {
		snprintf(err, errlen, "%s (%zu error(s)); the previous rules "
		    "stay active", first[0] ? first : "cannot build the engine",
		    dl.errors);
		detect_engine_free(engine);
		log_warnx("reload failed: %s", err);
		goto done;
	}
	runmode_swap_engine(rm, engine);
	snprintf(err, errlen, "%zu rules loaded, %zu unsupported",
	    sum.loaded, sum.unsupported);
	log_info("reload: %s", err);
	rc = 0;
done:
	diag_list_free(&dl);
	pthread_mutex_unlock(&reload_lock);
	return rc;
}
