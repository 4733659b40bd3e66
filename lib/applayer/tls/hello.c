/* ClientHello and ServerHello (RFC 8446 §4.1.2-4.1.3, RFC 5246 §7.4.1):
 * version, random, ciphers, extensions (SNI, supported_groups,
 * ec_point_formats, signature_algorithms, ALPN, supported_versions),
 * and what JA3, JA3S and JA4 are made of. */
#include "core/base.h"

#include <stdarg.h>
#include <stdio.h>

#include "applayer/cursor.h"
#include "applayer/tls/events.h"
#include "applayer/tls/tls_int.h"

#define EXT_SNI			0
#define EXT_GROUPS		10
#define EXT_EC_POINT_FORMATS	11
#define EXT_SIG_ALGS		13
#define EXT_ALPN		16
#define EXT_EARLY_DATA		42
#define EXT_SUPPORTED_VERSIONS	43

/* SHA-256("HelloRetryRequest"): the random of a HelloRetryRequest */
static const uint8_t hrr_random[32] = {
	0xcf, 0x21, 0xad, 0x74, 0xe5, 0x9a, 0x61, 0x11, 0xbe, 0x1d, 0x8c,
	0x02, 0x1e, 0x65, 0xb8, 0x91, 0xc2, 0xa2, 0x11, 0x16, 0x7a, 0xbb,
	0x8c, 0x5e, 0x07, 0x9e, 0x09, 0xe2, 0xc8, 0xa8, 0x33, 0x9c,
};

static int	client_ext(struct applayer_tls_state *, uint16_t type,
		    struct applayer_cursor *body, struct tls_strbuf *curves,
		    struct tls_strbuf *pf, bool *sni_seen);

/* RFC 8701: 0x0a0a, 0x1a1a, ... 0xfafa */
bool
tls_grease(uint16_t v)
{
	return (v & 0x0f0f) == 0x0a0a && (v >> 8) == (v & 0xff);
}

int
tls_u16list_add(struct tls_u16list *l, uint16_t v)
{
	if (l->n == l->cap) {
		uint32_t cap = l->cap ? l->cap * 2 : 32;
		uint16_t *t;

		if (cap > 65536 || (t = realloc(l->v, cap * sizeof(*t))) ==
		    NULL)
			return -1;
		l->v = t;
		l->cap = cap;
	}
	l->v[l->n++] = v;
	return 0;
}

int
tls_strbuf_printf(struct tls_strbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		uint32_t room = b->cap - b->len;

		va_start(ap, fmt);
		n = vsnprintf(b->s != NULL ? b->s + b->len : NULL, room, fmt,
		    ap);
		va_end(ap);
		if (n < 0)
			return -1;
		if ((uint32_t)n < room) {
			b->len += (uint32_t)n;
			return 0;
		}
		{
			uint32_t cap = b->cap ? b->cap * 2 : 256;
			char *t;

			while (cap - b->len <= (uint32_t)n)
				cap *= 2;
			if (cap > TLS_JA3_MAX || (t = realloc(b->s, cap)) ==
			    NULL)
				return -1;
			b->s = t;
			b->cap = cap;
		}
	}
}

/* One ClientHello extension; malformed ones raise their events and
 * end the hello (-1). */
static int
client_ext(struct applayer_tls_state *s, uint16_t type,
    struct applayer_cursor *e, struct tls_strbuf *curves,
    struct tls_strbuf *pf, bool *sni_seen)
{
	struct applayer_cursor list, item;
	uint16_t v;
	uint8_t b;

	switch (type) {
	case EXT_SNI:
		if (*sni_seen) {
			tls_state_event(s, TLS_EV_MULTIPLE_SNI_EXTENSIONS);
			return 0;
		}
		*sni_seen = true;
		if (!applayer_cursor_vec(e, 2, &list)) {
			tls_state_event(s, TLS_EV_INVALID_SNI_LENGTH);
			return -1;
		}
		while (applayer_cursor_remaining(&list) > 0) {
			if (!applayer_cursor_u8(&list, &b))
				return -1;
			if (b != 0) {
				tls_state_event(s, TLS_EV_INVALID_SNI_TYPE);
				return -1;
			}
			if (!applayer_cursor_vec(&list, 2, &item)) {
				tls_state_event(s, TLS_EV_INVALID_SNI_LENGTH);
				return -1;
			}
			if (s->sni == NULL && item.len > 0) {
				if ((s->sni = malloc(item.len + 1)) == NULL)
					return -1;
				memcpy(s->sni, item.data, item.len);
				s->sni[item.len] = '\0';
				s->sni_len = (uint16_t)item.len;
			}
		}
		return 0;
	case EXT_GROUPS:
		if (!applayer_cursor_vec(e, 2, &list))
			return -1;
		while (applayer_cursor_be16(&list, &v))
			if (!tls_grease(v) && tls_strbuf_printf(curves,
			    curves->len ? "-%u" : "%u", v) == -1)
				return -1;
		return 0;
	case EXT_EC_POINT_FORMATS:
		if (!applayer_cursor_vec(e, 1, &list))
			return -1;
		while (applayer_cursor_u8(&list, &b))
			if (tls_strbuf_printf(pf, pf->len ? "-%u" : "%u", b) ==
			    -1)
				return -1;
		return 0;
	case EXT_SIG_ALGS:
		if (!applayer_cursor_vec(e, 2, &list))
			return -1;
		while (applayer_cursor_be16(&list, &v))
			if (!tls_grease(v) && s->cfg.ja4 &&
			    tls_u16list_add(&s->ja4_sigalgs, v) == -1)
				return -1;
		return 0;
	case EXT_ALPN:
		if (!applayer_cursor_vec(e, 2, &list))
			return -1;
		if (applayer_cursor_vec(&list, 1, &item) && item.len > 0 &&
		    !s->ja4_has_alpn) {
			s->ja4_alpn[0] = (char)item.data[0];
			s->ja4_alpn[1] = (char)item.data[item.len - 1];
			s->ja4_has_alpn = true;
		}
		return 0;
	case EXT_EARLY_DATA:
		s->flags |= TLS_F_EARLY_DATA;
		return 0;
	case EXT_SUPPORTED_VERSIONS:
		if (!applayer_cursor_vec(e, 1, &list))
			return -1;
		while (applayer_cursor_be16(&list, &v))
			if (!tls_grease(v) && v > s->ja4_version)
				s->ja4_version = v;
		return 0;
	default:
		return 0;
	}
}

/*
 * struct {
 *	ProtocolVersion legacy_version;
 *	Random random;
 *	opaque legacy_session_id<0..32>;
 *	CipherSuite cipher_suites<2..2^16-2>;
 *	opaque legacy_compression_methods<1..2^8-1>;
 *	Extension extensions<8..2^16-1>;	(optional before TLS 1.3)
 * } ClientHello;
 */
int
tls_hello_client(struct applayer_tls_state *s, const uint8_t *body,
    uint32_t len)
{
	struct tls_dir *d = &s->dir[APPLAYER_TOSERVER];
	struct applayer_cursor c, sid, ciphers, comp, exts, e;
	struct tls_strbuf cs = { 0 }, ex = { 0 }, curves = { 0 }, pf = { 0 };
	const uint8_t *random;
	bool sni_seen = false, first = s->nhello == 0;
	uint16_t version, v;
	int rc = -1;

	applayer_cursor_init(&c, body, len);
	if (!applayer_cursor_be16(&c, &version) ||
	    !applayer_cursor_bytes(&c, 32, &random) ||
	    !applayer_cursor_vec(&c, 1, &sid) ||
	    !applayer_cursor_vec(&c, 2, &ciphers) ||
	    !applayer_cursor_vec(&c, 1, &comp)) {
		tls_state_event(s, TLS_EV_HANDSHAKE_INVALID_LENGTH);
		return -1;
	}
	s->nhello++;
	d->hello_version = version;
	memcpy(d->random, random, 32);
	d->has_random = true;
	if (s->version == 0)
		s->version = version;
	if (!tls_grease(version) && version > s->ja4_version)
		s->ja4_version = version;
	s->ja4_have = true;
	s->ja4_valid = false;
	while (applayer_cursor_be16(&ciphers, &v)) {
		if (tls_grease(v))
			continue;
		if ((s->cfg.ja3 && tls_strbuf_printf(&cs, cs.len ? "-%u" :
		    "%u", v) == -1) || (s->cfg.ja4 &&
		    tls_u16list_add(&s->ja4_ciphers, v) == -1))
			goto done;
	}
	if (applayer_cursor_remaining(&c) > 0) {
		if (!applayer_cursor_vec(&c, 2, &exts)) {
			tls_state_event(s, TLS_EV_HANDSHAKE_INVALID_LENGTH);
			goto done;
		}
		while (applayer_cursor_remaining(&exts) > 0) {
			uint16_t type;

			if (!applayer_cursor_be16(&exts, &type) ||
			    !applayer_cursor_vec(&exts, 2, &e)) {
				tls_state_event(s,
				    TLS_EV_HANDSHAKE_INVALID_LENGTH);
				goto done;
			}
			if (!tls_grease(type)) {
				if ((s->cfg.ja3 && tls_strbuf_printf(&ex,
				    ex.len ? "-%u" : "%u", type) == -1) ||
				    (s->cfg.ja4 && tls_u16list_add(
				    &s->ja4_exts, type) == -1))
					goto done;
			}
			if (type == EXT_SNI)
				s->ja4_sni = true;
			if (client_ext(s, type, &e, &curves, &pf, &sni_seen) ==
			    -1)
				goto done;
		}
	}
	/* JA3: SSLVersion,Ciphers,Extensions,EllipticCurves,PointFormats.
	 * A second ClientHello (after a HelloRetryRequest) appends its
	 * lists to the string and leaves the hash, as Suricata 7 does. */
	if (s->cfg.ja3) {
		if ((first && tls_strbuf_printf(&s->ja3, "%u", version) ==
		    -1) || tls_strbuf_printf(&s->ja3, ",%s,%s,%s,%s",
		    cs.s ? cs.s : "", ex.s ? ex.s : "", curves.s ? curves.s :
		    "", pf.s ? pf.s : "") == -1)
			goto done;
		if (first)
			tls_md5_hex(s->ja3.s, s->ja3.len, s->ja3_hash);
	}
	rc = 0;
done:
	free(cs.s);
	free(ex.s);
	free(curves.s);
	free(pf.s);
	return rc;
}

/*
 * struct {
 *	ProtocolVersion legacy_version;
 *	Random random;
 *	opaque legacy_session_id_echo<0..32>;
 *	CipherSuite cipher_suite;
 *	uint8 legacy_compression_method;
 *	Extension extensions<6..2^16-1>;	(optional before TLS 1.3)
 * } ServerHello;
 */
int
tls_hello_server(struct applayer_tls_state *s, const uint8_t *body,
    uint32_t len)
{
	struct tls_dir *d = &s->dir[APPLAYER_TOCLIENT];
	struct applayer_cursor c, sid, exts, e;
	struct tls_strbuf ex = { 0 };
	const uint8_t *random;
	uint16_t version, cipher, negotiated;
	uint8_t comp;
	bool first = (s->flags & (TLS_F_SERVER_HELLO | TLS_F_HRR)) == 0;
	int rc = -1;

	applayer_cursor_init(&c, body, len);
	if (!applayer_cursor_be16(&c, &version) ||
	    !applayer_cursor_bytes(&c, 32, &random) ||
	    !applayer_cursor_vec(&c, 1, &sid) ||
	    !applayer_cursor_be16(&c, &cipher) ||
	    !applayer_cursor_u8(&c, &comp)) {
		tls_state_event(s, TLS_EV_HANDSHAKE_INVALID_LENGTH);
		return -1;
	}
	d->hello_version = version;
	memcpy(d->random, random, 32);
	d->has_random = true;
	negotiated = version;
	if (applayer_cursor_remaining(&c) > 0) {
		if (!applayer_cursor_vec(&c, 2, &exts)) {
			tls_state_event(s, TLS_EV_HANDSHAKE_INVALID_LENGTH);
			return -1;
		}
		while (applayer_cursor_remaining(&exts) > 0) {
			uint16_t type, v;

			if (!applayer_cursor_be16(&exts, &type) ||
			    !applayer_cursor_vec(&exts, 2, &e)) {
				tls_state_event(s,
				    TLS_EV_HANDSHAKE_INVALID_LENGTH);
				goto done;
			}
			if (!tls_grease(type) && s->cfg.ja3 &&
			    tls_strbuf_printf(&ex, ex.len ? "-%u" : "%u",
			    type) == -1)
				goto done;
			if (type == EXT_SUPPORTED_VERSIONS &&
			    applayer_cursor_be16(&e, &v))
				negotiated = v;
		}
	}
	s->version = negotiated;
	if (memcmp(random, hrr_random, 32) == 0)
		s->flags |= TLS_F_HRR;
	else
		s->flags |= TLS_F_SERVER_HELLO;
	/* TLS 1.3 (and its drafts): what follows the ServerHello is
	 * encrypted. */
	if (negotiated == TLS_VERSION_13 || (negotiated >> 8) == 0x7f ||
	    (negotiated >> 8) == 0xfb) {
		if ((s->flags & TLS_F_SERVER_HELLO) != 0)
			d->encrypted = true;
	}
	if (s->cfg.ja3 && first) {
		if (tls_strbuf_printf(&s->ja3s, "%u,%u,%s", version, cipher,
		    ex.s ? ex.s : "") == -1)
			goto done;
		tls_md5_hex(s->ja3s.s, s->ja3s.len, s->ja3s_hash);
	}
	rc = 0;
done:
	free(ex.s);
	return rc;
}

/* An SSLv2-format ClientHello (RFC 6101 appendix E.1, the "SSLv23"
 * hello older clients send): version, then three lengths and the
 * lists. Suricata takes its version and no JA3. */
int
tls_hello_sslv2(struct applayer_tls_state *s, const uint8_t *body,
    uint32_t len)
{
	struct applayer_cursor c;
	uint16_t version, cslen, sidlen, chlen;

	applayer_cursor_init(&c, body, len);
	if (!applayer_cursor_be16(&c, &version) ||
	    !applayer_cursor_be16(&c, &cslen) ||
	    !applayer_cursor_be16(&c, &sidlen) ||
	    !applayer_cursor_be16(&c, &chlen) ||
	    !applayer_cursor_skip(&c, (uint32_t)cslen + sidlen + chlen)) {
		tls_state_event(s, TLS_EV_INVALID_SSLV2_HEADER);
		return -1;
	}
	s->dir[APPLAYER_TOSERVER].hello_version = version;
	if (s->version == 0)
		s->version = version;
	return 0;
}
