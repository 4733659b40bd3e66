/* stream_size:<server|client|both|either>,<op>,<N> (Suricata's
 * stream_size): the bytes a side of the TCP session has sent as its
 * sequence numbers count them, next_seq - isn (so the SYN and a FIN
 * count one each), compared with N by op: > < = != >= <=. "both": each
 * side, "either": one of them. A side not seen yet counts 0; a packet
 * without a tracked TCP session never matches. The rule inspects
 * packets as well as the stream (RULE_F_STREAM_SIZE, lib/detect/stream.c),
 * as Suricata's REQUIRE_PACKET. */
#include "core/base.h"

#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "detect/uint.h"
#include "flow/flow.h"
#include "flow/tcp_state.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

enum stream_size_side {
	SIDE_SERVER,
	SIDE_CLIENT,
	SIDE_BOTH,
	SIDE_EITHER,
};

struct stream_size {
	enum stream_size_side side;
	struct detect_uint cmp;
};

static int	stream_size_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	stream_size_match(struct detect_inspect *, const void *);

const struct keyword kw_stream_size = {
	.name = "stream_size",
	.desc = "bytes a TCP side sent by its sequence numbers: "
	    "server|client|both|either, > < = != >= <=, N",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_ONCE,
	.setup = stream_size_setup,
	.match = stream_size_match,
	.free = free,
};

static const char *const side_names[] = {
	[SIDE_SERVER] = "server",
	[SIDE_CLIENT] = "client",
	[SIDE_BOTH] = "both",
	[SIDE_EITHER] = "either",
};

/* s[0..len) without the blanks around it. */
static const char *
trim(const char *s, size_t *len)
{
	while (*len > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		(*len)--;
	}
	while (*len > 0 && (s[*len - 1] == ' ' || s[*len - 1] == '\t'))
		(*len)--;
	return s;
}

static int
stream_size_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg a = { opt->value, opt->value_len, opt->value_off };
	const char *part[3], *c1, *c2, *end = opt->value + opt->value_len;
	size_t plen[3];
	struct stream_size *ss;
	char expr[32];
	int side = -1, n;

	/* three comma-separated parts */
	if ((c1 = memchr(opt->value, ',', opt->value_len)) == NULL ||
	    (c2 = memchr(c1 + 1, ',', (size_t)(end - c1 - 1))) == NULL ||
	    memchr(c2 + 1, ',', (size_t)(end - c2 - 1)) != NULL)
		goto bad;
	plen[0] = (size_t)(c1 - opt->value);
	plen[1] = (size_t)(c2 - c1 - 1);
	plen[2] = (size_t)(end - c2 - 1);
	part[0] = trim(opt->value, &plen[0]);
	part[1] = trim(c1 + 1, &plen[1]);
	part[2] = trim(c2 + 1, &plen[2]);
	for (size_t i = 0; i < QUELL_NITEMS(side_names); i++)
		if (strlen(side_names[i]) == plen[0] &&
		    strncmp(side_names[i], part[0], plen[0]) == 0)
			side = (int)i;
	if (side < 0 || plen[2] == 0 || plen[2] > 10)
		goto bad;
	for (size_t i = 0; i < plen[2]; i++)
		if (part[2][i] < '0' || part[2][i] > '9')
			goto bad;
	/* the comparison in detect_uint's syntax: "=" is N, "!=" !N */
	if (plen[1] == 1 && part[1][0] == '=')
		n = snprintf(expr, sizeof(expr), "%.*s", (int)plen[2],
		    part[2]);
	else if (plen[1] == 2 && strncmp(part[1], "!=", 2) == 0)
		n = snprintf(expr, sizeof(expr), "!%.*s", (int)plen[2],
		    part[2]);
	else if ((plen[1] == 1 && (part[1][0] == '<' || part[1][0] == '>')) ||
	    (plen[1] == 2 && (strncmp(part[1], "<=", 2) == 0 ||
	    strncmp(part[1], ">=", 2) == 0)))
		n = snprintf(expr, sizeof(expr), "%.*s%.*s", (int)plen[1],
		    part[1], (int)plen[2], part[2]);
	else
		goto bad;
	if ((ss = calloc(1, sizeof(*ss))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	ss->side = (enum stream_size_side)side;
	if (n < 0 || !detect_uint_parse(expr, (size_t)n, UINT32_MAX,
	    &ss->cmp)) {
		free(ss);
		goto bad;
	}
	if (rules_rule_add_match(r, &kw_stream_size, RULE_LIST_PACKET,
	    ss) == NULL) {
		free(ss);
		rules_parser_nomem(p);
		return -1;
	}
	r->flags |= RULE_F_STREAM_SIZE | RULE_F_NEEDS_FLOW;
	return 0;
bad:
	kwparse_error(p, &a, "invalid stream_size '%.*s' (want "
	    "server|client|both|either, <op>, <number>)",
	    (int)(opt->value_len > 64 ? 64 : opt->value_len), opt->value);
	return -1;
}

/* What the side sending in dir has sent by its sequence numbers. */
static uint64_t
side_size(const struct flow *f, int dir)
{
	const struct flow_tcp_peer *t = &f->tcp_peer[dir];

	if (!(t->flags & FLOW_TCP_PEER_SEQ))
		return 0;
	return (uint32_t)(t->next_seq - t->isn);
}

static bool
stream_size_match(struct detect_inspect *in, const void *data)
{
	const struct stream_size *ss = data;
	const struct packet *p = in->pkt;
	const struct flow *f = p->flow;
	bool c, s;

	if (f == NULL || p->proto != IPPROTO_TCP ||
	    f->proto != IPPROTO_TCP || f->tcp_state == FLOW_TCP_NONE)
		return false;
	c = detect_uint_match(&ss->cmp, side_size(f, FLOW_DIR_TO_SERVER));
	s = detect_uint_match(&ss->cmp, side_size(f, FLOW_DIR_TO_CLIENT));
	switch (ss->side) {
	case SIDE_SERVER:
		return s;
	case SIDE_CLIENT:
		return c;
	case SIDE_BOTH:
		return c && s;
	default:
		return c || s;
	}
}
