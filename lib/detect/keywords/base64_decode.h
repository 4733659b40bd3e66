/* base64_decode's output, which the base64_data buffer (detect/buffer.c)
 * inspects: per thread, valid until the next base64_decode runs. */
#ifndef QUELL_DETECT_KEYWORDS_BASE64_DECODE_H
#define QUELL_DETECT_KEYWORDS_BASE64_DECODE_H

#include "core/base.h"

#define BASE64_DECODED_MAX	65535	/* bytes one base64_decode keeps */

extern const struct keyword kw_base64_decode;

/* What the last base64_decode of this thread decoded; false when it
 * decoded nothing. */
bool	detect_base64_decoded(const uint8_t **buf, uint32_t *len);

#endif
