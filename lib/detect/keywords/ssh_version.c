/* ssh.protoversion / ssh.softwareversion: the shared parts (see
 * ssh_version.h). */
#include "core/base.h"

#include <stdio.h>
#include <stdlib.h>

#include "applayer/parser.h"
#include "core/packet.h"
#include "detect/buffer.h"
#include "detect/keywords/keyword.h"
#include "detect/keywords/ssh_version.h"
#include "detect/kwparse.h"
#include "detect/tx.h"
#include "rules/parser.h"
#include "rules/rule.h"

static bool
version_char(uint8_t c, bool proto)
{
	if (c >= '0' && c <= '9')
		return true;
	if (proto)
		return c == '.' || c == '-';
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    c == ':' || c == '.' || c == '-' || c == '_' || c == '+' ||
	    c == ' ' || c == '\t';
}

int
detect_ssh_version_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt, const struct keyword *kw,
    const char *buffer, bool proto)
{
	struct kwparse_arg a;
	struct detect_ssh_version *d;

	if (kwparse_split(p, opt, ',', &a, 1) != 1)
		return -1;
	/* trailing blanks of a software version are not part of it */
	while (a.len > 0 && (a.s[a.len - 1] == ' ' ||
	    a.s[a.len - 1] == '\t'))
		a.len--;
	if (a.len == 0 || a.len >= DETECT_SSH_VERSION_MAX) {
		kwparse_error(p, &a, "invalid %s value '%.*s'", kw->name,
		    (int)(a.len > 64 ? 64 : a.len), a.s);
		return -1;
	}
	if ((d = calloc(1, sizeof(*d))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (proto && a.len == 8 && memcmp(a.s, "2_compat", 8) == 0)
		d->compat2 = true;
	else {
		for (size_t i = 0; i < a.len; i++) {
			if (!version_char((uint8_t)a.s[i], proto) ||
			    (proto && i == 0 && (a.s[i] < '0' ||
			    a.s[i] > '9'))) {
				kwparse_error(p, &a, "invalid %s value "
				    "'%.*s' (expected %s)", kw->name,
				    (int)(a.len > 64 ? 64 : a.len), a.s,
				    proto ? "a version like 2.0, or 2_compat" :
				    "letters, digits and :._+- ");
				free(d);
				return -1;
			}
		}
	}
	memcpy(d->text, a.s, a.len);
	d->len = (uint32_t)a.len;
	d->buf = detect_buffer_by_name(buffer, strlen(buffer));
	if (d->buf == NULL || d->buf->get_tx == NULL) {
		rules_parser_unsupported(p, kw->name, a.off, a.s, a.len,
		    "%s: quell has no %s buffer", kw->name, buffer);
		free(d);
		return 0;
	}
	if (r->alproto != 0 && r->alproto != (uint8_t)APPLAYER_PROTO_SSH) {
		kwparse_error(p, &a, "%s in a rule of another app-layer "
		    "protocol", kw->name);
		free(d);
		return -1;
	}
	r->alproto = (uint8_t)APPLAYER_PROTO_SSH;
	r->flags |= RULE_F_TX | RULE_F_NEEDS_FLOW;
	if (rules_rule_add_match(r, kw, RULE_LIST_MATCH, d) == NULL) {
		free(d);
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

bool
detect_ssh_version_get(const struct detect_inspect *in,
    const struct detect_ssh_version *d, const uint8_t **buf, uint32_t *len)
{
	uint8_t dir;

	if (in->tx == NULL || in->txsrc == NULL || in->pkt == NULL ||
	    in->txsrc->alproto != d->buf->alproto)
		return false;
	dir = (in->pkt->flow_flags & PKT_FLOW_TO_CLIENT) ? APPLAYER_TOCLIENT :
	    APPLAYER_TOSERVER;
	return d->buf->get_tx(in->tx, dir, buf, len) && *len > 0;
}
