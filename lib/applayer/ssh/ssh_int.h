/* The SSH module's own types and functions, shared by its files
 * (parser.c, state.c, buffers.c, logger.c) and nothing else. */
#ifndef QUELL_APPLAYER_SSH_SSH_INT_H
#define QUELL_APPLAYER_SSH_SSH_INT_H

#include "core/base.h"
#include "applayer/parser.h"
#include "applayer/ssh/ssh.h"

/* Suricata's: a banner line this long is long_banner; a KEXINIT record
 * up to this much is reassembled for hassh (else long_kex_record) */
#define SSH_MAX_BANNER_LEN	256
#define SSH_MAX_KEX_RECORD	65535
#define SSH_RECORD_HEADER_LEN	6
/* quell's bound on what one side's banner fields keep */
#define SSH_MAX_FIELD		65536

#define SSH_MSG_KEXINIT		20
#define SSH_MSG_NEWKEYS		21

/* A byte string the state owns. */
struct ssh_bytes {
	uint8_t		*b;
	uint32_t	 len;
};

/* One side: the client's (APPLAYER_TOSERVER) or the server's. */
struct ssh_hdr {
	uint32_t	 record_left;	/* bytes of a record still to skip */
	uint8_t		 record_left_msg; /* SSH_MSG_KEXINIT: being
					   reassembled (INCOMPLETE asked) */
	uint8_t		 flags;		/* SSH_PROGRESS_* */
	struct ssh_bytes protover;
	struct ssh_bytes swver;
	struct ssh_bytes hassh_string;
	char		 hassh[33];	/* MD5 hex of hassh_string; "" none */
};

struct ssh_tx {
	struct ssh_hdr	 hdr[2];	/* APPLAYER_TOSERVER: the client */
	struct applayer_txdata txdata;
};

struct ssh_state {
	struct ssh_tx	 tx;
	bool		 freed;		/* tx_free was called */
	struct applayer_ssh_config cfg;
};

/* parser.c: pure functions on bytes */
enum ssh_parse {
	SSH_PARSE_OK,
	SSH_PARSE_INCOMPLETE,
	SSH_PARSE_ERROR,
};

/* A line of data: up to "\n", "\r\n" or a "\r" followed by anything
 * (Suricata's ssh_parse_line); *line_len without the end, *used with
 * it. INCOMPLETE without an end (or with a last "\r"). */
enum ssh_parse ssh_parser_line(const uint8_t *data, uint32_t len,
	    uint32_t *line_len, uint32_t *used);
/* "SSH-" protover "-" swver [" " comments]: spans into line. */
bool	ssh_parser_banner(const uint8_t *line, uint32_t len,
	    const uint8_t **protover, uint32_t *protover_len,
	    const uint8_t **swver, uint32_t *swver_len);
/* A record header: packet length (> 1), padding length, message code.
 * INCOMPLETE with fewer than 6 bytes, ERROR on a length below 2. */
enum ssh_parse ssh_parser_record_header(const uint8_t *data, uint32_t len,
	    uint32_t *pkt_len, uint8_t *msg);
/* The hassh string of a KEXINIT payload (after the message code: the
 * cookie and the name-lists) sent by the client (server false: kex;
 * encryption, mac, compression client to server) or the server (the
 * server-to-client lists), into out (malloc'ed). false when the payload
 * does not hold a whole KEXINIT or on ENOMEM. */
bool	ssh_parser_hassh(const uint8_t *payload, uint32_t len, bool server,
	    struct ssh_bytes *out);

#endif
