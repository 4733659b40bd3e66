/* TLS inspection buffers and the accessors detection keywords read.
 * Certificate buffers are per direction, as in Suricata: to-client the
 * server's chain, to-server the client's. */
#include "core/base.h"

#include <stdio.h>

#include "applayer/tls/buffers.h"
#include "applayer/tls/tls.h"
#include "applayer/tls/tls_int.h"

#define TS	(1u << APPLAYER_TOSERVER)
#define TC	(1u << APPLAYER_TOCLIENT)

static bool
str(const char *s, size_t len, const uint8_t **buf, uint32_t *blen)
{
	if (s == NULL)
		return false;
	*buf = (const uint8_t *)s;
	*blen = (uint32_t)len;
	return true;
}

static const struct tls_cert *
cert(void *tx, uint8_t dir)
{
	const struct tls_dir *d = &((struct applayer_tls_state *)tx)->dir[dir &
	    1];

	return d->has_cert ? &d->cert : NULL;
}

static bool
get_sni(void *tx, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	const struct applayer_tls_state *s = tx;

	return str(s->sni, s->sni_len, buf, len);
}

static bool
get_certs(void *tx, uint8_t dir, uint32_t idx, const uint8_t **buf,
    uint32_t *len)
{
	const struct tls_dir *d = &((struct applayer_tls_state *)tx)->dir[dir &
	    1];

	if (idx >= d->ncerts)
		return false;
	*buf = d->certs[idx];
	*len = d->cert_len[idx];
	return true;
}

#define CERT_FIELD(fn, field)						\
static bool								\
fn(void *tx, uint8_t dir, const uint8_t **buf, uint32_t *len)		\
{									\
	const struct tls_cert *c = cert(tx, dir);			\
									\
	return c != NULL && str(c->field, c->field ? strlen(c->field) :	\
	    0, buf, len);						\
}
CERT_FIELD(get_subject, subject)
CERT_FIELD(get_issuer, issuer)
CERT_FIELD(get_serial, serial)
CERT_FIELD(get_fingerprint, fingerprint)

static bool
get_random_part(void *tx, uint8_t dir, const uint8_t **buf, uint32_t *len,
    uint32_t off, uint32_t n)
{
	const struct tls_dir *d = &((struct applayer_tls_state *)tx)->dir[dir &
	    1];

	if (!d->has_random)
		return false;
	*buf = d->random + off;
	*len = n;
	return true;
}

static bool
get_random(void *tx, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	return get_random_part(tx, dir, buf, len, 0, 32);
}

static bool
get_random_time(void *tx, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	return get_random_part(tx, dir, buf, len, 0, 4);
}

static bool
get_random_bytes(void *tx, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	return get_random_part(tx, dir, buf, len, 4, 28);
}

static bool
get_ja3_hash(void *tx, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	const struct applayer_tls_state *s = tx;

	return s->ja3_hash[0] != '\0' && str(s->ja3_hash, 32, buf, len);
}

static bool
get_ja3_string(void *tx, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	const struct applayer_tls_state *s = tx;

	return s->ja3.len > 0 && str(s->ja3.s, s->ja3.len, buf, len);
}

static bool
get_ja3s_hash(void *tx, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	const struct applayer_tls_state *s = tx;

	return s->ja3s_hash[0] != '\0' && str(s->ja3s_hash, 32, buf, len);
}

static bool
get_ja3s_string(void *tx, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	const struct applayer_tls_state *s = tx;

	return s->ja3s.len > 0 && str(s->ja3s.s, s->ja3s.len, buf, len);
}

static bool
get_ja4(void *tx, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	const char *j = tls_ja4(tx);

	return j != NULL && str(j, strlen(j), buf, len);
}

const struct applayer_buffer applayer_tls_buffers[APPLAYER_TLS_NBUFFERS] = {
	{ "tls.sni", "the server name of the ClientHello", TS,
	    TLS_PROGRESS_HELLO, get_sni, NULL, NULL,
	    "tls_sni", false },
	{ "tls.certs", "each certificate (DER) of the chain", TS | TC,
	    TLS_PROGRESS_CERT, NULL, get_certs, NULL,
	    NULL, false },
	{ "tls.cert_subject", "the first certificate's subject", TS | TC,
	    TLS_PROGRESS_CERT, get_subject, NULL, NULL,
	    "tls_cert_subject", false },
	{ "tls.cert_issuer", "the first certificate's issuer", TS | TC,
	    TLS_PROGRESS_CERT, get_issuer, NULL, NULL,
	    "tls_cert_issuer", false },
	{ "tls.cert_serial", "the first certificate's serial", TS | TC,
	    TLS_PROGRESS_CERT, get_serial, NULL, NULL,
	    "tls_cert_serial", false },
	{ "tls.cert_fingerprint", "the first certificate's SHA-1",
	    TS | TC, TLS_PROGRESS_CERT, get_fingerprint, NULL, NULL,
	    "tls_cert_fingerprint", false },
	{ "tls.random", "the hello's random", TS | TC, TLS_PROGRESS_HELLO,
	    get_random, NULL, NULL,
	    NULL, false },
	{ "tls.random_time", "the hello random's first 4 bytes", TS | TC,
	    TLS_PROGRESS_HELLO, get_random_time, NULL, NULL,
	    NULL, false },
	{ "tls.random_bytes", "the hello random's last 28 bytes", TS | TC,
	    TLS_PROGRESS_HELLO, get_random_bytes, NULL, NULL,
	    NULL, false },
	{ "ja3.hash", "the JA3 MD5 of the ClientHello", TS,
	    TLS_PROGRESS_HELLO, get_ja3_hash, NULL, NULL,
	    "ja3_hash", false },
	{ "ja3.string", "the JA3 string of the ClientHello", TS,
	    TLS_PROGRESS_HELLO, get_ja3_string, NULL, NULL,
	    NULL, false },
	{ "ja3s.hash", "the JA3S MD5 of the ServerHello", TC,
	    TLS_PROGRESS_HELLO, get_ja3s_hash, NULL, NULL,
	    NULL, false },
	{ "ja3s.string", "the JA3S string of the ServerHello", TC,
	    TLS_PROGRESS_HELLO, get_ja3s_string, NULL, NULL,
	    NULL, false },
	{ "ja4.hash", "the JA4 of the ClientHello", TS, TLS_PROGRESS_HELLO,
	    get_ja4, NULL, NULL,
	    NULL, false },
};

uint16_t
applayer_tls_version(const void *tx)
{
	return ((const struct applayer_tls_state *)tx)->version;
}

const char *
applayer_tls_version_name(uint16_t v, char *buf, size_t size)
{
	switch (v) {
	case 0:
		return "UNDETERMINED";
	case TLS_VERSION_SSL2:
		return "SSLv2";
	case TLS_VERSION_SSL3:
		return "SSLv3";
	case TLS_VERSION_10:
		return "TLSv1";
	case TLS_VERSION_11:
		return "TLS 1.1";
	case TLS_VERSION_12:
		return "TLS 1.2";
	case TLS_VERSION_13:
		return "TLS 1.3";
	default:
		break;
	}
	if ((v >> 8) == 0x7f && (v & 0xff) < 16)
		snprintf(buf, size, "TLS 1.3 draft-<16");
	else if ((v >> 8) == 0x7f && (v & 0xff) <= 28)
		snprintf(buf, size, "TLS 1.3 draft-%u", v & 0xff);
	else if ((v >> 8) == 0xfb && (v & 0xff) >= 16 && (v & 0xff) <= 28)
		snprintf(buf, size, "TLS 1.3 draft-%u-fb", v & 0xff);
	else
		snprintf(buf, size, "0x%04x", v);
	return buf;
}

static uint32_t
version_bit(uint16_t v)
{
	switch (v) {
	case TLS_VERSION_SSL2:
		return 1u << TLS_SSLVER_SSL2;
	case TLS_VERSION_SSL3:
		return 1u << TLS_SSLVER_SSL3;
	case TLS_VERSION_10:
		return 1u << TLS_SSLVER_TLS10;
	case TLS_VERSION_11:
		return 1u << TLS_SSLVER_TLS11;
	case TLS_VERSION_12:
		return 1u << TLS_SSLVER_TLS12;
	case TLS_VERSION_13:
		return 1u << TLS_SSLVER_TLS13;
	default:
		return 0;
	}
}

uint32_t
applayer_tls_ssl_versions(const void *tx)
{
	const struct applayer_tls_state *s = tx;

	return s->sslver | version_bit(s->version) |
	    version_bit(s->dir[APPLAYER_TOSERVER].hello_version);
}

uint32_t
applayer_tls_ssl_state(const void *tx)
{
	return ((const struct applayer_tls_state *)tx)->hsstate;
}

uint32_t
applayer_tls_ssl_state_current(const void *tx, uint8_t dir)
{
	return ((const struct applayer_tls_state *)tx)->hscur[dir & 1];
}

uint16_t
applayer_tls_dir_version(const void *tx, uint8_t dir)
{
	const struct applayer_tls_state *s = tx;
	const struct tls_dir *d = &s->dir[dir & 1];

	if ((dir & 1) == APPLAYER_TOCLIENT && (s->flags &
	    TLS_F_SERVER_HELLO) != 0)
		return s->version;
	if (d->hello_version != 0)
		return d->hello_version;
	return d->sslv2 ? TLS_VERSION_SSL2 : 0;
}

const char *
applayer_tls_cert_str(const void *tx, uint8_t dir,
    enum applayer_tls_cert_field f)
{
	const struct tls_cert *c = cert((void *)(uintptr_t)tx, dir);

	if (c == NULL)
		return NULL;
	switch (f) {
	case APPLAYER_TLS_CERT_SUBJECT:
		return c->subject;
	case APPLAYER_TLS_CERT_ISSUER:
		return c->issuer;
	case APPLAYER_TLS_CERT_FINGERPRINT:
		return c->fingerprint;
	}
	return NULL;
}

bool
applayer_tls_cert_validity(const void *tx, uint8_t dir, time_t *nb,
    time_t *na)
{
	const struct tls_dir *d = &((const struct applayer_tls_state *)tx)->dir[
	    dir & 1];

	if (!d->has_cert || !d->cert.has_validity)
		return false;
	*nb = d->cert.notbefore;
	*na = d->cert.notafter;
	return true;
}

uint32_t
applayer_tls_cert_chain_len(const void *tx, uint8_t dir)
{
	return ((const struct applayer_tls_state *)tx)->dir[dir & 1].ncerts;
}

bool
applayer_tls_cert_seen(const void *tx, uint8_t dir)
{
	return ((const struct applayer_tls_state *)tx)->dir[dir & 1].cert_done;
}
