/* DNS flow state: messages from UDP datagrams or from the TCP stream
 * (RFC 1035 §4.2.2: a 2-byte length before each message), one
 * transaction per message. */
#include "core/base.h"

#include "applayer/dns/dns.h"
#include "applayer/dns/dns_int.h"
#include "applayer/dns/events.h"
#include "applayer/dns/message.h"
#include "applayer/dns/state.h"

static struct applayer_dns_tx *tx_new(struct applayer_dns_state *,
		    uint8_t dir);
static void	tx_destroy(struct applayer_dns_tx *);
static void	handle_message(struct applayer_dns_state *, uint8_t dir,
		    const uint8_t *data, uint32_t len);
static bool	looks_like_message(const uint8_t *data, uint32_t len,
		    uint16_t mlen);
static enum applayer_proto probe_message(const uint8_t *data, uint32_t len,
		    uint8_t dir, uint8_t *rdir);
static enum applayer_proto probe_header_only(const uint8_t *data,
		    uint32_t len, uint8_t dir, uint8_t *rdir);

void *
applayer_dns_state_new(const struct flow *f, const void *cfg)
{
	struct applayer_dns_state *s = calloc(1, sizeof(*s));

	if (s != NULL)
		s->cfg = cfg;
	return s;
}

void
applayer_dns_state_free(void *state)
{
	struct applayer_dns_state *s = state;

	if (s == NULL)
		return;
	for (uint32_t i = 0; i < s->ntx; i++)
		tx_destroy(s->txs[i]);
	free(s->txs);
	free(s);
}

static void
tx_destroy(struct applayer_dns_tx *tx)
{
	applayer_txdata_release(&tx->txdata);
	applayer_dns_message_free(tx->msg);
	free(tx);
}

static struct applayer_dns_tx *
tx_new(struct applayer_dns_state *s, uint8_t dir)
{
	struct applayer_dns_tx *tx;

	if (s->ntx >= DNS_MAX_TX) {
		tx_destroy(s->txs[0]);
		memmove(s->txs, s->txs + 1, (s->ntx - 1) * sizeof(*s->txs));
		s->ntx--;
		s->purged++;
	}
	if (s->ntx == s->cap) {
		uint32_t cap = s->cap ? s->cap * 2 : 4;
		struct applayer_dns_tx **t;

		if ((t = realloc(s->txs, cap * sizeof(*t))) == NULL)
			return NULL;
		s->txs = t;
		s->cap = cap;
	}
	if ((tx = calloc(1, sizeof(*tx))) == NULL)
		return NULL;
	tx->id = s->next_id++;
	tx->dir = dir;
	s->txs[s->ntx++] = tx;
	return tx;
}

/* One message of dir: a tx in any case, carrying the events. The
 * header tests are Suricata's (dns.rs parse_request/parse_response):
 * QR against the direction, Z, and opcodes 7..15. */
static void
handle_message(struct applayer_dns_state *s, uint8_t dir,
    const uint8_t *data, uint32_t len)
{
	struct applayer_dns_tx *tx;
	struct dns_msg *m = NULL;
	uint32_t ev = 0;

	(void)applayer_dns_message_parse(data, len, &m, &ev);
	if (m != NULL) {
		uint16_t fl = m->hdr.flags;

		if (dir == APPLAYER_TOSERVER && (fl & DNS_FLAG_QR) != 0)
			ev |= 1u << DNS_EV_NOT_REQUEST;
		if (dir == APPLAYER_TOCLIENT && (fl & DNS_FLAG_QR) == 0)
			ev |= 1u << DNS_EV_NOT_RESPONSE;
		if ((fl & DNS_FLAG_Z) != 0)
			ev |= 1u << DNS_EV_Z_FLAG_SET;
		if (DNS_OPCODE(fl) >= 7)
			ev |= 1u << DNS_EV_INVALID_OPCODE;
	}
	if ((tx = tx_new(s, dir)) == NULL) {
		applayer_dns_message_free(m);
		return;
	}
	tx->msg = m;
	for (unsigned e = 0; e < DNS_EV_MAX; e++)
		if ((ev & (1u << e)) != 0)
			applayer_txdata_set_event(&tx->txdata, e);
}

/* After a gap the stream may resume mid-message: take the bytes as a
 * message start only when the length covers a header and the header
 * is plausible (opcode known, at most a few questions). */
static bool
looks_like_message(const uint8_t *data, uint32_t len, uint16_t mlen)
{
	struct dns_hdr h;

	if (mlen < DNS_HDR_LEN ||
	    !applayer_dns_message_header(data, len, &h))
		return false;
	return DNS_OPCODE(h.flags) < 7 && h.qdcount <= 16;
}

struct applayer_result
applayer_dns_state_parse(void *state, const struct applayer_chunk *c)
{
	struct applayer_dns_state *s = state;
	struct applayer_result r = { .status = APPLAYER_OK };
	uint32_t pos = 0;
	uint8_t dir = c->dir & 1;

	if ((c->flags & APPLAYER_CHUNK_GAP) != 0) {
		s->gap[dir] = true;
		return r;
	}
	if (c->data == NULL || c->len == 0)
		return r;
	if ((c->flags & APPLAYER_CHUNK_DGRAM) != 0) {
		(void)applayer_frame_add(c, 0, c->len, DNS_FRAME_PDU);
		handle_message(s, dir, c->data, c->len);
		return r;
	}
	while (pos < c->len) {
		uint32_t rem = c->len - pos;
		uint16_t mlen;

		if (rem < 2) {
			r.status = APPLAYER_INCOMPLETE;
			r.consumed = pos;
			r.needed = 2 - rem;
			return r;
		}
		mlen = (uint16_t)(c->data[pos] << 8 | c->data[pos + 1]);
		if (s->gap[dir]) {
			if (rem < 2 + DNS_HDR_LEN) {
				r.status = APPLAYER_INCOMPLETE;
				r.consumed = pos;
				r.needed = 2 + DNS_HDR_LEN - rem;
				return r;
			}
			if (!looks_like_message(c->data + pos + 2, rem - 2,
			    mlen))
				return r;	/* drop until a message starts */
			s->gap[dir] = false;
		}
		if (rem - 2 < mlen) {
			r.status = APPLAYER_INCOMPLETE;
			r.consumed = pos;
			r.needed = mlen - (rem - 2);
			return r;
		}
		/* Suricata's dns.pdu: the message without its length */
		(void)applayer_frame_add(c, (int64_t)pos + 2, mlen,
		    DNS_FRAME_PDU);
		handle_message(s, dir, c->data + pos + 2, mlen);
		pos += 2u + mlen;
	}
	return r;
}

uint64_t
applayer_dns_state_tx_count(void *state)
{
	return ((struct applayer_dns_state *)state)->ntx;
}

void *
applayer_dns_state_tx_get(void *state, uint64_t i)
{
	struct applayer_dns_state *s = state;

	return i < s->ntx ? s->txs[i] : NULL;
}

uint64_t
applayer_dns_state_tx_id(void *state, void *tx)
{
	return ((struct applayer_dns_tx *)tx)->id;
}

void
applayer_dns_state_tx_free(void *state, uint64_t id)
{
	struct applayer_dns_state *s = state;

	for (uint32_t i = 0; i < s->ntx; i++) {
		if (s->txs[i]->id != id)
			continue;
		tx_destroy(s->txs[i]);
		memmove(s->txs + i, s->txs + i + 1,
		    (s->ntx - i - 1) * sizeof(*s->txs));
		s->ntx--;
		return;
	}
}

int
applayer_dns_state_tx_progress(void *tx, uint8_t dir)
{
	return 1;	/* a message is whole when it is a tx */
}

struct applayer_txdata *
applayer_dns_state_tx_data(void *tx)
{
	return &((struct applayer_dns_tx *)tx)->txdata;
}

uint64_t
applayer_dns_state_purged(const void *state)
{
	return ((const struct applayer_dns_state *)state)->purged;
}

/* Detection (Suricata's probing parser for DNS: a request that
 * decodes). UDP: the datagram is the message; TCP: after its 2-byte
 * length. A message whose QR bit is set seen to-server means the flow
 * started with the response: *rdir says so. */
static enum applayer_proto
probe_message(const uint8_t *data, uint32_t len, uint8_t dir, uint8_t *rdir)
{
	struct dns_msg *m = NULL;
	uint32_t ev = 0;
	bool response;

	if (len < DNS_HDR_LEN)
		return APPLAYER_PROTO_FAILED;
	if (applayer_dns_message_parse(data, len, &m, &ev) == -1)
		return APPLAYER_PROTO_FAILED;
	response = (m->hdr.flags & DNS_FLAG_QR) != 0;
	if (m->hdr.qdcount == 0 && !response) {
		applayer_dns_message_free(m);
		return APPLAYER_PROTO_FAILED;
	}
	applayer_dns_message_free(m);
	if (rdir != NULL)
		*rdir = (dir == APPLAYER_TOSERVER) == response;
	return APPLAYER_PROTO_DNS;
}

/* A TCP message not whole yet: its header decides. */
static enum applayer_proto
probe_header_only(const uint8_t *data, uint32_t len, uint8_t dir,
    uint8_t *rdir)
{
	struct dns_hdr h;
	bool response;

	if (!applayer_dns_message_header(data, len, &h) ||
	    DNS_OPCODE(h.flags) >= 7)
		return APPLAYER_PROTO_FAILED;
	response = (h.flags & DNS_FLAG_QR) != 0;
	if (h.qdcount == 0 && !response)
		return APPLAYER_PROTO_FAILED;
	if (rdir != NULL)
		*rdir = (dir == APPLAYER_TOSERVER) == response;
	return APPLAYER_PROTO_DNS;
}

enum applayer_proto
applayer_dns_state_probe_udp(const uint8_t *data, uint32_t len, uint8_t dir,
    uint8_t *rdir)
{
	return probe_message(data, len, dir, rdir);
}

enum applayer_proto
applayer_dns_state_probe_tcp(const uint8_t *data, uint32_t len, uint8_t dir,
    uint8_t *rdir)
{
	uint16_t mlen;

	if (len < 2)
		return APPLAYER_PROTO_UNKNOWN;
	mlen = (uint16_t)(data[0] << 8 | data[1]);
	if (mlen < DNS_HDR_LEN)
		return APPLAYER_PROTO_FAILED;
	if (len - 2 < mlen)
		return len - 2 < DNS_HDR_LEN ? APPLAYER_PROTO_UNKNOWN :
		    probe_header_only(data + 2, len - 2, dir, rdir);
	return probe_message(data + 2, mlen, dir, rdir);
}
