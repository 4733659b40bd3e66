#include "core/base.h"

#include "applayer/cursor.h"
#include "applayer/dns/events.h"
#include "applayer/dns/message.h"

/* Smallest wire size of a question (root name, type, class) and of a
 * resource record (root name, type, class, ttl, rdlength): a count
 * larger than the bytes left / this is a lie, caught before any
 * allocation. */
#define QUESTION_MIN	5
#define RR_MIN		11

static int	decode_name(const uint8_t *msg, uint32_t len, uint32_t pos,
		    char *out, size_t osize, size_t *olen, bool *truncated,
		    uint32_t *events);
static int	add_name(struct dns_msg *m, struct applayer_cursor *c,
		    struct dns_name *n, uint32_t *events);
static int	parse_questions(struct dns_msg *m, struct applayer_cursor *c,
		    uint32_t *events);
static int	parse_section(struct dns_msg *m, struct applayer_cursor *c,
		    enum dns_section s, uint16_t count, uint32_t *events);

/* Walks the name at msg[pos] and writes its text to out (cut at osize
 * with *truncated set and NAME_TOO_LONG raised). Returns the position
 * just after the name where it started (after the first pointer, if
 * any), or -1. Every step checks the byte it reads against len; a
 * pointer must land inside the message and the hops are counted, so a
 * loop ends at DNS_PTR_HOPS_MAX. */
static int
decode_name(const uint8_t *msg, uint32_t len, uint32_t pos, char *out,
    size_t osize, size_t *olen, bool *truncated, uint32_t *events)
{
	uint32_t end = 0, hops = 0, labels = 0;
	bool jumped = false;
	size_t n = 0;

	*truncated = false;
	for (;;) {
		uint8_t b;

		if (pos >= len)
			return -1;
		b = msg[pos];
		if (b == 0) {
			pos++;
			break;
		}
		if ((b & 0xc0) == 0xc0) {
			uint32_t target;

			if (pos + 1 >= len)
				return -1;
			target = (uint32_t)(b & 0x3f) << 8 | msg[pos + 1];
			if (!jumped) {
				end = pos + 2;
				jumped = true;
			}
			if (++hops > DNS_PTR_HOPS_MAX) {
				*events |= 1u << DNS_EV_INFINITE_LOOP;
				return -1;
			}
			if (target >= len)
				return -1;
			pos = target;
			continue;
		}
		if ((b & 0xc0) != 0)	/* 0x40, 0x80: no such label types */
			return -1;
		if (b > len - pos - 1)
			return -1;
		if (++labels > DNS_LABELS_MAX) {
			*events |= 1u << DNS_EV_TOO_MANY_LABELS;
			return -1;
		}
		for (uint32_t i = n > 0 ? 0 : 1; i <= b; i++) {
			char ch = i == 0 ? '.' : (char)msg[pos + i];

			if (n < osize)
				out[n++] = ch;
			else if (!*truncated) {
				*truncated = true;
				*events |= 1u << DNS_EV_NAME_TOO_LONG;
			}
		}
		pos += 1u + b;
	}
	*olen = n;
	return (int)(jumped ? end : pos);
}

static int
add_name(struct dns_msg *m, struct applayer_cursor *c, struct dns_name *n,
    uint32_t *events)
{
	char buf[DNS_NAME_MAX];
	size_t len;
	bool cut;
	int next;

	next = decode_name(c->data, c->len, c->pos, buf, sizeof(buf), &len,
	    &cut, events);
	if (next < 0)
		return -1;
	if (m->slen + len > m->scap) {
		uint32_t cap = m->scap ? m->scap : 256;
		char *s;

		while (cap < m->slen + len)
			cap *= 2;
		if (cap > DNS_STRINGS_MAX)
			return -1;
		if ((s = realloc(m->strings, cap)) == NULL)
			return -1;
		m->strings = s;
		m->scap = cap;
	}
	if (len > 0)
		memcpy(m->strings + m->slen, buf, len);
	n->off = m->slen;
	n->len = (uint16_t)len;
	n->truncated = cut;
	m->slen += (uint32_t)len;
	if (!applayer_cursor_seek(c, (uint32_t)next))
		return -1;
	return 0;
}

static int
parse_questions(struct dns_msg *m, struct applayer_cursor *c,
    uint32_t *events)
{
	uint16_t count = m->hdr.qdcount;

	if ((uint32_t)count * QUESTION_MIN > applayer_cursor_remaining(c))
		return -1;
	if (count == 0)
		return 0;
	if ((m->q = calloc(count, sizeof(*m->q))) == NULL)
		return -1;
	for (uint16_t i = 0; i < count; i++) {
		struct dns_question *q = &m->q[i];

		if (add_name(m, c, &q->name, events) == -1 ||
		    !applayer_cursor_be16(c, &q->type) ||
		    !applayer_cursor_be16(c, &q->class))
			return -1;
		m->nq++;
	}
	return 0;
}

static int
parse_section(struct dns_msg *m, struct applayer_cursor *c,
    enum dns_section s, uint16_t count, uint32_t *events)
{
	if ((uint32_t)count * RR_MIN > applayer_cursor_remaining(c))
		return -1;
	if (count == 0)
		return 0;
	if ((m->rr[s] = calloc(count, sizeof(*m->rr[s]))) == NULL)
		return -1;
	for (uint16_t i = 0; i < count; i++) {
		struct dns_rr *rr = &m->rr[s][i];

		if (add_name(m, c, &rr->name, events) == -1 ||
		    !applayer_cursor_be16(c, &rr->type) ||
		    !applayer_cursor_be16(c, &rr->class) ||
		    !applayer_cursor_be32(c, &rr->ttl) ||
		    !applayer_cursor_be16(c, &rr->rdlen))
			return -1;
		rr->rdata = c->pos;
		if (!applayer_cursor_skip(c, rr->rdlen))
			return -1;
		m->nrr[s]++;
	}
	return 0;
}

bool
applayer_dns_message_header(const uint8_t *data, uint32_t len,
    struct dns_hdr *h)
{
	struct applayer_cursor c;

	applayer_cursor_init(&c, data, len);
	return applayer_cursor_be16(&c, &h->id) &&
	    applayer_cursor_be16(&c, &h->flags) &&
	    applayer_cursor_be16(&c, &h->qdcount) &&
	    applayer_cursor_be16(&c, &h->ancount) &&
	    applayer_cursor_be16(&c, &h->nscount) &&
	    applayer_cursor_be16(&c, &h->arcount);
}

int
applayer_dns_message_parse(const uint8_t *data, uint32_t len,
    struct dns_msg **out, uint32_t *events)
{
	struct applayer_cursor c;
	struct dns_msg *m;

	*out = NULL;
	if ((m = calloc(1, sizeof(*m))) == NULL)
		return -1;
	if (!applayer_dns_message_header(data, len, &m->hdr))
		goto malformed;
	if ((m->raw = malloc(len)) == NULL)
		goto fail;
	memcpy(m->raw, data, len);
	m->rawlen = len;
	applayer_cursor_init(&c, m->raw, len);
	if (!applayer_cursor_skip(&c, DNS_HDR_LEN) ||
	    parse_questions(m, &c, events) == -1 ||
	    parse_section(m, &c, DNS_SECTION_ANSWER, m->hdr.ancount,
	    events) == -1)
		goto malformed;
	if (parse_section(m, &c, DNS_SECTION_AUTHORITY, m->hdr.nscount,
	    events) == -1)
		*events |= 1u << DNS_EV_INVALID_AUTHORITIES;
	else if (parse_section(m, &c, DNS_SECTION_ADDITIONAL,
	    m->hdr.arcount, events) == -1)
		*events |= 1u << DNS_EV_INVALID_ADDITIONALS;
	*out = m;
	return 0;
malformed:
	*events |= 1u << DNS_EV_MALFORMED_DATA;
fail:
	applayer_dns_message_free(m);
	return -1;
}

void
applayer_dns_message_free(struct dns_msg *m)
{
	if (m == NULL)
		return;
	free(m->raw);
	free(m->strings);
	free(m->q);
	for (int s = 0; s < DNS_SECTION_MAX; s++)
		free(m->rr[s]);
	free(m);
}

int64_t
applayer_dns_message_name_at(const struct dns_msg *msg, uint32_t pos,
    char *out, size_t osize, size_t *olen)
{
	uint32_t events = 0;
	bool cut;

	return decode_name(msg->raw, msg->rawlen, pos, out, osize, olen,
	    &cut, &events);
}
