#include "core/base.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>

#include "detect/buffer.h"
#include "detect/engine.h"
#include "detect/engine_int.h"
#include "detect/mpm.h"
#include "detect/prefilter.h"
#include "rules/rule.h"

/*
 * Engine analysis (quelld --engine-analysis), for users tuning a rule
 * set: per rule what the prefilter sees of it and why it may be
 * expensive, then the groups and prefilters with their sizes. The role
 * of Suricata's rules_fast_pattern.txt and rules_analysis.txt, in one
 * text report.
 */

#define ANALYSIS_SHORT_FP	4	/* shorter fast patterns: a warning */

static const char *const class_names[DETECT_GROUP_MAX] = {
	[DETECT_GROUP_TCP] = "tcp",
	[DETECT_GROUP_UDP] = "udp",
	[DETECT_GROUP_ICMP] = "icmp",
	[DETECT_GROUP_ICMPV6] = "icmpv6",
	[DETECT_GROUP_OTHER] = "other",
};

static const char *const dir_names[DETECT_DIR_MAX] = {
	[DETECT_DIR_TO_SERVER] = "to_server",
	[DETECT_DIR_TO_CLIENT] = "to_client",
};

static void	an_pattern(FILE *, const uint8_t *, uint32_t);
static int	an_u32_cmp(const void *, const void *);
static bool	an_has(const uint32_t *, uint32_t, uint32_t);
static uint32_t *an_group_sigs(const struct detect_group *);
static void	an_list(FILE *, const struct detect_engine *, uint16_t);

/* A list as a rule writes it: "dns.query; dotprefix; to_lowercase". */
static void
an_list(FILE *f, const struct detect_engine *de, uint16_t list)
{
	const struct detect_list *l = &de->lists[list];

	fprintf(f, "%s", detect_buffer_get(l->buffer)->name);
	for (uint8_t i = 0; i < l->nxforms; i++)
		fprintf(f, "; %s", l->xforms[i].kw->name);
}

static void
an_pattern(FILE *f, const uint8_t *b, uint32_t len)
{
	bool hex = false;

	fputc('"', f);
	for (uint32_t i = 0; i < len; i++) {
		bool printable = isprint(b[i]) && b[i] != '"' &&
		    b[i] != '|' && b[i] != '\\' && b[i] != ';';

		if (printable == hex)
			fputc('|', f);
		hex = !printable;
		if (printable)
			fputc(b[i], f);
		else
			fprintf(f, "%s%02x", i > 0 && hex && !isprint(b[i - 1]) ?
			    " " : "", b[i]);
	}
	if (hex)
		fputc('|', f);
	fputc('"', f);
}

static int
an_u32_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static bool
an_has(const uint32_t *v, uint32_t n, uint32_t x)
{
	return bsearch(&x, v, n, sizeof(*v), an_u32_cmp) != NULL;
}

/* The group's sig nums, sorted (g->nsigs of them), or NULL. */
static uint32_t *
an_group_sigs(const struct detect_group *g)
{
	uint32_t *v, n = 0;

	if ((v = malloc((g->nsigs ? g->nsigs : 1) * sizeof(*v))) == NULL)
		return NULL;
	for (uint32_t i = 0; i < g->nalways; i++)
		v[n++] = g->always[i];
	for (uint8_t p = 0; p < g->npfs; p++)
		for (uint32_t i = 0; i < g->pfs[p].nsigs; i++)
			v[n++] = g->pfs[p].sig_ids[i];
	qsort(v, n, sizeof(*v), an_u32_cmp);
	return v;
}

int
detect_engine_analysis(const struct detect_engine *de, FILE *f)
{
	struct detect_engine_info info;
	uint32_t **gsigs = NULL;
	size_t nofp = 0, every = 0;
	int rc = -1;

	if ((gsigs = calloc(de->ngroups ? de->ngroups : 1,
	    sizeof(*gsigs))) == NULL)
		return -1;
	for (size_t i = 0; i < de->ngroups; i++)
		if ((gsigs[i] = an_group_sigs(de->groups[i])) == NULL)
			goto done;
	detect_engine_info(de, &info);

	fprintf(f, "== rules (%zu, evaluation order)\n", de->nsigs);
	for (size_t i = 0; i < de->nsigs; i++) {
		const struct detect_sig *s = &de->sigs[i];
		const struct rule *r = s->rule;
		size_t ng = 0;
		bool content = false;

		fprintf(f, "\nsid %u rev %u gid %u", r->sid, r->rev, r->gid);
		if (r->file != NULL)
			fprintf(f, " (%s:%u)", r->file, r->line);
		fprintf(f, "\n  msg: %s\n", r->msg != NULL ? r->msg : "");
		fprintf(f, "  buffers:");
		for (uint8_t b = 0; b < s->nbufs; b++) {
			fputc(' ', f);
			an_list(f, de, s->bufs[b].list);
		}
		fprintf(f, "%s\n", s->nbufs == 0 ? " none" : "");
		for (uint8_t b = 0; b < s->nbufs; b++)
			if (s->bufs[b].n > 0)
				content = true;
		if (s->fp != DETECT_NO_FP) {
			const struct detect_fp *fp = &de->fps[s->fp];

			fprintf(f, "  fast pattern: ");
			an_pattern(f, fp->bytes, fp->len);
			fprintf(f, " buffer ");
			an_list(f, de, s->fp_list);
			fprintf(f, " length %u%s\n", fp->len,
			    fp->nocase ? " nocase" : "");
		} else
			fprintf(f, "  fast pattern: none\n");
		fprintf(f, "  groups:");
		for (size_t g = 0; g < de->ngroups; g++)
			if (an_has(gsigs[g], de->groups[g]->nsigs, s->num)) {
				if (ng < 16)
					fprintf(f, " %u", de->groups[g]->id);
				ng++;
			}
		fprintf(f, "%s (%zu)\n", ng > 16 ? " ..." : "", ng);
		if (s->fp == DETECT_NO_FP && !de->opts.linear) {
			nofp++;
			if (!content) {
				every++;
				fprintf(f, "  warning: no content: the rule "
				    "is evaluated on every packet of its "
				    "groups\n");
			} else
				fprintf(f, "  warning: no fast pattern (only "
				    "negated contents or no prefilter "
				    "buffer): evaluated on every packet of "
				    "its groups\n");
		} else if (s->fp != DETECT_NO_FP &&
		    de->fps[s->fp].len < ANALYSIS_SHORT_FP)
			fprintf(f, "  warning: fast pattern of %u byte(s): "
			    "short patterns make many candidates\n",
			    de->fps[s->fp].len);
		if (s->flags & DETECT_SIG_TX)
			fprintf(f, "  inspects: per transaction\n");
		if (s->flags & DETECT_SIG_IPONLY)
			fprintf(f, "  inspects: ip-only (the first packet of "
			    "each flow direction)\n");
	}

	fprintf(f, "\n== port groups\n");
	for (int c = 0; c < DETECT_GROUP_MAX; c++)
		for (int d = 0; d < DETECT_DIR_MAX; d++) {
			const struct detect_port_map *m = &de->map[c][d];

			for (uint32_t k = 0; k < m->n; k++) {
				uint32_t last = k + 1 < m->n ?
				    (uint32_t)m->start[k + 1] - 1 : 65535;

				fprintf(f, "%s %s ports %u-%u: group %u\n",
				    class_names[c], dir_names[d],
				    m->start[k], last, m->group[k]->id);
			}
		}
	fprintf(f, "\n== groups (%zu)\n", de->ngroups);
	for (size_t g = 0; g < de->ngroups; g++) {
		const struct detect_group *gr = de->groups[g];

		fprintf(f, "group %u: %u rules, %u without fast pattern, "
		    "%u per transaction, %zu bytes\n", gr->id, gr->nsigs,
		    gr->nalways, gr->ntx, detect_prefilter_group_bytes(gr));
		for (uint8_t p = 0; p < gr->npfs; p++) {
			size_t mb = de->mpm_ops->memory(gr->pfs[p].mpm);
			size_t shared = 0;

			for (size_t o = 0; o < de->ngroups; o++)
				for (uint8_t q = 0; q < de->groups[o]->npfs;
				    q++)
					if (de->groups[o]->pfs[q].mpm ==
					    gr->pfs[p].mpm)
						shared++;
			fprintf(f, "  prefilter ");
			an_list(f, de, gr->pfs[p].list);
			fprintf(f, ": %u patterns (%u of the group's), %u "
			    "rules, matcher %zu bytes (shared by %zu)\n",
			    gr->pfs[p].npat, gr->pfs[p].nown,
			    gr->pfs[p].nsigs, mb, shared);
		}
	}
	fprintf(f, "\n== summary\n");
	fprintf(f, "rules: %zu; with a fast pattern: %zu; without: %zu "
	    "(%zu with no content at all)\n", de->nsigs,
	    info.sigs_with_fast_pattern, nofp, every);
	fprintf(f, "groups: %zu; group prefilters: %zu; distinct matchers: "
	    "%zu (%s); distinct fast patterns: %zu\n", info.groups,
	    info.group_prefilters, info.prefilters, de->mpm_ops->name,
	    info.patterns);
	fprintf(f, "profile: toserver-groups %u, toclient-groups %u; "
	    "sgh-mpm-context %s; transformed lists %zu; ip-only rules %zu\n",
	    de->opts.toserver_groups, de->opts.toclient_groups,
	    info.mpm_context, info.lists, info.iponly);
	fprintf(f, "build: %.3f s\n", info.build_seconds);
	fprintf(f, "memory: matchers %zu bytes, group maps %zu bytes, "
	    "compiled rules %zu bytes\n", info.mpm_bytes, info.group_bytes,
	    info.sig_bytes);
	rc = ferror(f) ? -1 : 0;
done:
	for (size_t i = 0; i < de->ngroups; i++)
		free(gsigs[i]);
	free(gsigs);
	if (rc == -1 && errno == 0)
		errno = EIO;
	return rc;
}
