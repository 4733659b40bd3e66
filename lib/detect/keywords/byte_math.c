#include "core/base.h"

#include "detect/bytes.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

enum byte_math_oper { BM_ADD, BM_SUB, BM_MUL, BM_DIV, BM_SHL, BM_SHR };

struct byte_math {
	struct detect_bytes bytes;	/* nbytes unused when nbytes_var */
	int8_t		 nbytes_var;	/* bytes from a variable, or -1 */
	int64_t		 offset;
	enum byte_math_oper oper;
	struct detect_value rvalue;
	uint8_t		 var;		/* result */
};

static int	byte_math_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static int	byte_math_inspect(struct detect_inspect *, const void *,
		    uint32_t *);
static bool	byte_math_name_ok(const struct kwparse_arg *);

/* Suricata's byte_math: reads bytes (1..10, or a variable's value) at
 * offset (relative: from the cursor; negative allowed), masks them,
 * applies oper with rvalue (a number or a variable) and stores the
 * result in a new variable for the keywords after it; the cursor moves
 * past the bytes read. Division by 0 does not match; << by 64 or more
 * gives 0; + - * wrap at 64 bits, as in Suricata. */
const struct keyword kw_byte_math = {
	.name = "byte_math",
	.desc = "compute with bytes read: bytes n|var, offset o, oper "
	    "+|-|*|/|<<|>>, rvalue v|var, result name[, relative]"
	    "[, endian big|little][, string hex|dec|oct][, bitmask m]",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = byte_math_setup,
	.inspect = byte_math_inspect,
	.free = free,
};

static bool
byte_math_name_ok(const struct kwparse_arg *a)
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
byte_math_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	static const char *const opers[] = { "+", "-", "*", "/", "<<", ">>" };
	struct kwparse_arg args[12], word, rest, result = { NULL, 0, 0 };
	struct byte_math *m;
	struct rule_match *rm;
	unsigned seen = 0;
	int64_t v;
	size_t k;
	int n;

	if ((n = kwparse_split(p, opt, ',', args, QUELL_NITEMS(args))) == -1)
		return -1;
	if ((m = calloc(1, sizeof(*m))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	m->nbytes_var = -1;
	for (int i = 0; i < n; i++) {
		kwparse_word(&args[i], &word, &rest);
		if (kwparse_is(&word, "bytes") && rest.len > 0) {
			if (kwparse_i64(rest.s, rest.len, 1, 10, &v))
				m->bytes.nbytes = (uint8_t)v;
			else if ((m->nbytes_var = (int8_t)rules_rule_byte_var(r,
			    rest.s, rest.len)) == -1)
				goto bad;
			seen |= 1;
		} else if (kwparse_is(&word, "offset") &&
		    kwparse_i64(rest.s, rest.len, -65535, 65535, &m->offset))
			seen |= 2;
		else if (kwparse_is(&word, "oper")) {
			for (k = 0; k < QUELL_NITEMS(opers) &&
			    !kwparse_is(&rest, opers[k]); k++)
				;
			if (k == QUELL_NITEMS(opers))
				goto bad;
			m->oper = (enum byte_math_oper)k;
			seen |= 4;
		} else if (kwparse_is(&word, "rvalue") && rest.len > 0) {
			if (kwparse_value(p, r, &rest, "byte_math rvalue", 0,
			    UINT32_MAX, &m->rvalue) == -1)
				goto fail;
			seen |= 8;
		} else if (kwparse_is(&word, "result") &&
		    byte_math_name_ok(&rest)) {
			result = rest;
			seen |= 16;
		} else if (kwparse_is(&args[i], "relative"))
			m->bytes.relative = true;
		else if (kwparse_is(&word, "endian") &&
		    (kwparse_is(&rest, "big") || kwparse_is(&rest, "little")))
			m->bytes.little = kwparse_is(&rest, "little");
		else if (kwparse_is(&word, "endian") &&
		    kwparse_is(&rest, "dce")) {
			rules_parser_unsupported(p, "byte_math dce", rest.off,
			    rest.s, rest.len, "byte_math endian dce needs the "
			    "DCERPC parser");
			goto fail;
		} else if (kwparse_is(&word, "string") &&
		    (kwparse_is(&rest, "hex") || kwparse_is(&rest, "dec") ||
		    kwparse_is(&rest, "oct"))) {
			m->bytes.string = true;
			m->bytes.base = kwparse_is(&rest, "hex") ? 16 :
			    kwparse_is(&rest, "dec") ? 10 : 8;
		} else if (kwparse_is(&word, "bitmask")) {
			if (detect_bytes_option(p, &args[i], &m->bytes,
			    "byte_math") != 1)
				goto fail;
		} else
			goto bad;
		continue;
bad:
		kwparse_error(p, &args[i], "invalid byte_math option '%.*s'",
		    (int)(args[i].len > 48 ? 48 : args[i].len), args[i].s);
		goto fail;
	}
	if (seen != 31) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "byte_math needs bytes, offset, oper, "
		    "rvalue and result");
		goto fail;
	}
	if (!m->bytes.string && m->nbytes_var == -1 && m->bytes.nbytes > 8) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "byte_math: at most 8 bytes without "
		    "string");
		goto fail;
	}
	if (rules_rule_byte_var(r, result.s, result.len) != -1) {
		kwparse_error(p, &result, "byte_math result '%.*s' defined "
		    "twice", (int)result.len, result.s);
		goto fail;
	}
	if (r->nbyte_vars == RULE_BYTE_VARS_MAX) {
		kwparse_error(p, &result, "more than %d byte_extract and "
		    "byte_math variables in one rule", RULE_BYTE_VARS_MAX);
		goto fail;
	}
	if ((r->byte_vars[r->nbyte_vars] = strndup(result.s, result.len)) ==
	    NULL) {
		rules_parser_nomem(p);
		goto fail;
	}
	m->var = r->nbyte_vars++;
	if ((rm = rules_rule_add_match(r, &kw_byte_math, RULE_LIST_BUFFER,
	    m)) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (m->bytes.relative)
		rm->flags |= RULE_MATCH_RELATIVE;
	return 0;
fail:
	free(m);
	return -1;
}

static int
byte_math_inspect(struct detect_inspect *in, const void *data,
    uint32_t *resume)
{
	const struct byte_math *m = data;
	struct detect_bytes b = m->bytes;
	int64_t pos = m->offset;
	uint64_t v, rv = (uint64_t)detect_value_get(&m->rvalue, in);
	uint32_t used;

	*resume = 0;
	if (m->nbytes_var >= 0) {
		uint64_t nb = in->vars[m->nbytes_var];

		if (nb == 0 || nb > (b.string ? DETECT_BYTES_STRING_MAX : 8))
			return DETECT_INSPECT_NOMATCH;
		b.nbytes = (uint8_t)nb;
	}
	if (b.relative)
		pos += in->cursor;
	if (!detect_bytes_read(&b, in->buf, in->buf_len, pos, &v, &used))
		return DETECT_INSPECT_NOMATCH;
	switch (m->oper) {
	case BM_ADD:
		v += rv;
		break;
	case BM_SUB:
		v -= rv;
		break;
	case BM_MUL:
		v *= rv;
		break;
	case BM_DIV:
		if (rv == 0)
			return DETECT_INSPECT_NOMATCH;
		v /= rv;
		break;
	case BM_SHL:
		v = rv < 64 ? v << rv : 0;
		break;
	case BM_SHR:
		v = rv < 64 ? v >> rv : 0;
		break;
	}
	in->vars[m->var] = v;
	in->cursor = (uint32_t)(pos + used);
	return DETECT_INSPECT_MATCH;
}
