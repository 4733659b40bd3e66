#include "core/base.h"

#include <stdio.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "detect/buffer.h"
#include "detect/keywords/keyword.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* Suricata's defaults (detect.pcre match-limit, match-limit-recursion). */
#define PCRE_MATCH_LIMIT	3500
#define PCRE_DEPTH_LIMIT	1500

struct pcre_re {
	pcre2_code	*code;
	pcre2_match_context *mctx;	/* limits; read-only once built */
	bool		 negated;
	bool		 relative;
};

static int	pcre_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static int	pcre_inspect(struct detect_inspect *, const void *,
		    uint32_t *);
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
 * match and cannot look behind it. */
const struct keyword kw_pcre = {
	.name = "pcre",
	.desc = "Perl-compatible regular expression: [!]\"/re/flags\"",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = pcre_setup,
	.inspect = pcre_inspect,
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
	if (pcre_flags(p, opt, last + 1, (size_t)(v + len - last - 1),
	    opt->value_off + (size_t)(last + 1 - v), &options, pc,
	    &nolimit, &hbuf) == -1)
		goto fail;
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
	pcre2_match_data *md = in->scratch;
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
	in->cursor = start + (uint32_t)ov[1];
	*resume = start + (uint32_t)ov[0] + 1;
	return DETECT_INSPECT_MATCH;
}

static void
pcre_free(void *data)
{
	struct pcre_re *pc = data;

	if (pc == NULL)
		return;
	pcre2_code_free(pc->code);
	pcre2_match_context_free(pc->mctx);
	free(pc);
}

/* One ovector pair is enough: only the whole match's bounds are used
 * (pcre2_match then returns 0 for patterns with groups: still a match). */
static void *
pcre_thread_new(void)
{
	return pcre2_match_data_create(1, NULL);
}

static void
pcre_thread_free(void *scratch)
{
	pcre2_match_data_free(scratch);
}
