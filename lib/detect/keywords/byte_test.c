#include "core/base.h"

#include "detect/bytes.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

enum byte_test_op { BT_LT, BT_GT, BT_EQ, BT_LE, BT_GE, BT_AND, BT_XOR };

struct byte_test {
	struct detect_bytes bytes;
	enum byte_test_op op;
	bool		 negated;
	struct detect_value value;
	struct detect_value offset;
};

static int	byte_test_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static int	byte_test_inspect(struct detect_inspect *, const void *,
		    uint32_t *);
static bool	byte_test_op(const struct kwparse_arg *, struct byte_test *);

/* The cursor does not move; & and ^ match when the result is not 0. */
const struct keyword kw_byte_test = {
	.name = "byte_test",
	.desc = "compare bytes read from the buffer: n,[!]op,value,offset"
	    "[,relative][,big|little][,string,hex|dec|oct][,bitmask m]",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = byte_test_setup,
	.inspect = byte_test_inspect,
	.free = free,
};

static bool
byte_test_op(const struct kwparse_arg *a, struct byte_test *t)
{
	static const struct {
		const char	*s;
		enum byte_test_op op;
	} ops[] = {
		{ "<", BT_LT }, { ">", BT_GT }, { "=", BT_EQ },
		{ "<=", BT_LE }, { ">=", BT_GE }, { "&", BT_AND },
		{ "^", BT_XOR },
	};
	struct kwparse_arg op = *a;

	if (op.len > 0 && op.s[0] == '!') {
		t->negated = true;
		op.s++;
		op.len--;
	}
	if (kwparse_is(&op, "!=") || (t->negated && kwparse_is(&op, ""))) {
		/* "!" alone, as "!=": not equal */
		t->negated = true;
		t->op = BT_EQ;
		return true;
	}
	for (size_t i = 0; i < QUELL_NITEMS(ops); i++) {
		if (kwparse_is(&op, ops[i].s)) {
			t->op = ops[i].op;
			return true;
		}
	}
	return false;
}

static int
byte_test_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg args[12];
	struct byte_test *t;
	struct rule_match *m;
	int n, rc;

	if ((n = kwparse_split(p, opt, ',', args, QUELL_NITEMS(args))) == -1)
		return -1;
	if (n < 4) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "byte_test needs at least 'bytes,operator,"
		    "value,offset'");
		return -1;
	}
	if ((t = calloc(1, sizeof(*t))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (!detect_bytes_count(p, &args[0], &t->bytes, "byte_test"))
		goto fail;
	if (!byte_test_op(&args[1], t)) {
		kwparse_error(p, &args[1], "invalid byte_test operator '%.*s' "
		    "(expected [!] and <, >, =, <=, >=, & or ^)",
		    (int)(args[1].len > 16 ? 16 : args[1].len), args[1].s);
		goto fail;
	}
	if (kwparse_value(p, r, &args[2], "byte_test value", 0, INT64_MAX,
	    &t->value) == -1 || kwparse_value(p, r, &args[3],
	    "byte_test offset", -65535, 65535, &t->offset) == -1)
		goto fail;
	for (int i = 4; i < n; i++) {
		if ((rc = detect_bytes_option(p, &args[i], &t->bytes,
		    "byte_test")) == -1)
			goto fail;
		if (rc == 0) {
			kwparse_error(p, &args[i], "unknown byte_test option "
			    "'%.*s'", (int)(args[i].len > 32 ? 32 :
			    args[i].len), args[i].s);
			goto fail;
		}
	}
	if (detect_bytes_finish(p, opt, &t->bytes, "byte_test") == -1)
		goto fail;
	if ((m = rules_rule_add_match(r, &kw_byte_test, RULE_LIST_BUFFER,
	    t)) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (t->bytes.relative)
		m->flags |= RULE_MATCH_RELATIVE;
	return 0;
fail:
	free(t);
	return -1;
}

static int
byte_test_inspect(struct detect_inspect *in, const void *data,
    uint32_t *resume)
{
	const struct byte_test *t = data;
	int64_t pos = detect_value_get(&t->offset, in);
	uint64_t v, want = (uint64_t)detect_value_get(&t->value, in);
	bool ok = false;

	*resume = 0;
	if (t->bytes.relative)
		pos += in->cursor;
	if (!detect_bytes_extract(&t->bytes, in->buf, in->buf_len, pos, &v))
		return DETECT_INSPECT_NOMATCH;
	switch (t->op) {
	case BT_LT:
		ok = v < want;
		break;
	case BT_GT:
		ok = v > want;
		break;
	case BT_EQ:
		ok = v == want;
		break;
	case BT_LE:
		ok = v <= want;
		break;
	case BT_GE:
		ok = v >= want;
		break;
	case BT_AND:
		ok = (v & want) != 0;
		break;
	case BT_XOR:
		ok = (v ^ want) != 0;
		break;
	}
	return ok != t->negated ? DETECT_INSPECT_MATCH :
	    DETECT_INSPECT_NOMATCH;
}
