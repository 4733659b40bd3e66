/* JA3/JA3S hashes and JA4 (FoxIO's TLS client fingerprint, as Suricata
 * 7.0.x writes it: t<version><d|i><ciphers><exts><alpn>_<sha256 of the
 * sorted ciphers, 12 hex>_<sha256 of the sorted extensions less SNI and
 * ALPN, '_', the signature algorithms in order, 12 hex>). The digests
 * come from libcrypto. */
#include "core/base.h"

#include <stdio.h>
#include <stdlib.h>

#include <openssl/evp.h>

#include "applayer/tls/tls_int.h"

static void	hex(const uint8_t *d, unsigned n, char *out);
static void	sha256_12(const char *s, size_t len, char out[13]);
static int	cmp_u16(const void *, const void *);
static const char *ja4_version(uint16_t v);

static void
hex(const uint8_t *d, unsigned n, char *out)
{
	static const char digits[] = "0123456789abcdef";

	for (unsigned i = 0; i < n; i++) {
		out[2 * i] = digits[d[i] >> 4];
		out[2 * i + 1] = digits[d[i] & 0xf];
	}
	out[2 * n] = '\0';
}

void
tls_md5_hex(const char *s, size_t len, char out[33])
{
	uint8_t md[EVP_MAX_MD_SIZE];
	unsigned n = 0;

	if (EVP_Digest(s, len, md, &n, EVP_md5(), NULL) != 1 || n != 16) {
		out[0] = '\0';
		return;
	}
	hex(md, 16, out);
}

static void
sha256_12(const char *s, size_t len, char out[13])
{
	uint8_t md[EVP_MAX_MD_SIZE];
	char full[65];
	unsigned n = 0;

	if (EVP_Digest(s, len, md, &n, EVP_sha256(), NULL) != 1 || n != 32) {
		memcpy(out, "000000000000", 13);
		return;
	}
	hex(md, 32, full);
	memcpy(out, full, 12);
	out[12] = '\0';
}

static int
cmp_u16(const void *a, const void *b)
{
	uint16_t x = *(const uint16_t *)a, y = *(const uint16_t *)b;

	return (x > y) - (x < y);
}

static const char *
ja4_version(uint16_t v)
{
	switch (v) {
	case TLS_VERSION_13:
		return "13";
	case TLS_VERSION_12:
		return "12";
	case TLS_VERSION_11:
		return "11";
	case TLS_VERSION_10:
		return "10";
	case TLS_VERSION_SSL3:
		return "s3";
	case TLS_VERSION_SSL2:
		return "s2";
	case 0xfeff:
		return "d1";
	case 0xfefd:
		return "d2";
	case 0xfefc:
		return "d3";
	default:
		return "00";
	}
}

/* Joins the (sorted) values as 4-digit hex separated by ',' into b,
 * skipping SNI and ALPN when skip_sni_alpn. */
static int
join_hex(struct tls_strbuf *b, const uint16_t *v, uint32_t n,
    bool skip_sni_alpn)
{
	for (uint32_t i = 0; i < n; i++) {
		if (skip_sni_alpn && (v[i] == 0 || v[i] == 16))
			continue;
		if (tls_strbuf_printf(b, b->len ? ",%04x" : "%04x", v[i]) == -1)
			return -1;
	}
	if (b->s == NULL && tls_strbuf_printf(b, "%s", "") == -1)
		return -1;
	return 0;
}

const char *
tls_ja4(struct applayer_tls_state *s)
{
	struct tls_strbuf b = { 0 }, c = { 0 };
	uint16_t *sorted = NULL;
	char hb[13], hc[13];
	uint32_t n;

	if (!s->ja4_have || !s->cfg.ja4)
		return NULL;
	if (s->ja4_valid)
		return s->ja4;
	n = s->ja4_ciphers.n > s->ja4_exts.n ? s->ja4_ciphers.n :
	    s->ja4_exts.n;
	if ((sorted = malloc((n ? n : 1) * sizeof(*sorted))) == NULL)
		return NULL;
	if (s->ja4_ciphers.n > 0)
		memcpy(sorted, s->ja4_ciphers.v, s->ja4_ciphers.n *
		    sizeof(*sorted));
	qsort(sorted, s->ja4_ciphers.n, sizeof(*sorted), cmp_u16);
	if (join_hex(&b, sorted, s->ja4_ciphers.n, false) == -1)
		goto fail;
	if (s->ja4_exts.n > 0)
		memcpy(sorted, s->ja4_exts.v, s->ja4_exts.n * sizeof(*sorted));
	qsort(sorted, s->ja4_exts.n, sizeof(*sorted), cmp_u16);
	if (join_hex(&c, sorted, s->ja4_exts.n, true) == -1)
		goto fail;
	if (s->ja4_sigalgs.n > 0) {
		if (tls_strbuf_printf(&c, "_") == -1)
			goto fail;
		for (uint32_t i = 0; i < s->ja4_sigalgs.n; i++)
			if (tls_strbuf_printf(&c, i ? ",%04x" : "%04x",
			    s->ja4_sigalgs.v[i]) == -1)
				goto fail;
	}
	if (s->ja4_ciphers.n == 0)
		memcpy(hb, "000000000000", 13);
	else
		sha256_12(b.s, b.len, hb);
	if (s->ja4_exts.n == 0)
		memcpy(hc, "000000000000", 13);
	else
		sha256_12(c.s, c.len, hc);
	snprintf(s->ja4, sizeof(s->ja4), "t%s%c%02u%02u%c%c_%s_%s",
	    ja4_version(s->ja4_version), s->ja4_sni ? 'd' : 'i',
	    s->ja4_ciphers.n > 99 ? 99 : s->ja4_ciphers.n,
	    s->ja4_exts.n > 99 ? 99 : s->ja4_exts.n,
	    s->ja4_has_alpn ? s->ja4_alpn[0] : '0',
	    s->ja4_has_alpn ? s->ja4_alpn[1] : '0', hb, hc);
	s->ja4_valid = true;
	free(sorted);
	free(b.s);
	free(c.s);
	return s->ja4;
fail:
	free(sorted);
	free(b.s);
	free(c.s);
	return NULL;
}
