/* One DNS message (RFC 1035 §4) decoded from its wire bytes: header,
 * questions and the three resource record sections, names expanded
 * through compression pointers.
 *
 *                                 1  1  1  1  1  1
 *   0  1  2  3  4  5  6  7  8  9  0  1  2  3  4  5
 * +--+--+--+--+--+--+--+--+--+--+--+--+--+--+--+--+
 * |                      ID                       |
 * |QR|   Opcode  |AA|TC|RD|RA| Z|AD|CD|   RCODE   |
 * |                    QDCOUNT                    |
 * |                    ANCOUNT                    |
 * |                    NSCOUNT                    |
 * |                    ARCOUNT                    |
 * +--+--+--+--+--+--+--+--+--+--+--+--+--+--+--+--+
 *
 * Bounds: a name is cut at DNS_NAME_MAX bytes of text (NAME_TOO_LONG),
 * has at most DNS_LABELS_MAX labels (TOO_MANY_LABELS) and follows at
 * most DNS_PTR_HOPS_MAX pointers, each inside the message
 * (INFINITE_LOOP); every section count is checked against the bytes
 * left before anything is allocated for it; the decoded names of one
 * message take at most DNS_STRINGS_MAX bytes. */
#ifndef QUELL_APPLAYER_DNS_MESSAGE_H
#define QUELL_APPLAYER_DNS_MESSAGE_H

#include "core/base.h"

#define DNS_HDR_LEN		12
#define DNS_NAME_MAX		1025	/* Suricata's cut */
#define DNS_LABELS_MAX		255
#define DNS_PTR_HOPS_MAX	255
#define DNS_STRINGS_MAX		(4u << 20)

/* header flags */
#define DNS_FLAG_QR		0x8000
#define DNS_FLAG_AA		0x0400
#define DNS_FLAG_TC		0x0200
#define DNS_FLAG_RD		0x0100
#define DNS_FLAG_RA		0x0080
#define DNS_FLAG_Z		0x0040
#define DNS_FLAG_AD		0x0020
#define DNS_FLAG_CD		0x0010
#define DNS_OPCODE(flags)	(((flags) >> 11) & 0xf)
#define DNS_RCODE(flags)	((flags) & 0xf)

struct dns_hdr {
	uint16_t	 id;
	uint16_t	 flags;
	uint16_t	 qdcount;
	uint16_t	 ancount;
	uint16_t	 nscount;
	uint16_t	 arcount;
};

/* A decoded name: text (labels joined by '.', the root "") at
 * strings[off..off+len) of its message. */
struct dns_name {
	uint32_t	 off;
	uint16_t	 len;
	bool		 truncated;	/* cut at DNS_NAME_MAX */
};

struct dns_question {
	struct dns_name	 name;
	uint16_t	 type;
	uint16_t	 class;
};

struct dns_rr {
	struct dns_name	 name;
	uint16_t	 type;
	uint16_t	 class;
	uint32_t	 ttl;
	uint32_t	 rdata;		/* offset of RDATA in the message */
	uint16_t	 rdlen;
};

/* DNS_SECTION_* index struct dns_msg.nrr[] */
enum dns_section {
	DNS_SECTION_ANSWER,
	DNS_SECTION_AUTHORITY,
	DNS_SECTION_ADDITIONAL,
	DNS_SECTION_MAX,
};

struct dns_msg {
	struct dns_hdr	 hdr;
	uint8_t		*raw;		/* a copy of the message */
	uint32_t	 rawlen;
	char		*strings;	/* decoded names */
	uint32_t	 slen, scap;
	struct dns_question *q;
	uint16_t	 nq;
	struct dns_rr	*rr[DNS_SECTION_MAX];
	uint16_t	 nrr[DNS_SECTION_MAX];
};

/* Decodes data[0..len) into *out (allocated; free with
 * applayer_dns_message_free). Raises events as bits (1u << DNS_EV_*) in
 * *events. Returns 0, or -1 when the message cannot be used (shorter
 * than a header, a broken question or answer section: MALFORMED_DATA,
 * or out of memory) with *out NULL. A broken authority or additional
 * section keeps what came before it and raises its own event. */
int	applayer_dns_message_parse(const uint8_t *data, uint32_t len,
	    struct dns_msg **out, uint32_t *events);
void	applayer_dns_message_free(struct dns_msg *);

/* The header alone (the probe's and the TCP resync's test): false when
 * len < DNS_HDR_LEN. */
bool	applayer_dns_message_header(const uint8_t *data, uint32_t len,
	    struct dns_hdr *h);

/* Expands the name at pos of msg->raw into out[0..*olen) (room: osize
 * bytes, cut there): the rdata names (CNAME, NS, SOA, MX ...) that the
 * eve log prints. Returns the position after the name in the message,
 * or -1 when it is broken. */
int64_t	applayer_dns_message_name_at(const struct dns_msg *msg,
	    uint32_t pos, char *out, size_t osize, size_t *olen);

/* The text of n (not NUL-terminated: n->len bytes). A message whose
 * names are all the root has no strings at all. */
static inline const char *
applayer_dns_name_text(const struct dns_msg *m, const struct dns_name *n)
{
	return m->strings != NULL ? m->strings + n->off : "";
}

#endif
