/* The TLS module's own types, shared by its files and by nothing else:
 * everyone outside goes through tls.h. */
#ifndef QUELL_APPLAYER_TLS_INT_H
#define QUELL_APPLAYER_TLS_INT_H

#include "core/base.h"

#include <time.h>

#include "applayer/parser.h"
#include "applayer/tls/tls.h"

#define TLS_RECORD_MAX		(16384 + 2048)	/* RFC 5246 §6.2.3 */

/* Frame types (Suricata's tls.<name>: struct applayer_parser
 * frame_types in tls.c) */
enum tls_frame {
	TLS_FRAME_PDU,		/* "pdu": a record, header and data */
	TLS_FRAME_HDR,		/* "hdr": its 5-byte header */
	TLS_FRAME_DATA,		/* "data": its data */
	TLS_FRAME_ALERT,	/* "alert": an alert record's data */
	TLS_FRAME_HEARTBEAT,	/* "heartbeat": a heartbeat's data */
	TLS_FRAME_SSL2_HDR,	/* "ssl2.hdr" */
	TLS_FRAME_SSL2_PDU,	/* "ssl2.pdu" */
	TLS_FRAME_MAX
};
#define TLS_HS_MAX		(256u << 10)	/* a handshake message, waited
						 * for across records */
#define TLS_MAX_CERTS		32
#define TLS_MAX_RECORDS		255	/* per parse() call (Suricata's) */
#define TLS_JA3_MAX		(64u << 10)

struct tls_u16list {
	uint16_t	*v;
	uint32_t	 n, cap;
};

struct tls_strbuf {
	char		*s;
	uint32_t	 len, cap;
};

/* The first certificate of a chain as eve and the cert buffers show it;
 * NUL-terminated strings. */
struct tls_cert {
	char		*subject;
	char		*issuer;
	char		*serial;
	char		*fingerprint;
	time_t		 notbefore, notafter;
	bool		 has_validity;
};

struct tls_dir {
	bool		 started;
	bool		 sslv2;		/* SSLv2 records */
	bool		 ccs;		/* ChangeCipherSpec seen */
	bool		 encrypted;	/* handshake records are ciphertext */
	bool		 hello;
	bool		 cert_done;
	uint32_t	 hs_skip;	/* bytes of the record at the stream
					 * position already parsed */
	uint16_t	 hello_version;
	uint8_t		 random[32];
	bool		 has_random;
	uint8_t		*certs[TLS_MAX_CERTS];	/* DER, as sent */
	uint32_t	 cert_len[TLS_MAX_CERTS];
	uint32_t	 ncerts;
	struct tls_cert	 cert;		/* certs[0] decoded */
	bool		 has_cert;
};

/* struct applayer_tls_state.flags */
#define TLS_F_SERVER_HELLO	0x01
#define TLS_F_HANDSHAKE_DONE	0x02
#define TLS_F_EARLY_DATA	0x04
#define TLS_F_HRR		0x08
#define TLS_F_SNI_SEEN		0x10

/* The flow state is also its single transaction. */
struct applayer_tls_state {
	struct applayer_txdata txdata;
	struct applayer_tls_config cfg;
	bool		 tx_freed;
	bool		 finished[2];
	struct tls_dir	 dir[2];
	uint32_t	 flags;
	uint16_t	 version;	/* negotiated */
	uint32_t	 sslver;	/* 1 << TLS_SSLVER_* */
	uint32_t	 hsstate;	/* TLS_STATE_* seen */
	uint32_t	 hscur[2];	/* per direction, TLS_STATE_* of its
					 * last handshake message of those
					 * kinds (Suricata's current_flags,
					 * as inline parsing leaves it when
					 * that side's packet is inspected; a
					 * CertificateRequest clears it) */
	char		*sni;
	uint16_t	 sni_len;
	uint32_t	 nhello;	/* ClientHellos seen */
	/* JA3 (Suricata: string grows on a second ClientHello, the hash
	 * is the first one's) and JA3S (the first ServerHello's) */
	struct tls_strbuf ja3;
	char		 ja3_hash[33];
	struct tls_strbuf ja3s;
	char		 ja3s_hash[33];
	/* JA4's inputs, accumulated over ClientHellos as Suricata 7 does */
	bool		 ja4_have;
	uint16_t	 ja4_version;
	bool		 ja4_sni;
	char		 ja4_alpn[2];
	bool		 ja4_has_alpn;
	struct tls_u16list ja4_ciphers, ja4_exts, ja4_sigalgs;
	char		 ja4[37];
	bool		 ja4_valid;	/* ja4[] matches the lists */
};

void	tls_state_event(struct applayer_tls_state *, unsigned ev);

/* A handshake message of kind bit (TLS_STATE_*) was seen in dir. */
static inline void
tls_state_hs(struct applayer_tls_state *s, uint8_t dir, uint32_t bit)
{
	s->hsstate |= bit;
	s->hscur[dir & 1] = bit;
}

/* hello.c */
int	tls_hello_client(struct applayer_tls_state *, const uint8_t *body,
	    uint32_t len);
int	tls_hello_server(struct applayer_tls_state *, const uint8_t *body,
	    uint32_t len);
int	tls_hello_sslv2(struct applayer_tls_state *, const uint8_t *body,
	    uint32_t len);
bool	tls_grease(uint16_t v);
int	tls_u16list_add(struct tls_u16list *, uint16_t v);
int	tls_strbuf_printf(struct tls_strbuf *, const char *fmt, ...)
	    QUELL_PRINTF(2, 3);

/* cert.c */
int	tls_cert_message(struct applayer_tls_state *, uint8_t dir,
	    const uint8_t *body, uint32_t len);
void	tls_cert_clear(struct tls_dir *);

/* fingerprint.c */
void	tls_md5_hex(const char *s, size_t len, char out[33]);
const char *tls_ja4(struct applayer_tls_state *);

#endif
