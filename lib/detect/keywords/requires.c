#include "core/base.h"

#include <stdio.h>

#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* The Suricata release whose rule language quell follows, for
 * "requires: version": every 7.0.x, nothing later. */
#define REQUIRES_MAJOR	7
#define REQUIRES_MINOR	0
#define REQUIRES_PATCH	99

static int	requires_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	requires_version(const struct kwparse_arg *, bool *);

/* Suricata's requires: "feature NAME" and "version OP X[.Y[.Z]]" (OP
 * one of < <= > >= =; two clauses joined by a blank are both needed),
 * joined by commas. A rule whose requirements quell does not meet is
 * skipped as unsupported (Suricata skips it too, without an error): quell
 * counts as Suricata 7.0 and has no optional features. */
const struct keyword kw_requires = {
	.name = "requires",
	.desc = "feature NAME, version OP X.Y.Z: skip the rule unless met",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = requires_setup,
};

/* "OP X.Y.Z [OP X.Y.Z]": *met set; false when malformed. */
static bool
requires_version(const struct kwparse_arg *a, bool *met)
{
	const char *s = a->s, *end = a->s + a->len;

	*met = true;
	while (s < end) {
		long v[3] = { 0, 0, 0 };
		long have, want;
		char op[3] = "";
		int n = 0, k;

		while (s < end && rules_lexer_is_blank(*s))
			s++;
		for (k = 0; s < end && k < 2 && strchr("<>=", *s) != NULL;
		    k++)
			op[k] = *s++;
		op[k] = '\0';
		if (k == 0)
			return false;
		while (s < end && rules_lexer_is_blank(*s))
			s++;
		while (n < 3 && s < end && *s >= '0' && *s <= '9') {
			while (s < end && *s >= '0' && *s <= '9')
				v[n] = v[n] * 10 + (*s++ - '0');
			n++;
			if (s < end && *s == '.')
				s++;
			else
				break;
		}
		if (n == 0 || v[0] > 100000 || v[1] > 100000 || v[2] > 100000)
			return false;
		have = (REQUIRES_MAJOR * 100000L + REQUIRES_MINOR) * 100000L +
		    REQUIRES_PATCH;
		want = (v[0] * 100000L + v[1]) * 100000L + v[2];
		if (strcmp(op, "<") == 0)
			*met &= have < want;
		else if (strcmp(op, "<=") == 0)
			*met &= have <= want;
		else if (strcmp(op, ">") == 0)
			*met &= have > want;
		else if (strcmp(op, ">=") == 0)
			*met &= have >= want;
		else if (strcmp(op, "=") == 0)
			*met &= v[0] == REQUIRES_MAJOR && (n < 2 ||
			    v[1] == REQUIRES_MINOR);
		else
			return false;
	}
	return true;
}

static int
requires_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg args[16], word, rest;
	int n;

	(void)r;
	if ((n = kwparse_split(p, opt, ',', args, QUELL_NITEMS(args))) == -1)
		return -1;
	for (int i = 0; i < n; i++) {
		bool met;

		kwparse_word(&args[i], &word, &rest);
		if (kwparse_is(&word, "feature") && rest.len > 0) {
			rules_parser_unsupported(p, "requires feature",
			    rest.off, rest.s, rest.len, "requires feature "
			    "'%.*s', which quell does not have",
			    (int)(rest.len > 32 ? 32 : rest.len), rest.s);
			return -1;
		}
		if (kwparse_is(&word, "version")) {
			if (!requires_version(&rest, &met))
				goto bad;
			if (!met) {
				rules_parser_unsupported(p, "requires version",
				    rest.off, rest.s, rest.len, "requires "
				    "Suricata version %.*s (quell follows 7.0)",
				    (int)(rest.len > 32 ? 32 : rest.len),
				    rest.s);
				return -1;
			}
			continue;
		}
bad:
		kwparse_error(p, &args[i], "invalid requires '%.*s' (expected "
		    "feature NAME or version OP X.Y.Z)",
		    (int)(args[i].len > 48 ? 48 : args[i].len), args[i].s);
		return -1;
	}
	return 0;
}
