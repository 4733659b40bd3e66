#include "core/base.h"

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* Bits of struct packet.frag_flags (IPv4). */
#define FRAGBITS_M	0x01
#define FRAGBITS_D	0x02
#define FRAGBITS_R	0x04

enum fragbits_mod { FRAGBITS_EXACT, FRAGBITS_PLUS, FRAGBITS_ANY,
    FRAGBITS_NOT };

struct fragbits {
	uint8_t		 bits;
	uint8_t		 ignore;
	enum fragbits_mod mod;
};

static int	fragbits_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	fragbits_match(struct detect_inspect *, const void *);
static bool	fragbits_parse(const struct kwparse_arg *, uint8_t *,
		    enum fragbits_mod *);

/* IPv4 only, as Suricata: M more fragments, D don't fragment, R
 * reserved; + these and at least one other, * any of these, ! not all
 * of these. */
const struct keyword kw_fragbits = {
	.name = "fragbits",
	.desc = "IPv4 fragment flags: [+*!]<MDR>[,<ignored MDR>]",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_ONCE,
	.setup = fragbits_setup,
	.match = fragbits_match,
	.free = free,
};

static bool
fragbits_parse(const struct kwparse_arg *a, uint8_t *bits,
    enum fragbits_mod *mod)
{
	*bits = 0;
	for (size_t i = 0; i < a->len; i++) {
		switch (a->s[i]) {
		case 'M': case 'm':
			*bits |= FRAGBITS_M;
			break;
		case 'D': case 'd':
			*bits |= FRAGBITS_D;
			break;
		case 'R': case 'r':
			*bits |= FRAGBITS_R;
			break;
		case '+': case '*': case '!':
			if (mod == NULL || *mod != FRAGBITS_EXACT)
				return false;
			*mod = a->s[i] == '+' ? FRAGBITS_PLUS :
			    a->s[i] == '*' ? FRAGBITS_ANY : FRAGBITS_NOT;
			break;
		default:
			return false;
		}
	}
	return *bits != 0;
}

static int
fragbits_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg args[2];
	struct fragbits *f;
	int n;

	if ((n = kwparse_split(p, opt, ',', args, 2)) == -1)
		return -1;
	if ((f = calloc(1, sizeof(*f))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (!fragbits_parse(&args[0], &f->bits, &f->mod) ||
	    (n == 2 && !fragbits_parse(&args[1], &f->ignore, NULL))) {
		free(f);
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid fragbits '%.*s' (expected "
		    "[+*!] and M, D, R, then optionally ',' and ignored bits)",
		    (int)(opt->value_len > 64 ? 64 : opt->value_len),
		    opt->value);
		return -1;
	}
	if (rules_rule_add_match(r, &kw_fragbits, RULE_LIST_PACKET, f) ==
	    NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

static bool
fragbits_match(struct detect_inspect *in, const void *data)
{
	const struct fragbits *f = data;
	uint8_t have;

	if (in->pkt->ip_version != 4)
		return false;
	have = in->pkt->frag_flags & (uint8_t)~f->ignore & 0x07;
	switch (f->mod) {
	case FRAGBITS_PLUS:
		/* as Suricata: these and at least one other */
		return (have & f->bits) == f->bits && have != f->bits;
	case FRAGBITS_ANY:
		return (have & f->bits) != 0;
	case FRAGBITS_NOT:
		return (have & f->bits) != f->bits;
	case FRAGBITS_EXACT:
		break;
	}
	return have == f->bits;
}
