#include "core/base.h"

#include <stdio.h>

#include "core/packet.h"
#include "detect/engine.h"
#include "detect/keywords/keyword.h"
#include "detect/threshold.h"
#include "detect/threshold_file.h"
#include "rules/addr.h"
#include "rules/cfgfile.h"
#include "rules/lexer.h"
#include "rules/rule.h"
#include "rules/ruleset.h"

/* One line, joined with its continuations, at most this long. */
#define TF_LINE_MAX	8192
#define TF_PARTS_MAX	16

extern const struct keyword kw_threshold;
extern const struct keyword kw_detection_filter;

enum tf_kind {
	TF_SUPPRESS,
	TF_THRESHOLD,		/* threshold, event_filter */
	TF_RATE,
};

enum tf_track_suppress {
	TF_SUPPRESS_RULE,	/* no track: the rule goes noalert */
	TF_SUPPRESS_SRC,
	TF_SUPPRESS_DST,
	TF_SUPPRESS_EITHER,
};

struct tf_suppress {
	enum tf_track_suppress track;
	struct rules_addr addrs;
};

/* A parsed line. */
struct tf_entry {
	enum tf_kind	 kind;
	uint32_t	 gid;
	uint32_t	 sid;
	struct detect_threshold t;	/* TF_THRESHOLD, TF_RATE */
	bool		 rate_noop;	/* new_action log/sdrop: no effect */
	enum tf_track_suppress strack;	/* TF_SUPPRESS */
	const char	*ip;		/* TF_SUPPRESS: into the line */
	size_t		 iplen;
};

struct tf_ctx {
	struct ruleset	*rs;
	const struct rules_vars *vars;
	struct diag_list *dl;
	char		 line[TF_LINE_MAX];
	size_t		 len;		/* pending continuation */
	unsigned	 first;		/* its first line */
	bool		 overlong;
};

struct tf_part {
	const char	*s;
	size_t		 len;
};

static bool	suppress_match(struct detect_inspect *, const void *);
static void	suppress_free(void *);
static bool	rate_match(struct detect_inspect *, const void *);
static void	tf_line(void *, const char *, unsigned, const char *, size_t);
static void	tf_parse(struct tf_ctx *, const char *, unsigned,
		    const char *, size_t);
static size_t	tf_split(const char *, size_t, struct tf_part *, size_t);
static bool	tf_word(const struct tf_part *, const char *,
		    struct tf_part *);
static bool	tf_number(const struct tf_part *, uint32_t *);
static bool	tf_is(const struct tf_part *, const char *);
static void	tf_apply(struct tf_ctx *, const char *, unsigned,
		    const struct tf_entry *);
static int	tf_attach(struct tf_ctx *, const char *, unsigned,
		    const struct tf_entry *, struct rule *, bool);
static bool	tf_has_own_limit(const struct rule *);

/* Not rule keywords: what threshold.config attaches to rules. */
static const struct keyword kw_suppress = {
	.name = "suppress",
	.desc = "threshold.config suppress",
	.match = suppress_match,
	.free = suppress_free,
};

static const struct keyword kw_rate_filter = {
	.name = "rate_filter",
	.desc = "threshold.config rate_filter",
	.match = rate_match,
	.free = free,
};

/* Suricata's ThresholdHandlePacketSuppress: a suppressed match acts but
 * does not alert, and the rate limits after it do not count it. */
static bool
suppress_match(struct detect_inspect *in, const void *data)
{
	const struct tf_suppress *su = data;
	const struct packet *p = in->pkt;
	bool hit = false;

	switch (su->track) {
	case TF_SUPPRESS_SRC:
		hit = rules_addr_match(&su->addrs, &p->src);
		break;
	case TF_SUPPRESS_DST:
		hit = rules_addr_match(&su->addrs, &p->dst);
		break;
	case TF_SUPPRESS_EITHER:
		hit = rules_addr_match(&su->addrs, &p->src) ||
		    rules_addr_match(&su->addrs, &p->dst);
		break;
	case TF_SUPPRESS_RULE:
		break;
	}
	if (hit)
		in->silent = true;
	return true;
}

static void
suppress_free(void *data)
{
	struct tf_suppress *su = data;

	if (su == NULL)
		return;
	rules_addr_free(&su->addrs);
	free(su);
}

static bool
rate_match(struct detect_inspect *in, const void *data)
{
	int a = detect_threshold_rate(data, in->rule, in->pkt);

	if (a >= 0)
		in->rate_action = (int8_t)a;
	return true;
}

/* Splits s at commas outside [...] into trimmed parts. */
static size_t
tf_split(const char *s, size_t len, struct tf_part *parts, size_t max)
{
	size_t n = 0, start = 0;
	int depth = 0;

	for (size_t i = 0; i <= len && n < max; i++) {
		if (i < len && s[i] == '[')
			depth++;
		else if (i < len && s[i] == ']' && depth > 0)
			depth--;
		if (i < len && (s[i] != ',' || depth > 0))
			continue;
		parts[n].s = s + start;
		parts[n].len = i - start;
		while (parts[n].len > 0 && rules_lexer_is_blank(parts[n].s[0])) {
			parts[n].s++;
			parts[n].len--;
		}
		while (parts[n].len > 0 &&
		    rules_lexer_is_blank(parts[n].s[parts[n].len - 1]))
			parts[n].len--;
		n++;
		start = i + 1;
	}
	return n;
}

static bool
tf_is(const struct tf_part *p, const char *w)
{
	return p->len == strlen(w) && memcmp(p->s, w, p->len) == 0;
}

/* p is "key value": true with the value when key is key. */
static bool
tf_word(const struct tf_part *p, const char *key, struct tf_part *value)
{
	size_t k = strlen(key);

	if (p->len <= k || memcmp(p->s, key, k) != 0 ||
	    !rules_lexer_is_blank(p->s[k]))
		return false;
	value->s = p->s + k;
	value->len = p->len - k;
	while (value->len > 0 && rules_lexer_is_blank(value->s[0])) {
		value->s++;
		value->len--;
	}
	return true;
}

static bool
tf_number(const struct tf_part *p, uint32_t *out)
{
	uint64_t v = 0;

	if (p->len == 0 || p->len > 10)
		return false;
	for (size_t i = 0; i < p->len; i++) {
		if (p->s[i] < '0' || p->s[i] > '9')
			return false;
		v = v * 10 + (uint64_t)(p->s[i] - '0');
	}
	if (v > UINT32_MAX)
		return false;
	*out = (uint32_t)v;
	return true;
}

/* Lines ending in '\' continue on the next one, as Suricata reads them. */
static void
tf_line(void *arg, const char *file, unsigned line, const char *s, size_t len)
{
	struct tf_ctx *c = arg;
	bool more = len > 0 && s[len - 1] == '\\';

	if (more)
		len--;
	if (c->len == 0)
		c->first = line;
	if (c->len + len + 1 > sizeof(c->line))
		c->overlong = true;
	else {
		if (c->len > 0)
			c->line[c->len++] = ' ';
		memcpy(c->line + c->len, s, len);
		c->len += len;
	}
	if (more)
		return;
	if (c->overlong)
		diag_add(c->dl, DIAG_ERROR, file, c->first, 0, NULL,
		    "threshold.config line longer than %d bytes",
		    TF_LINE_MAX);
	else
		tf_parse(c, file, c->first, c->line, c->len);
	c->len = 0;
	c->overlong = false;
}

static void
tf_parse(struct tf_ctx *c, const char *file, unsigned line, const char *s,
    size_t len)
{
	static const char *const tracks[] = { "by_src", "by_dst", "by_rule",
	    "by_both" };
	static const char *const types[] = { "limit", "threshold", "both" };
	static const char *const actions[] = { "alert", "drop", "pass",
	    "reject", "log", "sdrop" };
	struct tf_part parts[TF_PARTS_MAX], v, kind, rest;
	struct tf_entry e;
	unsigned seen = 0, need;
	size_t n, i, k;
	const char *bad = NULL;

	memset(&e, 0, sizeof(e));
	n = tf_split(s, len, parts, QUELL_NITEMS(parts));
	/* "<kind> gen_id G", "sig_id S", then the options */
	kind = parts[0];
	for (i = 0; i < kind.len && !rules_lexer_is_blank(kind.s[i]); i++)
		;
	kind.len = i;
	v.s = parts[0].s + i;
	v.len = parts[0].len - i;
	while (v.len > 0 && rules_lexer_is_blank(v.s[0])) {
		v.s++;
		v.len--;
	}
	if (tf_is(&kind, "suppress"))
		e.kind = TF_SUPPRESS;
	else if (tf_is(&kind, "threshold") || tf_is(&kind, "event_filter"))
		e.kind = TF_THRESHOLD;
	else if (tf_is(&kind, "rate_filter"))
		e.kind = TF_RATE;
	else {
		diag_add(c->dl, DIAG_ERROR, file, line, 0, NULL, "unknown "
		    "threshold.config entry '%.*s' (expected suppress, "
		    "threshold, event_filter or rate_filter)",
		    (int)(kind.len > 32 ? 32 : kind.len), kind.s);
		return;
	}
	rest = v;
	if (n < 2 || !tf_word(&rest, "gen_id", &v) || !tf_number(&v, &e.gid) ||
	    !tf_word(&parts[1], "sig_id", &v) || !tf_number(&v, &e.sid)) {
		diag_add(c->dl, DIAG_ERROR, file, line, 0, NULL, "%.*s: "
		    "expected 'gen_id N, sig_id N' first", (int)kind.len,
		    kind.s);
		return;
	}
	if (e.gid == 0 && e.sid != 0) {
		/* Suricata's rule too: a sid needs its gid */
		diag_add(c->dl, DIAG_ERROR, file, line, 0, NULL, "%.*s: sig_id "
		    "%u with gen_id 0 (give the rule's gid, normally 1)",
		    (int)kind.len, kind.s, e.sid);
		return;
	}
	e.t.type = e.kind == TF_RATE ? DETECT_THRESHOLD_RATE :
	    DETECT_THRESHOLD_LIMIT;
	for (i = 2; i < n && bad == NULL; i++) {
		const struct tf_part *p = &parts[i];

		if (e.kind == TF_THRESHOLD && tf_word(p, "type", &v)) {
			for (k = 0; k < QUELL_NITEMS(types) &&
			    !tf_is(&v, types[k]); k++)
				;
			if (k == QUELL_NITEMS(types))
				bad = "type";
			e.t.type = (enum detect_threshold_type)k;
			seen |= 1;
		} else if (tf_word(p, "track", &v)) {
			if (e.kind == TF_SUPPRESS) {
				e.strack = tf_is(&v, "by_src") ?
				    TF_SUPPRESS_SRC : tf_is(&v, "by_dst") ?
				    TF_SUPPRESS_DST : tf_is(&v, "by_either") ?
				    TF_SUPPRESS_EITHER : TF_SUPPRESS_RULE;
				if (e.strack == TF_SUPPRESS_RULE)
					bad = "track";
			} else {
				for (k = 0; k < QUELL_NITEMS(tracks) &&
				    !tf_is(&v, tracks[k]); k++)
					;
				if (k == QUELL_NITEMS(tracks))
					bad = "track";
				e.t.track = (enum detect_threshold_track)k;
			}
			seen |= 2;
		} else if (e.kind != TF_SUPPRESS && tf_word(p, "count", &v)) {
			if (!tf_number(&v, &e.t.count) || e.t.count == 0)
				bad = "count";
			seen |= 4;
		} else if (e.kind != TF_SUPPRESS &&
		    tf_word(p, "seconds", &v)) {
			if (!tf_number(&v, &e.t.seconds))
				bad = "seconds";
			seen |= 8;
		} else if (e.kind == TF_RATE && tf_word(p, "new_action", &v)) {
			for (k = 0; k < QUELL_NITEMS(actions) &&
			    !tf_is(&v, actions[k]); k++)
				;
			switch (k) {
			case 0:
				e.t.new_action = DETECT_ACTION_ALERT;
				break;
			case 1:
				e.t.new_action = DETECT_ACTION_DROP;
				break;
			case 2:
				e.t.new_action = DETECT_ACTION_PASS;
				break;
			case 3:
				e.t.new_action = DETECT_ACTION_REJECT;
				break;
			case 4:
			case 5:
				e.rate_noop = true;
				break;
			default:
				bad = "new_action";
			}
			seen |= 16;
		} else if (e.kind == TF_RATE && tf_word(p, "timeout", &v)) {
			if (!tf_number(&v, &e.t.timeout))
				bad = "timeout";
			seen |= 32;
		} else if (e.kind == TF_SUPPRESS && tf_word(p, "ip", &v)) {
			e.ip = v.s;
			e.iplen = v.len;
			seen |= 64;
		} else {
			diag_add(c->dl, DIAG_ERROR, file, line, 0, NULL,
			    "%.*s: unknown option '%.*s'", (int)kind.len,
			    kind.s, (int)(p->len > 48 ? 48 : p->len), p->s);
			return;
		}
	}
	if (bad != NULL) {
		diag_add(c->dl, DIAG_ERROR, file, line, 0, NULL, "%.*s: invalid "
		    "%s '%.*s'", (int)kind.len, kind.s, bad,
		    (int)(parts[i - 1].len > 48 ? 48 : parts[i - 1].len),
		    parts[i - 1].s);
		return;
	}
	need = e.kind == TF_THRESHOLD ? 15u : e.kind == TF_RATE ? 62u :
	    (seen & 2) ? 66u : 0u;
	if ((seen & need) != need || (e.kind == TF_SUPPRESS && seen == 64)) {
		diag_add(c->dl, DIAG_ERROR, file, line, 0, NULL, "%.*s needs %s",
		    (int)kind.len, kind.s, e.kind == TF_THRESHOLD ?
		    "type, track, count and seconds" : e.kind == TF_RATE ?
		    "track, count, seconds, new_action and timeout" :
		    "track with ip (or neither)");
		return;
	}
	if (e.rate_noop) {
		diag_add(c->dl, DIAG_WARNING, file, line, 0, NULL, "rate_filter: "
		    "new_action log and sdrop have no effect (as in Suricata)");
		return;
	}
	tf_apply(c, file, line, &e);
}

static bool
tf_has_own_limit(const struct rule *r)
{
	for (size_t i = 0; i < r->nmatches; i++)
		if (r->matches[i].kw == &kw_threshold ||
		    r->matches[i].kw == &kw_detection_filter)
			return true;
	return false;
}

/* Attaches e to r. one: e names r by its sid (a threshold then replaces
 * the rule's own). 0, or -1 after a diag. */
static int
tf_attach(struct tf_ctx *c, const char *file, unsigned line,
    const struct tf_entry *e, struct rule *r, bool one)
{
	struct detect_threshold *t;
	struct tf_suppress *su;
	struct rules_list_error err;

	if (e->kind == TF_SUPPRESS) {
		if (e->strack == TF_SUPPRESS_RULE) {
			r->flags |= RULE_F_NOALERT;
			return 0;
		}
		if ((su = calloc(1, sizeof(*su))) == NULL)
			goto nomem;
		su->track = e->strack;
		rules_addr_init(&su->addrs);
		memset(&err, 0, sizeof(err));
		if (rules_addr_parse(&su->addrs, e->ip, e->iplen, 0, c->vars,
		    &err) == -1) {
			diag_add(c->dl, DIAG_ERROR, file, line, 0,
			    err.token[0] ? err.token : NULL, "suppress: ip: %s",
			    err.msg);
			suppress_free(su);
			return -1;
		}
		if (rules_rule_add_match_first(r, &kw_suppress,
		    RULE_LIST_THRESHOLD, su) == NULL)
			goto nomem;
		return 0;
	}
	if (tf_has_own_limit(r)) {
		if (!one || e->kind == TF_RATE) {
			if (one)
				diag_add(c->dl, DIAG_WARNING, file, line, 0,
				    NULL, "rate_filter: sid %u has a threshold "
				    "or detection_filter of its own, which "
				    "wins (as in Suricata)", r->sid);
			return 0;
		}
		rules_rule_remove_matches(r, &kw_threshold);
		rules_rule_remove_matches(r, &kw_detection_filter);
	}
	if ((t = malloc(sizeof(*t))) == NULL)
		goto nomem;
	*t = e->t;
	if (rules_rule_add_match(r, e->kind == TF_RATE ? &kw_rate_filter :
	    &kw_threshold, RULE_LIST_THRESHOLD, t) == NULL)
		goto nomem;
	r->flags |= RULE_F_RATE_LIMIT;
	return 0;
nomem:
	diag_add(c->dl, DIAG_ERROR, file, line, 0, NULL, "out of memory");
	return -1;
}

static void
tf_apply(struct tf_ctx *c, const char *file, unsigned line,
    const struct tf_entry *e)
{
	struct rule *r;

	if (e->sid != 0) {
		if ((r = rules_ruleset_find(c->rs, e->gid, e->sid)) == NULL) {
			diag_add(c->dl, DIAG_WARNING, file, line, 0, NULL,
			    "sid %u, gid %u: no such rule loaded", e->sid,
			    e->gid);
			return;
		}
		(void)tf_attach(c, file, line, e, r, true);
		return;
	}
	for (size_t i = 0; (r = rules_ruleset_rule_mut(c->rs, i)) != NULL;
	    i++)
		if ((e->gid == 0 || r->gid == e->gid) &&
		    tf_attach(c, file, line, e, r, false) == -1)
			return;
}

void
detect_threshold_file_apply(struct ruleset *rs, const char *name,
    const char *text, size_t len, const struct rules_vars *vars,
    struct diag_list *dl)
{
	struct tf_ctx *c = calloc(1, sizeof(*c));

	if (c == NULL) {
		diag_add(dl, DIAG_ERROR, name, 0, 0, NULL, "out of memory");
		return;
	}
	c->rs = rs;
	c->vars = vars;
	c->dl = dl;
	rules_cfgfile_lines(name, text, len, tf_line, c);
	if (c->len > 0)
		tf_parse(c, name, c->first, c->line, c->len);
	free(c);
}

int
detect_threshold_file_load(struct ruleset *rs, const char *path,
    const struct rules_vars *vars, struct diag_list *dl)
{
	struct tf_ctx *c = calloc(1, sizeof(*c));
	int rc;

	if (c == NULL) {
		diag_add(dl, DIAG_ERROR, path, 0, 0, NULL, "out of memory");
		return -1;
	}
	c->rs = rs;
	c->vars = vars;
	c->dl = dl;
	rc = rules_cfgfile_load(path, tf_line, c, dl);
	if (rc == 0 && c->len > 0)
		tf_parse(c, path, c->first, c->line, c->len);
	free(c);
	return rc;
}
