#include "core/base.h"

#include <errno.h>
#include <stdio.h>

#include "detect/mpm.h"

/*
 * Aho-Corasick over ASCII-lowercased patterns. The states near the root,
 * where a scan spends most of its time, are full DFA rows (256 next
 * states, case folding and failure transitions precomputed: one load per
 * byte); deeper states keep their few goto edges and a failure link.
 * A state value carries AC_OUT when the state (or a state on its
 * dictionary-suffix chain) ends a pattern, so the scan tests one bit per
 * byte. Case-sensitive patterns are checked against the buffer before
 * they are reported: the result is exact either way.
 */

#define AC_OUT		0x80000000u
#define AC_IDX		0x7fffffffu
#define AC_FULL_DEPTH	2	/* states this close to the root get rows */
#define AC_FULL_MAX	4096	/* ... but at most this many rows */
#define AC_NONE		UINT32_MAX

struct ac_pat {
	uint32_t	 off;		/* into bytes */
	uint32_t	 len;
	uint32_t	 id;
	bool		 nocase;
};

/* A state past the rows: its goto edges in edge_byte/edge_next. */
struct ac_sparse {
	uint32_t	 off;
	uint32_t	 n;
	uint32_t	 fail;		/* state index, no flag */
};

struct mpm {
	uint32_t	 nstates;
	uint32_t	 nfull;
	uint32_t	*rows;		/* nfull * 256 */
	struct ac_sparse *sparse;	/* nstates - nfull */
	uint8_t		*edge_byte;
	uint32_t	*edge_next;
	uint32_t	*out_off;	/* per state: into out_pat */
	uint32_t	*out_n;
	uint32_t	*dict;		/* next state with output on the
					 * failure chain, or AC_NONE */
	uint32_t	*out_pat;	/* pattern indexes */
	struct ac_pat	*pats;
	uint8_t		*bytes;		/* the patterns as given */
	size_t		 memory;
};

/* Build-time trie: edges in per-node linked lists. */
struct ac_builder {
	uint32_t	*first_edge;	/* per node */
	uint32_t	*edge_next_sib;
	uint8_t		*edge_b;
	uint32_t	*edge_to;
	uint32_t	 nedges;
	uint32_t	*depth;
	uint32_t	*own_first;	/* per node: own pattern list */
	uint32_t	*own_next;	/* per pattern */
	uint32_t	 nnodes;
	uint32_t	 cap;
};

static struct mpm *ac_build(const struct mpm_pattern *, size_t, char *,
		    size_t);
static void	ac_free(struct mpm *);
static int	ac_scratch_grow(void **, const struct mpm *);
static void	ac_scratch_free(void *);
static void	ac_scan(const struct mpm *, void *, const uint8_t *, size_t,
		    mpm_match_fn, void *);
static size_t	ac_memory(const struct mpm *);
static bool	ac_usable(void);
static uint32_t	ac_child(const struct ac_builder *, uint32_t, uint8_t);
static void	ac_report(const struct mpm *, uint32_t, const uint8_t *,
		    size_t, mpm_match_fn, void *);
static void	ac_builder_free(struct ac_builder *);
static uint32_t	ac_flag(const struct mpm *, uint32_t);

const struct mpm_ops mpm_ac_ops = {
	.name = "ac",
	.build = ac_build,
	.free = ac_free,
	.scratch_grow = ac_scratch_grow,
	.scratch_free = ac_scratch_free,
	.scan = ac_scan,
	.memory = ac_memory,
	.usable = ac_usable,
};

static const uint8_t ac_lower[256] = {
/* c + 32 only for 'A'..'Z', as arithmetic: with ?: clang checks the arm
 * not taken too, and c + 32 for c up to 255 does not fit a uint8_t
 * (-Wconstant-conversion); this form is the exact value for every c. */
#define L(c)	((c) + 32 * ((c) >= 'A' && (c) <= 'Z'))
#define R4(b)	L(b), L(b + 1), L(b + 2), L(b + 3)
#define R16(b)	R4(b), R4(b + 4), R4(b + 8), R4(b + 12)
#define R64(b)	R16(b), R16(b + 16), R16(b + 32), R16(b + 48)
	R64(0), R64(64), R64(128), R64(192)
#undef R64
#undef R16
#undef R4
#undef L
};

static bool
ac_usable(void)
{
	return true;
}

static uint32_t
ac_child(const struct ac_builder *b, uint32_t node, uint8_t c)
{
	for (uint32_t e = b->first_edge[node]; e != AC_NONE;
	    e = b->edge_next_sib[e])
		if (b->edge_b[e] == c)
			return b->edge_to[e];
	return AC_NONE;
}

static void
ac_builder_free(struct ac_builder *b)
{
	free(b->first_edge);
	free(b->edge_next_sib);
	free(b->edge_b);
	free(b->edge_to);
	free(b->depth);
	free(b->own_first);
	free(b->own_next);
}

/* State s with AC_OUT when a pattern ends there (out_n and dict of s
 * must be set). */
static uint32_t
ac_flag(const struct mpm *m, uint32_t s)
{
	return m->out_n[s] > 0 || m->dict[s] != AC_NONE ? s | AC_OUT : s;
}

static struct mpm *
ac_build(const struct mpm_pattern *pats, size_t n, char *err, size_t errlen)
{
	struct ac_builder b;
	struct mpm *m = NULL;
	uint32_t *order = NULL, *fail = NULL, *remap = NULL, *dict = NULL;
	size_t total = 0, nout = 0;
	uint32_t head, tail, nsparse, nsedges = 0;

	memset(&b, 0, sizeof(b));
	for (size_t i = 0; i < n; i++)
		total += pats[i].len;
	if (n == 0 || n > AC_IDX || total >= AC_IDX) {
		snprintf(err, errlen, "aho-corasick: %zu patterns of %zu "
		    "bytes: out of range", n, total);
		errno = EINVAL;
		return NULL;
	}
	b.cap = (uint32_t)total + 1;
	b.first_edge = malloc(b.cap * sizeof(*b.first_edge));
	b.edge_next_sib = malloc(b.cap * sizeof(*b.edge_next_sib));
	b.edge_b = malloc(b.cap);
	b.edge_to = malloc(b.cap * sizeof(*b.edge_to));
	b.depth = malloc(b.cap * sizeof(*b.depth));
	b.own_first = malloc(b.cap * sizeof(*b.own_first));
	b.own_next = malloc(n * sizeof(*b.own_next));
	if ((m = calloc(1, sizeof(*m))) == NULL || b.first_edge == NULL ||
	    b.edge_next_sib == NULL || b.edge_b == NULL ||
	    b.edge_to == NULL || b.depth == NULL || b.own_first == NULL ||
	    b.own_next == NULL)
		goto nomem;

	/* the trie */
	b.nnodes = 1;
	b.first_edge[0] = AC_NONE;
	b.own_first[0] = AC_NONE;
	b.depth[0] = 0;
	if ((m->pats = calloc(n, sizeof(*m->pats))) == NULL ||
	    (m->bytes = malloc(total)) == NULL)
		goto nomem;
	total = 0;
	for (size_t i = 0; i < n; i++) {
		uint32_t node = 0;

		memcpy(m->bytes + total, pats[i].bytes, pats[i].len);
		m->pats[i].off = (uint32_t)total;
		m->pats[i].len = pats[i].len;
		m->pats[i].id = pats[i].id;
		m->pats[i].nocase = pats[i].nocase;
		total += pats[i].len;
		for (uint32_t k = 0; k < pats[i].len; k++) {
			uint8_t c = ac_lower[pats[i].bytes[k]];
			uint32_t next = ac_child(&b, node, c);

			if (next == AC_NONE) {
				next = b.nnodes++;
				b.first_edge[next] = AC_NONE;
				b.own_first[next] = AC_NONE;
				b.depth[next] = k + 1;
				b.edge_b[b.nedges] = c;
				b.edge_to[b.nedges] = next;
				b.edge_next_sib[b.nedges] =
				    b.first_edge[node];
				b.first_edge[node] = b.nedges++;
			}
			node = next;
		}
		b.own_next[i] = b.own_first[node];
		b.own_first[node] = (uint32_t)i;
	}

	/* breadth-first order and failure links */
	order = malloc(b.nnodes * sizeof(*order));
	fail = malloc(b.nnodes * sizeof(*fail));
	remap = malloc(b.nnodes * sizeof(*remap));
	dict = malloc(b.nnodes * sizeof(*dict));
	if (order == NULL || fail == NULL || remap == NULL || dict == NULL)
		goto nomem;
	head = 0;
	tail = 0;
	order[tail++] = 0;
	fail[0] = 0;
	dict[0] = AC_NONE;
	while (head < tail) {
		uint32_t node = order[head++];

		for (uint32_t e = b.first_edge[node]; e != AC_NONE;
		    e = b.edge_next_sib[e]) {
			uint32_t child = b.edge_to[e], f = fail[node];

			if (node == 0)
				fail[child] = 0;
			else {
				while (f != 0 && ac_child(&b, f,
				    b.edge_b[e]) == AC_NONE)
					f = fail[f];
				fail[child] = ac_child(&b, f, b.edge_b[e]);
				if (fail[child] == AC_NONE)
					fail[child] = 0;
			}
			/* the failure target is shallower: done already */
			f = fail[child];
			dict[child] = b.own_first[f] != AC_NONE ? f : dict[f];
			order[tail++] = child;
		}
	}

	/* states in breadth-first order: a state's failure target comes
	 * before it, and the rows (the states nearest the root) first */
	m->nstates = b.nnodes;
	m->nfull = 0;
	while (m->nfull < m->nstates && m->nfull < AC_FULL_MAX &&
	    b.depth[order[m->nfull]] <= AC_FULL_DEPTH)
		m->nfull++;
	for (uint32_t s = 0; s < m->nstates; s++)
		remap[order[s]] = s;
	nsparse = m->nstates - m->nfull;
	m->rows = malloc((size_t)m->nfull * 256 * sizeof(*m->rows));
	m->sparse = calloc(nsparse ? nsparse : 1, sizeof(*m->sparse));
	m->edge_byte = malloc(b.nedges ? b.nedges : 1);
	m->edge_next = malloc((b.nedges ? b.nedges : 1) *
	    sizeof(*m->edge_next));
	m->out_off = calloc(m->nstates, sizeof(*m->out_off));
	m->out_n = calloc(m->nstates, sizeof(*m->out_n));
	m->dict = malloc(m->nstates * sizeof(*m->dict));
	m->out_pat = malloc(n * sizeof(*m->out_pat));
	if (m->rows == NULL || m->sparse == NULL || m->edge_byte == NULL ||
	    m->edge_next == NULL || m->out_off == NULL || m->out_n == NULL ||
	    m->dict == NULL || m->out_pat == NULL)
		goto nomem;

	/* own outputs and dictionary links */
	for (uint32_t s = 0; s < m->nstates; s++) {
		uint32_t node = order[s];

		m->out_off[s] = (uint32_t)nout;
		for (uint32_t p = b.own_first[node]; p != AC_NONE;
		    p = b.own_next[p])
			m->out_pat[nout++] = p;
		m->out_n[s] = (uint32_t)nout - m->out_off[s];
		m->dict[s] = dict[node] == AC_NONE ? AC_NONE :
		    remap[dict[node]];
	}

	/* full rows (δ including failures), then sparse states */
	for (uint32_t s = 0; s < m->nfull; s++) {
		uint32_t node = order[s], *row = &m->rows[(size_t)s * 256];

		for (unsigned c = 0; c < 256; c++) {
			uint32_t next = ac_child(&b, node, ac_lower[c]);

			if (next != AC_NONE)
				row[c] = ac_flag(m, remap[next]);
			else if (s == 0)
				row[c] = 0;
			else
				row[c] = m->rows[(size_t)remap[fail[node]] *
				    256 + c];
		}
	}
	for (uint32_t s = m->nfull; s < m->nstates; s++) {
		struct ac_sparse *sp = &m->sparse[s - m->nfull];
		uint32_t node = order[s];

		sp->off = nsedges;
		sp->fail = remap[fail[node]];
		for (uint32_t e = b.first_edge[node]; e != AC_NONE;
		    e = b.edge_next_sib[e]) {
			m->edge_byte[nsedges] = b.edge_b[e];
			m->edge_next[nsedges] = ac_flag(m,
			    remap[b.edge_to[e]]);
			nsedges++;
		}
		sp->n = nsedges - sp->off;
	}
	m->memory = sizeof(*m) + (size_t)m->nfull * 256 * sizeof(*m->rows) +
	    nsparse * sizeof(*m->sparse) + nsedges * 5 +
	    (size_t)m->nstates * 12 + n * (sizeof(*m->pats) + 4) + total;
	free(order);
	free(fail);
	free(remap);
	free(dict);
	ac_builder_free(&b);
	return m;
nomem:
	snprintf(err, errlen, "aho-corasick: out of memory");
	free(order);
	free(fail);
	free(remap);
	free(dict);
	ac_builder_free(&b);
	ac_free(m);
	errno = ENOMEM;
	return NULL;
}

static void
ac_free(struct mpm *m)
{
	if (m == NULL)
		return;
	free(m->rows);
	free(m->sparse);
	free(m->edge_byte);
	free(m->edge_next);
	free(m->out_off);
	free(m->out_n);
	free(m->dict);
	free(m->out_pat);
	free(m->pats);
	free(m->bytes);
	free(m);
}

static int
ac_scratch_grow(void **scratch, const struct mpm *m)
{
	return 0;
}

static void
ac_scratch_free(void *scratch)
{
}

/* Reports the patterns that end at buf[end - 1] in state s. */
static void
ac_report(const struct mpm *m, uint32_t s, const uint8_t *buf, size_t end,
    mpm_match_fn fn, void *arg)
{
	for (; s != AC_NONE; s = m->dict[s]) {
		for (uint32_t k = 0; k < m->out_n[s]; k++) {
			const struct ac_pat *p =
			    &m->pats[m->out_pat[m->out_off[s] + k]];

			if (!p->nocase && memcmp(buf + end - p->len,
			    m->bytes + p->off, p->len) != 0)
				continue;
			fn(p->id, (uint32_t)end, arg);
		}
	}
}

static void
ac_scan(const struct mpm *m, void *scratch, const uint8_t *buf, size_t len,
    mpm_match_fn fn, void *arg)
{
	const uint32_t *rows = m->rows;
	uint32_t nfull = m->nfull, s = 0;

	for (size_t i = 0; i < len; i++) {
		uint8_t c = buf[i];
		uint32_t st = s & AC_IDX;

		while (st >= nfull) {
			const struct ac_sparse *sp = &m->sparse[st - nfull];
			const uint8_t *eb = m->edge_byte + sp->off;
			uint8_t fc = ac_lower[c];
			uint32_t k;

			for (k = 0; k < sp->n; k++)
				if (eb[k] == fc)
					break;
			if (k < sp->n) {
				s = m->edge_next[sp->off + k];
				goto next;
			}
			st = sp->fail;
		}
		s = rows[(size_t)st * 256 + c];
next:
		if (s & AC_OUT)
			ac_report(m, s & AC_IDX, buf, i + 1, fn, arg);
	}
}

static size_t
ac_memory(const struct mpm *m)
{
	return m->memory;
}
