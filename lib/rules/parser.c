#include "core/base.h"

#include <stdarg.h>
#include <stdio.h>
#include <strings.h>

#include "core/diag.h"
#include "detect/keywords/keyword.h"
#include "detect/keywords/registry.h"
#include "rules/classification.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/proto.h"
#include "rules/rule.h"

struct rules_parser {
	struct diag_list *diags;
	const char	*file;
	unsigned	 line;
	const struct rules_vars *vars;
	const struct rules_classes *classes;
	const struct rules_refs *refs;
	unsigned	 nerrors;
	bool		 unsupported;
	char		 why[RULES_UNSUPPORTED_MAX];
	const struct keyword **once;	/* KEYWORD_ONCE keywords seen */
	size_t		 nonce;
	size_t		 once_cap;
};

enum { HDR_ACTION, HDR_PROTO, HDR_SRC, HDR_SPORT, HDR_DIR, HDR_DST,
    HDR_DPORT, HDR_FIELDS };

static const struct {
	const char	*name;
	enum rule_action action;
} actions[] = {
	{ "alert", RULE_ACTION_ALERT },
	{ "drop", RULE_ACTION_DROP },
	{ "pass", RULE_ACTION_PASS },
	{ "reject", RULE_ACTION_REJECT },
	{ "rejectboth", RULE_ACTION_REJECTBOTH },
	{ "rejectdst", RULE_ACTION_REJECTDST },
	{ "rejectsrc", RULE_ACTION_REJECTSRC },
};

static void	parser_vdiag(struct rules_parser *, enum diag_severity, size_t,
		    const char *, size_t, const char *, va_list)
		    QUELL_PRINTF(6, 0);
static int	parser_action(struct rules_parser *, struct rule *,
		    const struct rules_token *);
static int	parser_proto(struct rules_parser *, struct rule *,
		    const struct rules_token *);
static int	parser_direction(struct rules_parser *, struct rule *,
		    const struct rules_token *);
static void	parser_addr(struct rules_parser *, struct rules_addr *,
		    const struct rules_token *);
static void	parser_port(struct rules_parser *, struct rules_port *,
		    const struct rules_token *);
static void	parser_options(struct rules_parser *, struct rule *,
		    struct rules_lexer *, bool *);
static void	parser_option(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	parser_seen_once(struct rules_parser *, const struct keyword *);
static bool	parser_seen(const struct rules_parser *, const char *);
static void	parser_finish(struct rules_parser *, struct rule *);

static void
parser_vdiag(struct rules_parser *p, enum diag_severity sev, size_t off,
    const char *tok, size_t toklen, const char *fmt, va_list ap)
{
	char msg[512], token[200];
	unsigned col = off > RULES_RULE_MAX ? 0 : (unsigned)off + 1;

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (toklen == 0)
		tok = NULL;
	if (tok != NULL) {
		if (toklen > sizeof(token) - 1)
			toklen = sizeof(token) - 1;
		memcpy(token, tok, toklen);
		token[toklen] = '\0';
	}
	diag_add(p->diags, sev, p->file, p->line, col,
	    tok != NULL ? token : NULL, "%s", msg);
}

void
rules_parser_error(struct rules_parser *p, size_t off, const char *tok,
    size_t toklen, const char *fmt, ...)
{
	va_list ap;

	p->nerrors++;
	if (p->nerrors > RULES_ERRORS_PER_RULE)
		return;
	if (p->nerrors == RULES_ERRORS_PER_RULE) {
		diag_add(p->diags, DIAG_ERROR, p->file, p->line, 0, NULL,
		    "too many errors in this rule; further ones not shown");
		return;
	}
	va_start(ap, fmt);
	parser_vdiag(p, DIAG_ERROR, off, tok, toklen, fmt, ap);
	va_end(ap);
}

void
rules_parser_unsupported(struct rules_parser *p, const char *what,
    size_t off, const char *tok, size_t toklen, const char *fmt, ...)
{
	va_list ap;

	if (p->unsupported)
		return;
	p->unsupported = true;
	snprintf(p->why, sizeof(p->why), "%s", what);
	va_start(ap, fmt);
	parser_vdiag(p, DIAG_WARNING, off, tok, toklen, fmt, ap);
	va_end(ap);
}

void
rules_parser_warning(struct rules_parser *p, size_t off, const char *tok,
    size_t toklen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	parser_vdiag(p, DIAG_WARNING, off, tok, toklen, fmt, ap);
	va_end(ap);
}

const struct rules_classes *
rules_parser_classes(const struct rules_parser *p)
{
	return p->classes;
}

const char *
rules_parser_file(const struct rules_parser *p)
{
	return p->file;
}

const struct rules_refs *
rules_parser_refs(const struct rules_parser *p)
{
	return p->refs;
}

void
rules_parser_nomem(struct rules_parser *p)
{
	rules_parser_error(p, RULES_PARSER_NOPOS, NULL, 0, "out of memory");
}

int
rules_parser_string(struct rules_parser *p, const struct rules_option *opt,
    char **out)
{
	const char *err;
	size_t err_at, len;
	char *s;

	*out = NULL;
	if ((s = malloc(opt->value_len + 1)) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (rules_lexer_unquote(opt->value, opt->value_len, s, &len, &err,
	    &err_at) == -1) {
		free(s);
		rules_parser_error(p, opt->value_off + err_at, opt->value,
		    opt->value_len, "invalid value for '%.*s': %s",
		    (int)opt->name_len, opt->name, err);
		return -1;
	}
	*out = s;
	return 0;
}

int
rules_parser_u32(struct rules_parser *p, const struct rules_option *opt,
    uint32_t min, uint32_t *out)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < opt->value_len && i < 11; i++) {
		char c = opt->value[i];

		if (c < '0' || c > '9')
			break;
		v = v * 10 + (uint64_t)(c - '0');
	}
	if (opt->value_len == 0 || i != opt->value_len || v < min ||
	    v > UINT32_MAX) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid %.*s '%.*s' (expected %u..%u)",
		    (int)opt->name_len, opt->name,
		    (int)(opt->value_len > 64 ? 64 : opt->value_len),
		    opt->value, min, UINT32_MAX);
		return -1;
	}
	*out = (uint32_t)v;
	return 0;
}

static int
parser_action(struct rules_parser *p, struct rule *r,
    const struct rules_token *t)
{
	for (size_t i = 0; i < QUELL_NITEMS(actions); i++) {
		if (strlen(actions[i].name) == t->len &&
		    strncmp(actions[i].name, t->s, t->len) == 0) {
			r->action = actions[i].action;
			return 0;
		}
	}
	rules_parser_error(p, t->off, t->s, t->len, "unknown action '%.*s'",
	    (int)(t->len > 64 ? 64 : t->len), t->s);
	return -1;
}

static int
parser_proto(struct rules_parser *p, struct rule *r,
    const struct rules_token *t)
{
	const struct rules_proto *pr;
	int n = (int)(t->len > 64 ? 64 : t->len);

	if ((pr = rules_proto_lookup(t->s, t->len)) == NULL) {
		rules_parser_error(p, t->off, t->s, t->len,
		    "unknown protocol '%.*s'", n, t->s);
		return -1;
	}
	if ((pr->kind == RULES_PROTO_APP && pr->alproto == 0) || pr->kind ==
	    RULES_PROTO_UNSUPPORTED) {
		char what[RULES_UNSUPPORTED_MAX];

		snprintf(what, sizeof(what), "protocol %s", pr->name);
		rules_parser_unsupported(p, what, t->off, t->s, t->len,
		    "%sprotocol '%s' not supported yet",
		    pr->kind == RULES_PROTO_APP ? "app-layer " : "", pr->name);
		return 0;
	}
	r->ip_versions = pr->ip_versions;
	r->alproto = pr->alproto;
	if (t->len > 4 && strncasecmp(t->s + t->len - 4, "-pkt", 4) == 0)
		r->flags |= RULE_F_PKT_ONLY;
	r->flags |= pr->rule_flags;
	for (size_t i = 0; i < QUELL_NITEMS(pr->ipproto); i++) {
		if (pr->ipproto[i] == RULES_PROTO_ANY)
			memset(r->protos, 0xff, sizeof(r->protos));
		else if (pr->ipproto[i] >= 0 && pr->ipproto[i] <= 255)
			r->protos[pr->ipproto[i] / 8] |=
			    (uint8_t)(1u << (pr->ipproto[i] % 8));
	}
	return 0;
}

static int
parser_direction(struct rules_parser *p, struct rule *r,
    const struct rules_token *t)
{
	if (t->len == 2 && strncmp(t->s, "->", 2) == 0)
		return 0;
	if (t->len == 2 && strncmp(t->s, "<>", 2) == 0) {
		r->bidir = true;
		return 0;
	}
	rules_parser_error(p, t->off, t->s, t->len,
	    "invalid direction '%.*s': expected '->' or '<>'",
	    (int)(t->len > 64 ? 64 : t->len), t->s);
	return -1;
}

static void
parser_addr(struct rules_parser *p, struct rules_addr *a,
    const struct rules_token *t)
{
	struct rules_list_error err;

	if (rules_addr_parse(a, t->s, t->len, t->off, p->vars, &err) == -1)
		rules_parser_error(p, err.off, err.token, strlen(err.token),
		    "%s", err.msg);
}

static void
parser_port(struct rules_parser *p, struct rules_port *port,
    const struct rules_token *t)
{
	struct rules_list_error err;

	if (rules_port_parse(port, t->s, t->len, t->off, p->vars, &err) == -1)
		rules_parser_error(p, err.off, err.token, strlen(err.token),
		    "%s", err.msg);
}

/* true the first time a KEYWORD_ONCE keyword is seen in the rule */
static bool
parser_seen_once(struct rules_parser *p, const struct keyword *kw)
{
	for (size_t i = 0; i < p->nonce; i++)
		if (p->once[i] == kw)
			return false;
	if (p->nonce == p->once_cap) {
		size_t ncap = p->once_cap ? p->once_cap * 2 : 8;
		const struct keyword **n = realloc(p->once,
		    ncap * sizeof(*n));

		if (n == NULL)
			return true;	/* the check is lost, not the rule */
		p->once = n;
		p->once_cap = ncap;
	}
	p->once[p->nonce++] = kw;
	return true;
}

/* Whether the rule had an option of the KEYWORD_ONCE keyword name. */
static bool
parser_seen(const struct rules_parser *p, const char *name)
{
	for (size_t i = 0; i < p->nonce; i++)
		if (strcmp(p->once[i]->name, name) == 0)
			return true;
	return false;
}

static void
parser_option(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	const struct keyword *kw;
	int n = (int)(opt->name_len > 64 ? 64 : opt->name_len);

	kw = detect_keywords_registry_lookup(opt->name, opt->name_len);
	if (kw == NULL) {
		char what[RULES_UNSUPPORTED_MAX];

		snprintf(what, sizeof(what), "%.*s", n, opt->name);
		for (char *c = what; *c != '\0'; c++)
			if (*c >= 'A' && *c <= 'Z')
				*c = (char)(*c - 'A' + 'a');
		rules_parser_unsupported(p, what, opt->name_off, opt->name,
		    opt->name_len, "unsupported keyword '%.*s'", n, opt->name);
		return;
	}
	if ((kw->flags & KEYWORD_VALUE_NONE) && opt->has_value) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "option '%s' takes no value", kw->name);
		return;
	}
	if ((kw->flags & KEYWORD_VALUE_REQUIRED) &&
	    (!opt->has_value || opt->value_len == 0)) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "option '%s' needs a value", kw->name);
		return;
	}
	if ((kw->flags & KEYWORD_ONCE) && !parser_seen_once(p, kw)) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "option '%s' given more than once", kw->name);
		return;
	}
	kw->setup(p, r, opt);
}

static void
parser_options(struct rules_parser *p, struct rule *r,
    struct rules_lexer *lx, bool *complete)
{
	struct rules_option opt;
	int rc;

	*complete = false;
	while ((rc = rules_lexer_option(lx, &opt)) == 1)
		parser_option(p, r, &opt);
	if (rc == -1) {
		rules_parser_error(p, lx->err_off, lx->text + lx->err_off,
		    lx->err_len, "%s", lx->err);
		return;
	}
	*complete = true;
}

/* What needs the whole rule: defaults that depend on other options. */
static void
parser_finish(struct rules_parser *p, struct rule *r)
{
	const struct rules_class *c = NULL;

	if (r->classtype != NULL && p->classes != NULL)
		c = rules_classes_lookup(p->classes, r->classtype,
		    strlen(r->classtype));
	if (r->priority == 0)
		r->priority = c != NULL ? c->priority : RULE_PRIORITY_DEFAULT;
}

enum rules_parse_result
rules_parser_parse(const char *file, unsigned line, const char *text,
    size_t len, const struct rules_parse_env *env, struct diag_list *diags,
    struct rule **out, char *why)
{
	struct rules_parser p;
	struct rules_lexer lx;
	struct rules_token tok[HDR_FIELDS + 1];
	struct rule *r;
	size_t ntok = 0;
	bool complete = false;
	enum rules_parse_result res;

	*out = NULL;
	memset(&p, 0, sizeof(p));
	p.diags = diags;
	p.file = file;
	p.line = line;
	if (env != NULL) {
		p.vars = env->vars;
		p.classes = env->classes;
		p.refs = env->refs;
	}
	if (why != NULL)
		why[0] = '\0';
	if ((r = rules_rule_new()) == NULL) {
		rules_parser_nomem(&p);
		return RULES_PARSE_FAILED;
	}

	rules_lexer_init(&lx, text, len);
	while (ntok < QUELL_NITEMS(tok) && rules_lexer_header_token(&lx,
	    &tok[ntok]))
		ntok++;
	if (ntok == 0) {
		rules_parser_error(&p, lx.pos, text + lx.pos, 1,
		    "missing rule header before '('");
		goto done;
	}
	if (parser_action(&p, r, &tok[HDR_ACTION]) == -1)
		goto done;
	if (ntok < HDR_FIELDS) {
		const struct rules_token *last = &tok[ntok - 1];

		rules_parser_error(&p, last->off + last->len, NULL, 0,
		    "incomplete rule header: expected 'action proto src_addr "
		    "src_port direction dst_addr dst_port (options)'");
		goto done;
	}
	if (ntok > HDR_FIELDS) {
		const struct rules_token *extra = &tok[HDR_FIELDS];

		rules_parser_error(&p, extra->off, extra->s, extra->len,
		    "unexpected '%.*s' after the rule header",
		    (int)(extra->len > 64 ? 64 : extra->len), extra->s);
		goto done;
	}
	parser_proto(&p, r, &tok[HDR_PROTO]);
	parser_addr(&p, &r->src, &tok[HDR_SRC]);
	parser_port(&p, &r->sport, &tok[HDR_SPORT]);
	parser_direction(&p, r, &tok[HDR_DIR]);
	parser_addr(&p, &r->dst, &tok[HDR_DST]);
	parser_port(&p, &r->dport, &tok[HDR_DPORT]);

	if (rules_lexer_begin_options(&lx) == -1) {
		rules_parser_error(&p, lx.err_off, lx.text + lx.err_off,
		    lx.err_len, "%s", lx.err);
		goto done;
	}
	parser_options(&p, r, &lx, &complete);
	/* a sid option with a bad value was reported already */
	if (complete && !r->has_sid && !parser_seen(&p, "sid"))
		rules_parser_error(&p, RULES_PARSER_NOPOS, NULL, 0,
		    "missing required option 'sid'");
	if (complete)
		parser_finish(&p, r);
done:
	if (p.nerrors == 0 && !p.unsupported &&
	    (r->file = strdup(file != NULL ? file : "")) == NULL)
		rules_parser_nomem(&p);
	r->line = line;
	free(p.once);
	if (p.nerrors > 0)
		res = RULES_PARSE_FAILED;
	else if (p.unsupported) {
		res = RULES_PARSE_UNSUPPORTED;
		if (why != NULL)
			snprintf(why, RULES_UNSUPPORTED_MAX, "%s", p.why);
	}
	else {
		*out = r;
		return RULES_PARSE_OK;
	}
	rules_rule_free(r);
	return res;
}
