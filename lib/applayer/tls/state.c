/* TLS flow state: the record layer (RFC 5246 §6.2, RFC 8446 §5) per
 * direction over the stream's bytes, handshake messages reassembled
 * across records, SSLv2-format hellos; the one transaction.
 *
 * No bytes are kept between calls: a record is parsed once it is whole
 * in the chunk (INCOMPLETE asks for the rest), and a handshake message
 * that continues into later records is parsed once all of them are in
 * the chunk, gathered into a scratch copy for that call only; until
 * then the stream keeps them (consumed stops at the record where the
 * message starts, hs_skip remembers the messages of that record already
 * parsed). A record waits for at most TLS_RECORD_MAX bytes, a message
 * for TLS_HS_MAX; beyond either the direction errors with its event. */
#include "core/base.h"

#include "applayer/tls/events.h"
#include "applayer/tls/state.h"
#include "applayer/tls/tls.h"
#include "applayer/tls/tls_int.h"

enum rt {
	RT_CCS = 20,
	RT_ALERT = 21,
	RT_HANDSHAKE = 22,
	RT_APPDATA = 23,
	RT_HEARTBEAT = 24,
};

struct gather {
	uint32_t	 next;		/* record to resume at */
	uint32_t	 skip;		/* its bytes already used */
};

static struct applayer_result res(enum applayer_status, uint32_t consumed,
		    uint32_t needed);
static int	hs_message(struct applayer_tls_state *, uint8_t dir,
		    uint8_t type, const uint8_t *body, uint32_t len);
static int	hs_record(struct applayer_tls_state *, uint8_t dir,
		    const uint8_t *data, uint32_t len, uint32_t pos,
		    uint32_t rlen, uint32_t *next, struct applayer_result *r);
static int	gather(struct applayer_tls_state *, uint8_t dir,
		    const uint8_t *data, uint32_t len, uint32_t pos,
		    uint32_t rlen, uint32_t off, struct gather *g,
		    struct applayer_result *r);
static int	sslv2_record(struct applayer_tls_state *, uint8_t dir,
		    const uint8_t *data, uint32_t rem, uint32_t *used,
		    struct applayer_result *r, uint32_t pos);
static void	heartbeat(struct applayer_tls_state *, struct tls_dir *,
		    const uint8_t *body, uint32_t rlen);

static const struct applayer_tls_config default_cfg = {
	.encryption = APPLAYER_TLS_ENC_DEFAULT,
	.ja3 = true,
	.ja4 = true,
};

void
tls_state_event(struct applayer_tls_state *s, unsigned ev)
{
	applayer_txdata_set_event(&s->txdata, ev);
}

void *
applayer_tls_state_new(const struct flow *f, const void *cfg)
{
	struct applayer_tls_state *s = calloc(1, sizeof(*s));

	if (s == NULL)
		return NULL;
	s->cfg = cfg != NULL ? *(const struct applayer_tls_config *)cfg :
	    default_cfg;
	return s;
}

void
applayer_tls_state_free(void *state)
{
	struct applayer_tls_state *s = state;

	if (s == NULL)
		return;
	applayer_txdata_release(&s->txdata);
	for (int d = 0; d < 2; d++)
		tls_cert_clear(&s->dir[d]);
	free(s->sni);
	free(s->ja3.s);
	free(s->ja3s.s);
	free(s->ja4_ciphers.v);
	free(s->ja4_exts.v);
	free(s->ja4_sigalgs.v);
	free(s);
}

static struct applayer_result
res(enum applayer_status st, uint32_t consumed, uint32_t needed)
{
	struct applayer_result r = { .status = st, .consumed = consumed,
	    .needed = needed };

	return r;
}

static bool
known_hs_type(uint8_t t)
{
	switch (t) {
	case 0: case 1: case 2: case 3: case 4: case 5: case 6: case 8:
	case 11: case 12: case 13: case 14: case 15: case 16: case 20:
	case 21: case 22: case 23: case 24: case 25: case 67: case 254:
		return true;
	default:
		return false;
	}
}

static int
hs_message(struct applayer_tls_state *s, uint8_t dir, uint8_t type,
    const uint8_t *body, uint32_t len)
{
	struct tls_dir *d = &s->dir[dir];

	switch (type) {
	case 1:
		if (dir != APPLAYER_TOSERVER)
			break;
		tls_state_hs(s, dir, TLS_STATE_CLIENT_HELLO);
		d->hello = true;
		return tls_hello_client(s, body, len);
	case 2:
		if (dir != APPLAYER_TOCLIENT)
			break;
		tls_state_hs(s, dir, TLS_STATE_SERVER_HELLO);
		d->hello = true;
		return tls_hello_server(s, body, len);
	case 11:
		return tls_cert_message(s, dir, body, len);
	case 12:
		tls_state_hs(s, dir, TLS_STATE_SERVER_KEYX);
		return 0;
	case 16:
		tls_state_hs(s, dir, TLS_STATE_CLIENT_KEYX);
		return 0;
	case 13:
		/* Suricata's current_flags becomes NEED_CLIENT_CERT, none
		 * of ssl_state's */
		if (dir == APPLAYER_TOCLIENT)
			s->hscur[dir] = 0;
		return 0;
	default:
		if (known_hs_type(type))
			return 0;
		break;
	}
	tls_state_hs(s, dir, TLS_STATE_UNKNOWN);
	tls_state_event(s, TLS_EV_INVALID_HANDSHAKE_MESSAGE);
	return -1;
}

/* The message starting at offset off of the record at data[pos]
 * continues into the records after it. When they are all in data: the
 * message is parsed from a scratch copy and g says where to resume (the
 * record the message ends in, and how much of it it took); 1. When they
 * are not: INCOMPLETE in r; 0. A record of another type in between, or
 * a message over TLS_HS_MAX: the event; -1. */
static int
gather(struct applayer_tls_state *s, uint8_t dir, const uint8_t *data,
    uint32_t len, uint32_t pos, uint32_t rlen, uint32_t off,
    struct gather *g, struct applayer_result *r)
{
	const uint8_t *first = data + pos + 5 + off;
	uint32_t have = rlen - off, want = 0, q = pos + 5 + rlen, take = 0;
	uint8_t hdr[4];
	uint8_t *buf;
	int rc;

	memcpy(hdr, first, have < 4 ? have : 4);
	if (have >= 4)
		want = 4 + ((uint32_t)hdr[1] << 16 | (uint32_t)hdr[2] << 8 |
		    hdr[3]);
	/* pass 1: are all the records there? */
	for (;;) {
		uint32_t qlen;

		if (len - q < 5) {
			*r = res(APPLAYER_INCOMPLETE, pos, q + 5 - len);
			return 0;
		}
		qlen = (uint32_t)data[q + 3] << 8 | data[q + 4];
		if (data[q] != RT_HANDSHAKE || qlen > TLS_RECORD_MAX) {
			tls_state_event(s, TLS_EV_HANDSHAKE_INVALID_LENGTH);
			return -1;
		}
		if (len - q - 5 < qlen) {
			*r = res(APPLAYER_INCOMPLETE, pos, q + 5 + qlen - len);
			return 0;
		}
		if (want == 0) {
			/* the message header itself spans records */
			for (take = 0; take < qlen && have < 4; take++)
				hdr[have++] = data[q + 5 + take];
			if (have < 4) {		/* all of qlen taken */
				q += 5 + qlen;
				continue;
			}
			want = 4 + ((uint32_t)hdr[1] << 16 |
			    (uint32_t)hdr[2] << 8 | hdr[3]);
			have -= take;	/* recounted below with the body */
		}
		if (want > TLS_HS_MAX + 4) {
			tls_state_event(s, TLS_EV_HANDSHAKE_INVALID_LENGTH);
			return -1;
		}
		if (want != 0 && want - have <= qlen) {
			take = want - have;
			break;
		}
		have += qlen;
		q += 5 + qlen;
	}
	/* pass 2: copy and parse */
	if ((buf = malloc(want)) == NULL)
		return -1;
	{
		uint32_t n = rlen - off, at = pos + 5 + rlen;

		memcpy(buf, first, n);
		while (at < q) {
			uint32_t qlen = (uint32_t)data[at + 3] << 8 |
			    data[at + 4];

			memcpy(buf + n, data + at + 5, qlen);
			n += qlen;
			at += 5 + qlen;
		}
		memcpy(buf + n, data + q + 5, take);
	}
	rc = hs_message(s, dir, buf[0], buf + 4, want - 4);
	free(buf);
	g->next = q;
	g->skip = take;
	(void)rc;	/* a bad message raised its event; go on */
	return 1;
}

/* The handshake messages of the whole record at data[pos]. 0 with
 * *next the position to go on from, INCOMPLETE (1, r set) or -1. */
static int
hs_record(struct applayer_tls_state *s, uint8_t dir, const uint8_t *data,
    uint32_t len, uint32_t pos, uint32_t rlen, uint32_t *next,
    struct applayer_result *r)
{
	struct tls_dir *d = &s->dir[dir];
	const uint8_t *p = data + pos + 5;
	uint32_t off = d->hs_skip;

	while (off < rlen && !d->encrypted) {
		uint32_t avail = rlen - off, hlen;
		struct gather g;
		int rc;

		/* an unknown type: its length means nothing either; the
		 * rest of the record is skipped (Suricata raises the same
		 * event and stops on the record) */
		if (!known_hs_type(p[off])) {
			tls_state_hs(s, dir, TLS_STATE_UNKNOWN);
			tls_state_event(s, TLS_EV_INVALID_HANDSHAKE_MESSAGE);
			break;
		}
		if (avail >= 4) {
			hlen = (uint32_t)p[off + 1] << 16 |
			    (uint32_t)p[off + 2] << 8 | p[off + 3];
			if (hlen > TLS_HS_MAX) {
				tls_state_event(s,
				    TLS_EV_HANDSHAKE_INVALID_LENGTH);
				return -1;
			}
			if (avail - 4 >= hlen) {
				(void)hs_message(s, dir, p[off], p + off + 4,
				    hlen);
				off += 4 + hlen;
				continue;
			}
		}
		d->hs_skip = off;
		if ((rc = gather(s, dir, data, len, pos, rlen, off, &g, r)) ==
		    -1)
			return -1;
		if (rc == 0)
			return 1;
		*next = g.next;
		d->hs_skip = g.skip;
		return 0;
	}
	d->hs_skip = 0;
	*next = pos + 5 + rlen;
	return 0;
}

static void
heartbeat(struct applayer_tls_state *s, struct tls_dir *d,
    const uint8_t *body, uint32_t rlen)
{
	uint32_t plen;

	tls_state_event(s, TLS_EV_HEARTBEAT_MESSAGE);
	if (d->encrypted)
		return;
	if (rlen < 3 || (body[0] != 1 && body[0] != 2)) {
		tls_state_event(s, TLS_EV_INVALID_HEARTBEAT_MESSAGE);
		return;
	}
	plen = (uint32_t)body[1] << 8 | body[2];
	/* type, length, payload, at least 16 bytes of padding */
	if (3 + plen + 16 > rlen)
		tls_state_event(s, TLS_EV_OVERFLOW_HEARTBEAT_MESSAGE);
}

/* An SSLv2 record: a 2-byte header (high bit set) or a 3-byte one with
 * padding. The first to-server one is the hello; a client announcing
 * SSLv3 or later goes on in TLS records (SSLv23 upgrade), and so does
 * a server whose first bytes are a TLS record. */
static int
sslv2_record(struct applayer_tls_state *s, uint8_t dir, const uint8_t *data,
    uint32_t rem, uint32_t *used, struct applayer_result *r, uint32_t pos)
{
	struct tls_dir *d = &s->dir[dir];
	uint32_t hdr, rlen;

	if (rem < 3) {
		*r = res(APPLAYER_INCOMPLETE, pos, 3 - rem);
		return 1;
	}
	if ((data[0] & 0x80) != 0) {
		hdr = 2;
		rlen = (uint32_t)(data[0] & 0x7f) << 8 | data[1];
	} else {
		hdr = 3;
		rlen = (uint32_t)(data[0] & 0x3f) << 8 | data[1];
	}
	if (rlen == 0) {
		tls_state_event(s, TLS_EV_INVALID_SSLV2_HEADER);
		return -1;
	}
	if (rem - hdr < rlen) {
		*r = res(APPLAYER_INCOMPLETE, pos, hdr + rlen - rem);
		return 1;
	}
	s->sslver |= 1u << TLS_SSLVER_SSL2;
	if (dir == APPLAYER_TOSERVER && !d->hello && data[hdr] == 1) {
		d->hello = true;
		tls_state_hs(s, dir, TLS_STATE_CLIENT_HELLO);
		if (tls_hello_sslv2(s, data + hdr + 1, rlen - 1) == 0 &&
		    d->hello_version >= TLS_VERSION_SSL3)
			d->sslv2 = false;
	} else if (dir == APPLAYER_TOCLIENT && !d->hello && data[hdr] == 4) {
		d->hello = true;
		tls_state_hs(s, dir, TLS_STATE_SERVER_HELLO);
		s->version = TLS_VERSION_SSL2;
		d->encrypted = true;
	}
	*used = hdr + rlen;
	return 0;
}

/* The frames of a whole record at pos of c: tls.pdu, tls.hdr,
 * tls.data, and tls.alert or tls.heartbeat for those. */
static void
tls_frames(const struct applayer_chunk *c, uint32_t pos, uint32_t rlen,
    uint8_t type)
{
	(void)applayer_frame_add(c, pos, 5 + (int64_t)rlen, TLS_FRAME_PDU);
	(void)applayer_frame_add(c, pos, 5, TLS_FRAME_HDR);
	(void)applayer_frame_add(c, (int64_t)pos + 5, rlen, TLS_FRAME_DATA);
	if (type == RT_ALERT)
		(void)applayer_frame_add(c, (int64_t)pos + 5, rlen,
		    TLS_FRAME_ALERT);
	else if (type == RT_HEARTBEAT)
		(void)applayer_frame_add(c, (int64_t)pos + 5, rlen,
		    TLS_FRAME_HEARTBEAT);
}

struct applayer_result
applayer_tls_state_parse(void *state, const struct applayer_chunk *c)
{
	struct applayer_tls_state *s = state;
	uint8_t dir = c->dir & 1;
	struct tls_dir *d = &s->dir[dir];
	struct applayer_result r = res(APPLAYER_OK, 0, 0);
	uint32_t pos = 0, records = 0;
	bool many = false;

	if ((c->flags & APPLAYER_CHUNK_EOF) != 0)
		s->finished[dir] = true;
	if ((c->flags & APPLAYER_CHUNK_GAP) != 0) {
		/* record boundaries are lost: nothing more to frame */
		d->encrypted = true;
		d->sslv2 = false;
		return r;
	}
	if (c->data == NULL || c->len == 0)
		return r;
	if (!d->started) {
		d->started = true;
		d->sslv2 = (c->data[0] & 0x80) != 0;
	}
	while (pos < c->len) {
		const uint8_t *h = c->data + pos;
		uint32_t rem = c->len - pos, rlen, next, used;
		uint16_t ver;
		int rc;

		if (++records > TLS_MAX_RECORDS && !many) {
			tls_state_event(s, TLS_EV_TOO_MANY_RECORDS_IN_PACKET);
			many = true;
		}
		if (d->sslv2) {
			if ((rc = sslv2_record(s, dir, h, rem, &used, &r,
			    pos)) == 1)
				return r;
			if (rc == -1)
				return res(APPLAYER_ERROR, 0, 0);
			(void)applayer_frame_add(c, pos, (h[0] & 0x80) ? 2 : 3,
			    TLS_FRAME_SSL2_HDR);
			(void)applayer_frame_add(c, pos, used,
			    TLS_FRAME_SSL2_PDU);
			pos += used;
			continue;
		}
		if (rem < 5)
			return res(APPLAYER_INCOMPLETE, pos, 5 - rem);
		ver = (uint16_t)(h[1] << 8 | h[2]);
		rlen = (uint32_t)h[3] << 8 | h[4];
		if (h[0] < RT_CCS || h[0] > RT_HEARTBEAT) {
			tls_state_event(s, TLS_EV_INVALID_RECORD_TYPE);
			return res(APPLAYER_ERROR, 0, 0);
		}
		if ((ver >> 8) != 3) {
			tls_state_event(s, TLS_EV_INVALID_RECORD_VERSION);
			return res(APPLAYER_ERROR, 0, 0);
		}
		if (rlen > TLS_RECORD_MAX) {
			tls_state_event(s, TLS_EV_INVALID_RECORD_LENGTH);
			return res(APPLAYER_ERROR, 0, 0);
		}
		if (rem - 5 < rlen)
			return res(APPLAYER_INCOMPLETE, pos, 5 + rlen - rem);
		next = pos + 5 + rlen;
		tls_frames(c, pos, rlen, h[0]);
		switch (h[0]) {
		case RT_CCS:
			d->ccs = true;
			d->encrypted = true;
			break;
		case RT_ALERT:
			if (!d->encrypted && rlen != 2)
				tls_state_event(s,
				    TLS_EV_INVALID_ALERT_MESSAGE);
			break;
		case RT_HANDSHAKE:
			if (d->encrypted)
				break;
			if ((rc = hs_record(s, dir, c->data, c->len, pos, rlen,
			    &next, &r)) == 1)
				return r;
			if (rc == -1)
				return res(APPLAYER_ERROR, 0, 0);
			/* the whole records a message spread over (gather()
			 * checked them), up to the one it ends in, which the
			 * loop frames when it gets there */
			for (uint32_t q = pos + 5 + rlen; next <= c->len &&
			    q + 5 <= next;) {
				uint32_t ql = (uint32_t)c->data[q + 3] << 8 |
				    c->data[q + 4];

				if (ql > next - q - 5)
					break;
				tls_frames(c, q, ql, c->data[q]);
				q += 5 + ql;
			}
			break;
		case RT_APPDATA:
			/* 0-RTT data may precede the ServerHello */
			if ((s->flags & TLS_F_EARLY_DATA) != 0 &&
			    (s->flags & TLS_F_SERVER_HELLO) == 0)
				break;
			s->flags |= TLS_F_HANDSHAKE_DONE;
			break;
		case RT_HEARTBEAT:
			heartbeat(s, d, h + 5, rlen);
			break;
		}
		pos = next;
	}
	return r;
}

uint64_t
applayer_tls_state_tx_count(void *state)
{
	return ((struct applayer_tls_state *)state)->tx_freed ? 0 : 1;
}

void *
applayer_tls_state_tx_get(void *state, uint64_t i)
{
	struct applayer_tls_state *s = state;

	return i == 0 && !s->tx_freed ? s : NULL;
}

uint64_t
applayer_tls_state_tx_id(void *state, void *tx)
{
	return 0;
}

void
applayer_tls_state_tx_free(void *state, uint64_t id)
{
	struct applayer_tls_state *s = state;

	if (id == 0 && !s->tx_freed) {
		applayer_txdata_release(&s->txdata);
		s->tx_freed = true;
	}
}

int
applayer_tls_state_tx_progress(void *tx, uint8_t dir)
{
	const struct applayer_tls_state *s = tx;
	const struct tls_dir *d = &s->dir[dir & 1];

	if (s->finished[dir & 1])
		return TLS_PROGRESS_FINISHED;
	if ((s->flags & TLS_F_HANDSHAKE_DONE) != 0)
		return TLS_PROGRESS_HANDSHAKE_DONE;
	if (d->cert_done)
		return TLS_PROGRESS_CERT;
	if (d->hello)
		return TLS_PROGRESS_HELLO;
	return TLS_PROGRESS_IN_PROGRESS;
}

struct applayer_txdata *
applayer_tls_state_tx_data(void *tx)
{
	return &((struct applayer_tls_state *)tx)->txdata;
}

bool
applayer_tls_handshake_done(const void *state)
{
	return (((const struct applayer_tls_state *)state)->flags &
	    TLS_F_HANDSHAKE_DONE) != 0;
}

/* Suricata's encryption-handling: once the handshake is done the rest
 * is ciphertext; default stops content inspection of it
 * (APP_LAYER_PARSER_NO_INSPECTION), bypass also bypasses the flow,
 * full keeps inspecting. */
uint32_t
applayer_tls_state_flags(const void *state)
{
	const struct applayer_tls_state *s = state;

	if ((s->flags & TLS_F_HANDSHAKE_DONE) == 0)
		return 0;
	switch (s->cfg.encryption) {
	case APPLAYER_TLS_ENC_BYPASS:
		return APPLAYER_STATE_ENCRYPTED | APPLAYER_STATE_BYPASS;
	case APPLAYER_TLS_ENC_FULL:
		return 0;
	default:
		return APPLAYER_STATE_ENCRYPTED;
	}
}

enum applayer_tls_encryption
applayer_tls_encryption(const void *state)
{
	return ((const struct applayer_tls_state *)state)->cfg.encryption;
}

/* Suricata's SSLProbingParser: an SSLv2-style record header whose
 * message is a ClientHello. */
enum applayer_proto
applayer_tls_state_probe(const uint8_t *data, uint32_t len, uint8_t dir,
    uint8_t *rdir)
{
	if (len < 3)
		return APPLAYER_PROTO_UNKNOWN;
	if ((data[0] & 0x80) != 0 && data[2] == 0x01)
		return APPLAYER_PROTO_TLS;
	return APPLAYER_PROTO_FAILED;
}
