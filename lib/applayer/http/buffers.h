/* The inspection buffers of HTTP/1.x transactions: Suricata 7's names,
 * directions, progress and bytes (detect-http-*.c), one table entry and
 * getter each. Getters take the parser's tx (struct http_tx). */
#ifndef QUELL_APPLAYER_HTTP_BUFFERS_H
#define QUELL_APPLAYER_HTTP_BUFFERS_H

#include "core/base.h"
#include "applayer/parser.h"

#define HTTP_NBUFFERS	34

extern const struct applayer_buffer http_buffers[HTTP_NBUFFERS];

#endif
