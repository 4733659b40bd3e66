#include "core/base.h"

#include <netinet/in.h>

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/parser.h"
#include "rules/rule.h"

#define FLOW_TO_SERVER		0x01
#define FLOW_TO_CLIENT		0x02
#define FLOW_ESTABLISHED	0x04
#define FLOW_NOT_ESTABLISHED	0x08
#define FLOW_STATELESS		0x10
#define FLOW_ONLY_STREAM	0x20
#define FLOW_NO_STREAM		0x40
#define FLOW_ONLY_FRAG		0x80
#define FLOW_NO_FRAG		0x100

static int	flow_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	flow_match(struct detect_inspect *, const void *);

static const struct {
	const char	*name;
	unsigned	 flag;
} flow_options[] = {
	{ "established", FLOW_ESTABLISHED },
	{ "from_client", FLOW_TO_SERVER },
	{ "from_server", FLOW_TO_CLIENT },
	{ "no_frag", FLOW_NO_FRAG },
	{ "no_stream", FLOW_NO_STREAM },
	{ "not_established", FLOW_NOT_ESTABLISHED },
	{ "only_frag", FLOW_ONLY_FRAG },
	{ "only_stream", FLOW_ONLY_STREAM },
	{ "stateless", FLOW_STATELESS },
	{ "to_client", FLOW_TO_CLIENT },
	{ "to_server", FLOW_TO_SERVER },
};

/* Direction and state come from flow tracking (p->flow_flags); a packet
 * without a flow has neither, so to_server, to_client and established
 * fail on it while not_established and stateless hold (Suricata's
 * FlowMatch). only_stream and no_stream are about where the rule's
 * pkt_data content matched, which the engine knows only after the
 * buffers: they set RULE_F_FLOW_STREAM/NOSTREAM, and the engine checks
 * them then (only_stream: it matched on the reassembled stream, as
 * Suricata's DETECT_ENGINE_THREAD_CTX_STREAM_CONTENT_MATCH; no_stream:
 * it did not). only_frag holds for a datagram lib/defrag reassembled
 * (Suricata's PKT_REBUILT_FRAGMENT), no_frag for every other packet. */
const struct keyword kw_flow = {
	.name = "flow",
	.desc = "direction and state: to_server|to_client|from_server|"
	    "from_client, established|not_established|stateless, "
	    "only_stream|no_stream, only_frag|no_frag",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_ONCE,
	.setup = flow_setup,
	.match = flow_match,
	.free = free,
};

static int
flow_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	static const unsigned excl[] = {
		FLOW_TO_SERVER | FLOW_TO_CLIENT,
		FLOW_ESTABLISHED | FLOW_NOT_ESTABLISHED | FLOW_STATELESS,
		FLOW_ONLY_STREAM | FLOW_NO_STREAM,
		FLOW_ONLY_FRAG | FLOW_NO_FRAG,
	};
	struct kwparse_arg args[6];
	unsigned *flags;
	int n;

	if ((n = kwparse_split(p, opt, ',', args, QUELL_NITEMS(args))) == -1)
		return -1;
	if ((flags = calloc(1, sizeof(*flags))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		size_t k;

		for (k = 0; k < QUELL_NITEMS(flow_options); k++)
			if (kwparse_is(&args[i], flow_options[k].name))
				break;
		if (k == QUELL_NITEMS(flow_options)) {
			kwparse_error(p, &args[i], "unknown flow option "
			    "'%.*s'", (int)(args[i].len > 32 ? 32 :
			    args[i].len), args[i].s);
			goto fail;
		}
		if (*flags & flow_options[k].flag) {
			kwparse_error(p, &args[i], "flow option '%s' given "
			    "twice", flow_options[k].name);
			goto fail;
		}
		*flags |= flow_options[k].flag;
		for (size_t e = 0; e < QUELL_NITEMS(excl); e++) {
			unsigned x = *flags & excl[e];

			if ((x & (x - 1)) != 0) {
				kwparse_error(p, &args[i], "flow option '%s' "
				    "conflicts with an earlier one",
				    flow_options[k].name);
				goto fail;
			}
		}
	}
	if (*flags & FLOW_TO_SERVER)
		r->flags |= RULE_F_TO_SERVER;
	if (*flags & FLOW_TO_CLIENT)
		r->flags |= RULE_F_TO_CLIENT;
	if (*flags & FLOW_ONLY_STREAM)
		r->flags |= RULE_F_FLOW_STREAM;
	if (*flags & FLOW_NO_STREAM)
		r->flags |= RULE_F_FLOW_NOSTREAM;
	/* a direction alone is the rule's direction and nothing to match
	 * (Suricata's DetectFlowSetup adds no match then): a packet
	 * without a flow is inspected as one to the server, so
	 * flow:to_server matches it and flow:to_client does not */
	if (*flags == FLOW_TO_SERVER || *flags == FLOW_TO_CLIENT) {
		free(flags);
		return 0;
	}
	r->flags |= RULE_F_NEEDS_FLOW;
	if (rules_rule_add_match(r, &kw_flow, RULE_LIST_PACKET, flags) ==
	    NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
fail:
	free(flags);
	return -1;
}

static bool
flow_match(struct detect_inspect *in, const void *data)
{
	unsigned f = *(const unsigned *)data;
	uint8_t pf = in->pkt->flow_flags;

	if ((f & FLOW_TO_SERVER) && !(pf & PKT_FLOW_TO_SERVER))
		return false;
	if ((f & FLOW_TO_CLIENT) && !(pf & PKT_FLOW_TO_CLIENT))
		return false;
	if ((f & FLOW_ESTABLISHED) && !(pf & PKT_FLOW_ESTABLISHED))
		return false;
	if ((f & FLOW_NOT_ESTABLISHED) && (pf & PKT_FLOW_ESTABLISHED))
		return false;
	/* only_frag: a datagram lib/defrag reassembled; no_frag: the rest */
	if ((f & FLOW_ONLY_FRAG) && in->pkt->pkt_src != PKT_SRC_DEFRAG)
		return false;
	if ((f & FLOW_NO_FRAG) && in->pkt->pkt_src == PKT_SRC_DEFRAG)
		return false;
	return true;
}
