#include "core/base.h"

#include "detect/bytes.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

struct byte_extract {
	struct detect_bytes bytes;
	int64_t		 offset;
	int64_t		 multiplier;
	int64_t		 align;		/* 0, 2 or 4 */
	uint8_t		 var;
};

static int	byte_extract_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static int	byte_extract_inspect(struct detect_inspect *, const void *,
		    uint32_t *);
static int	byte_extract_option(struct rules_parser *,
		    const struct kwparse_arg *, struct byte_extract *);
static bool	byte_extract_name_ok(const struct kwparse_arg *);

/* Stores the value read in a variable of the rule, which the keywords
 * after it (content modifiers, byte_test, byte_jump, isdataat) may use
 * in place of a number; the cursor moves past the bytes read. */
const struct keyword kw_byte_extract = {
	.name = "byte_extract",
	.desc = "read bytes into a variable: n,offset,name[,relative]"
	    "[,multiplier m][,align 2|4][,big|little][,string,hex|dec|oct]",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = byte_extract_setup,
	.inspect = byte_extract_inspect,
	.free = free,
};

static bool
byte_extract_name_ok(const struct kwparse_arg *a)
{
	if (a->len == 0 || a->len > 32 || (a->s[0] >= '0' && a->s[0] <= '9'))
		return false;
	for (size_t i = 0; i < a->len; i++) {
		char c = a->s[i];

		if (!(c == '_' || (c >= 'a' && c <= 'z') ||
		    (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
			return false;
	}
	return true;
}

static int
byte_extract_option(struct rules_parser *p, const struct kwparse_arg *a,
    struct byte_extract *e)
{
	struct kwparse_arg word, rest;

	kwparse_word(a, &word, &rest);
	if (kwparse_is(&word, "multiplier")) {
		if (!kwparse_i64(rest.s, rest.len, 1, 65535, &e->multiplier)) {
			kwparse_error(p, a, "invalid byte_extract multiplier "
			    "'%.*s' (expected 1..65535)",
			    (int)(rest.len > 32 ? 32 : rest.len), rest.s);
			return -1;
		}
	} else if (kwparse_is(&word, "align")) {
		if (!kwparse_i64(rest.s, rest.len, 2, 4, &e->align) ||
		    e->align == 3) {
			kwparse_error(p, a, "invalid byte_extract align '%.*s' "
			    "(expected 2 or 4)",
			    (int)(rest.len > 32 ? 32 : rest.len), rest.s);
			return -1;
		}
	} else
		return detect_bytes_option(p, a, &e->bytes, "byte_extract");
	return 1;
}

static int
byte_extract_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg args[12];
	struct byte_extract *e;
	struct rule_match *m;
	int n, rc;

	if ((n = kwparse_split(p, opt, ',', args, QUELL_NITEMS(args))) == -1)
		return -1;
	if (n < 3) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "byte_extract needs at least 'bytes,"
		    "offset,name'");
		return -1;
	}
	if ((e = calloc(1, sizeof(*e))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	e->multiplier = 1;
	if (!detect_bytes_count(p, &args[0], &e->bytes, "byte_extract"))
		goto fail;
	if (!kwparse_i64(args[1].s, args[1].len, -65535, 65535, &e->offset)) {
		kwparse_error(p, &args[1], "invalid byte_extract offset '%.*s' "
		    "(expected -65535..65535)", (int)(args[1].len > 32 ? 32 :
		    args[1].len), args[1].s);
		goto fail;
	}
	if (!byte_extract_name_ok(&args[2])) {
		kwparse_error(p, &args[2], "invalid byte_extract variable name "
		    "'%.*s'", (int)(args[2].len > 32 ? 32 : args[2].len),
		    args[2].s);
		goto fail;
	}
	if (rules_rule_byte_var(r, args[2].s, args[2].len) != -1) {
		kwparse_error(p, &args[2], "byte_extract variable '%.*s' "
		    "defined twice", (int)args[2].len, args[2].s);
		goto fail;
	}
	if (r->nbyte_vars == RULE_BYTE_VARS_MAX) {
		kwparse_error(p, &args[2], "more than %d byte_extract "
		    "variables in one rule", RULE_BYTE_VARS_MAX);
		goto fail;
	}
	for (int i = 3; i < n; i++) {
		if ((rc = byte_extract_option(p, &args[i], e)) == -1)
			goto fail;
		if (rc == 0) {
			kwparse_error(p, &args[i], "unknown byte_extract "
			    "option '%.*s'", (int)(args[i].len > 32 ? 32 :
			    args[i].len), args[i].s);
			goto fail;
		}
	}
	if (detect_bytes_finish(p, opt, &e->bytes, "byte_extract") == -1)
		goto fail;
	if ((r->byte_vars[r->nbyte_vars] = strndup(args[2].s,
	    args[2].len)) == NULL) {
		rules_parser_nomem(p);
		goto fail;
	}
	e->var = r->nbyte_vars++;
	if ((m = rules_rule_add_match(r, &kw_byte_extract, RULE_LIST_BUFFER,
	    e)) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (e->bytes.relative)
		m->flags |= RULE_MATCH_RELATIVE;
	return 0;
fail:
	free(e);
	return -1;
}

static int
byte_extract_inspect(struct detect_inspect *in, const void *data,
    uint32_t *resume)
{
	const struct byte_extract *e = data;
	int64_t pos = e->offset;
	uint64_t v;
	uint32_t used;

	*resume = 0;
	if (e->bytes.relative)
		pos += in->cursor;
	if (!detect_bytes_read(&e->bytes, in->buf, in->buf_len, pos, &v,
	    &used))
		return DETECT_INSPECT_NOMATCH;
	if (v > UINT32_MAX)
		return DETECT_INSPECT_NOMATCH;
	v *= (uint64_t)e->multiplier;
	if (e->align != 0 && v % (uint64_t)e->align != 0)
		v += (uint64_t)e->align - v % (uint64_t)e->align;
	in->vars[e->var] = v;
	in->cursor = (uint32_t)(pos + used);
	return DETECT_INSPECT_MATCH;
}
