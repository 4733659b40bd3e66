#include "core/base.h"

#include <netinet/in.h>

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

enum flags_mod { FLAGS_EXACT, FLAGS_PLUS, FLAGS_ANY, FLAGS_NOT };

struct flags_arg {
	uint8_t		 flags;
	uint8_t		 ignore;
	enum flags_mod	 mod;
};

static int	flags_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	flags_match(struct detect_inspect *, const void *);
static bool	flags_parse(const struct kwparse_arg *, uint8_t *,
		    enum flags_mod *);

/* As Suricata: F S R P A U C E (1 and 2 are old names of C and E), 0
 * for none; + these and maybe others, * any of these, ! not all of
 * these; after a comma, flags to ignore. */
const struct keyword kw_flags = {
	.name = "flags",
	.desc = "TCP flags: [+*!]<FSRPAUCE0>[,<ignored flags>]",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_ONCE,
	.setup = flags_setup,
	.match = flags_match,
	.free = free,
};

/* Suricata's newer name of flags: the same keyword. */
const struct keyword kw_tcp_flags = {
	.name = "tcp.flags",
	.desc = "TCP flags (flags): [+*!]<FSRPAUCE0>[,<ignored flags>]",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_ONCE,
	.setup = flags_setup,
	.match = flags_match,
	.free = free,
};

static bool
flags_parse(const struct kwparse_arg *a, uint8_t *flags, enum flags_mod *mod)
{
	bool zero = false;

	*flags = 0;
	if (a->len == 0)
		return false;
	for (size_t i = 0; i < a->len; i++) {
		switch (a->s[i]) {
		case 'F': case 'f':
			*flags |= PKT_TCP_FIN;
			break;
		case 'S': case 's':
			*flags |= PKT_TCP_SYN;
			break;
		case 'R': case 'r':
			*flags |= PKT_TCP_RST;
			break;
		case 'P': case 'p':
			*flags |= PKT_TCP_PSH;
			break;
		case 'A': case 'a':
			*flags |= PKT_TCP_ACK;
			break;
		case 'U': case 'u':
			*flags |= PKT_TCP_URG;
			break;
		case 'C': case 'c': case '1':
			*flags |= PKT_TCP_CWR;
			break;
		case 'E': case 'e': case '2':
			*flags |= PKT_TCP_ECE;
			break;
		case '0':
			zero = true;
			break;
		case '+': case '*': case '!':
			if (mod == NULL || *mod != FLAGS_EXACT)
				return false;
			*mod = a->s[i] == '+' ? FLAGS_PLUS : a->s[i] == '*' ?
			    FLAGS_ANY : FLAGS_NOT;
			break;
		default:
			return false;
		}
	}
	/* "0" means no flag at all and mixes with no flag */
	return zero ? *flags == 0 : *flags != 0;
}

static int
flags_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg args[2];
	struct flags_arg *f;
	int n;

	if ((n = kwparse_split(p, opt, ',', args, 2)) == -1)
		return -1;
	if ((f = calloc(1, sizeof(*f))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (!flags_parse(&args[0], &f->flags, &f->mod) ||
	    (n == 2 && !flags_parse(&args[1], &f->ignore, NULL))) {
		free(f);
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid flags '%.*s' (expected [+*!] "
		    "and F, S, R, P, A, U, C, E or 0, then optionally ',' "
		    "and ignored flags)", (int)(opt->value_len > 64 ? 64 :
		    opt->value_len), opt->value);
		return -1;
	}
	if (rules_rule_add_match(r, &kw_flags, RULE_LIST_PACKET, f) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

static bool
flags_match(struct detect_inspect *in, const void *data)
{
	const struct flags_arg *f = data;
	uint8_t have;

	if (in->pkt->proto != IPPROTO_TCP || !in->pkt->l4_valid)
		return false;
	/* "0" against a packet with flags: only "!" matches (Suricata) */
	if (f->flags == 0 && in->pkt->tcp_flags != 0)
		return f->mod == FLAGS_NOT;
	have = in->pkt->tcp_flags & (uint8_t)~f->ignore;
	switch (f->mod) {
	case FLAGS_PLUS:
		return (have & f->flags) == f->flags;
	case FLAGS_ANY:
		return (have & f->flags) != 0;
	case FLAGS_NOT:
		return (have & f->flags) != f->flags;
	case FLAGS_EXACT:
		break;
	}
	return have == f->flags;
}
