/* Human output of control replies for quellctl. */
#include "core/base.h"

#include <inttypes.h>
#include <stdio.h>

#include <jansson.h>

#include "control/render.h"

/* Columns of the queue tables; the order of struct queue_row's values. */
enum {
	QCOL_PACKETS,
	QCOL_ACCEPTED,
	QCOL_DROPPED,
	QCOL_RING_FULL,
	QCOL_QUEUE_TOTAL,
	QCOL_QUEUE_HWM,
	QCOL_QUEUE_DROPPED,
	QCOL_USER_DROPPED,
	QCOL_FAILOPEN,
	QCOL_N,
};

enum qcol_kind {
	QCOL_RATE,	/* counter, shown per second */
	QCOL_DELTA,	/* counter, shown per interval */
	QCOL_GAUGE,	/* current value */
};

static const struct {
	const char	*section;	/* NULL: top level of the queue */
	const char	*key;
	const char	*total_title;
	const char	*rate_title;
	int		 width;
	enum qcol_kind	 kind;
} qcols[QCOL_N] = {
	[QCOL_PACKETS] = { NULL, "packets", "packets", "pkts/s", 12,
	    QCOL_RATE },
	[QCOL_ACCEPTED] = { NULL, "accepted", "accepted", "accepted/s", 12,
	    QCOL_RATE },
	[QCOL_DROPPED] = { NULL, "dropped", "dropped", "dropped/s", 12,
	    QCOL_RATE },
	[QCOL_RING_FULL] = { NULL, "ring_full", "ring_full", "ring_full",
	    10, QCOL_DELTA },
	[QCOL_QUEUE_TOTAL] = { "kernel", "queue_total", "queue_total",
	    "queue_total", 12, QCOL_GAUGE },
	/* the stats interval's high-water mark, whatever -i is */
	[QCOL_QUEUE_HWM] = { "kernel", "queue_hwm", "queue_hwm", "queue_hwm",
	    10, QCOL_GAUGE },
	[QCOL_QUEUE_DROPPED] = { "kernel", "queue_dropped", "queue_dropped",
	    "queue_dropped", 14, QCOL_DELTA },
	[QCOL_USER_DROPPED] = { "kernel", "user_dropped", "user_dropped",
	    "user_dropped", 13, QCOL_DELTA },
	[QCOL_FAILOPEN] = { "kernel", "failopen", "failopen", "failopen", 9,
	    QCOL_DELTA },
};

struct queue_row {
	json_int_t	queue;
	bool		has[QCOL_N];
	uint64_t	v[QCOL_N];
};

/* One leaf of a flattened object. */
struct flat {
	char	*key;
	char	*value;
};

struct flat_list {
	struct flat	*items;
	size_t		 n;
	size_t		 cap;
};

static bool	array_of_scalars(const json_t *);
static uint64_t	counter_delta(uint64_t, uint64_t);
static void	flat_add(struct flat_list *, const char *, const json_t *);
static void	flat_free(struct flat_list *);
static void	flat_walk(struct flat_list *, const char *, const json_t *);
static void	render_bypass_list(FILE *, const json_t *);
static void	render_command_list(FILE *, const json_t *);
static void	render_counters(FILE *, const json_t *);
static void	render_generic(FILE *, const json_t *);
static void	render_queues(FILE *, const json_t *);
static void	render_uptime(FILE *, const json_t *);
static void	render_version(FILE *, const json_t *);
static const struct queue_row *queue_row_find(const struct queue_row *,
		    size_t, json_int_t);
static void	queue_row_print(FILE *, const char *, const char *const *);
static void	queue_row_sum(struct queue_row *, const struct queue_row *);
static size_t	queue_rows(const json_t *, struct queue_row **);
static char	*scalar_text(const json_t *);

static const struct {
	const char	*command;
	void		(*fn)(FILE *, const json_t *);
} renderers[] = {
	{ "bypass-list", render_bypass_list },
	{ "command-list", render_command_list },
	{ "counters", render_counters },
	{ "queues", render_queues },
	{ "uptime", render_uptime },
	{ "version", render_version },
};

void
control_render_reply(FILE *fp, const char *command, const json_t *message)
{
	for (size_t i = 0; i < QUELL_NITEMS(renderers); i++)
		if (strcmp(renderers[i].command, command) == 0) {
			renderers[i].fn(fp, message);
			return;
		}
	render_generic(fp, message);
}

const char *
control_render_duration(long long seconds, char *buf, size_t len)
{
	long long d, h, m, s;

	if (seconds < 0)
		seconds = 0;
	d = seconds / 86400;
	h = seconds / 3600 % 24;
	m = seconds / 60 % 60;
	s = seconds % 60;
	if (d > 0)
		snprintf(buf, len, "%lldd %02lld:%02lld:%02lld", d, h, m, s);
	else
		snprintf(buf, len, "%02lld:%02lld:%02lld", h, m, s);
	return buf;
}

/* Text of a scalar or an array of scalars (malloc'd, never NULL unless
 * out of memory): strings as is, booleans yes/no, null "-". */
static char *
scalar_text(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_STRING:
		return strdup(json_string_value(v));
	case JSON_TRUE:
		return strdup("yes");
	case JSON_FALSE:
		return strdup("no");
	case JSON_NULL:
		return strdup("-");
	default:
		return json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT |
		    JSON_PRESERVE_ORDER);
	}
}

static void
flat_add(struct flat_list *fl, const char *key, const json_t *v)
{
	struct flat f;

	if (fl->n == fl->cap) {
		size_t cap = fl->cap > 0 ? fl->cap * 2 : 32;
		struct flat *p = realloc(fl->items, cap * sizeof(*p));

		if (p == NULL)
			return;
		fl->items = p;
		fl->cap = cap;
	}
	f.key = strdup(key);
	f.value = scalar_text(v);
	if (f.key == NULL || f.value == NULL) {
		free(f.key);
		free(f.value);
		return;
	}
	fl->items[fl->n++] = f;
}

static bool
array_of_scalars(const json_t *a)
{
	size_t i;
	const json_t *v;

	json_array_foreach(a, i, v)
		if (json_is_object(v) || json_is_array(v))
			return false;
	return true;
}

/* Leaves of v under prefix: objects give "prefix.key", arrays of
 * objects "prefix.N"; arrays of scalars stay one leaf. */
static void
flat_walk(struct flat_list *fl, const char *prefix, const json_t *v)
{
	char key[512];
	const char *k;
	const json_t *sub;
	size_t i;

	if (json_is_object(v) && json_object_size(v) > 0) {
		json_object_foreach((json_t *)(uintptr_t)v, k, sub) {
			snprintf(key, sizeof(key), "%s%s%s", prefix,
			    prefix[0] != '\0' ? "." : "", k);
			flat_walk(fl, key, sub);
		}
	} else if (json_is_array(v) && json_array_size(v) > 0 &&
	    !array_of_scalars(v)) {
		json_array_foreach(v, i, sub) {
			snprintf(key, sizeof(key), "%s%s%zu", prefix,
			    prefix[0] != '\0' ? "." : "", i);
			flat_walk(fl, key, sub);
		}
	} else
		flat_add(fl, prefix, v);
}

static void
flat_free(struct flat_list *fl)
{
	for (size_t i = 0; i < fl->n; i++) {
		free(fl->items[i].key);
		free(fl->items[i].value);
	}
	free(fl->items);
	fl->items = NULL;
	fl->n = fl->cap = 0;
}

static void
render_generic(FILE *fp, const json_t *message)
{
	struct flat_list fl = { 0 };
	char *s;

	if (json_is_null(message))
		return;
	if (!json_is_object(message) && !json_is_array(message)) {
		if ((s = scalar_text(message)) == NULL)
			return;
		fprintf(fp, "%s%s", s, s[0] != '\0' &&
		    s[strlen(s) - 1] == '\n' ? "" : "\n");
		free(s);
		return;
	}
	flat_walk(&fl, "", message);
	for (size_t i = 0; i < fl.n; i++)
		fprintf(fp, "%s: %s\n", fl.items[i].key, fl.items[i].value);
	flat_free(&fl);
}

static void
render_version(FILE *fp, const json_t *m)
{
	const json_t *name = json_object_get(m, "name");
	const json_t *version = json_object_get(m, "version");

	if (!json_is_string(name) || !json_is_string(version)) {
		render_generic(fp, m);
		return;
	}
	fprintf(fp, "%s %s\n", json_string_value(name),
	    json_string_value(version));
}

static void
render_uptime(FILE *fp, const json_t *m)
{
	const json_t *up = json_object_get(m, "uptime");
	const json_t *started = json_object_get(m, "started");
	char buf[64];

	if (!json_is_integer(up)) {
		render_generic(fp, m);
		return;
	}
	fprintf(fp, "up %s", control_render_duration(
	    (long long)json_integer_value(up), buf, sizeof(buf)));
	if (json_is_string(started) && json_string_length(started) > 0)
		fprintf(fp, ", since %s", json_string_value(started));
	fprintf(fp, "\n");
}

static void
render_command_list(FILE *fp, const json_t *m)
{
	const json_t *list = json_object_get(m, "commands");
	const json_t *c;
	size_t i;
	int width = 0;

	if (!json_is_array(list)) {
		render_generic(fp, m);
		return;
	}
	json_array_foreach(list, i, c) {
		const char *name = json_string_value(json_object_get(c,
		    "name"));

		if (name != NULL && (int)strlen(name) > width)
			width = (int)strlen(name);
	}
	json_array_foreach(list, i, c) {
		const char *name = json_string_value(json_object_get(c,
		    "name"));
		const char *help = json_string_value(json_object_get(c,
		    "help"));

		if (name == NULL)
			continue;
		if (help != NULL && help[0] != '\0')
			fprintf(fp, "%-*s  %s\n", width, name, help);
		else
			fprintf(fp, "%s\n", name);
	}
}

/* Counters, one per line, names left and values right aligned. */
static void
render_counters(FILE *fp, const json_t *m)
{
	struct flat_list fl = { 0 };
	int kw = 0, vw = 0;

	if (!json_is_object(m)) {
		render_generic(fp, m);
		return;
	}
	flat_walk(&fl, "", m);
	for (size_t i = 0; i < fl.n; i++) {
		if ((int)strlen(fl.items[i].key) > kw)
			kw = (int)strlen(fl.items[i].key);
		if ((int)strlen(fl.items[i].value) > vw)
			vw = (int)strlen(fl.items[i].value);
	}
	for (size_t i = 0; i < fl.n; i++)
		fprintf(fp, "%-*s  %*s\n", kw, fl.items[i].key, vw,
		    fl.items[i].value);
	flat_free(&fl);
}

/* Parses the "queues" array of m into rows (malloc'd); returns how many,
 * or 0 with *rows NULL when m is not in the queues shape. */
static size_t
queue_rows(const json_t *m, struct queue_row **rows)
{
	const json_t *list = json_object_get(m, "queues");
	const json_t *q;
	size_t i, n;

	*rows = NULL;
	if (!json_is_array(list) || (n = json_array_size(list)) == 0)
		return 0;
	if ((*rows = calloc(n, sizeof(**rows))) == NULL)
		return 0;
	json_array_foreach(list, i, q) {
		struct queue_row *r = &(*rows)[i];
		const json_t *num = json_object_get(q, "queue");

		r->queue = json_is_integer(num) ? json_integer_value(num) : -1;
		for (int c = 0; c < QCOL_N; c++) {
			const json_t *sec = qcols[c].section != NULL ?
			    json_object_get(q, qcols[c].section) : q;
			const json_t *v = json_object_get(sec, qcols[c].key);

			if (json_is_integer(v) && json_integer_value(v) >= 0) {
				r->has[c] = true;
				r->v[c] = (uint64_t)json_integer_value(v);
			}
		}
	}
	return n;
}

static void
queue_row_print(FILE *fp, const char *queue, const char *const *cells)
{
	fprintf(fp, "%5s", queue);
	for (int c = 0; c < QCOL_N; c++)
		fprintf(fp, " %*s", qcols[c].width, cells[c]);
	fprintf(fp, "\n");
}

/* Adds row r into the "all" row. */
static void
queue_row_sum(struct queue_row *all, const struct queue_row *r)
{
	for (int c = 0; c < QCOL_N; c++)
		if (r->has[c]) {
			all->has[c] = true;
			all->v[c] += r->v[c];
		}
}

static void
render_queues(FILE *fp, const json_t *m)
{
	struct queue_row *rows, all = { 0 };
	const char *titles[QCOL_N];
	char cells[QCOL_N][24], qname[24];
	const char *cp[QCOL_N];
	size_t n;

	if ((n = queue_rows(m, &rows)) == 0) {
		render_generic(fp, m);
		return;
	}
	for (int c = 0; c < QCOL_N; c++)
		titles[c] = qcols[c].total_title;
	queue_row_print(fp, "queue", titles);
	for (size_t i = 0; i <= n; i++) {
		const struct queue_row *r = i < n ? &rows[i] : &all;

		if (i == n && n == 1)
			break;
		if (i < n) {
			queue_row_sum(&all, r);
			snprintf(qname, sizeof(qname), "%" JSON_INTEGER_FORMAT,
			    r->queue);
		} else
			snprintf(qname, sizeof(qname), "all");
		for (int c = 0; c < QCOL_N; c++) {
			if (r->has[c])
				snprintf(cells[c], sizeof(cells[c]), "%" PRIu64,
				    r->v[c]);
			else
				snprintf(cells[c], sizeof(cells[c]), "-");
			cp[c] = cells[c];
		}
		queue_row_print(fp, qname, cp);
	}
	free(rows);
}

void
control_render_queues_header(FILE *fp)
{
	const char *titles[QCOL_N];

	for (int c = 0; c < QCOL_N; c++)
		titles[c] = qcols[c].rate_title;
	queue_row_print(fp, "queue", titles);
}

/* The row of prev with queue number q, or NULL. */
static const struct queue_row *
queue_row_find(const struct queue_row *rows, size_t n, json_int_t q)
{
	for (size_t i = 0; i < n; i++)
		if (rows[i].queue == q)
			return &rows[i];
	return NULL;
}

/* A counter's growth; a smaller value means the daemon restarted. */
static uint64_t
counter_delta(uint64_t prev, uint64_t cur)
{
	return cur >= prev ? cur - prev : cur;
}

int
control_render_queues_rates(FILE *fp, const json_t *prev, const json_t *cur,
    double seconds)
{
	struct queue_row *prow, *crow;
	struct queue_row dall = { 0 };
	char cells[QCOL_N][24], qname[24];
	const char *cp[QCOL_N];
	size_t np, nc;
	bool all_known = true;

	if ((nc = queue_rows(cur, &crow)) == 0)
		return -1;
	np = queue_rows(prev, &prow);
	if (seconds <= 0)
		seconds = 1;
	for (size_t i = 0; i <= nc; i++) {
		struct queue_row d = { 0 };
		const struct queue_row *r, *p;

		if (i == nc && (nc == 1 || !all_known))
			break;
		if (i < nc) {
			r = &crow[i];
			p = queue_row_find(prow, np, r->queue);
			d.queue = r->queue;
			for (int c = 0; c < QCOL_N; c++) {
				bool gauge = qcols[c].kind == QCOL_GAUGE;

				if (!r->has[c] ||
				    (!gauge && (p == NULL || !p->has[c])))
					continue;
				d.has[c] = true;
				d.v[c] = gauge ? r->v[c] :
				    counter_delta(p->v[c], r->v[c]);
			}
			if (p == NULL)
				all_known = false;
			queue_row_sum(&dall, &d);
			snprintf(qname, sizeof(qname), "%" JSON_INTEGER_FORMAT,
			    r->queue);
		} else {
			d = dall;
			snprintf(qname, sizeof(qname), "all");
		}
		for (int c = 0; c < QCOL_N; c++) {
			if (!d.has[c])
				snprintf(cells[c], sizeof(cells[c]), "-");
			else if (qcols[c].kind == QCOL_RATE)
				snprintf(cells[c], sizeof(cells[c]), "%.0f",
				    (double)d.v[c] / seconds);
			else
				snprintf(cells[c], sizeof(cells[c]), "%" PRIu64,
				    d.v[c]);
			cp[c] = cells[c];
		}
		queue_row_print(fp, qname, cp);
	}
	free(prow);
	free(crow);
	return 0;
}

/* "tcp 198.18.1.2:1234 -> 198.18.2.2:80", then the other members. */
static void
render_bypass_list(FILE *fp, const json_t *m)
{
	static const char *const tuple_keys[] = { "proto", "src_ip",
	    "src_port", "dest_ip", "dest_port" };
	const json_t *flows = json_object_get(m, "flows");
	const json_t *count = json_object_get(m, "count");
	const json_t *f, *v;
	const char *k;
	size_t i;

	if (!json_is_array(flows)) {
		render_generic(fp, m);
		return;
	}
	json_array_foreach(flows, i, f) {
		const char *sip = json_string_value(json_object_get(f,
		    "src_ip"));
		const char *dip = json_string_value(json_object_get(f,
		    "dest_ip"));
		const char *proto = json_string_value(json_object_get(f,
		    "proto"));
		bool v6 = sip != NULL && strchr(sip, ':') != NULL;

		fprintf(fp, "%s %s%s%s:%" JSON_INTEGER_FORMAT " -> %s%s%s:%"
		    JSON_INTEGER_FORMAT, proto != NULL ? proto : "?",
		    v6 ? "[" : "", sip != NULL ? sip : "?", v6 ? "]" : "",
		    json_integer_value(json_object_get(f, "src_port")),
		    v6 ? "[" : "", dip != NULL ? dip : "?", v6 ? "]" : "",
		    json_integer_value(json_object_get(f, "dest_port")));
		json_object_foreach((json_t *)(uintptr_t)f, k, v) {
			bool in_tuple = false;
			char *s;

			for (size_t t = 0; t < QUELL_NITEMS(tuple_keys); t++)
				in_tuple |= strcmp(k, tuple_keys[t]) == 0;
			if (in_tuple || (s = scalar_text(v)) == NULL)
				continue;
			fprintf(fp, " %s %s", k, s);
			free(s);
		}
		fprintf(fp, "\n");
	}
	if (json_is_integer(count) &&
	    (size_t)json_integer_value(count) != json_array_size(flows))
		fprintf(fp, "%" JSON_INTEGER_FORMAT " bypassed flow(s), %zu "
		    "shown\n", json_integer_value(count),
		    json_array_size(flows));
	else
		fprintf(fp, "%zu bypassed flow(s)\n", json_array_size(flows));
}
