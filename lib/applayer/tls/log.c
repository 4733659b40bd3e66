/* The eve "tls" object, Suricata 7's extended format and order:
 * subject, issuerdn, serial, fingerprint, sni, version, notbefore,
 * notafter, ja3 {hash, string}, ja3s {hash, string}, ja4 (when
 * enabled), client {subject, issuerdn, fingerprint, serial, notbefore,
 * notafter} when the client sent a certificate. */
#include "core/base.h"

#include <time.h>

#include <jansson.h>

#include "applayer/json.h"
#include "applayer/tls/log.h"
#include "applayer/tls/tls.h"
#include "applayer/tls/tls_int.h"

static void
set_str(json_t *o, const char *key, const char *v)
{
	if (v != NULL)
		json_object_set_new(o, key, applayer_json_bytes(
		    (const uint8_t *)v, strlen(v)));
}

static void
set_time(json_t *o, const char *key, time_t t)
{
	struct tm tm;
	char buf[32];

	if (gmtime_r(&t, &tm) == NULL ||
	    strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%S", &tm) == 0)
		return;
	json_object_set_new(o, key, json_string(buf));
}

static void
set_hash_pair(json_t *o, const char *key, const char *hash,
    const struct tls_strbuf *str)
{
	json_t *p;

	if (hash[0] == '\0' || (p = json_object()) == NULL)
		return;
	json_object_set_new(p, "hash", json_string(hash));
	json_object_set_new(p, "string", json_stringn(str->s, str->len));
	json_object_set_new(o, key, p);
}

int
applayer_tls_log_tx(void *state, void *tx, struct json_t *out)
{
	struct applayer_tls_state *s = tx;
	const struct tls_dir *srv = &s->dir[APPLAYER_TOCLIENT];
	const struct tls_dir *cli = &s->dir[APPLAYER_TOSERVER];
	char vbuf[32];

	if (srv->has_cert) {
		set_str(out, "subject", srv->cert.subject);
		set_str(out, "issuerdn", srv->cert.issuer);
		set_str(out, "serial", srv->cert.serial);
		set_str(out, "fingerprint", srv->cert.fingerprint);
	}
	if (s->sni != NULL)
		json_object_set_new(out, "sni", applayer_json_bytes(
		    (const uint8_t *)s->sni, s->sni_len));
	json_object_set_new(out, "version", json_string(
	    applayer_tls_version_name(s->version, vbuf, sizeof(vbuf))));
	if (srv->has_cert && srv->cert.has_validity) {
		set_time(out, "notbefore", srv->cert.notbefore);
		set_time(out, "notafter", srv->cert.notafter);
	}
	set_hash_pair(out, "ja3", s->ja3_hash, &s->ja3);
	set_hash_pair(out, "ja3s", s->ja3s_hash, &s->ja3s);
	if (s->cfg.log_ja4) {
		const char *j = tls_ja4(s);

		if (j != NULL)
			json_object_set_new(out, "ja4", json_string(j));
	}
	if (cli->has_cert) {
		json_t *c = json_object();

		set_str(c, "subject", cli->cert.subject);
		set_str(c, "issuerdn", cli->cert.issuer);
		set_str(c, "fingerprint", cli->cert.fingerprint);
		set_str(c, "serial", cli->cert.serial);
		if (cli->cert.has_validity) {
			set_time(c, "notbefore", cli->cert.notbefore);
			set_time(c, "notafter", cli->cert.notafter);
		}
		json_object_set_new(out, "client", c);
	}
	return 0;
}
