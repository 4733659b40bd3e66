/* SSH wire formats (RFC 4253), as Suricata's rust/src/ssh/parser.rs
 * reads them, on a bounded cursor:
 *
 *	banner	"SSH-" protoversion "-" softwareversion [SP comments] CR LF
 *	record	uint32 packet_length, byte padding_length, byte msg_code,
 *		payload and padding (packet_length - 2 bytes)
 *	KEXINIT	byte[16] cookie, name-list kex_algorithms,
 *		server_host_key_algorithms, encryption c2s, s2c, mac c2s,
 *		s2c, compression c2s, s2c, languages c2s, s2c, boolean
 *		first_kex_packet_follows, uint32 0
 *
 * A name-list is a uint32 length and that many bytes. hassh (Salesforce's
 * SSH fingerprint, as Suricata writes it) is "kex;encryption;mac;
 * compression" of the sender's direction and its MD5 in lower-case
 * hex. */
#include "core/base.h"

#include <stdio.h>

#include <openssl/evp.h>

#include "applayer/cursor.h"
#include "applayer/ssh/ssh_int.h"

enum ssh_parse
ssh_parser_line(const uint8_t *data, uint32_t len, uint32_t *line_len,
    uint32_t *used)
{
	for (uint32_t i = 0; i < len; i++) {
		if (data[i] == '\n') {
			*line_len = i;
			*used = i + 1;
			return SSH_PARSE_OK;
		}
		if (data[i] != '\r')
			continue;
		/* "\r\n", or a lone "\r" with more after it; a last "\r"
		 * may still become "\r\n" */
		if (i + 1 == len)
			return SSH_PARSE_INCOMPLETE;
		*line_len = i;
		*used = data[i + 1] == '\n' ? i + 2 : i + 1;
		return SSH_PARSE_OK;
	}
	return SSH_PARSE_INCOMPLETE;
}

static bool
is_delim(uint8_t c)
{
	return c == ' ' || c == '\r' || c == '\n';
}

bool
ssh_parser_banner(const uint8_t *line, uint32_t len, const uint8_t **protover,
    uint32_t *protover_len, const uint8_t **swver, uint32_t *swver_len)
{
	struct applayer_cursor c;
	const uint8_t *tag, *p;
	uint32_t start, n;

	applayer_cursor_init(&c, line, len);
	if (!applayer_cursor_bytes(&c, 4, &tag) || memcmp(tag, "SSH-", 4) != 0)
		return false;
	/* the protocol version: at least one byte, up to a '-' that must
	 * be there */
	start = c.pos;
	while (applayer_cursor_remaining(&c) > 0 &&
	    *applayer_cursor_here(&c) != '-')
		if (!applayer_cursor_skip(&c, 1))
			return false;
	n = c.pos - start;
	if (n == 0 || applayer_cursor_remaining(&c) == 0)
		return false;
	*protover = line + start;
	*protover_len = n;
	if (!applayer_cursor_skip(&c, 1))
		return false;
	/* the software version: up to a blank or a line end when one
	 * follows at least one byte, else (Suricata's alt with rest) all
	 * that is left */
	start = c.pos;
	p = applayer_cursor_here(&c);
	n = 0;
	while (n < applayer_cursor_remaining(&c) && !is_delim(p[n]))
		n++;
	if (n == 0 || n == applayer_cursor_remaining(&c))
		n = applayer_cursor_remaining(&c);
	*swver = line + start;
	*swver_len = n;
	return true;
}

enum ssh_parse
ssh_parser_record_header(const uint8_t *data, uint32_t len, uint32_t *pkt_len,
    uint8_t *msg)
{
	struct applayer_cursor c;
	uint8_t pad;

	applayer_cursor_init(&c, data, len);
	if (!applayer_cursor_be32(&c, pkt_len))
		return SSH_PARSE_INCOMPLETE;
	/* Suricata's evasion check: a packet length of 0 or 1 cannot hold
	 * the padding length and the message code */
	if (*pkt_len <= 1)
		return SSH_PARSE_ERROR;
	if (!applayer_cursor_u8(&c, &pad) || !applayer_cursor_u8(&c, msg))
		return SSH_PARSE_INCOMPLETE;
	return SSH_PARSE_OK;
}

static bool
name_list(struct applayer_cursor *c, struct applayer_cursor *out)
{
	uint32_t n;
	struct applayer_cursor t = *c;

	if (!applayer_cursor_be32(&t, &n) || !applayer_cursor_sub(&t, n, out))
		return false;
	*c = t;
	return true;
}

static bool
append(struct ssh_bytes *o, const uint8_t *b, uint32_t n)
{
	uint8_t *nb;

	if (n == 0)
		return true;
	if ((nb = realloc(o->b, (size_t)o->len + n)) == NULL)
		return false;
	memcpy(nb + o->len, b, n);
	o->b = nb;
	o->len += n;
	return true;
}

bool
ssh_parser_hassh(const uint8_t *payload, uint32_t len, bool server,
    struct ssh_bytes *out)
{
	struct applayer_cursor c, l[10];
	const uint8_t *cookie;
	uint32_t reserved;
	uint8_t follows;
	/* kex, then encryption, mac, compression of the sender's way */
	const int pick[4] = { 0, server ? 3 : 2, server ? 5 : 4,
	    server ? 7 : 6 };
	struct ssh_bytes s = { NULL, 0 };

	applayer_cursor_init(&c, payload, len);
	if (!applayer_cursor_bytes(&c, 16, &cookie))
		return false;
	for (int i = 0; i < 10; i++)
		if (!name_list(&c, &l[i]))
			return false;
	if (!applayer_cursor_u8(&c, &follows) ||
	    !applayer_cursor_be32(&c, &reserved))
		return false;
	for (int i = 0; i < 4; i++) {
		if ((i > 0 && !append(&s, (const uint8_t *)";", 1)) ||
		    !append(&s, l[pick[i]].data, l[pick[i]].len)) {
			free(s.b);
			return false;
		}
	}
	*out = s;
	return true;
}
