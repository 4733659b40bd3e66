/* The DNS entry's buffer table (Suricata's names). */
#ifndef QUELL_APPLAYER_DNS_BUFFERS_H
#define QUELL_APPLAYER_DNS_BUFFERS_H

#include "core/base.h"
#include "applayer/parser.h"

#define APPLAYER_DNS_NBUFFERS	1

extern const struct applayer_buffer
	    applayer_dns_buffers[APPLAYER_DNS_NBUFFERS];

#endif
