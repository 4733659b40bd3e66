/* TLS and SSL (lib/applayer/tls/): the parser entry for the registry,
 * its configuration, and the accessors the phase-2 keyword files read
 * (tls.version, ssl_version, ssl_state, tls_cert_notbefore/notafter/
 * expired/valid, tls.cert_chain_len). Inspection buffers are in the
 * entry's buffer table.
 *
 * As in Suricata, a TLS flow has one transaction: the handshake, tx id
 * 0. Progress per direction: TLS_PROGRESS_IN_PROGRESS, _HELLO (this
 * side's hello parsed), _CERT (its Certificate parsed), _HANDSHAKE_DONE
 * (encrypted application data seen: Suricata's ssl_state
 * SSL_AL_FLAG_HANDSHAKE_DONE), _FINISHED (the direction ended). */
#ifndef QUELL_APPLAYER_TLS_TLS_H
#define QUELL_APPLAYER_TLS_TLS_H

#include "core/base.h"

#include <time.h>

#include "applayer/parser.h"

extern const struct applayer_parser applayer_tls_parser;

enum {
	TLS_PROGRESS_IN_PROGRESS,
	TLS_PROGRESS_HELLO,
	TLS_PROGRESS_CERT,
	TLS_PROGRESS_HANDSHAKE_DONE,
	TLS_PROGRESS_FINISHED,
};

/* app-layer.protocols.tls.encryption-handling (suricata.yaml) */
enum applayer_tls_encryption {
	APPLAYER_TLS_ENC_DEFAULT,	/* keep parsing records; no content
					 * inspection of encrypted data */
	APPLAYER_TLS_ENC_BYPASS,	/* handshake done: bypass the flow */
	APPLAYER_TLS_ENC_FULL,		/* inspect everything */
};

/* The cfg argument of state_new (NULL: the defaults). */
struct applayer_tls_config {
	enum applayer_tls_encryption encryption;
	bool		 ja3;		/* compute JA3/JA3S */
	bool		 ja4;		/* compute JA4 */
	bool		 log_ja4;	/* eve tls "ja4" (Suricata: off) */
};

/* ssl_state bits (Suricata's keyword values) */
#define TLS_STATE_CLIENT_HELLO		0x01
#define TLS_STATE_SERVER_HELLO		0x02
#define TLS_STATE_CLIENT_KEYX		0x04
#define TLS_STATE_SERVER_KEYX		0x08
#define TLS_STATE_UNKNOWN		0x10

/* Versions (wire values; SSLv2 is 0x0002) */
#define TLS_VERSION_SSL2		0x0002
#define TLS_VERSION_SSL3		0x0300
#define TLS_VERSION_10			0x0301
#define TLS_VERSION_11			0x0302
#define TLS_VERSION_12			0x0303
#define TLS_VERSION_13			0x0304

/* The "handshake done" signal: encrypted application data was seen
 * after the ServerHello. With encryption-handling bypass the framework
 * hands the flow to the conntrack bypass from here; with default it
 * stops content inspection of the stream. */
bool	applayer_tls_handshake_done(const void *state);
/* The flow's configured encryption handling (from state_new's cfg). */
enum applayer_tls_encryption applayer_tls_encryption(const void *state);

/* The negotiated version (ServerHello, its supported_versions if any;
 * the ClientHello's before a ServerHello): Suricata's tls.version, and
 * the name eve prints ("TLS 1.2", "TLSv1", "SSLv2", "TLS 1.3 draft-28",
 * "UNDETERMINED", "0x%04x"). */
uint16_t applayer_tls_version(const void *tx);
const char *applayer_tls_version_name(uint16_t version, char *buf,
	    size_t size);
/* The record-layer versions seen, as ssl_version's flags
 * (1 << TLS_SSLVER_*), both directions. */
enum {
	TLS_SSLVER_SSL2, TLS_SSLVER_SSL3, TLS_SSLVER_TLS10, TLS_SSLVER_TLS11,
	TLS_SSLVER_TLS12, TLS_SSLVER_TLS13,
};
uint32_t applayer_tls_ssl_versions(const void *tx);
/* ssl_state: TLS_STATE_* bits of the handshake messages seen; the bit
 * of dir's last such message (Suricata's current_flags as inline
 * parsing leaves it for a packet of dir: what ssl_state matches). */
uint32_t applayer_tls_ssl_state(const void *tx);
uint32_t applayer_tls_ssl_state_current(const void *tx, uint8_t dir);
/* The version of dir's side as ssl_version and tls.version see it
 * (Suricata's client_connp/server_connp.version): the ClientHello's,
 * the negotiated one to the client once the ServerHello came (its
 * supported_versions); SSLv2 records before a hello; 0 unknown. */
uint16_t applayer_tls_dir_version(const void *tx, uint8_t dir);
/* The first certificate of dir's chain, as the eve log and the
 * tls.cert_* buffers show it; NULL without one. */
enum applayer_tls_cert_field {
	APPLAYER_TLS_CERT_SUBJECT,
	APPLAYER_TLS_CERT_ISSUER,
	APPLAYER_TLS_CERT_FINGERPRINT,
};
const char *applayer_tls_cert_str(const void *tx, uint8_t dir,
	    enum applayer_tls_cert_field);
/* The first certificate of dir's chain (APPLAYER_TOCLIENT: the
 * server's): validity as epoch seconds; false without one. */
bool	applayer_tls_cert_validity(const void *tx, uint8_t dir,
	    time_t *notbefore, time_t *notafter);
/* Whether dir's Certificate message was parsed. */
bool	applayer_tls_cert_seen(const void *tx, uint8_t dir);
/* Certificates in dir's chain. */
uint32_t applayer_tls_cert_chain_len(const void *tx, uint8_t dir);

#endif
