#include "core/base.h"

#include <check.h>

#include "flow/config.h"
#include "flow/flow.h"
#include "flow/table.h"

#include "fixture.h"

unsigned int tvars_freed;

void
tflow_config(struct flow_table_config *cfg)
{
	flow_config_default(cfg);
	cfg->memcap = 16u << 20;
	cfg->hash_size = 1024;
	cfg->prealloc = 0;
}

void
trec_emit(struct flow *f, enum flow_end_reason reason, void *arg)
{
	struct trec_log *l = arg;

	if (l->n < TREC_MAX) {
		l->r[l->n].flow_id = f->flow_id;
		l->r[l->n].reason = reason;
		l->r[l->n].end_reason = f->end_reason;
		l->r[l->n].pkts[0] = f->pkts[0];
		l->r[l->n].pkts[1] = f->pkts[1];
		l->r[l->n].flags = f->flags;
		if (l->detach) {
			flow_table_detach(l->table, f);
			l->taken[l->n] = f;
		}
	}
	l->reasons[reason]++;
	l->n++;
}

void
tvars_free(void *v)
{
	tvars_freed++;
	free(v);
}

void *
tvars_new(void)
{
	void *v = malloc(16);

	ck_assert_ptr_nonnull(v);
	return v;
}
