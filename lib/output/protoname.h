#ifndef QUELL_OUTPUT_PROTONAME_H
#define QUELL_OUTPUT_PROTONAME_H

#include <stdint.h>

/* The name Suricata 7 logs for IP protocol number proto (eve "proto",
 * fast.log "{...}"): the IANA keyword of numbers 0..143 ("TCP",
 * "IPv6-ICMP", "IP-in-IP", ...), NULL for the others. */
const char	*output_protoname_get(uint8_t proto);

#endif
