/* libFuzzer target: IP reassembly (lib/defrag) fed well-formed fragment
 * headers around fuzzed offsets, lengths and bytes, so inputs reach
 * overlaps, trimming, every policy and every limit rather than dying in
 * the decoder.
 *
 * Input:
 *
 *	policy:u8 flags:u8 { hdr:u8 off:u16 (big endian) len:u8 bytes[len] } ...
 *
 * policy % 7 is every host's overlap policy (defrag/policy.h); flags bit
 * 0: IPv6 (fragment headers) instead of IPv4. Per fragment, hdr bits
 * 0-1: which of 4 datagrams (id and destination); bit 2: more
 * fragments; bits 3-5: seconds the clock moves first; bit 6: the clock
 * moves 40 s (past the timeout); bit 7: the first byte of the payload
 * is taken as the IPv4 protocol / IPv6 next header instead of UDP. off
 * is the offset in 8-byte units (13 bits). A len past the end takes
 * what is left. At most FUZZ_MAX_FRAGS fragments.
 *
 * The table is small (memcap, trackers, fragment count within reach).
 * Fragments go through defrag_run (a datagram holding another fragment
 * header is reassembled again, as Suricata). Checked: every datagram
 * decodes with the fragments' IP version, its length fields agree with
 * its size, an IPv4 one is no fragment (an IPv6 one may hold another
 * fragment header at the nesting bound: found by this target,
 * corpus/defrag/crash-nested-fragment-header); after the last fragment and a
 * timeout every tracker and fragment is gone, and so are the bytes
 * counted for fragments (no accounting leak). */
#include "core/base.h"

#include <netinet/in.h>

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/decode.h"
#include "defrag/defrag.h"
#include "fuzz.h"

#define FUZZ_MAX_FRAGS	512

static void	fuzz_fragment(struct defrag *, bool v6, uint8_t hdr,
		    uint16_t off, const uint8_t *data, size_t len,
		    const struct timespec *);
static void	fuzz_check_datagram(const struct packet *frag,
		    const struct packet *dp);

static const uint8_t src4[4] = { 198, 18, 0, 1 };
static const uint8_t src6[16] = { 0x20, 0x01, 0x00, 0x02, [15] = 1 };

static void
fuzz_check_datagram(const struct packet *frag, const struct packet *dp)
{
	if (dp->ip_version != frag->ip_version || dp->l3 != dp->data ||
	    dp->pkt_src != PKT_SRC_DEFRAG)
		__builtin_trap();
	/* IPv4 comes out whole; an IPv6 datagram may carry another
	 * fragment header (it is not reassembled again) */
	if (dp->ip_version == 4 && dp->is_fragment)
		__builtin_trap();
	if (dp->ip_version == 4 && decode_be16(dp->data + 2) != dp->len)
		__builtin_trap();
	if (dp->ip_version == 6 && decode_be16(dp->data + 4) + 40u != dp->len)
		__builtin_trap();
}

static void
fuzz_fragment(struct defrag *df, bool v6, uint8_t hdr, uint16_t off,
    const uint8_t *data, size_t len, const struct timespec *ts)
{
	uint8_t *b;
	size_t hl = v6 ? 48 : 20;
	uint8_t sel = hdr & 3, proto = IPPROTO_UDP;
	bool mf = (hdr & 0x04) != 0;
	struct defrag_chain chain;
	struct packet p;

	if ((hdr & 0x80) && len > 0)
		proto = data[0];
	/* Exactly the packet, so a read past it is caught. */
	if ((b = calloc(1, hl + len)) == NULL)
		return;
	if (len > 0)
		memcpy(b + hl, data, len);
	if (!v6) {
		b[0] = 0x45;
		b[2] = (uint8_t)((hl + len) >> 8);
		b[3] = (uint8_t)(hl + len);
		b[5] = (uint8_t)(sel + 1);
		b[6] = (uint8_t)((mf ? 0x20 : 0) | (off >> 8 & 0x1f));
		b[7] = (uint8_t)off;
		b[8] = 64;
		b[9] = proto;
		memcpy(b + 12, src4, 4);
		memcpy(b + 16, src4, 4);
		b[19] = (uint8_t)(2 + sel);
	} else {
		b[0] = 0x60;
		b[4] = (uint8_t)((8 + len) >> 8);
		b[5] = (uint8_t)(8 + len);
		b[6] = 44;
		b[7] = 64;
		memcpy(b + 8, src6, 16);
		memcpy(b + 24, src6, 16);
		b[39] = (uint8_t)(2 + sel);
		b[40] = proto;
		b[42] = (uint8_t)(off >> 5);
		b[43] = (uint8_t)((off << 3) | (mf ? 1 : 0));
		b[47] = (uint8_t)(sel + 1);
	}
	memset(&p, 0, sizeof(p));
	p.data = b;
	p.len = p.wire_len = (uint32_t)(hl + len);
	p.ts = *ts;
	(void)decode_packet(&p);
	if (p.is_fragment) {
		unsigned n = defrag_run(df, &p, &decode_config_default, &chain);

		for (unsigned i = 0; i < n; i++)
			fuzz_check_datagram(&p, &chain.pkt[i]);
	}
	free(b);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct defrag_config dc;
	struct defrag_hosts *hosts;
	struct defrag_stats st0, st;
	struct defrag *df;
	struct timespec ts = { 1700000000, 0 };
	size_t off = 2, len, n;
	bool v6;

	if (size < 2)
		return 0;
	if ((hosts = defrag_hosts_new((enum defrag_policy)(data[0] %
	    DEFRAG_NPOLICIES))) == NULL)
		abort();
	v6 = (data[1] & 1) != 0;
	defrag_config_default(&dc);
	dc.memcap = 12u << 10;
	dc.hash_size = 4;
	dc.trackers = 2;
	dc.max_frags = 24;
	dc.timeout = 30;
	dc.hosts = hosts;
	if ((df = defrag_new(&dc)) == NULL)
		abort();
	defrag_stats(df, &st0);

	for (n = 0; n < FUZZ_MAX_FRAGS && size - off >= 4; n++) {
		uint8_t hdr = data[off];
		uint16_t foff = (uint16_t)(decode_be16(data + off + 1) & 0x1fff);

		len = data[off + 3];
		off += 4;
		if (len > size - off)
			len = size - off;
		ts.tv_sec += (hdr >> 3) & 7;
		if (hdr & 0x40)
			ts.tv_sec += 40;
		fuzz_fragment(df, v6, hdr, foff, data + off, len, &ts);
		off += len;
	}
	ts.tv_sec += 3600;
	defrag_expire(df, &ts);
	defrag_stats(df, &st);
	if (st.trackers != 0 || st.frags != 0 || st.frag_bytes != 0 ||
	    st.memuse < st0.memuse)
		__builtin_trap();
	if (st.ipv4_fragments + st.ipv6_fragments < st.ipv4_reassembled +
	    st.ipv6_reassembled)
		__builtin_trap();
	defrag_free(df);
	defrag_hosts_free(hosts);
	return 0;
}
