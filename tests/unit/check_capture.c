/* lib/capture/nfq_msg: NFQ messages built into buffers and parsed back,
 * no kernel involved (the lab tests cover the socket). */
#include "core/base.h"

#include <arpa/inet.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nfnetlink_queue.h>

#include <check.h>
#include <libmnl/libmnl.h>

#include "capture/nfq_msg.h"

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

static Suite *
capture_suite(void)
{
	Suite *s = suite_create("capture");
	TCase *tc = tcase_create("nfq_msg");

	tcase_add_test(tc, test_packet_message_parses_id_queue_mark_payload);
	tcase_add_test(tc, test_packet_message_without_mark_has_no_mark);
	tcase_add_test(tc, test_packet_message_without_header_is_bad);
	tcase_add_test(tc, test_short_packet_header_attribute_is_bad);
	tcase_add_test(tc, test_verdict_message_carries_id_verdict_and_mark);
	tcase_add_test(tc, test_verdict_message_without_mark_has_no_mark_attribute);
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
