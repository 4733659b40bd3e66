/* The Certificate handshake message (RFC 5246 §7.4.2): the chain as sent
 * (tls.certs), and its first certificate decoded with libcrypto's X.509
 * code (no parser of our own) into what eve and the cert buffers show,
 * in Suricata's formats: names "C=US, O=Google Inc, CN=..." (Email= for
 * emailAddress), the serial as colon-separated upper-case hex of the DER
 * integer's content octets, the SHA-1 fingerprint in lower case. */
#include "core/base.h"

#include <stdio.h>
#include <time.h>

#include <openssl/asn1.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/x509.h>

#include "applayer/cursor.h"
#include "applayer/tls/events.h"
#include "applayer/tls/tls_int.h"

static char	*name_text(const X509_NAME *);
static char	*colon_hex(const uint8_t *d, size_t n, bool upper);
static bool	 asn1_epoch(const ASN1_TIME *, time_t *);
static int	 decode_first(struct applayer_tls_state *, struct tls_dir *);

void
tls_cert_clear(struct tls_dir *d)
{
	for (uint32_t i = 0; i < d->ncerts; i++) {
		free(d->certs[i]);
		d->certs[i] = NULL;
	}
	d->ncerts = 0;
	free(d->cert.subject);
	free(d->cert.issuer);
	free(d->cert.serial);
	free(d->cert.fingerprint);
	memset(&d->cert, 0, sizeof(d->cert));
	d->has_cert = false;
}

static const char *
short_name(int nid)
{
	switch (nid) {
	case NID_countryName:
		return "C";
	case NID_stateOrProvinceName:
		return "ST";
	case NID_localityName:
		return "L";
	case NID_organizationName:
		return "O";
	case NID_organizationalUnitName:
		return "OU";
	case NID_commonName:
		return "CN";
	case NID_pkcs9_emailAddress:
		return "Email";
	case NID_domainComponent:
		return "DC";
	default:
		return NULL;
	}
}

/* "A=v, B=w" in the order of the certificate, multi-valued RDNs joined
 * with " + "; values as UTF-8. */
static char *
name_text(const X509_NAME *name)
{
	struct tls_strbuf b = { 0 };
	int n = X509_NAME_entry_count(name), prev_set = -1;

	for (int i = 0; i < n; i++) {
		const X509_NAME_ENTRY *e = X509_NAME_get_entry(name, i);
		const ASN1_OBJECT *obj = X509_NAME_ENTRY_get_object(e);
		const char *sn = short_name(OBJ_obj2nid(obj));
		unsigned char *val = NULL;
		char oid[80];
		int vlen, set = X509_NAME_ENTRY_set(e);

		if (sn == NULL) {
			if (OBJ_obj2txt(oid, sizeof(oid), obj, 1) <= 0)
				snprintf(oid, sizeof(oid), "?");
			sn = oid;
		}
		if ((vlen = ASN1_STRING_to_UTF8(&val,
		    X509_NAME_ENTRY_get_data(e))) < 0) {
			free(b.s);
			return NULL;
		}
		if (tls_strbuf_printf(&b, "%s%s=%.*s", i == 0 ? "" :
		    set == prev_set ? " + " : ", ", sn, vlen, val) == -1) {
			OPENSSL_free(val);
			free(b.s);
			return NULL;
		}
		OPENSSL_free(val);
		prev_set = set;
	}
	if (b.s == NULL && tls_strbuf_printf(&b, "%s", "") == -1)
		return NULL;
	return b.s;
}

static char *
colon_hex(const uint8_t *d, size_t n, bool upper)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char *s = malloc(n * 3 + 1);

	if (s == NULL)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		s[3 * i] = digits[d[i] >> 4];
		s[3 * i + 1] = digits[d[i] & 0xf];
		s[3 * i + 2] = ':';
	}
	s[n > 0 ? n * 3 - 1 : 0] = '\0';
	return s;
}

static bool
asn1_epoch(const ASN1_TIME *t, time_t *out)
{
	struct tm tm;

	memset(&tm, 0, sizeof(tm));
	if (t == NULL || ASN1_TIME_to_tm(t, &tm) != 1)
		return false;
	*out = timegm(&tm);
	return true;
}

static int
decode_first(struct applayer_tls_state *s, struct tls_dir *d)
{
	const unsigned char *p = d->certs[0];
	uint8_t md[EVP_MAX_MD_SIZE];
	unsigned mdlen = 0;
	const ASN1_INTEGER *sn;
	unsigned char *ser = NULL;
	X509 *x;
	int n;

	if ((x = d2i_X509(NULL, &p, d->cert_len[0])) == NULL) {
		tls_state_event(s, TLS_EV_INVALID_CERTIFICATE);
		return -1;
	}
	if ((d->cert.subject = name_text(X509_get_subject_name(x))) == NULL)
		tls_state_event(s, TLS_EV_CERTIFICATE_INVALID_SUBJECT);
	if ((d->cert.issuer = name_text(X509_get_issuer_name(x))) == NULL)
		tls_state_event(s, TLS_EV_CERTIFICATE_INVALID_ISSUER);
	/* the content octets of the DER INTEGER (a leading 00 kept, as
	 * Suricata prints it): i2d's encoding less its tag and length */
	sn = X509_get0_serialNumber(x);
	if ((n = i2d_ASN1_INTEGER((ASN1_INTEGER *)sn, &ser)) > 2) {
		int hl = 2;

		if ((ser[1] & 0x80) != 0)
			hl += ser[1] & 0x7f;
		if (n > hl)
			d->cert.serial = colon_hex(ser + hl, (size_t)(n - hl),
			    true);
	}
	OPENSSL_free(ser);
	if (d->cert.serial == NULL)
		tls_state_event(s, TLS_EV_CERTIFICATE_INVALID_SERIAL);
	if (EVP_Digest(d->certs[0], d->cert_len[0], md, &mdlen, EVP_sha1(),
	    NULL) == 1)
		d->cert.fingerprint = colon_hex(md, mdlen, false);
	d->cert.has_validity = asn1_epoch(X509_get0_notBefore(x),
	    &d->cert.notbefore) && asn1_epoch(X509_get0_notAfter(x),
	    &d->cert.notafter);
	if (!d->cert.has_validity)
		tls_state_event(s, TLS_EV_CERTIFICATE_INVALID_VALIDITY);
	X509_free(x);
	d->has_cert = true;
	return 0;
}

/*
 * opaque ASN.1Cert<1..2^24-1>;
 * struct { ASN.1Cert certificate_list<0..2^24-1>; } Certificate;
 */
int
tls_cert_message(struct applayer_tls_state *s, uint8_t dir,
    const uint8_t *body, uint32_t len)
{
	struct tls_dir *d = &s->dir[dir];
	struct applayer_cursor c, list, one;

	tls_cert_clear(d);
	applayer_cursor_init(&c, body, len);
	if (!applayer_cursor_vec(&c, 3, &list) ||
	    applayer_cursor_remaining(&c) != 0) {
		tls_state_event(s, TLS_EV_CERTIFICATE_INVALID_LENGTH);
		return -1;
	}
	while (applayer_cursor_remaining(&list) > 0) {
		if (!applayer_cursor_vec(&list, 3, &one) || one.len == 0) {
			tls_state_event(s, TLS_EV_CERTIFICATE_INVALID_LENGTH);
			break;
		}
		if (d->ncerts == TLS_MAX_CERTS)
			break;
		if ((d->certs[d->ncerts] = malloc(one.len)) == NULL)
			return -1;
		memcpy(d->certs[d->ncerts], one.data, one.len);
		d->cert_len[d->ncerts] = one.len;
		d->ncerts++;
	}
	d->cert_done = true;
	if (d->ncerts == 0)
		return 0;
	return decode_first(s, d);
}
