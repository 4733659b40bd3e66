/* ssh.protoversion:<version> (Suricata 7's older SSH keyword, kept for
 * old rules): the SSH banner's protocol version of the packet's
 * direction is version ("2.0", "1.99"); "2_compat" matches a version
 * starting with "2" or "1.99" (an SSH 2 speaker). A rule of ssh, per
 * transaction, as ssh.softwareversion. */
#include "core/base.h"

#include <stdlib.h>

#include "detect/keywords/keyword.h"
#include "detect/keywords/ssh_version.h"

static int	ssh_protoversion_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	ssh_protoversion_match(struct detect_inspect *, const void *);

const struct keyword kw_ssh_protoversion = {
	.name = "ssh.protoversion",
	.desc = "the SSH banner's protocol version of the packet's "
	    "direction is the value, or 2_compat (2.x or 1.99)",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = ssh_protoversion_setup,
	.match = ssh_protoversion_match,
	.free = free,
};

static int
ssh_protoversion_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_ssh_version_setup(p, r, opt, &kw_ssh_protoversion,
	    "ssh.proto", true);
}

static bool
ssh_protoversion_match(struct detect_inspect *in, const void *data)
{
	const struct detect_ssh_version *d = data;
	const uint8_t *buf;
	uint32_t len;

	if (!detect_ssh_version_get(in, d, &buf, &len))
		return false;
	if (d->compat2)
		return buf[0] == '2' || (len >= 4 &&
		    memcmp(buf, "1.99", 4) == 0);
	return len == d->len && memcmp(buf, d->text, d->len) == 0;
}
