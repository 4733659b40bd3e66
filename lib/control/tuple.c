/* Flow tuples for bypass-add: parse and print the text form, convert to
 * and from JSON. Both forms come from users, so both are validated. */
#include "core/base.h"

#include <sys/socket.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <ctype.h>
#include <stdio.h>
#include <strings.h>

#include <jansson.h>

#include "control/tuple.h"

/* Longest text tuple accepted: two bracketed IPv6 endpoints and room. */
#define TUPLE_TEXT_MAX		256

static const struct {
	const char	*name;
	uint8_t		 proto;
} tuple_protos[] = {
	{ "tcp", IPPROTO_TCP },
	{ "udp", IPPROTO_UDP },
	{ "sctp", IPPROTO_SCTP },
};

static int	addr_parse(const char *, struct ip_addr *);
static int	endpoint_parse(const char *, size_t, struct ip_addr *,
		    uint16_t *, const char *, char *, size_t);
static int	port_parse(const char *, size_t, uint16_t *);
static int	tuple_json_addr(const json_t *, const char *, struct ip_addr *,
		    char *, size_t);
static int	tuple_json_port(const json_t *, const char *, uint16_t *,
		    char *, size_t);
static const char *proto_name(uint8_t);
static int	proto_parse(const char *, size_t, uint8_t *);

static int
proto_parse(const char *s, size_t n, uint8_t *proto)
{
	for (size_t i = 0; i < QUELL_NITEMS(tuple_protos); i++)
		if (strlen(tuple_protos[i].name) == n &&
		    strncasecmp(tuple_protos[i].name, s, n) == 0) {
			*proto = tuple_protos[i].proto;
			return 0;
		}
	return -1;
}

static const char *
proto_name(uint8_t proto)
{
	for (size_t i = 0; i < QUELL_NITEMS(tuple_protos); i++)
		if (tuple_protos[i].proto == proto)
			return tuple_protos[i].name;
	return "?";
}

static int
port_parse(const char *s, size_t n, uint16_t *port)
{
	unsigned long v = 0;

	if (n == 0 || n > 5)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		v = v * 10 + (unsigned long)(s[i] - '0');
	}
	if (v == 0 || v > 65535)
		return -1;
	*port = (uint16_t)v;
	return 0;
}

/* A NUL-terminated IPv4 or IPv6 address. */
static int
addr_parse(const char *s, struct ip_addr *a)
{
	memset(a, 0, sizeof(*a));
	if (inet_pton(AF_INET, s, &a->u.v4) == 1) {
		a->family = AF_INET;
		return 0;
	}
	if (inet_pton(AF_INET6, s, a->u.v6) == 1) {
		a->family = AF_INET6;
		return 0;
	}
	return -1;
}

/* "ADDR:PORT" or "[ADDR6]:PORT", n bytes at s (not NUL-terminated). */
static int
endpoint_parse(const char *s, size_t n, struct ip_addr *a, uint16_t *port,
    const char *which, char *err, size_t errlen)
{
	char host[INET6_ADDRSTRLEN];
	const char *colon, *h = s;
	size_t hlen;

	if (n == 0) {
		snprintf(err, errlen, "missing %s address", which);
		return -1;
	}
	if (s[0] == '[') {
		const char *close = memchr(s, ']', n);

		if (close == NULL || (size_t)(close - s) + 1 == n ||
		    close[1] != ':') {
			snprintf(err, errlen, "%s: expected [ADDRESS]:PORT",
			    which);
			return -1;
		}
		h = s + 1;
		hlen = (size_t)(close - h);
		colon = close + 1;
	} else {
		colon = memrchr(s, ':', n);
		if (colon == NULL) {
			snprintf(err, errlen, "%s: expected ADDRESS:PORT",
			    which);
			return -1;
		}
		if (memchr(s, ':', (size_t)(colon - s)) != NULL) {
			snprintf(err, errlen, "%s: write IPv6 addresses as "
			    "[ADDRESS]:PORT", which);
			return -1;
		}
		hlen = (size_t)(colon - s);
	}
	if (hlen == 0 || hlen >= sizeof(host)) {
		snprintf(err, errlen, "%s: invalid address", which);
		return -1;
	}
	memcpy(host, h, hlen);
	host[hlen] = '\0';
	if (addr_parse(host, a) == -1) {
		snprintf(err, errlen, "%s: invalid address '%s'", which, host);
		return -1;
	}
	if (s[0] == '[' && a->family != AF_INET6) {
		snprintf(err, errlen, "%s: brackets are for IPv6 addresses",
		    which);
		return -1;
	}
	if (port_parse(colon + 1, n - (size_t)(colon + 1 - s), port) == -1) {
		snprintf(err, errlen, "%s: port must be 1-65535", which);
		return -1;
	}
	return 0;
}

int
control_tuple_parse(const char *s, struct control_tuple *t, char *err,
    size_t errlen)
{
	const char *p, *arrow, *end;
	size_t n;

	memset(t, 0, sizeof(*t));
	if (strnlen(s, TUPLE_TEXT_MAX + 1) > TUPLE_TEXT_MAX) {
		snprintf(err, errlen, "tuple too long");
		return -1;
	}
	while (isspace((unsigned char)*s))
		s++;
	for (p = s; *p != '\0' && !isspace((unsigned char)*p); p++)
		continue;
	if (proto_parse(s, (size_t)(p - s), &t->proto) == -1) {
		snprintf(err, errlen, "expected PROTO SRC:PORT -> DST:PORT "
		    "with PROTO tcp, udp or sctp");
		return -1;
	}
	if ((arrow = strstr(p, "->")) == NULL) {
		snprintf(err, errlen, "expected '->' between the endpoints");
		return -1;
	}
	while (isspace((unsigned char)*p))
		p++;
	for (end = arrow; end > p && isspace((unsigned char)end[-1]); end--)
		continue;
	if (endpoint_parse(p, (size_t)(end - p), &t->src, &t->sport,
	    "source", err, errlen) == -1)
		return -1;
	for (p = arrow + 2; isspace((unsigned char)*p); p++)
		continue;
	n = strlen(p);
	while (n > 0 && isspace((unsigned char)p[n - 1]))
		n--;
	if (endpoint_parse(p, n, &t->dst, &t->dport, "destination", err,
	    errlen) == -1)
		return -1;
	if (t->src.family != t->dst.family) {
		snprintf(err, errlen, "source and destination are not the "
		    "same address family");
		return -1;
	}
	return 0;
}

const char *
control_tuple_format(const struct control_tuple *t, char *buf, size_t len)
{
	char src[INET6_ADDRSTRLEN], dst[INET6_ADDRSTRLEN];
	bool v6 = t->src.family == AF_INET6;

	if (inet_ntop(t->src.family, &t->src.u, src, sizeof(src)) == NULL)
		snprintf(src, sizeof(src), "?");
	if (inet_ntop(t->dst.family, &t->dst.u, dst, sizeof(dst)) == NULL)
		snprintf(dst, sizeof(dst), "?");
	snprintf(buf, len, "%s %s%s%s:%u -> %s%s%s:%u", proto_name(t->proto),
	    v6 ? "[" : "", src, v6 ? "]" : "", t->sport,
	    v6 ? "[" : "", dst, v6 ? "]" : "", t->dport);
	return buf;
}

json_t *
control_tuple_to_json(const struct control_tuple *t)
{
	char src[INET6_ADDRSTRLEN], dst[INET6_ADDRSTRLEN];

	if (inet_ntop(t->src.family, &t->src.u, src, sizeof(src)) == NULL ||
	    inet_ntop(t->dst.family, &t->dst.u, dst, sizeof(dst)) == NULL)
		return NULL;
	return json_pack("{s:s, s:s, s:i, s:s, s:i}",
	    "proto", proto_name(t->proto),
	    "src_ip", src, "src_port", (int)t->sport,
	    "dest_ip", dst, "dest_port", (int)t->dport);
}

/* Reads member key of obj as an address. */
static int
tuple_json_addr(const json_t *obj, const char *key, struct ip_addr *a,
    char *err, size_t errlen)
{
	const json_t *v = json_object_get(obj, key);

	if (!json_is_string(v) || addr_parse(json_string_value(v), a) == -1) {
		snprintf(err, errlen, "\"%s\" must be an IPv4 or IPv6 address "
		    "string", key);
		return -1;
	}
	return 0;
}

static int
tuple_json_port(const json_t *obj, const char *key, uint16_t *port,
    char *err, size_t errlen)
{
	const json_t *v = json_object_get(obj, key);

	if (!json_is_integer(v) || json_integer_value(v) < 1 ||
	    json_integer_value(v) > 65535) {
		snprintf(err, errlen, "\"%s\" must be an integer 1-65535", key);
		return -1;
	}
	*port = (uint16_t)json_integer_value(v);
	return 0;
}

int
control_tuple_from_json(const json_t *obj, struct control_tuple *t,
    char *err, size_t errlen)
{
	const json_t *proto;
	const char *s;

	memset(t, 0, sizeof(*t));
	if (!json_is_object(obj)) {
		snprintf(err, errlen, "tuple must be an object");
		return -1;
	}
	proto = json_object_get(obj, "proto");
	s = json_is_string(proto) ? json_string_value(proto) : "";
	if (proto_parse(s, strlen(s), &t->proto) == -1) {
		snprintf(err, errlen, "\"proto\" must be \"tcp\", \"udp\" or "
		    "\"sctp\"");
		return -1;
	}
	if (tuple_json_addr(obj, "src_ip", &t->src, err, errlen) == -1 ||
	    tuple_json_port(obj, "src_port", &t->sport, err, errlen) == -1 ||
	    tuple_json_addr(obj, "dest_ip", &t->dst, err, errlen) == -1 ||
	    tuple_json_port(obj, "dest_port", &t->dport, err, errlen) == -1)
		return -1;
	if (t->src.family != t->dst.family) {
		snprintf(err, errlen, "source and destination are not the "
		    "same address family");
		return -1;
	}
	return 0;
}
