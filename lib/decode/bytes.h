/* Big-endian field readers for the decoders. Byte shifts, never a cast
 * of the packet pointer: capture buffers carry no alignment promise. The
 * caller has checked that the bytes are there. */
#ifndef QUELL_DECODE_BYTES_H
#define QUELL_DECODE_BYTES_H

#include "core/base.h"

static inline uint16_t
decode_be16(const uint8_t *b)
{
	return (uint16_t)((unsigned)b[0] << 8 | b[1]);
}

static inline uint32_t
decode_be32(const uint8_t *b)
{
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
	    (uint32_t)b[2] << 8 | (uint32_t)b[3];
}

#endif
