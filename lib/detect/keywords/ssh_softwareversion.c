/* ssh.softwareversion:<text> (Suricata 7's older SSH keyword, kept for
 * old rules): the SSH banner's software version of the packet's
 * direction (the client's to the server, the server's to the client)
 * is text, whole and case sensitive, as Suricata 7.0.6 compares it
 * ("OpenSSH" does not match "OpenSSH_9.2p1"). The rule is one of ssh and
 * evaluated per transaction: it alerts once per transaction and
 * direction. The same as `ssh.software; content:"text"; startswith;
 * endswith;`, which new rules use. */
#include "core/base.h"

#include <stdlib.h>

#include "detect/keywords/keyword.h"
#include "detect/keywords/ssh_version.h"

static int	ssh_softwareversion_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	ssh_softwareversion_match(struct detect_inspect *,
		    const void *);

const struct keyword kw_ssh_softwareversion = {
	.name = "ssh.softwareversion",
	.desc = "the SSH banner's software version of the packet's "
	    "direction is the value (older form of ssh.software)",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = ssh_softwareversion_setup,
	.match = ssh_softwareversion_match,
	.free = free,
};

static int
ssh_softwareversion_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_ssh_version_setup(p, r, opt, &kw_ssh_softwareversion,
	    "ssh.software", false);
}

static bool
ssh_softwareversion_match(struct detect_inspect *in, const void *data)
{
	const struct detect_ssh_version *d = data;
	const uint8_t *buf;
	uint32_t len;

	if (!detect_ssh_version_get(in, d, &buf, &len))
		return false;
	return len == d->len && memcmp(buf, d->text, d->len) == 0;
}
