#ifndef QUELL_OUTPUT_ADDR_H
#define QUELL_OUTPUT_ADDR_H

#include <stddef.h>

struct ip_addr;

/* Longest text output_addr_format writes, with its NUL. */
#define OUTPUT_ADDR_LEN	40

/* a as Suricata 7 logs addresses in eve.json and fast.log: IPv4 dotted,
 * IPv6 as all eight groups of four hex digits, uncompressed
 * ("2001:0db8:0000:...:0001"). buf: at least OUTPUT_ADDR_LEN bytes.
 * Returns buf, "" for an unset address. */
const char	*output_addr_format(const struct ip_addr *a, char *buf,
		    size_t len);

#endif
