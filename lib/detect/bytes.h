/* What byte_test, byte_jump and byte_extract share: reading an integer
 * of 1..8 bytes (big or little endian) or of up to 23 ASCII digits
 * (string, hex/dec/oct) at a position of the buffer, masked and shifted
 * by bitmask; and parsing the options that describe it. */
#ifndef QUELL_DETECT_BYTES_H
#define QUELL_DETECT_BYTES_H

#include "core/base.h"

struct kwparse_arg;
struct rules_option;
struct rules_parser;

#define DETECT_BYTES_STRING_MAX	23

struct detect_bytes {
	uint8_t		 nbytes;
	uint8_t		 base;		/* 0: binary; 8, 10, 16: string */
	bool		 little;
	bool		 relative;
	bool		 string;
	uint64_t	 bitmask;	/* 0: none */
	uint8_t		 shift;		/* trailing zero bits of bitmask */
};

/* Parses a's text as the byte count into b (checked in finish). false
 * after reporting. */
bool	detect_bytes_count(struct rules_parser *, const struct kwparse_arg *,
	    struct detect_bytes *, const char *kw);
/* 1 when a is one of the shared options (relative, big, little, string,
 * hex, dec, oct, bitmask N) and was applied, 0 when it is not one of
 * them, -1 after reporting (dce: unsupported). */
int	detect_bytes_option(struct rules_parser *, const struct kwparse_arg *,
	    struct detect_bytes *, const char *kw);
/* Checks the count against the mode. 0, or -1 after reporting. */
int	detect_bytes_finish(struct rules_parser *, const struct rules_option *,
	    struct detect_bytes *, const char *kw);
/* Reads the value at buf[pos..pos + nbytes). false when that is outside
 * the buffer or, for strings, holds no digit. A count of 0 (Suricata
 * accepts it) reads at a position inside the buffer: without string the
 * value 0 from no bytes; with string the number that starts at pos, as
 * many digits as there are before the end of the buffer or another
 * character (up to DETECT_BYTES_STRING_MAX). *used is the number of
 * bytes read. */
bool	detect_bytes_read(const struct detect_bytes *, const uint8_t *buf,
	    uint32_t len, int64_t pos, uint64_t *val, uint32_t *used);
bool	detect_bytes_extract(const struct detect_bytes *, const uint8_t *buf,
	    uint32_t len, int64_t pos, uint64_t *val);

#endif
