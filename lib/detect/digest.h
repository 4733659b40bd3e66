/* Message digests for the to_md5, to_sha1 and to_sha256 transforms,
 * through libcrypto (the only lib/detect file that includes it). */
#ifndef QUELL_DETECT_DIGEST_H
#define QUELL_DETECT_DIGEST_H

#include "core/base.h"

enum detect_digest {
	DETECT_DIGEST_MD5,		/* 16 bytes */
	DETECT_DIGEST_SHA1,		/* 20 */
	DETECT_DIGEST_SHA256,		/* 32 */
};

#define DETECT_DIGEST_MAX	32

/* The digest's length in bytes. */
uint32_t detect_digest_len(enum detect_digest);
/* Writes the digest of in[0..len) to out (detect_digest_len() bytes)
 * and returns its length; 0 when libcrypto fails (no memory). */
uint32_t detect_digest(enum detect_digest, const uint8_t *in, uint32_t len,
	    uint8_t *out);

#endif
