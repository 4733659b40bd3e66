/* libFuzzer target: the NFQ message parser (lib/capture/nfq_msg.c) on
 * arbitrary netlink attributes, and the payload it yields through the
 * decoder, as capture_nfq_recv() hands it on.
 *
 * The first input byte picks the framing; the rest is:
 *   even: the attributes of one NFQNL_MSG_PACKET, behind a well-formed
 *         nlmsghdr and nfgenmsg (what a kernel bug or a forged sender
 *         could put in the attribute area);
 *   odd:  a whole datagram as recv() returned it, walked message by
 *         message by capture_nfq_msg_walk() as capture_nfq_recv() does
 *         (corpus/nfq_msg/crash-walk-nlmsg-len-2g: a length of 2 GiB
 *         once stepped outside the buffer).
 * Checked: every message the walk yields lies inside the datagram, a
 * parsed payload lies inside the message (and its padding), and a
 * verdict for
 * the parsed id fits CAPTURE_NFQ_MSG_VERDICT_SIZE. */
#include "core/base.h"

#include <arpa/inet.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nfnetlink_queue.h>
#include <sys/socket.h>

#include <libmnl/libmnl.h>

#include "capture/nfq_msg.h"
#include "core/packet.h"
#include "decode/decode.h"
#include "fuzz.h"

static void	fuzz_message(const struct nlmsghdr *);
static void	walk_message(const struct nlmsghdr *, enum nfq_msg_kind,
		    void *);

static const uint8_t *walk_end;

static void
walk_message(const struct nlmsghdr *nlh, enum nfq_msg_kind kind, void *arg)
{
	(void)arg;
	if ((const uint8_t *)nlh + nlh->nlmsg_len > walk_end)
		__builtin_trap();
	if (kind == NFQ_MSG_PACKET)
		fuzz_message(nlh);
}

static void
fuzz_message(const struct nlmsghdr *nlh)
{
	struct nfq_msg_packet m;
	struct packet p;
	uint8_t *verdict;
	size_t len;

	if (capture_nfq_msg_parse(nlh, &m) == -1) {
		if (m.id == 0)
			return;
	} else {
		/* libmnl lets an attribute reach the aligned tail of the
		 * message, up to 3 bytes past nlmsg_len (kernel padding). */
		if (m.payload_len > 0 &&
		    (m.payload < (const uint8_t *)nlh ||
		    m.payload + m.payload_len >
		    (const uint8_t *)nlh + MNL_ALIGN(nlh->nlmsg_len)))
			__builtin_trap();
		memset(&p, 0, sizeof(p));
		p.data = m.payload;
		p.len = m.payload_len;
		p.wire_len = m.cap_len;
		p.queue = m.queue;
		p.nfq_id = m.id;
		p.mark = m.mark;
		p.hook = m.hook;
		(void)decode_packet(&p);
	}
	/* Exactly the documented size: a longer write is a heap overflow. */
	if ((verdict = malloc(CAPTURE_NFQ_MSG_VERDICT_SIZE)) == NULL)
		return;
	len = capture_nfq_msg_verdict(verdict, m.queue, m.id, NF_ACCEPT,
	    m.has_mark, m.mark ^ 1);
	if (len == 0 || len > CAPTURE_NFQ_MSG_VERDICT_SIZE)
		__builtin_trap();
	free(verdict);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct nlmsghdr *hdr;
	struct nfgenmsg *nfg;
	uint8_t *buf;
	size_t n, total;

	if (size < 1 || size > (1u << 20))
		return 0;
	n = size - 1;
	if ((data[0] & 1) == 0) {
		total = MNL_NLMSG_HDRLEN + MNL_ALIGN(sizeof(*nfg)) + n;
		/* malloc: aligned for the headers; the padding up to the
		 * next 4 bytes is there (zero) because libmnl reads to the
		 * aligned tail of a message, and capture_nfq_recv's buffer
		 * always holds it. */
		if ((buf = calloc(1, MNL_ALIGN(total))) == NULL)
			return 0;
		hdr = (struct nlmsghdr *)buf;
		hdr->nlmsg_len = (uint32_t)total;
		hdr->nlmsg_type = (NFNL_SUBSYS_QUEUE << 8) | NFQNL_MSG_PACKET;
		nfg = (struct nfgenmsg *)(buf + MNL_NLMSG_HDRLEN);
		nfg->nfgen_family = AF_UNSPEC;
		nfg->version = NFNETLINK_V0;
		nfg->res_id = htons(3);
		if (n > 0)
			memcpy(buf + MNL_NLMSG_HDRLEN + MNL_ALIGN(sizeof(*nfg)),
			    data + 1, n);
		fuzz_message(hdr);
		free(buf);
		return 0;
	}
	if ((buf = calloc(1, MNL_ALIGN(n) + (n == 0))) == NULL)
		return 0;
	if (n > 0)
		memcpy(buf, data + 1, n);
	walk_end = buf + n;
	(void)capture_nfq_msg_walk(buf, n, walk_message, NULL);
	free(buf);
	return 0;
}
