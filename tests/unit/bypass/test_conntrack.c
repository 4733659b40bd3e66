/* ctnetlink messages built and parsed without a kernel; the lab test
 * (tests/lab/t_bypass_ct.sh) covers the sockets. */
#include "core/base.h"

#include <endian.h>
#include <errno.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nfnetlink_conntrack.h>

#include <check.h>
#include <libmnl/libmnl.h>

#include "bypass/conntrack.h"
#include "bypass/key.h"

#include "helpers.h"
#include "suites.h"

#define MARK	0x40000000u
#define MASK	0x40000000u

static uint8_t buf[1024];

static int
attr_cb(const struct nlattr *a, void *data)
{
	const struct nlattr **tb = data;

	if (mnl_attr_get_type(a) <= CTA_MAX)
		tb[mnl_attr_get_type(a)] = a;
	return MNL_CB_OK;
}

/* The top-level attributes of a ctnetlink message. */
static void
attrs(const struct nlmsghdr *nlh, const struct nlattr **tb)
{
	memset(tb, 0, sizeof(*tb) * (CTA_MAX + 1));
	ck_assert_int_eq(mnl_attr_parse(nlh, sizeof(struct nfgenmsg), attr_cb,
	    tb), MNL_CB_OK);
}

static const struct nlmsghdr *
mark_msg(const struct bypass_key *k)
{
	ck_assert_uint_gt(bypass_conntrack_msg_mark(buf, sizeof(buf), k, MARK,
	    MASK, 7), 0);
	return (const struct nlmsghdr *)buf;
}

START_TEST(test_ct_mark_message_is_an_update_without_create)
{
	struct bypass_key k = tkey(IPPROTO_TCP, "198.18.1.2", 40000,
	    "198.18.2.2", 80);
	const struct nlmsghdr *nlh = mark_msg(&k);

	ck_assert_uint_eq(nlh->nlmsg_type,
	    (NFNL_SUBSYS_CTNETLINK << 8) | IPCTNL_MSG_CT_NEW);
	ck_assert_uint_eq(nlh->nlmsg_flags, NLM_F_REQUEST | NLM_F_ACK);
	ck_assert_uint_eq(nlh->nlmsg_seq, 7);
}
END_TEST

START_TEST(test_ct_mark_message_carries_the_mark_and_its_mask)
{
	struct bypass_key k = tkey(IPPROTO_TCP, "198.18.1.2", 40000,
	    "198.18.2.2", 80);
	const struct nlattr *tb[CTA_MAX + 1];

	attrs(mark_msg(&k), tb);
	ck_assert_ptr_nonnull(tb[CTA_MARK]);
	ck_assert_ptr_nonnull(tb[CTA_MARK_MASK]);
	ck_assert_uint_eq(ntohl(mnl_attr_get_u32(tb[CTA_MARK])), MARK);
	ck_assert_uint_eq(ntohl(mnl_attr_get_u32(tb[CTA_MARK_MASK])), MASK);
}
END_TEST

START_TEST(test_ct_mark_message_names_the_entry_by_its_original_tuple)
{
	struct bypass_key k = tkey(IPPROTO_TCP, "198.18.1.2", 40000,
	    "198.18.2.2", 80);
	const struct nlattr *tb[CTA_MAX + 1];

	attrs(mark_msg(&k), tb);
	ck_assert_ptr_nonnull(tb[CTA_TUPLE_ORIG]);
	ck_assert_ptr_null(tb[CTA_TUPLE_REPLY]);
}
END_TEST

START_TEST(test_ct_mark_message_parses_back_to_its_ipv4_tcp_tuple)
{
	struct bypass_key k = tkey(IPPROTO_TCP, "198.18.1.2", 40000,
	    "198.18.2.2", 80);
	const struct nlmsghdr *nlh = mark_msg(&k);
	struct bypass_ct_entry e;

	ck_assert_int_eq(bypass_conntrack_msg_parse(nlh, nlh->nlmsg_len, &e),
	    0);
	ck_assert(bypass_key_equal(&e.orig, &k));
}
END_TEST

START_TEST(test_ct_mark_message_parses_back_to_its_ipv6_udp_tuple)
{
	struct bypass_key k = tkey(IPPROTO_UDP, "2001:2:0:1::2", 5353,
	    "2001:2:0:2::2", 53);
	const struct nlmsghdr *nlh = mark_msg(&k);
	struct bypass_ct_entry e;

	ck_assert_int_eq(bypass_conntrack_msg_parse(nlh, nlh->nlmsg_len, &e),
	    0);
	ck_assert(bypass_key_equal(&e.orig, &k));
}
END_TEST

START_TEST(test_ct_mark_message_parses_back_to_its_icmp_type_and_id)
{
	struct bypass_key k = tkey(IPPROTO_ICMP, "198.18.1.2", 4242,
	    "198.18.2.2", 8);
	const struct nlmsghdr *nlh = mark_msg(&k);
	struct bypass_ct_entry e;

	ck_assert_int_eq(bypass_conntrack_msg_parse(nlh, nlh->nlmsg_len, &e),
	    0);
	ck_assert(bypass_key_equal(&e.orig, &k));
}
END_TEST

START_TEST(test_ct_mark_message_parses_back_to_its_mark)
{
	struct bypass_key k = tkey(IPPROTO_TCP, "198.18.1.2", 40000,
	    "198.18.2.2", 80);
	const struct nlmsghdr *nlh = mark_msg(&k);
	struct bypass_ct_entry e;

	ck_assert_int_eq(bypass_conntrack_msg_parse(nlh, nlh->nlmsg_len, &e),
	    0);
	ck_assert(e.has_mark);
	ck_assert_uint_eq(e.mark, MARK);
}
END_TEST

START_TEST(test_ct_mark_outside_its_mask_is_einval)
{
	struct bypass_key k = tkey(IPPROTO_TCP, "198.18.1.2", 40000,
	    "198.18.2.2", 80);

	ck_assert_uint_eq(bypass_conntrack_msg_mark(buf, sizeof(buf), &k, 3, 1,
	    1), 0);
	ck_assert_int_eq(errno, EINVAL);
}
END_TEST

START_TEST(test_ct_message_into_a_small_buffer_is_enospc)
{
	struct bypass_key k = tkey(IPPROTO_TCP, "198.18.1.2", 40000,
	    "198.18.2.2", 80);

	ck_assert_uint_eq(bypass_conntrack_msg_get(buf, 64, &k, 1), 0);
	ck_assert_int_eq(errno, ENOSPC);
}
END_TEST

START_TEST(test_ct_message_of_a_key_without_family_is_einval)
{
	struct bypass_key k;

	memset(&k, 0, sizeof(k));
	ck_assert_uint_eq(bypass_conntrack_msg_get(buf, sizeof(buf), &k, 1), 0);
	ck_assert_int_eq(errno, EINVAL);
}
END_TEST

START_TEST(test_ct_get_message_is_a_get_with_ack)
{
	struct bypass_key k = tkey(IPPROTO_TCP, "2001:2:0:1::2", 40000,
	    "2001:2:0:2::2", 80);
	const struct nlmsghdr *nlh = (const struct nlmsghdr *)buf;
	const struct nlattr *tb[CTA_MAX + 1];

	ck_assert_uint_gt(bypass_conntrack_msg_get(buf, sizeof(buf), &k, 9), 0);
	ck_assert_uint_eq(nlh->nlmsg_type,
	    (NFNL_SUBSYS_CTNETLINK << 8) | IPCTNL_MSG_CT_GET);
	ck_assert_uint_eq(nlh->nlmsg_flags, NLM_F_REQUEST | NLM_F_ACK);
	attrs(nlh, tb);
	ck_assert_ptr_nonnull(tb[CTA_TUPLE_ORIG]);
	ck_assert_ptr_null(tb[CTA_MARK]);
}
END_TEST

START_TEST(test_ct_dump_message_asks_for_the_entries_with_the_mark)
{
	const struct nlmsghdr *nlh = (const struct nlmsghdr *)buf;
	const struct nlattr *tb[CTA_MAX + 1];
	const struct nfgenmsg *nfh;

	ck_assert_uint_gt(bypass_conntrack_msg_dump(buf, sizeof(buf), MARK,
	    MASK, 3), 0);
	ck_assert_uint_eq(nlh->nlmsg_flags, NLM_F_REQUEST | NLM_F_DUMP);
	nfh = mnl_nlmsg_get_payload(nlh);
	ck_assert_uint_eq(nfh->nfgen_family, AF_UNSPEC);
	attrs(nlh, tb);
	ck_assert_uint_eq(ntohl(mnl_attr_get_u32(tb[CTA_MARK])), MARK);
	ck_assert_uint_eq(ntohl(mnl_attr_get_u32(tb[CTA_MARK_MASK])), MASK);
}
END_TEST

/* A DESTROY event as the kernel sends it: 198.18.1.2:40000 ->
 * 198.18.2.2:80 TCP, counters 10/1000 original and 20/30000 reply. */
static const struct nlmsghdr *
destroy_event(uint16_t subsys, bool with_tuple)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct nfgenmsg *nfh;
	struct nlattr *n1, *n2;

	memset(buf, 0, sizeof(buf));
	nlh = mnl_nlmsg_put_header(buf);
	nlh->nlmsg_type = (uint16_t)(subsys << 8) | IPCTNL_MSG_CT_DELETE;
	nfh = mnl_nlmsg_put_extra_header(nlh, sizeof(*nfh));
	nfh->nfgen_family = AF_INET;
	if (with_tuple) {
		n1 = mnl_attr_nest_start(nlh, CTA_TUPLE_ORIG);
		n2 = mnl_attr_nest_start(nlh, CTA_TUPLE_IP);
		mnl_attr_put_u32(nlh, CTA_IP_V4_SRC, inet_addr("198.18.1.2"));
		mnl_attr_put_u32(nlh, CTA_IP_V4_DST, inet_addr("198.18.2.2"));
		mnl_attr_nest_end(nlh, n2);
		n2 = mnl_attr_nest_start(nlh, CTA_TUPLE_PROTO);
		mnl_attr_put_u8(nlh, CTA_PROTO_NUM, IPPROTO_TCP);
		mnl_attr_put_u16(nlh, CTA_PROTO_SRC_PORT, htons(40000));
		mnl_attr_put_u16(nlh, CTA_PROTO_DST_PORT, htons(80));
		mnl_attr_nest_end(nlh, n2);
		mnl_attr_nest_end(nlh, n1);
	}
	n1 = mnl_attr_nest_start(nlh, CTA_COUNTERS_ORIG);
	mnl_attr_put_u64(nlh, CTA_COUNTERS_PACKETS, htobe64(10));
	mnl_attr_put_u64(nlh, CTA_COUNTERS_BYTES, htobe64(1000));
	mnl_attr_nest_end(nlh, n1);
	n1 = mnl_attr_nest_start(nlh, CTA_COUNTERS_REPLY);
	mnl_attr_put_u64(nlh, CTA_COUNTERS_PACKETS, htobe64(20));
	mnl_attr_put_u64(nlh, CTA_COUNTERS_BYTES, htobe64(30000));
	mnl_attr_nest_end(nlh, n1);
	mnl_attr_put_u32(nlh, CTA_MARK, htonl(MARK | 0x5));
	mnl_attr_put_u32(nlh, CTA_ID, htonl(0x1234abcd));
	return nlh;
}

START_TEST(test_ct_parse_reads_a_destroy_events_tuple)
{
	const struct nlmsghdr *nlh = destroy_event(NFNL_SUBSYS_CTNETLINK, true);
	struct bypass_key want = tkey(IPPROTO_TCP, "198.18.1.2", 40000,
	    "198.18.2.2", 80);
	struct bypass_ct_entry e;

	ck_assert_int_eq(bypass_conntrack_msg_parse(nlh, nlh->nlmsg_len, &e),
	    0);
	ck_assert_int_eq(e.type, BYPASS_CT_MSG_DESTROY);
	ck_assert(bypass_key_equal(&e.orig, &want));
}
END_TEST

START_TEST(test_ct_parse_reads_a_destroy_events_counters)
{
	const struct nlmsghdr *nlh = destroy_event(NFNL_SUBSYS_CTNETLINK, true);
	struct bypass_ct_entry e;

	ck_assert_int_eq(bypass_conntrack_msg_parse(nlh, nlh->nlmsg_len, &e),
	    0);
	ck_assert(e.has_counters);
	ck_assert_uint_eq(e.pkts[BYPASS_CT_DIR_ORIG], 10);
	ck_assert_uint_eq(e.bytes[BYPASS_CT_DIR_ORIG], 1000);
	ck_assert_uint_eq(e.pkts[BYPASS_CT_DIR_REPLY], 20);
	ck_assert_uint_eq(e.bytes[BYPASS_CT_DIR_REPLY], 30000);
}
END_TEST

START_TEST(test_ct_parse_reads_a_destroy_events_id_and_mark)
{
	const struct nlmsghdr *nlh = destroy_event(NFNL_SUBSYS_CTNETLINK, true);
	struct bypass_ct_entry e;

	ck_assert_int_eq(bypass_conntrack_msg_parse(nlh, nlh->nlmsg_len, &e),
	    0);
	ck_assert_uint_eq(e.id, 0x1234abcd);
	ck_assert_uint_eq(e.mark, MARK | 0x5);
}
END_TEST

START_TEST(test_ct_parse_rejects_another_subsystem)
{
	const struct nlmsghdr *nlh = destroy_event(NFNL_SUBSYS_QUEUE, true);
	struct bypass_ct_entry e;

	ck_assert_int_eq(bypass_conntrack_msg_parse(nlh, nlh->nlmsg_len, &e),
	    -1);
	ck_assert_int_eq(errno, EBADMSG);
}
END_TEST

START_TEST(test_ct_parse_rejects_a_truncated_message)
{
	const struct nlmsghdr *nlh = destroy_event(NFNL_SUBSYS_CTNETLINK, true);
	struct bypass_ct_entry e;

	ck_assert_int_eq(bypass_conntrack_msg_parse(nlh, nlh->nlmsg_len - 8,
	    &e), -1);
	ck_assert_int_eq(errno, EBADMSG);
}
END_TEST

START_TEST(test_ct_parse_rejects_a_message_without_a_tuple)
{
	const struct nlmsghdr *nlh = destroy_event(NFNL_SUBSYS_CTNETLINK,
	    false);
	struct bypass_ct_entry e;

	ck_assert_int_eq(bypass_conntrack_msg_parse(nlh, nlh->nlmsg_len, &e),
	    -1);
	ck_assert_int_eq(errno, EBADMSG);
}
END_TEST

START_TEST(test_ct_acct_names)
{
	ck_assert_str_eq(bypass_conntrack_acct_name(BYPASS_CT_ACCT_ENABLED),
	    "enabled");
	ck_assert_str_eq(bypass_conntrack_acct_name(BYPASS_CT_ACCT_OFF), "off");
}
END_TEST

Suite *
bypass_conntrack_suite(void)
{
	Suite *s = suite_create("bypass_conntrack");
	TCase *tc = tcase_create("messages");

	tcase_add_test(tc, test_ct_mark_message_is_an_update_without_create);
	tcase_add_test(tc, test_ct_mark_message_carries_the_mark_and_its_mask);
	tcase_add_test(tc,
	    test_ct_mark_message_names_the_entry_by_its_original_tuple);
	tcase_add_test(tc,
	    test_ct_mark_message_parses_back_to_its_ipv4_tcp_tuple);
	tcase_add_test(tc,
	    test_ct_mark_message_parses_back_to_its_ipv6_udp_tuple);
	tcase_add_test(tc,
	    test_ct_mark_message_parses_back_to_its_icmp_type_and_id);
	tcase_add_test(tc, test_ct_mark_message_parses_back_to_its_mark);
	tcase_add_test(tc, test_ct_mark_outside_its_mask_is_einval);
	tcase_add_test(tc, test_ct_message_into_a_small_buffer_is_enospc);
	tcase_add_test(tc, test_ct_message_of_a_key_without_family_is_einval);
	tcase_add_test(tc, test_ct_get_message_is_a_get_with_ack);
	tcase_add_test(tc,
	    test_ct_dump_message_asks_for_the_entries_with_the_mark);
	tcase_add_test(tc, test_ct_parse_reads_a_destroy_events_tuple);
	tcase_add_test(tc, test_ct_parse_reads_a_destroy_events_counters);
	tcase_add_test(tc, test_ct_parse_reads_a_destroy_events_id_and_mark);
	tcase_add_test(tc, test_ct_parse_rejects_another_subsystem);
	tcase_add_test(tc, test_ct_parse_rejects_a_truncated_message);
	tcase_add_test(tc, test_ct_parse_rejects_a_message_without_a_tuple);
	tcase_add_test(tc, test_ct_acct_names);
	suite_add_tcase(s, tc);
	return s;
}
