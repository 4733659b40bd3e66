/* frame:<proto>.<type> (Suricata 7): a sticky buffer keyword whose
 * content keywords inspect the bytes of each app-layer frame of that
 * type (frame:dns.pdu a DNS message, frame:tls.pdu a TLS record,
 * frame:http1.request an HTTP request). The rule becomes one of the
 * frame's protocol; "frame:pdu" names a type of the rule's own
 * protocol ("alert tls ..."). The frame types are the parsers'
 * (struct applayer_parser.frame_types), registered as buffers of scope
 * DETECT_BUFFER_SCOPE_FRAME by detect_applayer_register(). */
#include "core/base.h"

#include "detect/buffer.h"
#include "detect/keywords/keyword.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	frame_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

const struct keyword kw_frame = {
	.name = "frame",
	.desc = "sticky buffer: the bytes of each app-layer frame of type "
	    "<proto>.<type> (dns.pdu, tls.pdu, tls.hdr, tls.data, "
	    "http1.request, ...)",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = frame_setup,
};

static int
frame_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	const struct detect_buffer *b;

	b = detect_buffer_frame_lookup(opt->value, opt->value_len,
	    r->alproto);
	if (b == NULL) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "unknown frame type '%.*s' (want "
		    "<proto>.<type>, e.g. dns.pdu)", (int)opt->value_len,
		    opt->value);
		return -1;
	}
	if (r->alproto != 0 && r->alproto != b->alproto) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "frame '%.*s' belongs to another "
		    "app-layer protocol than the rule's",
		    (int)opt->value_len, opt->value);
		return -1;
	}
	r->alproto = (uint8_t)b->alproto;
	r->buffer = (uint8_t)detect_buffer_id_of(b);
	r->xchain = 0;
	r->xforms_ok = true;
	return 0;
}
