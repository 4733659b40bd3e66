/* A flow 5-tuple as bypass-add takes it: text for humans
 * ("tcp 198.18.1.2:1234 -> 198.18.2.2:80", IPv6 as "[2001:db8::1]:80")
 * and JSON for the wire, in EVE's field names:
 * {"proto":"tcp","src_ip":"...","src_port":N,"dest_ip":"...","dest_port":N} */
#ifndef QUELL_CONTROL_TUPLE_H
#define QUELL_CONTROL_TUPLE_H

#include "core/base.h"

#include <jansson.h>

#include "core/packet.h"

struct control_tuple {
	uint8_t		proto;		/* IPPROTO_TCP, _UDP or _SCTP */
	struct ip_addr	src;		/* same family as dst */
	struct ip_addr	dst;
	uint16_t	sport;		/* host order, 1-65535 */
	uint16_t	dport;
};

/* Text "PROTO SRC:PORT -> DST:PORT" (spaces around "->" optional). */
int	control_tuple_parse(const char *s, struct control_tuple *t,
	    char *err, size_t errlen);
/* The text form into buf; returns buf. 96 bytes always suffice. */
const char *control_tuple_format(const struct control_tuple *t, char *buf,
	    size_t len);

/* New JSON object of t; NULL when out of memory. */
json_t	*control_tuple_to_json(const struct control_tuple *t);
/* Validates a JSON tuple (e.g. bypass-add's args) member by member.
 * Returns 0, or -1 with the reason in err. */
int	control_tuple_from_json(const json_t *obj, struct control_tuple *t,
	    char *err, size_t errlen);

#endif
