/* libFuzzer target: the TCP stream engine (lib/stream) behind real flow
 * tracking, on segment sequences of one connection.
 *
 * Input: a settings byte, then segment records until the input ends:
 *
 *	cfg:u8  { ctl:u8  seq:u16be  ack:u16be  win:u8  len:u8  bytes[len] } ...
 *
 * cfg bit 0: inline; bit 1: midstream pickup; bit 2: async-oneside;
 * bit 3: small depth (64); bit 4: tiny reassembly memcap (4 KiB); bit 5:
 * out-of-order limit 4; bits 6-7 with the first record's ctl: the
 * receivers' overlap policy. ctl bit 0: from the server; bits 1-5: TCP
 * flags FIN SYN RST PSH ACK; bit 6: the consumers move (raw to the end,
 * app half way); bit 7: the app consumer is switched on or off. seq and
 * ack are offsets from the sender's and the receiver's ISN (so segments
 * land around, before and after each other, and near the 2^32 wrap: the
 * client's ISN is 0xffffff00), win is the window in 256-byte units. A
 * len past the end takes what is left; at most FUZZ_MAX_SEGS records.
 *
 * With urgent data: "QSU1", an urgent byte (bits 0-1:
 * stream.reassembly.urgent.policy, bits 2-3: oob-limit-policy), the
 * settings byte, then records with one more byte, urp:u8 after len: not 0, the segment
 * has URG and that urgent pointer.
 *
 * Checked after every segment: what stream_data_at returns is inside the
 * contiguous stream and readable to its last byte, piece by piece
 * around the holes a gap leaves; every byte the contiguous stream ever
 * showed keeps its value (the stream never changes what was
 * inspected), raw inspection windows included; the memory counters
 * stay under the caps and return to zero when the flow is flushed. */
#include "core/base.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/packet.h"
#include "decode/decode.h"
#include "flow/table.h"
#include "fuzz.h"
#include "stream/stream.h"

#define FUZZ_MAX_SEGS	512
#define SHADOW		(1u << 16)	/* offsets checked for immutability */
#define CLIENT_ISN	0xffffff00u
#define SERVER_ISN	0x7fff0000u

struct shadow {
	uint8_t		 bytes[SHADOW];
	uint8_t		 known[SHADOW / 8];
};

static struct shadow sh[2];

static void	put16(uint8_t *, uint16_t);
static void	put32(uint8_t *, uint32_t);
static void	check(const struct flow *, int dir);

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

/* Bytes the stream shows at off..: against what they were before. */
static void
check_bytes(int dir, const uint8_t *data, uint32_t len, uint64_t from)
{
	volatile uint8_t sum = 0;

	for (uint32_t i = 0; i < len; i++) {
		uint64_t off = from + i;

		sum ^= data[i];
		if (off >= SHADOW)
			continue;
		if (sh[dir].known[off / 8] & (1u << (off % 8))) {
			if (sh[dir].bytes[off] != data[i])
				abort();	/* inspected bytes changed */
		} else {
			sh[dir].bytes[off] = data[i];
			sh[dir].known[off / 8] |= (uint8_t)(1u << (off % 8));
		}
	}
	(void)sum;
}

/* The pieces of the contiguous stream of dir (around its holes): in
 * order, readable, reaching its end. */
static void
check(const struct flow *f, int dir)
{
	struct stream_chunk c;
	uint64_t pos = 0, last = 0;

	while (stream_data_at(f, dir, pos, &c)) {
		if (c.offset < pos || c.len == 0 || c.offset < last)
			abort();
		check_bytes(dir, c.data, c.len, c.offset);
		pos = last = c.offset + c.len;
	}
	/* the pieces reach the end, or a hole does (the urgent gap policy
	 * or an acknowledged loss right at the end) */
	if (last != 0 && last != stream_end(f, dir) &&
	    !(c.gap && c.offset == stream_end(f, dir)))
		abort();
}

/* A raw window: pieces in order, inside what the stream showed. */
static void
check_raw(const struct flow *f, const struct stream_raw *raw)
{
	uint64_t prev = 0;

	if (raw->nblocks == 0 || raw->nblocks > STREAM_RAW_MAX_BLOCKS ||
	    raw->dir > 1)
		abort();
	for (uint8_t i = 0; i < raw->nblocks; i++) {
		const struct stream_chunk *b = &raw->blocks[i];

		if (b->data == NULL || b->len == 0 || b->offset < prev)
			abort();
		prev = b->offset + b->len;
		check_bytes(raw->dir, b->data, b->len, b->offset);
	}
	(void)f;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint8_t flag_bits[5] = { PKT_TCP_FIN, PKT_TCP_SYN,
	    PKT_TCP_RST, PKT_TCP_PSH, PKT_TCP_ACK };
	struct flow_table_config fc;
	struct stream_config sc;
	struct stream_hostos *hosts;
	struct stream_stats st;
	struct flow_table *ft;
	struct stream_ctx *ctx;
	struct flow *f = NULL;
	uint8_t cfgb, urgb = 0, frame[40 + 255];
	size_t pos = 1, hdr = 7;
	int nseg = 0;
	bool app_on = false;
	uint64_t flow_id = 0;

	if (size >= 6 && memcmp(data, "QSU1", 4) == 0) {
		urgb = data[4];
		data += 5;
		size -= 5;
		hdr = 8;
	}
	if (size < 2)
		return 0;
	cfgb = data[0];
	memset(sh, 0, sizeof(sh));
	flow_config_default(&fc);
	fc.hash_size = 16;
	fc.prealloc = 2;
	fc.midstream = (cfgb & 0x02) != 0;
	stream_config_default(&sc);
	sc.is_inline = (cfgb & 0x01) != 0;
	sc.async_oneside = (cfgb & 0x04) != 0;
	if (cfgb & 0x08)
		sc.depth = 64;
	if (cfgb & 0x10)
		sc.reassembly_memcap = 4096;
	if (cfgb & 0x20)
		sc.ooo_limit = 4;
	sc.urgent_policy = urgb & 0x03;
	/* the limit is never oob (the config refuses it) */
	sc.urgent_oob_limit = ((urgb >> 2) & 0x03) == STREAM_URGENT_OOB ?
	    STREAM_URGENT_GAP : (urgb >> 2) & 0x03;
	fc.tcp_inline = sc.is_inline;
	fc.tcp_urgent_drop = sc.is_inline &&
	    sc.urgent_policy == STREAM_URGENT_DROP;
	hosts = stream_hostos_new((enum stream_os_policy)(((cfgb >> 6) * 5 +
	    data[1]) % STREAM_OS_NPOLICIES));
	ft = flow_table_new(&fc, NULL, 1);
	ctx = stream_ctx_new(&sc, hosts);
	if (hosts == NULL || ft == NULL || ctx == NULL)
		abort();
	flow_table_set_stream_free(ft, stream_session_free);

	while (pos + hdr <= size && nseg++ < FUZZ_MAX_SEGS) {
		uint8_t ctl = data[pos], fl = 0;
		bool reply = ctl & 0x01;
		uint16_t seq = (uint16_t)(data[pos + 1] << 8 | data[pos + 2]);
		uint16_t ack = (uint16_t)(data[pos + 3] << 8 | data[pos + 4]);
		uint16_t win = (uint16_t)(data[pos + 5] << 8);
		size_t len = data[pos + 6];
		uint8_t urp = hdr == 8 ? data[pos + 7] : 0;
		struct stream_result res;
		struct packet p;

		pos += hdr;
		if (len > size - pos)
			len = size - pos;
		for (int b = 0; b < 5; b++)
			if (ctl & (1u << (b + 1)))
				fl |= flag_bits[b];
		memset(frame, 0, 40);
		frame[0] = 0x45;
		put16(frame + 2, (uint16_t)(40 + len));
		frame[8] = 64;
		frame[9] = IPPROTO_TCP;
		put32(frame + 12, reply ? 0xc6336402u : 0xc0000201u);
		put32(frame + 16, reply ? 0xc0000201u : 0xc6336402u);
		put16(frame + 20, reply ? 80 : 40000);
		put16(frame + 22, reply ? 40000 : 80);
		put32(frame + 24, (reply ? SERVER_ISN : CLIENT_ISN) + seq);
		put32(frame + 28, (reply ? CLIENT_ISN : SERVER_ISN) + ack);
		frame[32] = 5 << 4;
		if (urp != 0)
			fl |= PKT_TCP_URG;
		frame[33] = fl;
		put16(frame + 34, win);
		put16(frame + 38, urp);
		memcpy(frame + 40, data + pos, len);
		pos += len;

		memset(&p, 0, sizeof(p));
		p.data = frame;
		p.len = p.wire_len = (uint32_t)(40 + len);
		p.ts.tv_sec = 1000;
		if (decode_packet(&p) == -1)
			continue;
		if ((f = flow_table_handle(ft, &p)) == NULL)
			continue;
		if (f->flow_id != flow_id) {
			/* a new connection on the tuple: new streams */
			memset(sh, 0, sizeof(sh));
			flow_id = f->flow_id;
		}
		if (ctl & 0x80) {
			app_on = !app_on;
			stream_consumer_enable(f, STREAM_CONSUMER_APP, app_on);
		}
		stream_packet(ctx, &p, &res);
		if (res.chunk.len > 0 && (res.chunk.data == NULL ||
		    res.chunk.offset + res.chunk.len >
		    stream_end(f, res.chunk.dir)))
			abort();
		check(f, FLOW_DIR_TO_SERVER);
		check(f, FLOW_DIR_TO_CLIENT);
		/* what raw inspection would take with this packet */
		{
			struct stream_raw raw;

			if (stream_raw_window(f, &p, &res, &raw)) {
				/* inline, a packet held out of order is
				 * inspected alone: its bytes are its own */
				if (!(sc.is_inline && raw.blocks[0].data ==
				    p.payload))
					check_raw(f, &raw);
				stream_raw_done(f, &raw);
			}
		}
		if (ctl & 0x40) {
			for (int d = 0; d < 2; d++) {
				uint64_t end = stream_end(f, d);

				stream_advance(f, d, STREAM_CONSUMER_RAW, end);
				stream_advance(f, d, STREAM_CONSUMER_APP,
				    end / 2);
			}
		}
		stream_ctx_stats(ctx, &st);
		if (st.reassembly_memuse > sc.reassembly_memcap ||
		    st.memuse > sc.memcap)
			abort();
	}
	if (f != NULL && f->stream != NULL) {
		for (int d = 0; d < 2; d++) {
			struct stream_raw raw;

			if (stream_raw_eof(f, d, &raw)) {
				for (uint8_t i = 0; i < raw.nblocks; i++)
					if (raw.blocks[i].data == NULL ||
					    raw.blocks[i].len == 0)
						abort();
				stream_raw_done(f, &raw);
			}
		}
	}
	(void)flow_table_flush(ft, NULL, NULL);
	stream_ctx_stats(ctx, &st);
	if (st.memuse != 0 || st.reassembly_memuse != 0)
		abort();		/* accounting lost track */
	flow_table_free(ft);
	stream_ctx_free(ctx);
	stream_hostos_free(hosts);
	return 0;
}
