#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	metadata_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static int	metadata_add(struct rules_parser *, struct rule *,
		    const struct kwparse_arg *);

/* "key value, key value": kept in order for eve's alert.metadata, where
 * Suricata lists them as key: [values...]. A pair without a value is
 * kept with an empty one, as Suricata does; past RULE_META_MAX pairs
 * the rest are not kept. */
const struct keyword kw_metadata = {
	.name = "metadata",
	.desc = "'key value' pairs, logged with the alert",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = metadata_setup,
};

static int
metadata_add(struct rules_parser *p, struct rule *r,
    const struct kwparse_arg *a)
{
	struct kwparse_arg key, value;
	struct rule_meta *m;

	kwparse_word(a, &key, &value);
	if (key.len == 0)
		return 0;
	/* Past the cap the rest is not logged; the rule still loads. */
	if (r->nmeta == RULE_META_MAX)
		return 0;
	if ((m = realloc(r->meta, (r->nmeta + 1u) * sizeof(*m))) == NULL)
		goto nomem;
	r->meta = m;
	m = &r->meta[r->nmeta];
	m->key = strndup(key.s, key.len);
	m->value = strndup(value.s, value.len);
	if (m->key == NULL || m->value == NULL) {
		free(m->key);
		free(m->value);
		goto nomem;
	}
	r->nmeta++;
	return 0;
nomem:
	rules_parser_nomem(p);
	return -1;
}

static int
metadata_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg args[256];
	int n;

	if ((n = kwparse_split(p, opt, ',', args, QUELL_NITEMS(args))) == -1)
		return -1;
	for (int i = 0; i < n; i++)
		if (metadata_add(p, r, &args[i]) == -1)
			return -1;
	return 0;
}
