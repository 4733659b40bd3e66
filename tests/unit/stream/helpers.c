#include "core/base.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <check.h>
#include <string.h>

#include "decode/decode.h"
#include "detect/engine.h"

#include "helpers.h"

struct tstream ts;

void
tstream_setup(void)
{
	memset(&ts, 0, sizeof(ts));
	stream_config_default(&ts.cfg);
	ts.cfg.is_inline = true;
	ts.midstream = true;
	ts.cisn = 1000;
	ts.sisn = 5000;
}

void
tstream_teardown(void)
{
	if (ts.ft != NULL) {
		(void)flow_table_flush(ts.ft, NULL, NULL);
		flow_table_free(ts.ft);
	}
	stream_ctx_free(ts.ctx);
	stream_hostos_free(ts.hosts);
	memset(&ts, 0, sizeof(ts));
}

void
tstream_start(void)
{
	struct flow_table_config fc;

	flow_config_default(&fc);
	fc.hash_size = 64;
	fc.prealloc = 4;
	fc.midstream = ts.midstream;
	fc.async_oneside = ts.cfg.async_oneside;
	fc.tcp_inline = ts.cfg.is_inline;
	fc.tcp_urgent_drop = ts.cfg.is_inline &&
	    ts.cfg.urgent_policy == STREAM_URGENT_DROP;
	ts.ft = flow_table_new(&fc, NULL, 1);
	ck_assert_ptr_nonnull(ts.ft);
	flow_table_set_stream_free(ts.ft, stream_session_free);
	ts.ctx = stream_ctx_new(&ts.cfg, ts.hosts);
	ck_assert_ptr_nonnull(ts.ctx);
}

static void
put16(uint8_t *b, uint16_t v)
{
	b[0] = (uint8_t)(v >> 8);
	b[1] = (uint8_t)v;
}

static void
put32(uint8_t *b, uint32_t v)
{
	put16(b, (uint16_t)(v >> 16));
	put16(b + 2, (uint16_t)v);
}

uint32_t
tstream_raw(bool reply, uint8_t flags, uint32_t seq, uint32_t ack,
    uint16_t win, const void *data, size_t len)
{
	uint8_t *ip = ts.frame, *tcp = ts.frame + 20;
	/* a SYN carries the window scale option: NOP, kind 3, length 3 */
	size_t hl = ts.wscale != 0 && (flags & PKT_TCP_SYN) ? 24 : 20;
	size_t n = 20 + hl;
	struct packet p;

	ck_assert_uint_le(len, sizeof(ts.frame) - n);
	memset(ts.frame, 0, n);
	ip[0] = 0x45;
	put16(ip + 2, (uint16_t)(n + len));
	ip[8] = 64;
	ip[9] = IPPROTO_TCP;
	ck_assert_int_eq(inet_pton(AF_INET, reply ? "198.51.100.2" :
	    "192.0.2.1", ip + 12), 1);
	ck_assert_int_eq(inet_pton(AF_INET, reply ? "192.0.2.1" :
	    "198.51.100.2", ip + 16), 1);
	put16(tcp, reply ? 80 : 40000);
	put16(tcp + 2, reply ? 40000 : 80);
	put32(tcp + 4, seq);
	put32(tcp + 8, ack);
	tcp[12] = (uint8_t)((hl / 4) << 4);
	tcp[13] = flags;
	put16(tcp + 14, win);
	if (flags & PKT_TCP_URG)
		put16(tcp + 18, ts.urp);
	if (hl == 24) {
		tcp[20] = 1;
		tcp[21] = 3;
		tcp[22] = 3;
		tcp[23] = ts.wscale;
	}
	if (len > 0)
		memcpy(ts.frame + n, data, len);
	memset(&p, 0, sizeof(p));
	p.data = ts.frame;
	p.len = p.wire_len = (uint32_t)(n + len);
	p.ts.tv_sec = 100;
	ck_assert_int_eq(decode_packet(&p), 0);
	ts.f = flow_table_handle(ts.ft, &p);
	ck_assert_ptr_nonnull(ts.f);
	stream_packet(ts.ctx, &p, &ts.res);
	memcpy(ts.events, p.events, sizeof(ts.events));
	ts.p = p;
	return ts.res.flags;
}

void
tstream_handshake(void)
{
	tstream_raw(false, PKT_TCP_SYN, ts.cisn, 0, 65535, NULL, 0);
	tstream_raw(true, PKT_TCP_SYN | PKT_TCP_ACK, ts.sisn, ts.cisn + 1,
	    65535, NULL, 0);
	tstream_raw(false, PKT_TCP_ACK, ts.cisn + 1, ts.sisn + 1, 65535,
	    NULL, 0);
}

uint32_t
tstream_send(bool reply, uint64_t off, const char *data)
{
	uint32_t seq = (reply ? ts.sisn : ts.cisn) + 1 + (uint32_t)off;
	uint32_t ack = (reply ? ts.cisn : ts.sisn) + 1;

	return tstream_raw(reply, PKT_TCP_ACK | PKT_TCP_PSH, seq, ack, 65535,
	    data, strlen(data));
}

uint32_t
tstream_urgent(uint64_t woff, const char *data, uint16_t urp)
{
	ts.urp = urp;
	return tstream_raw(false, PKT_TCP_ACK | PKT_TCP_PSH | PKT_TCP_URG,
	    ts.cisn + 1 + (uint32_t)woff, ts.sisn + 1, 65535, data,
	    strlen(data));
}

void
tstream_ack(uint64_t off)
{
	tstream_raw(true, PKT_TCP_ACK, ts.sisn + 1, ts.cisn + 1 + (uint32_t)off,
	    65535, NULL, 0);
}

const char *
tstream_client_bytes(void)
{
	static char buf[4096];
	struct stream_chunk c;

	buf[0] = '\0';
	if (stream_data_at(ts.f, FLOW_DIR_TO_SERVER, 0, &c)) {
		ck_assert_uint_lt(c.len, sizeof(buf));
		memcpy(buf, c.data, c.len);
		buf[c.len] = '\0';
	}
	return buf;
}

bool
tstream_event(enum decode_event ev)
{
	return decode_event_has(ts.events, ev);
}

bool
tstream_window(struct stream_raw *raw)
{
	if (!stream_raw_window(ts.f, &ts.p, &ts.res, raw))
		return false;
	stream_raw_done(ts.f, raw);
	return true;
}

const char *
tstream_window_text(const struct stream_raw *raw)
{
	static char buf[8192];
	size_t n = 0;

	for (uint8_t i = 0; i < raw->nblocks; i++) {
		const struct stream_chunk *b = &raw->blocks[i];

		ck_assert_uint_lt(n + b->len + 1, sizeof(buf));
		if (i > 0)
			buf[n++] = '|';
		memcpy(buf + n, b->data, b->len);
		n += b->len;
	}
	buf[n] = '\0';
	return buf;
}
