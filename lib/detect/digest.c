#include "core/base.h"

#include <openssl/evp.h>

#include "detect/digest.h"

uint32_t
detect_digest_len(enum detect_digest d)
{
	switch (d) {
	case DETECT_DIGEST_MD5:
		return 16;
	case DETECT_DIGEST_SHA1:
		return 20;
	case DETECT_DIGEST_SHA256:
		break;
	}
	return 32;
}

uint32_t
detect_digest(enum detect_digest d, const uint8_t *in, uint32_t len,
    uint8_t *out)
{
	const EVP_MD *md = d == DETECT_DIGEST_MD5 ? EVP_md5() :
	    d == DETECT_DIGEST_SHA1 ? EVP_sha1() : EVP_sha256();
	unsigned int n = 0;

	if (EVP_Digest(in, len, out, &n, md, NULL) != 1)
		return 0;
	return n;
}
