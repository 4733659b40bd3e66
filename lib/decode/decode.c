#include "core/base.h"

#include "core/packet.h"
#include "decode/decode.h"
#include "decode/events.h"
#include "decode/ipv4.h"
#include "decode/ipv6.h"

/* The reset below clears everything from ip_version to the end and keeps
 * the capture fields, which must all come first. */
_Static_assert(offsetof(struct packet, ip_version) > offsetof(struct packet, hook),
    "struct packet: capture fields must precede the decode fields");

static void	decode_reset(struct packet *);

static void
decode_reset(struct packet *p)
{
	size_t off = offsetof(struct packet, ip_version);

	memset((uint8_t *)p + off, 0, sizeof(*p) - off);
}

int
decode_packet(struct packet *p)
{
	decode_reset(p);

	if (p->data == NULL || p->len == 0) {
		decode_event_set(&p->events, DECODE_EV_UNKNOWN_IP_VERSION);
		return -1;
	}

	switch (p->data[0] >> 4) {
	case 4:
		return decode_ipv4(p, p->data, p->len);
	case 6:
		return decode_ipv6(p, p->data, p->len);
	default:
		decode_event_set(&p->events, DECODE_EV_UNKNOWN_IP_VERSION);
		return -1;
	}
}
