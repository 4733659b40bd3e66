/* lib/capture/nfq_msg: NFQ messages built into buffers and parsed back,
 * no kernel involved (the lab tests cover the socket). */
#include "core/base.h"

#include <arpa/inet.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nfnetlink_conntrack.h>
#include <linux/netfilter/nfnetlink_queue.h>

#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libmnl/libmnl.h>

#include "capture/nfq_ids.h"
#include "capture/nfq_msg.h"
#include "capture/nfq_proc.h"
#include "capture/nfq_verdict.h"
#include "capture/reject.h"
#include "decode/checksum.h"
#include "decode/decode.h"

static char buf[8192];

/* A kernel-shaped NFQNL_MSG_PACKET for queue q. */
static struct nlmsghdr *
packet_msg(uint16_t q, uint32_t id, const void *payload, size_t len,
    bool with_mark, uint32_t mark)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct nfgenmsg *nfg;
	struct nfqnl_msg_packet_hdr ph = {
		.packet_id = htonl(id),
		.hw_protocol = htons(0x0800),
		.hook = NF_INET_FORWARD,
	};

	nlh->nlmsg_type = (NFNL_SUBSYS_QUEUE << 8) | NFQNL_MSG_PACKET;
	nfg = mnl_nlmsg_put_extra_header(nlh, sizeof(*nfg));
	nfg->nfgen_family = AF_UNSPEC;
	nfg->version = NFNETLINK_V0;
	nfg->res_id = htons(q);
	mnl_attr_put(nlh, NFQA_PACKET_HDR, sizeof(ph), &ph);
	if (with_mark)
		mnl_attr_put_u32(nlh, NFQA_MARK, htonl(mark));
	mnl_attr_put(nlh, NFQA_PAYLOAD, len, payload);
	return nlh;
}

START_TEST(test_packet_message_parses_id_queue_mark_payload)
{
	const uint8_t payload[] = { 0x45, 0, 0, 20 };
	struct nfq_msg_packet m;

	ck_assert_int_eq(capture_nfq_msg_parse(packet_msg(3, 77, payload,
	    sizeof(payload), true, 0x80), &m), 0);
	ck_assert_uint_eq(m.queue, 3);
	ck_assert_uint_eq(m.id, 77);
	ck_assert_uint_eq(m.hook, NF_INET_FORWARD);
	ck_assert(m.has_mark);
	ck_assert_uint_eq(m.mark, 0x80);
	ck_assert_uint_eq(m.payload_len, sizeof(payload));
	ck_assert_mem_eq(m.payload, payload, sizeof(payload));
	ck_assert_uint_eq(m.cap_len, sizeof(payload));
}
END_TEST

START_TEST(test_packet_message_without_mark_has_no_mark)
{
	const uint8_t payload[] = { 0x60 };
	struct nfq_msg_packet m;

	ck_assert_int_eq(capture_nfq_msg_parse(packet_msg(0, 1, payload, 1,
	    false, 0), &m), 0);
	ck_assert(!m.has_mark);
}
END_TEST

START_TEST(test_packet_message_without_header_is_bad)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct nfgenmsg *nfg;
	struct nfq_msg_packet m;

	nlh->nlmsg_type = (NFNL_SUBSYS_QUEUE << 8) | NFQNL_MSG_PACKET;
	nfg = mnl_nlmsg_put_extra_header(nlh, sizeof(*nfg));
	nfg->res_id = htons(1);
	mnl_attr_put(nlh, NFQA_PAYLOAD, 3, "abc");
	ck_assert_int_eq(capture_nfq_msg_parse(nlh, &m), -1);
	ck_assert_uint_eq(m.id, 0);
}
END_TEST

START_TEST(test_short_packet_header_attribute_is_bad)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct nfq_msg_packet m;
	uint8_t two[2] = { 0, 1 };

	nlh->nlmsg_type = (NFNL_SUBSYS_QUEUE << 8) | NFQNL_MSG_PACKET;
	mnl_nlmsg_put_extra_header(nlh, sizeof(struct nfgenmsg));
	mnl_attr_put(nlh, NFQA_PACKET_HDR, sizeof(two), two);
	ck_assert_int_eq(capture_nfq_msg_parse(nlh, &m), -1);
}
END_TEST

/* What capture_nfq_msg_walk() yielded, in order. */
struct walk_log {
	int			 n;
	enum nfq_msg_kind	 kind[8];
	uint32_t		 id[8];
};

static void
log_message(const struct nlmsghdr *nlh, enum nfq_msg_kind kind, void *arg)
{
	struct walk_log *log = arg;
	struct nfq_msg_packet m;

	ck_assert_int_lt(log->n, 8);
	log->kind[log->n] = kind;
	log->id[log->n] = 0;
	if (kind == NFQ_MSG_PACKET && capture_nfq_msg_parse(nlh, &m) == 0)
		log->id[log->n] = m.id;
	log->n++;
}

START_TEST(test_walk_yields_every_message_of_a_datagram)
{
	static uint8_t dgram[8192];
	const uint8_t payload[] = { 0x45, 0, 0, 20, 1 };	/* 5: unaligned */
	struct nlmsghdr *nlh, *err;
	struct walk_log log = { 0 };
	size_t len = 0;

	nlh = packet_msg(0, 11, payload, sizeof(payload), false, 0);
	memcpy(dgram + len, nlh, nlh->nlmsg_len);
	len += MNL_ALIGN(nlh->nlmsg_len);
	err = (struct nlmsghdr *)(dgram + len);
	memset(err, 0, NLMSG_HDRLEN + sizeof(struct nlmsgerr));
	err->nlmsg_type = NLMSG_ERROR;
	err->nlmsg_len = NLMSG_HDRLEN + sizeof(struct nlmsgerr);
	len += MNL_ALIGN(err->nlmsg_len);
	nlh = packet_msg(0, 12, payload, sizeof(payload), false, 0);
	nlh->nlmsg_type = (NFNL_SUBSYS_CTNETLINK << 8) | NFQNL_MSG_PACKET;
	memcpy(dgram + len, nlh, nlh->nlmsg_len);
	len += MNL_ALIGN(nlh->nlmsg_len);
	nlh = packet_msg(0, 13, payload, sizeof(payload), false, 0);
	memcpy(dgram + len, nlh, nlh->nlmsg_len);
	/* The last message without its padding: as the kernel may send. */
	len += nlh->nlmsg_len;

	ck_assert_uint_eq(capture_nfq_msg_walk(dgram, len, log_message, &log),
	    0);
	ck_assert_int_eq(log.n, 4);
	ck_assert_int_eq(log.kind[0], NFQ_MSG_PACKET);
	ck_assert_uint_eq(log.id[0], 11);
	ck_assert_int_eq(log.kind[1], NFQ_MSG_ERROR);
	/* Right message type, other subsystem: not a queued packet. */
	ck_assert_int_eq(log.kind[2], NFQ_MSG_BAD);
	ck_assert_int_eq(log.kind[3], NFQ_MSG_PACKET);
	ck_assert_uint_eq(log.id[3], 13);
}
END_TEST

START_TEST(test_walk_stops_at_a_length_past_the_datagram)
{
	static uint8_t dgram[8192];
	const uint8_t payload[] = { 0x45, 0, 0, 20 };
	const uint32_t bad_len[] = { 0x80000000u, 0xffffffffu, 4096, 15, 0 };
	struct nlmsghdr *nlh, *second;
	struct walk_log log;
	size_t len, first;

	for (size_t i = 0; i < sizeof(bad_len) / sizeof(bad_len[0]); i++) {
		nlh = packet_msg(0, 21, payload, sizeof(payload), false, 0);
		memcpy(dgram, nlh, nlh->nlmsg_len);
		first = MNL_ALIGN(nlh->nlmsg_len);
		second = (struct nlmsghdr *)(dgram + first);
		memcpy(second, nlh, nlh->nlmsg_len);
		len = first + nlh->nlmsg_len;
		/* 2 GiB and up once passed libmnl's signed check and
		 * stepped out of the buffer. */
		second->nlmsg_len = bad_len[i];
		memset(&log, 0, sizeof(log));
		ck_assert_uint_eq(capture_nfq_msg_walk(dgram, len, log_message,
		    &log), len - first);
		ck_assert_int_eq(log.n, 1);
		ck_assert_uint_eq(log.id[0], 21);
	}
	memset(&log, 0, sizeof(log));
	ck_assert_uint_eq(capture_nfq_msg_walk(dgram, 7, log_message, &log), 7);
	ck_assert_int_eq(log.n, 0);
}
END_TEST

START_TEST(test_verdict_message_carries_id_verdict_and_mark)
{
	char vbuf[CAPTURE_NFQ_MSG_VERDICT_SIZE];
	struct nlattr *attr;
	const struct nfqnl_msg_verdict_hdr *vh = NULL;
	uint32_t mark = 0;
	bool saw_mark = false;
	size_t len;
	struct nlmsghdr *nlh;

	len = capture_nfq_msg_verdict(vbuf, 5, 1234, NF_REPEAT, true, 0x81);
	nlh = (struct nlmsghdr *)vbuf;
	ck_assert_uint_eq(len, nlh->nlmsg_len);
	ck_assert_uint_eq(nlh->nlmsg_type,
	    (NFNL_SUBSYS_QUEUE << 8) | NFQNL_MSG_VERDICT);
	ck_assert_uint_eq(ntohs(((struct nfgenmsg *)mnl_nlmsg_get_payload(nlh))->res_id), 5);
	mnl_attr_for_each(attr, nlh, sizeof(struct nfgenmsg)) {
		switch (mnl_attr_get_type(attr)) {
		case NFQA_VERDICT_HDR:
			vh = mnl_attr_get_payload(attr);
			break;
		case NFQA_MARK:
			mark = ntohl(mnl_attr_get_u32(attr));
			saw_mark = true;
			break;
		}
	}
	ck_assert_ptr_nonnull(vh);
	ck_assert_uint_eq(ntohl(vh->id), 1234);
	ck_assert_uint_eq(ntohl(vh->verdict), NF_REPEAT);
	ck_assert(saw_mark);
	ck_assert_uint_eq(mark, 0x81);
}
END_TEST

START_TEST(test_verdict_message_without_mark_has_no_mark_attribute)
{
	char vbuf[CAPTURE_NFQ_MSG_VERDICT_SIZE];
	struct nlattr *attr;
	int marks = 0;
	struct nlmsghdr *nlh = (struct nlmsghdr *)vbuf;

	capture_nfq_msg_verdict(vbuf, 0, 1, NF_ACCEPT, false, 0);
	mnl_attr_for_each(attr, nlh, sizeof(struct nfgenmsg))
		marks += mnl_attr_get_type(attr) == NFQA_MARK;
	ck_assert_int_eq(marks, 0);
}
END_TEST


static const struct nfq_verdict_policy accept_mode = { NFQ_VERDICT_MODE_ACCEPT, 0, 0, 0, false };
static const struct nfq_verdict_policy repeat_mode = { NFQ_VERDICT_MODE_REPEAT, 0x1, 0x1, 0, false };
static const struct nfq_verdict_policy route_mode = { NFQ_VERDICT_MODE_ROUTE, 0, 0, 7, true };

START_TEST(test_accept_mode_accepts_without_mark)
{
	struct nfq_verdict v;

	capture_nfq_verdict_decide(&accept_mode, 0x30, false, NULL, &v);
	ck_assert_uint_eq(v.verdict, NF_ACCEPT);
	ck_assert(!v.set_mark);
}
END_TEST

START_TEST(test_repeat_mode_sets_repeat_mark_keeping_other_bits)
{
	struct nfq_verdict v;

	capture_nfq_verdict_decide(&repeat_mode, 0x30, false, NULL, &v);
	ck_assert_uint_eq(v.verdict, NF_REPEAT);
	ck_assert(v.set_mark);
	ck_assert_uint_eq(v.mark, 0x31);
}
END_TEST

START_TEST(test_route_mode_queues_to_route_queue_with_bypass)
{
	struct nfq_verdict v;

	capture_nfq_verdict_decide(&route_mode, 0, false, NULL, &v);
	ck_assert_uint_eq(v.verdict & 0xffff, NF_QUEUE | NF_VERDICT_FLAG_QUEUE_BYPASS);
	ck_assert_uint_eq(v.verdict >> 16, 7);
}
END_TEST

START_TEST(test_drop_gives_nf_drop_and_no_mark_in_every_mode)
{
	struct nfq_mark_request req = { true, 0x80, 0x80 };
	struct nfq_verdict v;

	capture_nfq_verdict_decide(&accept_mode, 0, true, &req, &v);
	ck_assert_uint_eq(v.verdict, NF_DROP);
	ck_assert(!v.set_mark);
	capture_nfq_verdict_decide(&repeat_mode, 0, true, &req, &v);
	ck_assert_uint_eq(v.verdict, NF_DROP);
	ck_assert(!v.set_mark);
	capture_nfq_verdict_decide(&route_mode, 0, true, &req, &v);
	ck_assert_uint_eq(v.verdict, NF_DROP);
}
END_TEST

START_TEST(test_signature_mark_applies_within_its_mask)
{
	struct nfq_mark_request req = { true, 0xff, 0x80 };
	struct nfq_verdict v;

	capture_nfq_verdict_decide(&accept_mode, 0x0f, false, &req, &v);
	ck_assert_uint_eq(v.verdict, NF_ACCEPT);
	ck_assert(v.set_mark);
	ck_assert_uint_eq(v.mark, 0x8f);
}
END_TEST

START_TEST(test_signature_mark_combines_with_repeat_mark)
{
	struct nfq_mark_request req = { true, 0x80, 0x80 };
	struct nfq_verdict v;

	capture_nfq_verdict_decide(&repeat_mode, 0x100, false, &req, &v);
	ck_assert_uint_eq(v.verdict, NF_REPEAT);
	ck_assert_uint_eq(v.mark, 0x181);
}
END_TEST

START_TEST(test_batch_holds_several_verdict_messages)
{
	static struct nfq_verdict_batch b;
	struct nfq_verdict v = { .verdict = NF_ACCEPT };
	const struct nlmsghdr *nlh;
	int len, n = 0;
	uint32_t ids = 0;

	for (uint32_t id = 1; id <= 10; id++)
		capture_nfq_batch_add(&b, 3, id, &v);
	ck_assert_uint_eq(b.count, 10);
	len = (int)b.len;
	for (nlh = (const struct nlmsghdr *)b.buf; mnl_nlmsg_ok(nlh, len);
	    nlh = mnl_nlmsg_next(nlh, &len)) {
		const struct nlattr *attr;

		mnl_attr_for_each(attr, nlh, sizeof(struct nfgenmsg))
			if (mnl_attr_get_type(attr) == NFQA_VERDICT_HDR)
				ids += ntohl(((const struct nfqnl_msg_verdict_hdr *)
				    mnl_attr_get_payload(attr))->id);
		n++;
	}
	ck_assert_int_eq(n, 10);
	ck_assert_uint_eq(ids, 55);
	ck_assert_int_eq(len, 0);
}
END_TEST

START_TEST(test_conntrack_glue_mark_parses_from_nfqa_ct)
{
	const uint8_t payload[] = { 0x45, 0, 0, 20 };
	struct nfq_msg_packet m;
	struct nlmsghdr *nlh;
	struct nlattr *nest;

	nlh = packet_msg(0, 5, payload, sizeof(payload), false, 0);
	ck_assert_int_eq(capture_nfq_msg_parse(nlh, &m), 0);
	ck_assert(!m.has_ctmark);
	/* What a kernel with the glue adds: the connection's attributes. */
	nest = mnl_attr_nest_start(nlh, NFQA_CT);
	mnl_attr_put_u32(nlh, CTA_ID, htonl(99));
	mnl_attr_put_u32(nlh, CTA_MARK, htonl(0x40000007));
	mnl_attr_nest_end(nlh, nest);
	ck_assert_int_eq(capture_nfq_msg_parse(nlh, &m), 0);
	ck_assert(m.has_ctmark);
	ck_assert_uint_eq(m.ctmark, 0x40000007);
	ck_assert_uint_eq(m.id, 5);
}
END_TEST

START_TEST(test_verdict_carries_ctmark_in_nfqa_ct)
{
	static struct nfq_verdict_batch b;
	struct nfq_verdict v = { .verdict = NF_ACCEPT, .set_ctmark = true,
	    .ctmark = 0x40000003 };
	const struct nlmsghdr *nlh;
	const struct nlattr *attr, *inner;
	uint32_t ctmark = 0;
	int nested = 0;

	capture_nfq_batch_add(&b, 2, 7, &v);
	nlh = (const struct nlmsghdr *)b.buf;
	ck_assert_uint_le(nlh->nlmsg_len, CAPTURE_NFQ_MSG_VERDICT_SIZE);
	mnl_attr_for_each(attr, nlh, sizeof(struct nfgenmsg)) {
		ck_assert_int_ne(mnl_attr_get_type(attr), NFQA_MARK);
		if (mnl_attr_get_type(attr) != NFQA_CT)
			continue;
		mnl_attr_for_each_nested(inner, attr) {
			ck_assert_int_eq(mnl_attr_get_type(inner), CTA_MARK);
			ctmark = ntohl(mnl_attr_get_u32(inner));
			nested++;
		}
	}
	ck_assert_int_eq(nested, 1);
	ck_assert_uint_eq(ctmark, 0x40000003);
	b.len = 0;
	b.count = 0;
}
END_TEST

START_TEST(test_batch_reports_full_before_overflow)
{
	static struct nfq_verdict_batch b;
	/* The longest verdict quelld builds: packet mark and ctmark. */
	struct nfq_verdict v = { .verdict = NF_REPEAT, .set_mark = true,
	    .mark = 1, .set_ctmark = true, .ctmark = 0x40000000 };
	int added = 0;

	while (!capture_nfq_batch_full(&b)) {
		capture_nfq_batch_add(&b, 0, (uint32_t)added + 1, &v);
		added++;
	}
	ck_assert_int_gt(added, 50);
	ck_assert_uint_le(b.len, sizeof(b.buf));
}
END_TEST

START_TEST(test_proc_file_lines_parse_per_queue)
{
	const char *text =
	    "    0  12345     3 2 65535     7     2   991 1\n"
	    "    1  12346     0 2 65535     0     0    10 1\n"
	    "garbage line\n";
	struct nfq_kernel_stats st[4];

	ck_assert_uint_eq(capture_nfq_proc_parse(text, st, 4), 2);
	ck_assert_uint_eq(st[0].queue, 0);
	ck_assert_uint_eq(st[0].queue_total, 3);
	ck_assert_uint_eq(st[0].queue_dropped, 7);
	ck_assert_uint_eq(st[0].user_dropped, 2);
	ck_assert_uint_eq(st[0].id_sequence, 991);
	ck_assert_uint_eq(st[1].queue, 1);
	ck_assert_uint_eq(st[1].portid, 12346);
}
END_TEST

/* The reader keeps the proc file open and reads it again from its
 * start each time. */
START_TEST(test_proc_file_kept_open_reads_again_from_start)
{
	char path[] = "/tmp/quell-nfqproc-XXXXXX";
	const char *text =
	    "    0  12345     3 2 65535     7     2   991 1\n"
	    "    1  12346     0 2 65535     0     0    10 1\n";
	struct nfq_kernel_stats st;
	int fd = mkstemp(path);

	ck_assert_int_ne(fd, -1);
	ck_assert_int_eq(write(fd, text, strlen(text)), (int)strlen(text));
	for (int round = 0; round < 2; round++) {
		memset(&st, 0, sizeof(st));
		ck_assert_int_eq(capture_nfq_proc_read_fd(fd, 1, &st), 0);
		ck_assert_uint_eq(st.portid, 12346);
		ck_assert_uint_eq(st.id_sequence, 10);
	}
	ck_assert_int_eq(capture_nfq_proc_read_fd(fd, 2, &st), -1);
	close(fd);
	unlink(path);
}
END_TEST

/* The reader's side: ids handed over in one round. */
static void
see_ids(struct capture_nfq_ids *ids, const uint32_t *id, size_t n)
{
	capture_nfq_ids_begin(ids);
	for (size_t i = 0; i < n; i++)
		capture_nfq_ids_see(ids, id[i]);
	capture_nfq_ids_end(ids);
}

/* The kernel's figures of one queue. */
static struct nfq_kernel_stats
kernel(uint32_t id_sequence, uint32_t queue_total, uint64_t user_dropped)
{
	return (struct nfq_kernel_stats){ .id_sequence = id_sequence,
	    .queue_total = queue_total, .user_dropped = user_dropped };
}

/* The loss with the reader idle around the kernel's figures. */
static struct capture_nfq_loss
loss_of(const struct capture_nfq_ids *ids, struct nfq_kernel_stats ks)
{
	struct capture_nfq_ids_snap snap;
	struct capture_nfq_loss loss;
	bool ok = capture_nfq_ids_snapshot(ids, &snap);

	capture_nfq_ids_loss(&snap, ok, capture_nfq_ids_unchanged(ids, &snap),
	    &ks, true, &loss);
	return loss;
}

START_TEST(test_ids_in_order_from_one_miss_nothing)
{
	static const uint32_t id[] = { 1, 2, 3, 4 };
	struct capture_nfq_ids ids = { 0 };
	struct capture_nfq_loss l;

	see_ids(&ids, id, QUELL_NITEMS(id));
	l = loss_of(&ids, kernel(4, 0, 0));
	ck_assert(l.settled);
	ck_assert_uint_eq(l.unseen, 0);
	ck_assert_uint_eq(l.failopen, 0);
}
END_TEST

START_TEST(test_skipped_ids_are_fail_open_accepts)
{
	/* 1 and 4, 5 never arrived */
	static const uint32_t id[] = { 2, 3, 6 };
	struct capture_nfq_ids ids = { 0 };
	struct capture_nfq_loss l;

	see_ids(&ids, id, QUELL_NITEMS(id));
	l = loss_of(&ids, kernel(6, 0, 0));
	ck_assert_uint_eq(l.unseen, 3);
	ck_assert_uint_eq(l.failopen, 3);
}
END_TEST

START_TEST(test_ids_after_the_last_settle_when_the_kernel_holds_none)
{
	static const uint32_t id[] = { 1, 2, 5 };
	struct capture_nfq_ids ids = { 0 };
	struct capture_nfq_loss l;

	see_ids(&ids, id, QUELL_NITEMS(id));
	/* 6 .. 20 took ids and never came: accepted by fail-open */
	l = loss_of(&ids, kernel(20, 0, 0));
	ck_assert(l.settled);
	ck_assert_uint_eq(l.unseen, 2 + 15);
	ck_assert_uint_eq(l.failopen, 17);
}
END_TEST

START_TEST(test_ids_after_the_last_wait_while_the_kernel_holds_packets)
{
	static const uint32_t id[] = { 1, 2, 5 };
	struct capture_nfq_ids ids = { 0 };
	struct capture_nfq_loss l;

	see_ids(&ids, id, QUELL_NITEMS(id));
	/* 6 .. 20 may still be in the socket */
	l = loss_of(&ids, kernel(20, 3, 0));
	ck_assert(!l.settled);
	ck_assert_uint_eq(l.unseen, 2);
	ck_assert_uint_eq(l.failopen, 2);
}
END_TEST

START_TEST(test_ids_the_kernel_counted_as_user_dropped_are_not_fail_open)
{
	static const uint32_t id[] = { 1, 4 };
	struct capture_nfq_ids ids = { 0 };
	struct capture_nfq_loss l;

	see_ids(&ids, id, QUELL_NITEMS(id));
	l = loss_of(&ids, kernel(10, 0, 8));
	ck_assert(l.settled);
	ck_assert_uint_eq(l.unseen, 8);
	ck_assert_uint_eq(l.failopen, 0);
	/* not settled yet: fewer ids known missing than user_dropped */
	l = loss_of(&ids, kernel(10, 1, 8));
	ck_assert_uint_eq(l.unseen, 2);
	ck_assert_uint_eq(l.failopen, 0);
}
END_TEST

START_TEST(test_without_fail_open_no_missing_id_is_a_fail_open_accept)
{
	/* 3 .. 9 never arrived: user_dropped 5, and 2 the verdict hash
	 * table refused (queue_dropped) */
	static const uint32_t id[] = { 1, 2, 10 };
	struct capture_nfq_ids ids = { 0 };
	struct capture_nfq_ids_snap snap;
	struct nfq_kernel_stats ks = kernel(10, 0, 5);
	struct capture_nfq_loss l;

	see_ids(&ids, id, QUELL_NITEMS(id));
	ck_assert(capture_nfq_ids_snapshot(&ids, &snap));
	capture_nfq_ids_loss(&snap, true, true, &ks, false, &l);
	ck_assert(l.settled);
	ck_assert_uint_eq(l.unseen, 7);
	ck_assert_uint_eq(l.failopen, 0);
}
END_TEST

START_TEST(test_ids_wrap_at_2_to_the_32_without_a_gap)
{
	static const uint32_t id[] = { 0xfffffffe, 0xffffffff, 0, 1 };
	struct capture_nfq_ids ids = { .last = 0xfffffffd };
	struct capture_nfq_loss l;

	see_ids(&ids, id, QUELL_NITEMS(id));
	/* 2 took an id after the wrap and never came */
	l = loss_of(&ids, kernel(2, 0, 0));
	ck_assert(l.settled);
	ck_assert_uint_eq(l.unseen, 1);
}
END_TEST

START_TEST(test_ids_starting_again_count_from_the_new_instance)
{
	/* the queue was made anew: its ids start at 1; 1 and 2 were lost */
	static const uint32_t id[] = { 500, 501, 3, 4 };
	struct capture_nfq_ids ids = { .last = 499 };
	struct capture_nfq_loss l;

	see_ids(&ids, id, QUELL_NITEMS(id));
	l = loss_of(&ids, kernel(4, 0, 0));
	ck_assert(l.settled);
	ck_assert_uint_eq(l.unseen, 2);
}
END_TEST

START_TEST(test_no_snapshot_while_the_reader_is_inside_a_round)
{
	struct capture_nfq_ids ids = { 0 };
	struct capture_nfq_ids_snap snap;

	capture_nfq_ids_begin(&ids);
	capture_nfq_ids_see(&ids, 1);
	ck_assert(!capture_nfq_ids_snapshot(&ids, &snap));
	capture_nfq_ids_end(&ids);
	ck_assert(capture_nfq_ids_snapshot(&ids, &snap));
	ck_assert_uint_eq(snap.last, 1);
	ck_assert(capture_nfq_ids_unchanged(&ids, &snap));
	capture_nfq_ids_begin(&ids);
	ck_assert(!capture_nfq_ids_unchanged(&ids, &snap));
}
END_TEST

START_TEST(test_ids_after_the_last_wait_when_the_reader_moved_meanwhile)
{
	static const uint32_t id[] = { 1, 2 };
	struct capture_nfq_ids ids = { 0 };
	struct capture_nfq_ids_snap snap;
	struct nfq_kernel_stats ks = kernel(9, 0, 0);
	struct capture_nfq_loss l;

	see_ids(&ids, id, QUELL_NITEMS(id));
	ck_assert(capture_nfq_ids_snapshot(&ids, &snap));
	/* the reader received 3 .. 9 while the figures were read */
	capture_nfq_ids_loss(&snap, true, false, &ks, true, &l);
	ck_assert(!l.settled);
	ck_assert_uint_eq(l.unseen, 0);
	/* a snapshot taken inside a round only gives a lower bound */
	capture_nfq_ids_loss(&snap, false, true, &ks, true, &l);
	ck_assert(!l.settled);
}
END_TEST

/* Internet checksum over b: 0 when a packet's checksum field is right. */
static uint16_t
csum(const uint8_t *b, size_t len, uint32_t sum)
{
	for (size_t i = 0; i + 1 < len; i += 2)
		sum += (uint32_t)b[i] << 8 | b[i + 1];
	if (len & 1)
		sum += (uint32_t)b[len - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

static const uint8_t syn_v4[] = {
	0x45, 0, 0, 44, 0, 1, 0x40, 0, 64, 6, 0, 0,
	198, 18, 1, 2, 198, 18, 2, 2,
	0x9c, 0x40, 0x1f, 0x90, 0, 0, 0x03, 0xe8, 0, 0, 0, 0,
	0x50, 0x02, 0xff, 0xff, 0, 0, 0, 0,
	'a', 'b', 'c', 'd',
};

START_TEST(test_reject_of_tcp_syn_is_rst_ack_to_sender)
{
	struct packet in, out;
	uint8_t reply[CAPTURE_REJECT_MAX];
	size_t len;

	memset(&in, 0, sizeof(in));
	in.data = syn_v4;
	in.len = sizeof(syn_v4);
	ck_assert_int_eq(decode_packet(&in), 0);
	len = capture_reject_build(&in, REJECT_TO_SOURCE, reply);
	ck_assert_uint_eq(len, 40);
	memset(&out, 0, sizeof(out));
	out.data = reply;
	out.len = (uint32_t)len;
	ck_assert_int_eq(decode_packet(&out), 0);
	ck_assert_uint_eq(out.src.u.v4, in.dst.u.v4);
	ck_assert_uint_eq(out.dst.u.v4, in.src.u.v4);
	ck_assert_uint_eq(out.sport, 8080);
	ck_assert_uint_eq(out.dport, 40000);
	ck_assert_uint_eq(out.tcp_flags, 0x14);
	/* SYN counts one, plus 4 payload bytes */
	ck_assert_uint_eq(out.tcp_ack, 1000 + 1 + 4);
	ck_assert_uint_eq(csum(reply, 20, 0), 0);
}
END_TEST

START_TEST(test_reject_tcp_checksum_verifies)
{
	struct packet in;
	uint8_t reply[CAPTURE_REJECT_MAX];
	uint32_t pseudo = 0;

	memset(&in, 0, sizeof(in));
	in.data = syn_v4;
	in.len = sizeof(syn_v4);
	decode_packet(&in);
	capture_reject_build(&in, REJECT_TO_SOURCE, reply);
	for (int i = 12; i < 20; i += 2)
		pseudo += (uint32_t)reply[i] << 8 | reply[i + 1];
	pseudo += IPPROTO_TCP + 20;
	ck_assert_uint_eq(csum(reply + 20, 20, pseudo), 0);
}
END_TEST

START_TEST(test_reject_of_udp_v6_is_icmpv6_port_unreachable)
{
	uint8_t pkt[40 + 8 + 3] = { 0x60, 0, 0, 0, 0, 11, IPPROTO_UDP, 64 };
	struct packet in, out;
	uint8_t reply[CAPTURE_REJECT_MAX];
	size_t len;

	inet_pton(AF_INET6, "2001:2:0:1::2", pkt + 8);
	inet_pton(AF_INET6, "2001:2:0:2::2", pkt + 24);
	pkt[40] = 0x13; pkt[41] = 0x88; pkt[42] = 0; pkt[43] = 53;
	pkt[45] = 11;
	memset(&in, 0, sizeof(in));
	in.data = pkt;
	in.len = sizeof(pkt);
	ck_assert_int_eq(decode_packet(&in), 0);
	len = capture_reject_build(&in, REJECT_TO_SOURCE, reply);
	ck_assert_uint_eq(len, 40 + 8 + sizeof(pkt));
	memset(&out, 0, sizeof(out));
	out.data = reply;
	out.len = (uint32_t)len;
	ck_assert_int_eq(decode_packet(&out), 0);
	ck_assert_uint_eq(out.proto, IPPROTO_ICMPV6);
	ck_assert_uint_eq(out.icmp_type, 1);
	ck_assert_uint_eq(out.icmp_code, 4);
	ck_assert_mem_eq(out.dst.u.v6, in.src.u.v6, 16);
	ck_assert_mem_eq(reply + 48, pkt, sizeof(pkt));
}
END_TEST

START_TEST(test_reject_replies_pass_checksum_validation_until_corrupted)
{
	struct packet in, out;
	uint8_t reply[CAPTURE_REJECT_MAX];
	size_t len;

	memset(&in, 0, sizeof(in));
	in.data = syn_v4;
	in.len = sizeof(syn_v4);
	decode_packet(&in);
	len = capture_reject_build(&in, REJECT_TO_SOURCE, reply);
	memset(&out, 0, sizeof(out));
	out.data = reply;
	out.len = (uint32_t)len;
	decode_packet(&out);
	ck_assert(decode_checksums_valid(&out));
	reply[len - 1] ^= 0x01;
	ck_assert(!decode_checksums_valid(&out));
	reply[len - 1] ^= 0x01;
	reply[8] ^= 0x01;	/* TTL: the IPv4 header checksum */
	ck_assert(!decode_checksums_valid(&out));
}
END_TEST

START_TEST(test_reject_never_answers_a_rst)
{
	uint8_t rst[sizeof(syn_v4)];
	struct packet in;
	uint8_t reply[CAPTURE_REJECT_MAX];

	memcpy(rst, syn_v4, sizeof(rst));
	rst[33] = 0x04;
	memset(&in, 0, sizeof(in));
	in.data = rst;
	in.len = sizeof(rst);
	decode_packet(&in);
	ck_assert_uint_eq(capture_reject_build(&in, REJECT_TO_SOURCE, reply), 0);
}
END_TEST

static Suite *
capture_suite(void)
{
	Suite *s = suite_create("capture");
	TCase *tc = tcase_create("nfq_msg");

	tcase_add_test(tc, test_packet_message_parses_id_queue_mark_payload);
	tcase_add_test(tc, test_packet_message_without_mark_has_no_mark);
	tcase_add_test(tc, test_packet_message_without_header_is_bad);
	tcase_add_test(tc, test_short_packet_header_attribute_is_bad);
	tcase_add_test(tc, test_walk_yields_every_message_of_a_datagram);
	tcase_add_test(tc, test_walk_stops_at_a_length_past_the_datagram);
	tcase_add_test(tc, test_verdict_message_carries_id_verdict_and_mark);
	tcase_add_test(tc, test_verdict_message_without_mark_has_no_mark_attribute);
	suite_add_tcase(s, tc);
	tc = tcase_create("nfq_verdict");
	tcase_add_test(tc, test_accept_mode_accepts_without_mark);
	tcase_add_test(tc, test_repeat_mode_sets_repeat_mark_keeping_other_bits);
	tcase_add_test(tc, test_route_mode_queues_to_route_queue_with_bypass);
	tcase_add_test(tc, test_drop_gives_nf_drop_and_no_mark_in_every_mode);
	tcase_add_test(tc, test_signature_mark_applies_within_its_mask);
	tcase_add_test(tc, test_signature_mark_combines_with_repeat_mark);
	tcase_add_test(tc, test_batch_holds_several_verdict_messages);
	tcase_add_test(tc, test_batch_reports_full_before_overflow);
	tcase_add_test(tc, test_conntrack_glue_mark_parses_from_nfqa_ct);
	tcase_add_test(tc, test_verdict_carries_ctmark_in_nfqa_ct);
	suite_add_tcase(s, tc);
	tc = tcase_create("reject");
	tcase_add_test(tc, test_reject_of_tcp_syn_is_rst_ack_to_sender);
	tcase_add_test(tc, test_reject_tcp_checksum_verifies);
	tcase_add_test(tc, test_reject_of_udp_v6_is_icmpv6_port_unreachable);
	tcase_add_test(tc, test_reject_never_answers_a_rst);
	tcase_add_test(tc, test_reject_replies_pass_checksum_validation_until_corrupted);
	suite_add_tcase(s, tc);
	tc = tcase_create("nfq_proc");
	tcase_add_test(tc, test_proc_file_lines_parse_per_queue);
	tcase_add_test(tc, test_proc_file_kept_open_reads_again_from_start);
	suite_add_tcase(s, tc);
	tc = tcase_create("nfq_ids");
	tcase_add_test(tc, test_ids_in_order_from_one_miss_nothing);
	tcase_add_test(tc, test_skipped_ids_are_fail_open_accepts);
	tcase_add_test(tc, test_ids_after_the_last_settle_when_the_kernel_holds_none);
	tcase_add_test(tc, test_ids_after_the_last_wait_while_the_kernel_holds_packets);
	tcase_add_test(tc, test_ids_the_kernel_counted_as_user_dropped_are_not_fail_open);
	tcase_add_test(tc, test_without_fail_open_no_missing_id_is_a_fail_open_accept);
	tcase_add_test(tc, test_ids_wrap_at_2_to_the_32_without_a_gap);
	tcase_add_test(tc, test_ids_starting_again_count_from_the_new_instance);
	tcase_add_test(tc, test_no_snapshot_while_the_reader_is_inside_a_round);
	tcase_add_test(tc, test_ids_after_the_last_wait_when_the_reader_moved_meanwhile);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(capture_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
