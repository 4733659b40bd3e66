#include "core/base.h"

#include "core/packet.h"
#include "decode/decode.h"
#include "decode/events.h"
#include "decode/link.h"
#include "decode/tunnel.h"

/* The reset below clears everything from ip_version to the end and keeps
 * the capture fields, which must all come first. */
_Static_assert(offsetof(struct packet, ip_version) > offsetof(struct packet, root),
    "struct packet: capture fields must precede the decode fields");
_Static_assert(PKT_EVENT_WORDS * 8 >= DECODE_EV_WORDS * 8 + 1 +
    DECODE_EV_LIST_MAX, "struct packet.events holds every event and the list");

static void	decode_reset(struct packet *);
static int	decode_run(struct packet *, const struct decode_config *);

static void
decode_reset(struct packet *p)
{
	size_t off = offsetof(struct packet, ip_version);

	memset((uint8_t *)p + off, 0, sizeof(*p) - off);
}

static int
decode_run(struct packet *p, const struct decode_config *cfg)
{
	int rc;

	if (p->data == NULL || p->len == 0) {
		decode_event_set(p->events, DECODE_EV_UNKNOWN_IP_VERSION);
		return -1;
	}
	rc = decode_link(p, p->link, p->data, p->len);
	if (rc == 0)
		decode_tunnel_udp(p, cfg);
	return rc;
}

int
decode_packet(struct packet *p)
{
	return decode_packet_cfg(p, &decode_config_default);
}

int
decode_packet_cfg(struct packet *p, const struct decode_config *cfg)
{
	decode_reset(p);
	return decode_run(p, cfg);
}

int
decode_packet_inherit(struct packet *p, const struct decode_config *cfg,
    const struct packet *outer)
{
	decode_reset(p);
	memcpy(p->vlan, outer->vlan, sizeof(p->vlan));
	p->vlan_n = outer->vlan_n;
	return decode_run(p, cfg);
}
