#include "core/base.h"

#include <stdarg.h>
#include <stdio.h>

#include "rules/lexer.h"
#include "rules/list.h"
#include "rules/vars.h"

struct list_ctx {
	const struct rules_list_ops *ops;
	const struct rules_vars *vars;
	const char	*s;		/* text being parsed: field or var value */
	size_t		 len;
	size_t		 pos;
	size_t		 base;		/* rule offset of s when var is NULL */
	const char	*var;		/* outermost variable being expanded */
	size_t		 var_len;
	size_t		 var_off;	/* rule offset of its '$' */
	const char	*stack[RULES_LIST_DEPTH_MAX];	/* vars in expansion */
	size_t		 stack_len[RULES_LIST_DEPTH_MAX];
	unsigned	 nstack;
	unsigned	 depth;
	struct rules_list_error *err;	/* the first error wins */
};

static int	list_fail(struct list_ctx *, size_t, size_t, const char *, ...)
		    QUELL_PRINTF(4, 5);
static int	list_top(struct list_ctx *, struct rules_rangeset *);
static int	list_expr(struct list_ctx *, struct rules_rangeset *, bool *);
static int	list_atom(struct list_ctx *, struct rules_rangeset *);
static int	list_list(struct list_ctx *, struct rules_rangeset *);
static int	list_var(struct list_ctx *, struct rules_rangeset *);
static int	list_leaf(struct list_ctx *, struct rules_rangeset *);
static size_t	list_leaf_len(const struct list_ctx *, size_t);
static void	list_skip_blanks(struct list_ctx *);
static void	list_parts_init(const struct list_ctx *, struct rules_rangeset *);
static void	list_parts_free(const struct list_ctx *, struct rules_rangeset *);
static int	list_parts_full(const struct list_ctx *, struct rules_rangeset *);
static int	list_nomem(struct list_ctx *);

static int
list_fail(struct list_ctx *c, size_t at, size_t toklen, const char *fmt, ...)
{
	struct rules_list_error *e = c->err;
	va_list ap;
	int n;

	if (e->msg[0] != '\0')
		return -1;
	va_start(ap, fmt);
	n = vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	if (c->var != NULL && n >= 0 && (size_t)n < sizeof(e->msg))
		snprintf(e->msg + n, sizeof(e->msg) - n,
		    " (in variable '$%.*s')", (int)c->var_len, c->var);
	if (toklen > sizeof(e->token) - 1)
		toklen = sizeof(e->token) - 1;
	memcpy(e->token, c->s + at, toklen);
	e->token[toklen] = '\0';
	e->off = c->var != NULL ? c->var_off : c->base + at;
	return -1;
}

static int
list_nomem(struct list_ctx *c)
{
	return list_fail(c, c->pos, 0, "out of memory");
}

static void
list_skip_blanks(struct list_ctx *c)
{
	while (c->pos < c->len && rules_lexer_is_blank(c->s[c->pos]))
		c->pos++;
}

static void
list_parts_init(const struct list_ctx *c, struct rules_rangeset *parts)
{
	for (size_t i = 0; i < c->ops->nparts; i++)
		rules_rangeset_init(&parts[i]);
}

static void
list_parts_free(const struct list_ctx *c, struct rules_rangeset *parts)
{
	for (size_t i = 0; i < c->ops->nparts; i++)
		rules_rangeset_free(&parts[i]);
}

static int
list_parts_full(const struct list_ctx *c, struct rules_rangeset *parts)
{
	for (size_t i = 0; i < c->ops->nparts; i++)
		if (rules_rangeset_add(&parts[i], c->ops->min[i],
		    c->ops->max[i]) == -1)
			return -1;
	return 0;
}

/* Length of the leaf starting at pos: up to a blank or a list delimiter. */
static size_t
list_leaf_len(const struct list_ctx *c, size_t pos)
{
	size_t i = pos;

	while (i < c->len && !rules_lexer_is_blank(c->s[i]) &&
	    c->s[i] != ',' && c->s[i] != '[' && c->s[i] != ']')
		i++;
	return i - pos;
}

/* A whole field or variable value: one expression and nothing after it. */
static int
list_top(struct list_ctx *c, struct rules_rangeset *out)
{
	struct rules_rangeset tmp[RULES_LIST_PARTS_MAX];
	bool neg = false;

	list_parts_init(c, tmp);
	if (list_expr(c, tmp, &neg) == -1)
		goto fail;
	list_skip_blanks(c);
	if (c->pos < c->len) {
		if (c->s[c->pos] == ']')
			list_fail(c, c->pos, 1, "unexpected ']' in %s",
			    c->ops->what);
		else
			list_fail(c, c->pos, c->len - c->pos,
			    "unexpected text after %s", c->ops->what);
		goto fail;
	}
	for (size_t i = 0; i < c->ops->nparts; i++) {
		if (neg) {
			if (rules_rangeset_complement(&out[i], &tmp[i],
			    c->ops->min[i], c->ops->max[i]) == -1) {
				list_nomem(c);
				goto fail;
			}
		} else
			rules_rangeset_move(&out[i], &tmp[i]);
	}
	list_parts_free(c, tmp);
	return 0;
fail:
	list_parts_free(c, tmp);
	return -1;
}

static int
list_expr(struct list_ctx *c, struct rules_rangeset *out, bool *neg)
{
	list_skip_blanks(c);
	*neg = false;
	if (c->pos < c->len && c->s[c->pos] == '!') {
		*neg = true;
		c->err->negated = true;
		c->pos++;
		list_skip_blanks(c);
	}
	return list_atom(c, out);
}

static int
list_atom(struct list_ctx *c, struct rules_rangeset *out)
{
	if (c->pos < c->len && c->s[c->pos] == '[')
		return list_list(c, out);
	if (c->pos < c->len && c->s[c->pos] == '$')
		return list_var(c, out);
	return list_leaf(c, out);
}

static int
list_list(struct list_ctx *c, struct rules_rangeset *out)
{
	struct rules_rangeset pos[RULES_LIST_PARTS_MAX];
	struct rules_rangeset neg[RULES_LIST_PARTS_MAX];
	struct rules_rangeset item[RULES_LIST_PARTS_MAX];
	size_t open = c->pos;
	bool has_pos = false;

	if (c->depth >= RULES_LIST_DEPTH_MAX)
		return list_fail(c, open, c->len - open,
		    "%s list nested too deeply (limit %d)", c->ops->what,
		    RULES_LIST_DEPTH_MAX);
	c->depth++;
	c->pos++;
	list_parts_init(c, pos);
	list_parts_init(c, neg);
	list_parts_init(c, item);
	list_skip_blanks(c);
	if (c->pos < c->len && c->s[c->pos] == ']') {
		list_fail(c, open, c->pos + 1 - open, "empty %s list",
		    c->ops->what);
		goto fail;
	}
	for (;;) {
		bool item_neg;

		if (list_expr(c, item, &item_neg) == -1)
			goto fail;
		for (size_t i = 0; i < c->ops->nparts; i++) {
			if (rules_rangeset_append(item_neg ? &neg[i] : &pos[i],
			    &item[i]) == -1) {
				list_nomem(c);
				goto fail;
			}
			item[i].n = 0;
		}
		has_pos = has_pos || !item_neg;
		list_skip_blanks(c);
		if (c->pos == c->len) {
			list_fail(c, open, c->len - open,
			    "missing ']' in %s list", c->ops->what);
			goto fail;
		}
		if (c->s[c->pos] == ']') {
			c->pos++;
			break;
		}
		if (c->s[c->pos] != ',') {
			size_t n = list_leaf_len(c, c->pos);

			list_fail(c, c->pos, n ? n : 1,
			    "expected ',' or ']' in %s list", c->ops->what);
			goto fail;
		}
		c->pos++;
	}
	for (size_t i = 0; i < c->ops->nparts; i++) {
		rules_rangeset_normalize(&pos[i]);
		rules_rangeset_normalize(&neg[i]);
	}
	if (!has_pos && list_parts_full(c, pos) == -1) {
		list_nomem(c);
		goto fail;
	}
	for (size_t i = 0; i < c->ops->nparts; i++) {
		if (rules_rangeset_subtract(&pos[i], &neg[i], c->ops->min[i],
		    c->ops->max[i]) == -1 ||
		    rules_rangeset_union(&out[i], &pos[i]) == -1) {
			list_nomem(c);
			goto fail;
		}
	}
	c->depth--;
	list_parts_free(c, pos);
	list_parts_free(c, neg);
	list_parts_free(c, item);
	return 0;
fail:
	list_parts_free(c, pos);
	list_parts_free(c, neg);
	list_parts_free(c, item);
	return -1;
}

static int
list_var(struct list_ctx *c, struct rules_rangeset *out)
{
	struct list_ctx sub;
	struct rules_rangeset val[RULES_LIST_PARTS_MAX];
	size_t start = c->pos, nlen = 0;
	const char *name = c->s + c->pos + 1, *value;
	int rc;

	while (c->pos + 1 + nlen < c->len) {
		char ch = name[nlen];

		if (!(ch == '_' || (ch >= 'a' && ch <= 'z') ||
		    (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9')))
			break;
		nlen++;
	}
	if (nlen == 0)
		return list_fail(c, start, 1 + list_leaf_len(c, start + 1),
		    "invalid variable name");
	c->pos += 1 + nlen;
	if ((value = rules_vars_get(c->vars, name, nlen)) == NULL)
		return list_fail(c, start, 1 + nlen,
		    "unknown variable '$%.*s'", (int)nlen, name);
	for (unsigned i = 0; i < c->nstack; i++)
		if (c->stack_len[i] == nlen &&
		    memcmp(c->stack[i], name, nlen) == 0)
			return list_fail(c, start, 1 + nlen,
			    "variable '$%.*s' refers to itself", (int)nlen,
			    name);
	if (c->depth >= RULES_LIST_DEPTH_MAX)
		return list_fail(c, start, 1 + nlen,
		    "%s variables nested too deeply (limit %d)", c->ops->what,
		    RULES_LIST_DEPTH_MAX);

	sub = *c;
	sub.s = value;
	sub.len = strlen(value);
	sub.pos = 0;
	if (c->var == NULL) {
		sub.var = name;
		sub.var_len = nlen;
		sub.var_off = c->base + start;
	}
	sub.stack[sub.nstack] = name;
	sub.stack_len[sub.nstack] = nlen;
	sub.nstack++;
	sub.depth++;
	if (sub.len == 0)
		return list_fail(&sub, 0, 0, "empty %s", c->ops->what);

	list_parts_init(c, val);
	rc = list_top(&sub, val);
	for (size_t i = 0; rc == 0 && i < c->ops->nparts; i++) {
		if (rules_rangeset_union(&out[i], &val[i]) == -1)
			rc = list_nomem(c);
	}
	list_parts_free(c, val);
	return rc;
}

static int
list_leaf(struct list_ctx *c, struct rules_rangeset *out)
{
	char msg[200];
	size_t start = c->pos, n = list_leaf_len(c, c->pos);

	if (n == 0) {
		if (c->pos == c->len)
			return list_fail(c, start, 0, "expected %s",
			    c->ops->what);
		return list_fail(c, start, 1, "expected %s", c->ops->what);
	}
	c->pos += n;
	msg[0] = '\0';
	if (c->ops->leaf(c->s + start, n, out, msg, sizeof(msg)) == -1)
		return list_fail(c, start, n, "%s", msg);
	return 0;
}

int
rules_list_parse(const struct rules_list_ops *ops,
    const struct rules_vars *vars, const char *s, size_t len, size_t off,
    struct rules_rangeset *parts, struct rules_list_error *err)
{
	struct list_ctx c;
	bool empty = true;

	memset(&c, 0, sizeof(c));
	memset(err, 0, sizeof(*err));
	c.ops = ops;
	c.vars = vars;
	c.s = s;
	c.len = len;
	c.base = off;
	c.err = err;
	if (list_top(&c, parts) == -1)
		goto fail;
	for (size_t i = 0; i < ops->nparts; i++)
		empty = empty && parts[i].n == 0;
	if (empty) {
		list_fail(&c, 0, len, "%s '%.*s' matches nothing", ops->what,
		    (int)(len > 64 ? 64 : len), s);
		goto fail;
	}
	return 0;
fail:
	for (size_t i = 0; i < ops->nparts; i++)
		parts[i].n = 0;
	return -1;
}
