/* Byte strings for eve as Suricata writes them (its JsonBuilder's
 * set_string_from_bytes): as they are when they are UTF-8, else
 * printable ASCII with \xNN for every other byte. */
#ifndef QUELL_APPLAYER_JSON_H
#define QUELL_APPLAYER_JSON_H

#include "core/base.h"

struct json_t;

/* A new JSON string, or NULL when out of memory. */
struct json_t *applayer_json_bytes(const uint8_t *b, size_t len);

#endif
