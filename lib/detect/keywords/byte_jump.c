#include "core/base.h"

#include "detect/bytes.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

struct byte_jump {
	struct detect_bytes bytes;
	struct detect_value offset;
	int64_t		 multiplier;
	int64_t		 post_offset;
	bool		 align;
	bool		 from_beginning;
	bool		 from_end;
};

static int	byte_jump_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static int	byte_jump_inspect(struct detect_inspect *, const void *,
		    uint32_t *);
static int	byte_jump_option(struct rules_parser *,
		    const struct kwparse_arg *, struct byte_jump *);

/* Moves the cursor by the value read, as Suricata 7: from after the
 * bytes read (or from the start, or the end, of the buffer), times
 * multiplier, rounded up to 4 with align, plus post_offset. A jump
 * before the start lands on the start; past the end does not match. */
const struct keyword kw_byte_jump = {
	.name = "byte_jump",
	.desc = "move the cursor by bytes read: n,offset[,relative]"
	    "[,multiplier m][,align][,from_beginning|from_end]"
	    "[,post_offset o][,big|little][,string,hex|dec|oct]",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = byte_jump_setup,
	.inspect = byte_jump_inspect,
	.free = free,
};

static int
byte_jump_option(struct rules_parser *p, const struct kwparse_arg *a,
    struct byte_jump *j)
{
	struct kwparse_arg word, rest;

	kwparse_word(a, &word, &rest);
	if (kwparse_is(a, "align"))
		j->align = true;
	else if (kwparse_is(a, "from_beginning"))
		j->from_beginning = true;
	else if (kwparse_is(a, "from_end"))
		j->from_end = true;
	else if (kwparse_is(&word, "multiplier")) {
		if (!kwparse_i64(rest.s, rest.len, 1, 65535, &j->multiplier)) {
			kwparse_error(p, a, "invalid byte_jump multiplier "
			    "'%.*s' (expected 1..65535)",
			    (int)(rest.len > 32 ? 32 : rest.len), rest.s);
			return -1;
		}
	} else if (kwparse_is(&word, "post_offset")) {
		if (!kwparse_i64(rest.s, rest.len, -65535, 65535,
		    &j->post_offset)) {
			kwparse_error(p, a, "invalid byte_jump post_offset "
			    "'%.*s' (expected -65535..65535)",
			    (int)(rest.len > 32 ? 32 : rest.len), rest.s);
			return -1;
		}
	} else
		return detect_bytes_option(p, a, &j->bytes, "byte_jump");
	return 1;
}

static int
byte_jump_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg args[14];
	struct byte_jump *j;
	struct rule_match *m;
	int n, rc;

	if ((n = kwparse_split(p, opt, ',', args, QUELL_NITEMS(args))) == -1)
		return -1;
	if (n < 2) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "byte_jump needs at least 'bytes,offset'");
		return -1;
	}
	if ((j = calloc(1, sizeof(*j))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	j->multiplier = 1;
	if (!detect_bytes_count(p, &args[0], &j->bytes, "byte_jump") ||
	    kwparse_value(p, r, &args[1], "byte_jump offset", -65535, 65535,
	    &j->offset) == -1)
		goto fail;
	for (int i = 2; i < n; i++) {
		if ((rc = byte_jump_option(p, &args[i], j)) == -1)
			goto fail;
		if (rc == 0) {
			kwparse_error(p, &args[i], "unknown byte_jump option "
			    "'%.*s'", (int)(args[i].len > 32 ? 32 :
			    args[i].len), args[i].s);
			goto fail;
		}
	}
	if (j->from_beginning && j->from_end) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "byte_jump: from_beginning and from_end "
		    "exclude each other");
		goto fail;
	}
	if (detect_bytes_finish(p, opt, &j->bytes, "byte_jump") == -1)
		goto fail;
	if ((m = rules_rule_add_match(r, &kw_byte_jump, RULE_LIST_BUFFER,
	    j)) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (j->bytes.relative)
		m->flags |= RULE_MATCH_RELATIVE;
	return 0;
fail:
	free(j);
	return -1;
}

static int
byte_jump_inspect(struct detect_inspect *in, const void *data,
    uint32_t *resume)
{
	const struct byte_jump *j = data;
	int64_t pos = detect_value_get(&j->offset, in), to;
	uint64_t v = 0;
	uint32_t used = 0;

	*resume = 0;
	if (j->bytes.relative)
		pos += in->cursor;
	/* A jump of 0 bytes without string reads nothing: only its position
	 * must be in the buffer (also at its end), as in Suricata. */
	if (j->bytes.nbytes == 0 && !j->bytes.string) {
		if (pos < 0 || pos > in->buf_len)
			return DETECT_INSPECT_NOMATCH;
	} else if (!detect_bytes_read(&j->bytes, in->buf, in->buf_len, pos,
	    &v, &used))
		return DETECT_INSPECT_NOMATCH;
	if (v > UINT32_MAX)
		return DETECT_INSPECT_NOMATCH;
	v *= (uint64_t)j->multiplier;
	if (j->align && v % 4 != 0)
		v += 4 - v % 4;
	if (j->from_beginning)
		to = (int64_t)v;
	else if (j->from_end)
		to = (int64_t)in->buf_len + (int64_t)v;
	else
		to = pos + used + (int64_t)v;
	to += j->post_offset;
	if (to < 0)
		to = 0;
	if (to > in->buf_len)
		return DETECT_INSPECT_NOMATCH;
	in->cursor = (uint32_t)to;
	return DETECT_INSPECT_MATCH;
}
