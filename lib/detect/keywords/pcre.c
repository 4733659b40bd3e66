#include "core/base.h"

#include <stdio.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "detect/buffer.h"
#include "detect/flowvars.h"
#include "detect/keywords/keyword.h"
#include "detect/names.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* Suricata's defaults (detect.pcre match-limit, match-limit-recursion). */
#define PCRE_MATCH_LIMIT	3500
#define PCRE_DEPTH_LIMIT	1500

/* Suricata's DETECT_PCRE_CAPTURE_MAX: "flow:NAME" per group, at most. */
#define PCRE_CAPTURE_MAX	8
/* pcres with captures one rule may have pending at once */
#define PCRE_CAPTURE_SLOTS	4

struct pcre_re {
	pcre2_code	*code;
	pcre2_match_context *mctx;	/* limits; read-only once built */
	bool		 negated;
	bool		 relative;
	/* "/re/, flow:a, flow:b": group i + 1 goes to flowvar cap[i] once
	 * the rule matched (Suricata's post-match capture) */
	uint8_t		 ncap;
	uint32_t	 cap[PCRE_CAPTURE_MAX];
	uint8_t		 refs;		/* a capturing pcre is also its own
					 * post-match entry */
};

/* A worker's pcre scratch: the match data and the captures of the rule
 * being evaluated, waiting for it to match. */
struct pcre_slot {
	const struct pcre_re *pc;
	uint8_t		 n;
	uint8_t		*val[PCRE_CAPTURE_MAX];
	size_t		 len[PCRE_CAPTURE_MAX];
	size_t		 room[PCRE_CAPTURE_MAX];
	bool		 set[PCRE_CAPTURE_MAX];
};

struct pcre_scratch {
	pcre2_match_data *md;
	const struct rule *rule;	/* whose captures the slots hold */
	const struct flow *flow;	/* ... on this flow */
	struct pcre_slot slots[PCRE_CAPTURE_SLOTS];
	uint8_t		 nslots;
};

static int	pcre_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static int	pcre_inspect(struct detect_inspect *, const void *,
		    uint32_t *);
static bool	pcre_store(struct detect_inspect *, const void *);
static int	pcre_captures(struct rules_parser *,
		    const struct rules_option *, const char *, size_t, size_t,
		    struct pcre_re *);
static void	pcre_keep(struct pcre_scratch *, const struct detect_inspect *,
		    const struct pcre_re *, const uint8_t *, PCRE2_SIZE *, int);
static void	pcre_free(void *);
static void	*pcre_thread_new(void);
static void	pcre_thread_free(void *);
static int	pcre_flags(struct rules_parser *, const struct rules_option *,
		    const char *, size_t, size_t, uint32_t *, struct pcre_re *,
		    bool *, const char **);
static const char *pcre_http_buffer(char);

/* PCRE2 with JIT. Flags: i s m x A E G as in Perl/PCRE, R relative to the
 * previous match, O without match limits, B (rawbytes) accepted; the
 * HTTP buffer flags put the pcre in an HTTP buffer as Suricata 7 does
 * (pcre_http_buffer; K is not Suricata 7's and stays unsupported). A match moves the cursor to
 * its end; when a relative keyword after it fails, the search resumes
 * one byte after the match start. As in Suricata the subject begins
 * where the search does, so /R patterns anchor (^) at the previous
 * match and cannot look behind it.
 *
 * Captures, as Suricata 7: "/re/flags, flow:NAME, ..." stores group 1, 2,
 * ... of the match in force into flowvar NAME once the whole rule
 * matched (its post-match entry, pcre_store); eve logs them as
 * metadata.flowvars. pkt: and alert: variables are not supported. */
const struct keyword kw_pcre = {
	.name = "pcre",
	.desc = "Perl-compatible regular expression: [!]\"/re/flags[, "
	    "flow:NAME ...]\"",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = pcre_setup,
	.inspect = pcre_inspect,
	.match = pcre_store,
	.free = pcre_free,
	.thread_new = pcre_thread_new,
	.thread_free = pcre_thread_free,
};

static int
pcre_flags(struct rules_parser *p, const struct rules_option *opt,
    const char *f, size_t n, size_t off, uint32_t *options, struct pcre_re *pc,
    bool *nolimit, const char **hbuf)
{
	char what[RULES_UNSUPPORTED_MAX];

	for (size_t i = 0; i < n; i++) {
		switch (f[i]) {
		case 'i':
			*options |= PCRE2_CASELESS;
			break;
		case 's':
			*options |= PCRE2_DOTALL;
			break;
		case 'm':
			*options |= PCRE2_MULTILINE;
			break;
		case 'x':
			*options |= PCRE2_EXTENDED;
			break;
		case 'A':
			*options |= PCRE2_ANCHORED;
			break;
		case 'E':
			*options |= PCRE2_DOLLAR_ENDONLY;
			break;
		case 'G':
			*options |= PCRE2_UNGREEDY;
			break;
		case 'R':
			pc->relative = true;
			break;
		case 'O':
			*nolimit = true;
			break;
		case 'B':
			break;
		case 'U': case 'I': case 'P': case 'Q': case 'H': case 'D':
		case 'M': case 'C': case 'S': case 'Y': case 'V': case 'W':
		case 'Z':
			if (*hbuf != NULL) {
				rules_parser_error(p, off + i, opt->value,
				    opt->value_len, "pcre: more than one "
				    "HTTP buffer flag");
				return -1;
			}
			*hbuf = pcre_http_buffer(f[i]);
			break;
		case 'K':
			snprintf(what, sizeof(what), "pcre /%c", f[i]);
			rules_parser_unsupported(p, what, off + i, f + i, 1,
			    "pcre flag '%c' needs an HTTP buffer, not "
			    "supported yet", f[i]);
			return -1;
		default:
			rules_parser_error(p, off + i, opt->value,
			    opt->value_len, "unknown pcre flag '%c'", f[i]);
			return -1;
		}
	}
	return 0;
}

/* Suricata 7's DetectPcreParse: the buffer of each HTTP flag. */
static const char *
pcre_http_buffer(char f)
{
	switch (f) {
	case 'U': return "http.uri";
	case 'I': return "http.uri.raw";
	case 'P': return "http.request_body";
	case 'Q': return "file.data";
	case 'H': return "http.header";
	case 'D': return "http.header.raw";
	case 'M': return "http.method";
	case 'C': return "http.cookie";
	case 'S': return "http.stat_code";
	case 'Y': return "http.stat_msg";
	case 'V': return "http.user_agent";
	case 'W': return "http.host";
	default: return "http.host.raw";	/* Z */
	}
}

/* Whether a content or pcre precedes m in m's buffer: what /R is
 * relative to. */
static bool
pcre_has_previous(const struct rule *r, const struct rule_match *m)
{
	for (const struct rule_match *q = r->matches; q < m; q++)
		if (q->list == RULE_LIST_BUFFER && q->buffer == m->buffer &&
		    q->xchain == m->xchain)
			return true;
	return false;
}

static int
pcre_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	const char *v = opt->value, *re, *last;
	size_t len = opt->value_len, i = 0;
	struct pcre_re *pc;
	struct rule_match *m;
	uint32_t options = 0;
	PCRE2_SIZE erroff;
	PCRE2_UCHAR emsg[128];
	int ecode;
	bool nolimit = false;
	const char *hbuf = NULL;

	if ((pc = calloc(1, sizeof(*pc))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (i < len && v[i] == '!') {
		pc->negated = true;
		i++;
	}
	if (len - i < 2 || v[i] != '"' || v[len - 1] != '"')
		goto shape;
	i++;
	len--;
	if (len - i < 2 || v[i] != '/' || (last = memrchr(v + i + 1, '/',
	    len - i - 1)) == NULL)
		goto shape;
	re = v + i + 1;
	{
		const char *fl = last + 1, *end = v + len;
		const char *comma = memchr(fl, ',', (size_t)(end - fl));
		const char *fend = comma != NULL ? comma : end;

		if (pcre_flags(p, opt, fl, (size_t)(fend - fl),
		    opt->value_off + (size_t)(fl - v), &options, pc,
		    &nolimit, &hbuf) == -1)
			goto fail;
		if (comma != NULL && pcre_captures(p, opt, comma + 1,
		    (size_t)(end - comma - 1), opt->value_off +
		    (size_t)(comma + 1 - v), pc) == -1)
			goto fail;
	}
	if (pc->relative && hbuf == NULL &&
	    rules_rule_last_buffer_match(r) == NULL) {
		rules_parser_error(p, opt->value_off, v, opt->value_len,
		    "pcre flag 'R' needs a preceding content or pcre");
		goto fail;
	}
	pc->code = pcre2_compile((PCRE2_SPTR)re, (PCRE2_SIZE)(last - re),
	    options, &ecode, &erroff, NULL);
	if (pc->code == NULL) {
		pcre2_get_error_message(ecode, emsg, sizeof(emsg));
		rules_parser_error(p, opt->value_off, v, opt->value_len,
		    "invalid pcre: %s at offset %zu", (const char *)emsg,
		    (size_t)erroff);
		goto fail;
	}
	(void)pcre2_jit_compile(pc->code, PCRE2_JIT_COMPLETE);
	if ((pc->mctx = pcre2_match_context_create(NULL)) == NULL) {
		rules_parser_nomem(p);
		goto fail;
	}
	if (!nolimit) {
		pcre2_set_match_limit(pc->mctx, PCRE_MATCH_LIMIT);
		pcre2_set_depth_limit(pc->mctx, PCRE_DEPTH_LIMIT);
	}
	if ((m = rules_rule_add_match(r, &kw_pcre, RULE_LIST_BUFFER, pc)) ==
	    NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (pc->relative)
		m->flags |= RULE_MATCH_RELATIVE;
	/* captures are stored once the rule matched: the same data as a
	 * post-match entry (freed once per entry) */
	if (pc->ncap > 0) {
		pc->refs = 2;
		if (rules_rule_add_match(r, &kw_pcre, RULE_LIST_POST, pc) ==
		    NULL) {
			pc->refs = 1;
			rules_parser_nomem(p);
			return -1;
		}
		r->flags |= RULE_F_NEEDS_FLOW;
	}
	/* Suricata 7: a flag naming the sticky buffer in force is
	 * redundant; another one is an error */
	if (hbuf != NULL && r->buffer != DETECT_BUFFER_PAYLOAD &&
	    strcmp(detect_buffer_get(r->buffer)->name, hbuf) == 0)
		hbuf = NULL;
	if (hbuf != NULL) {
		if (detect_buffer_modifier(p, r, opt, m, hbuf) == -1)
			return -1;
		if (pc->relative && !pcre_has_previous(r, m)) {
			rules_parser_error(p, opt->value_off, v,
			    opt->value_len, "pcre flag 'R' needs a preceding "
			    "content or pcre in the same buffer");
			return -1;
		}
	}
	return 0;
shape:
	rules_parser_error(p, opt->value_off, v, opt->value_len,
	    "invalid pcre: expected [!]\"/regex/flags\"");
fail:
	pcre_free(pc);
	return -1;
}

static int
pcre_inspect(struct detect_inspect *in, const void *data, uint32_t *resume)
{
	const struct pcre_re *pc = data;
	pcre2_match_data *md = ((struct pcre_scratch *)in->scratch)->md;
	uint32_t start = pc->relative ? in->cursor : 0;
	PCRE2_SIZE *ov;
	int rc;

	if (*resume > start)
		start = *resume;
	*resume = 0;
	if (start > in->buf_len)
		return pc->negated ? DETECT_INSPECT_MATCH :
		    DETECT_INSPECT_NOMATCH;
	/* as Suricata: the subject starts where the search does, so ^
	 * anchors at the previous match for /R */
	rc = pcre2_match(pc->code, in->buf + start, in->buf_len - start, 0, 0,
	    md, pc->mctx);
	if (rc == PCRE2_ERROR_NOMATCH)
		return pc->negated ? DETECT_INSPECT_MATCH :
		    DETECT_INSPECT_NOMATCH;
	if (rc < 0) {
		/* as Suricata: an error (match limit) is no match, also
		 * for a negated pcre */
		if (rc == PCRE2_ERROR_MATCHLIMIT ||
		    rc == PCRE2_ERROR_DEPTHLIMIT)
			in->counters->pcre_limit++;
		return DETECT_INSPECT_NOMATCH;
	}
	if (pc->negated)
		return DETECT_INSPECT_NOMATCH;
	ov = pcre2_get_ovector_pointer(md);
	if (pc->ncap > 0)
		pcre_keep(in->scratch, in, pc, in->buf + start, ov, rc);
	in->cursor = start + (uint32_t)ov[1];
	*resume = start + (uint32_t)ov[0] + 1;
	return DETECT_INSPECT_MATCH;
}

/* The captures of pc's match (subject at subj, ovector ov, rc groups
 * set plus one) wait in the scratch for the rule to match. */
static void
pcre_keep(struct pcre_scratch *sc, const struct detect_inspect *in,
    const struct pcre_re *pc, const uint8_t *subj, PCRE2_SIZE *ov, int rc)
{
	struct pcre_slot *sl = NULL;

	if (sc->rule != in->rule || sc->flow != in->flow) {
		sc->rule = in->rule;
		sc->flow = in->flow;
		sc->nslots = 0;
	}
	for (uint8_t i = 0; i < sc->nslots && sl == NULL; i++)
		if (sc->slots[i].pc == pc)
			sl = &sc->slots[i];
	if (sl == NULL) {
		if (sc->nslots == PCRE_CAPTURE_SLOTS)
			return;
		sl = &sc->slots[sc->nslots++];
		sl->pc = pc;
	}
	sl->n = pc->ncap;
	for (uint8_t i = 0; i < pc->ncap; i++) {
		PCRE2_SIZE b = ov[2 * (i + 1)], e = ov[2 * (i + 1) + 1];
		size_t n;

		sl->set[i] = false;
		/* rc 0: the ovector was too small (never: it has room for
		 * every capture); an unset group is PCRE2_UNSET */
		if (rc != 0 && i + 1 >= rc)
			continue;
		if (b == PCRE2_UNSET || e < b ||
		    (n = e - b) > DETECT_FLOWVARS_VAR_MAX)
			continue;
		if (n > sl->room[i]) {
			uint8_t *nv = realloc(sl->val[i], n);

			if (nv == NULL)
				continue;
			sl->val[i] = nv;
			sl->room[i] = n;
		}
		if (n > 0)
			memcpy(sl->val[i], subj + b, n);
		sl->len[i] = n;
		sl->set[i] = true;
	}
}

/* The post-match entry of a capturing pcre: its captures into the
 * flow's flowvars. */
static bool
pcre_store(struct detect_inspect *in, const void *data)
{
	const struct pcre_re *pc = data;
	struct pcre_scratch *sc = in->scratch;

	if (in->flow == NULL || sc == NULL || sc->rule != in->rule ||
	    sc->flow != in->flow)
		return true;
	for (uint8_t i = 0; i < sc->nslots; i++) {
		const struct pcre_slot *sl = &sc->slots[i];

		if (sl->pc != pc)
			continue;
		for (uint8_t c = 0; c < sl->n; c++)
			if (sl->set[c])
				(void)detect_flowvars_var_set(in->flow,
				    pc->cap[c], sl->val[c], sl->len[c]);
	}
	return true;
}

/* ", flow:a, flow:b" after the flags (f[0..n), at rule offset off). */
static int
pcre_captures(struct rules_parser *p, const struct rules_option *opt,
    const char *f, size_t n, size_t off, struct pcre_re *pc)
{
	size_t i = 0;

	if (pc->negated) {
		rules_parser_error(p, off, opt->value, opt->value_len,
		    "pcre: a negated pcre cannot capture");
		return -1;
	}
	while (i <= n) {
		const char *e = memchr(f + i, ',', n - i);
		size_t end = e != NULL ? (size_t)(e - f) : n, b = i, l;

		while (b < end && f[b] == ' ')
			b++;
		l = end - b;
		while (l > 0 && f[b + l - 1] == ' ')
			l--;
		if (l > 4 && strncmp(f + b, "pkt:", 4) == 0) {
			rules_parser_unsupported(p, "pcre pkt: capture",
			    off + b, f + b, l, "pcre captures into packet "
			    "variables are not supported yet");
			return -1;
		}
		if (l > 6 && strncmp(f + b, "alert:", 6) == 0) {
			rules_parser_unsupported(p, "pcre alert: capture",
			    off + b, f + b, l, "pcre captures into alert "
			    "variables are not supported yet");
			return -1;
		}
		if (l <= 5 || strncmp(f + b, "flow:", 5) != 0 || l - 5 > 256) {
			rules_parser_error(p, off + b, opt->value,
			    opt->value_len, "pcre: expected a capture "
			    "\"flow:NAME\" after the flags");
			return -1;
		}
		if (pc->ncap == PCRE_CAPTURE_MAX) {
			rules_parser_error(p, off + b, opt->value,
			    opt->value_len, "pcre: more than %d captures",
			    PCRE_CAPTURE_MAX);
			return -1;
		}
		if ((pc->cap[pc->ncap++] = detect_names_id(DETECT_NAMES_FLOWVAR,
		    f + b + 5, l - 5)) == 0) {
			rules_parser_nomem(p);
			return -1;
		}
		i = end + 1;
	}
	return 0;
}

static void
pcre_free(void *data)
{
	struct pcre_re *pc = data;

	if (pc == NULL || (pc->refs > 1 && --pc->refs > 0))
		return;
	pcre2_code_free(pc->code);
	pcre2_match_context_free(pc->mctx);
	free(pc);
}

/* Room for the whole match and PCRE_CAPTURE_MAX groups: the bounds of
 * more are not needed (pcre2_match then returns 0 for patterns with
 * more groups: still a match). */
static void *
pcre_thread_new(void)
{
	struct pcre_scratch *sc = calloc(1, sizeof(*sc));

	if (sc == NULL)
		return NULL;
	if ((sc->md = pcre2_match_data_create(PCRE_CAPTURE_MAX + 1,
	    NULL)) == NULL) {
		free(sc);
		return NULL;
	}
	return sc;
}

static void
pcre_thread_free(void *scratch)
{
	struct pcre_scratch *sc = scratch;

	if (sc == NULL)
		return;
	pcre2_match_data_free(sc->md);
	for (size_t i = 0; i < PCRE_CAPTURE_SLOTS; i++)
		for (size_t c = 0; c < PCRE_CAPTURE_MAX; c++)
			free(sc->slots[i].val[c]);
	free(sc);
}
