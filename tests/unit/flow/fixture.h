/* What the flow tests share: a small table configuration, a record
 * callback that logs what it gets, and a counting vars_free. */
#ifndef QUELL_TESTS_UNIT_FLOW_FIXTURE_H
#define QUELL_TESTS_UNIT_FLOW_FIXTURE_H

#include "core/base.h"
#include "flow/config.h"
#include "flow/flow.h"
#include "flow/table.h"

#define TREC_MAX	64

struct trec {
	uint64_t		 flow_id;
	enum flow_end_reason	 reason;
	enum flow_end_reason	 end_reason;	/* f->end_reason */
	uint64_t		 pkts[2];
	uint32_t		 flags;
};

struct trec_log {
	size_t			 n;		/* records received */
	struct trec		 r[TREC_MAX];	/* the first TREC_MAX */
	size_t			 reasons[FLOW_END_NREASONS];
	bool			 detach;	/* take each flow instead */
	struct flow_table	*table;		/* for detach */
	struct flow		*taken[TREC_MAX];
};

/* Defaults with 1024 buckets, no prealloc, 16 MiB. */
void	tflow_config(struct flow_table_config *);
/* flow_record_fn; arg is a struct trec_log. */
void	trec_emit(struct flow *, enum flow_end_reason, void *arg);

/* Counts calls in tvars_freed, then frees its argument. */
extern unsigned int tvars_freed;
void	tvars_free(void *);
/* malloc'ed detection variables to hang on a flow */
void	*tvars_new(void);

#endif
