/* The TLS entry's buffer table (Suricata's names). */
#ifndef QUELL_APPLAYER_TLS_BUFFERS_H
#define QUELL_APPLAYER_TLS_BUFFERS_H

#include "core/base.h"
#include "applayer/parser.h"

#define APPLAYER_TLS_NBUFFERS	14

extern const struct applayer_buffer
	    applayer_tls_buffers[APPLAYER_TLS_NBUFFERS];

#endif
