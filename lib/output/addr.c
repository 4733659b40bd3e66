#include "core/base.h"

#include <stdio.h>
#include <arpa/inet.h>

#include "core/packet.h"
#include "output/addr.h"

const char *
output_addr_format(const struct ip_addr *a, char *buf, size_t len)
{
	const uint8_t *b = a->u.v6;

	if (len == 0)
		return buf;
	buf[0] = '\0';
	if (a->family == AF_INET)
		inet_ntop(AF_INET, &a->u.v4, buf, (socklen_t)len);
	else if (a->family == AF_INET6)
		snprintf(buf, len, "%02x%02x:%02x%02x:%02x%02x:%02x%02x:"
		    "%02x%02x:%02x%02x:%02x%02x:%02x%02x", b[0], b[1], b[2],
		    b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11],
		    b[12], b[13], b[14], b[15]);
	return buf;
}
