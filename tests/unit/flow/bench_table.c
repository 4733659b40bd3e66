/* Cost of flow_table_handle per packet: builds flows (default 100000,
 * half UDP, half TCP picked up midstream, both directions), then times
 * rounds of one packet per flow, so every lookup hits an existing flow
 * somewhere in the table. A worker decodes a packet right before
 * handling it, so the packet is in cache: the bench times decode alone
 * and decode + handle, and reports the difference. CPU time of the
 * thread, ns/packet; no assertion on time.
 * Usage: bench_table [flows] [rounds] */
#include "core/base.h"

#include <inttypes.h>
#include <stdio.h>
#include <time.h>

#include "core/packet.h"
#include "decode/decode.h"
#include "flow/config.h"
#include "flow/table.h"

#include "pkt.h"

/* A decoded packet in little memory: 100k flows make 200k of them. */
struct bpkt {
	uint8_t		 b[192];
	struct packet	 p;
};

static double	now_ns(void);
static void	keep(struct bpkt *, const struct packet *);

static double
now_ns(void)
{
	struct timespec ts;

	/* CPU time: the machine is shared, wall time would count others */
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static void
keep(struct bpkt *k, const struct packet *p)
{
	memcpy(k->b, p->data, p->len);
	memset(&k->p, 0, sizeof(k->p));
	k->p.data = k->b;
	k->p.len = p->len;
	k->p.wire_len = p->wire_len;
	k->p.ts = p->ts;
	decode_packet(&k->p);
}

int
main(int argc, char **argv)
{
	struct flow_table_config cfg;
	struct flow_table_stats st;
	struct flow_table *t;
	struct tpkt tp;
	struct bpkt *pkts;
	char a[32];
	uint32_t nflows = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 10) : 100000;
	uint32_t rounds = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 20;
	uint32_t i, r, npkts = 2 * nflows;
	double t0, t1, create_ns, decode_ns, both_ns;

	flow_config_default(&cfg);
	cfg.memcap = 1u << 30;
	cfg.hash_size = 131072;
	if ((t = flow_table_new(&cfg, NULL, 1)) == NULL ||
	    (pkts = calloc(npkts, sizeof(*pkts))) == NULL) {
		perror("bench_table");
		return 1;
	}
	/* per flow: a request and its reply; half UDP, half TCP (ACK,
	 * picked up midstream) */
	for (i = 0; i < nflows; i++) {
		tpkt_addr(a, sizeof(a), i);
		if (i % 2 == 0) {
			keep(&pkts[2 * i], tpkt_udp(&tp, a, 40000, S4, 53, 40, 1));
			keep(&pkts[2 * i + 1], tpkt_udp(&tp, S4, 53, a, 40000, 80,
			    1));
		} else {
			keep(&pkts[2 * i], tpkt_tcp(&tp, &(struct tseg){ .src = a,
			    .sport = 40000, .dst = S4, .dport = 80,
			    .flags = PKT_TCP_ACK, .seq = 1, .ack = 1, .len = 100,
			    .sec = 1 }));
			keep(&pkts[2 * i + 1], tpkt_tcp(&tp, &(struct tseg){
			    .src = S4, .sport = 80, .dst = a, .dport = 40000,
			    .flags = PKT_TCP_ACK, .seq = 1, .ack = 101, .len = 100,
			    .sec = 1 }));
		}
	}

	t0 = now_ns();
	for (i = 0; i < npkts; i++)
		flow_table_handle(t, &pkts[i].p);
	t1 = now_ns();
	create_ns = (t1 - t0) / npkts;

	t0 = now_ns();
	for (r = 0; r < rounds; r++)
		for (i = 0; i < npkts; i++)
			decode_packet(&pkts[i].p);
	t1 = now_ns();
	decode_ns = (t1 - t0) / ((double)rounds * npkts);

	t0 = now_ns();
	for (r = 0; r < rounds; r++) {
		for (i = 0; i < npkts; i++) {
			decode_packet(&pkts[i].p);
			flow_table_handle(t, &pkts[i].p);
		}
	}
	t1 = now_ns();
	both_ns = (t1 - t0) / ((double)rounds * npkts);

	flow_table_stats(t, &st);
	printf("flows %" PRIu64 ", flow size %zu B, memuse %" PRIu64
	    " B (%.0f B/flow incl. buckets)\n", st.active,
	    flow_table_flow_size(), st.memuse, (double)st.memuse / st.active);
	printf("first pass (creates a flow every other packet): %.1f ns/packet\n",
	    create_ns);
	printf("existing flows, %" PRIu64 " packets: decode %.1f, decode + "
	    "handle %.1f, handle %.1f ns/packet\n", (uint64_t)rounds * npkts,
	    decode_ns, both_ns, both_ns - decode_ns);
	flow_table_free(t);
	free(pkts);
	return 0;
}
