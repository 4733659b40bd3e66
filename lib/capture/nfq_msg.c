#include "core/base.h"

#include <errno.h>
#include <arpa/inet.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nfnetlink_conntrack.h>
#include <linux/netfilter/nfnetlink_queue.h>

#include <libmnl/libmnl.h>
#include <libnetfilter_queue/libnetfilter_queue.h>

#include "capture/nfq_msg.h"

size_t
capture_nfq_msg_walk(const void *buf, size_t len, capture_nfq_msg_fn fn,
    void *arg)
{
	const uint8_t *at = buf;
	const struct nlmsghdr *nlh;
	enum nfq_msg_kind kind;
	size_t step;

	while (len >= NLMSG_HDRLEN) {
		nlh = (const struct nlmsghdr *)(const void *)at;
		if (nlh->nlmsg_len < NLMSG_HDRLEN || nlh->nlmsg_len > len)
			break;
		if (nlh->nlmsg_type == NLMSG_ERROR)
			kind = NFQ_MSG_ERROR;
		else if (nlh->nlmsg_type < NLMSG_MIN_TYPE)
			kind = NFQ_MSG_CONTROL;
		else if (NFNL_SUBSYS_ID(nlh->nlmsg_type) == NFNL_SUBSYS_QUEUE &&
		    NFNL_MSG_TYPE(nlh->nlmsg_type) == NFQNL_MSG_PACKET)
			kind = NFQ_MSG_PACKET;
		else
			kind = NFQ_MSG_BAD;
		fn(nlh, kind, arg);
		/* The last message of a datagram may lack its alignment
		 * padding. */
		step = NLMSG_ALIGN(nlh->nlmsg_len);
		if (step >= len)
			return 0;
		at += step;
		len -= step;
	}
	return len;
}

/* The CTA_MARK inside an NFQA_CT nest; -1 when absent or malformed (the
 * packet is still good: only the conntrack shortcut is lost). */
static int
ct_mark(const struct nlattr *nest, uint32_t *mark)
{
	const struct nlattr *a;

	mnl_attr_for_each_nested(a, nest) {
		if (mnl_attr_get_type(a) != CTA_MARK)
			continue;
		if (mnl_attr_validate(a, MNL_TYPE_U32) < 0)
			return -1;
		*mark = ntohl(mnl_attr_get_u32(a));
		return 0;
	}
	return -1;
}

int
capture_nfq_msg_parse(const struct nlmsghdr *nlh, struct nfq_msg_packet *out)
{
	struct nlattr *attr[NFQA_MAX + 1] = { NULL };
	const struct nfgenmsg *nfg;
	const struct nfqnl_msg_packet_hdr *ph;

	memset(out, 0, sizeof(*out));
	if (nlh->nlmsg_len < NLMSG_HDRLEN + sizeof(*nfg))
		goto bad;
	if (nfq_nlmsg_parse(nlh, attr) < 0)
		goto bad;
	nfg = mnl_nlmsg_get_payload(nlh);
	out->queue = ntohs(nfg->res_id);

	if (attr[NFQA_PACKET_HDR] == NULL ||
	    mnl_attr_get_payload_len(attr[NFQA_PACKET_HDR]) < sizeof(*ph))
		goto bad;
	ph = mnl_attr_get_payload(attr[NFQA_PACKET_HDR]);
	out->id = ntohl(ph->packet_id);
	out->hw_protocol = ntohs(ph->hw_protocol);
	out->hook = ph->hook;

	if (attr[NFQA_PAYLOAD] != NULL) {
		out->payload = mnl_attr_get_payload(attr[NFQA_PAYLOAD]);
		out->payload_len = mnl_attr_get_payload_len(attr[NFQA_PAYLOAD]);
	}
	out->cap_len = out->payload_len;
	if (attr[NFQA_CAP_LEN] != NULL) {
		if (mnl_attr_get_payload_len(attr[NFQA_CAP_LEN]) < 4)
			goto bad;
		out->cap_len = ntohl(mnl_attr_get_u32(attr[NFQA_CAP_LEN]));
	}
	if (attr[NFQA_MARK] != NULL) {
		if (mnl_attr_get_payload_len(attr[NFQA_MARK]) < 4)
			goto bad;
		out->has_mark = true;
		out->mark = ntohl(mnl_attr_get_u32(attr[NFQA_MARK]));
	}
	if (attr[NFQA_SKB_INFO] != NULL) {
		if (mnl_attr_get_payload_len(attr[NFQA_SKB_INFO]) < 4)
			goto bad;
		out->skbinfo = ntohl(mnl_attr_get_u32(attr[NFQA_SKB_INFO]));
	}
	if (attr[NFQA_CT] != NULL && ct_mark(attr[NFQA_CT], &out->ctmark) == 0)
		out->has_ctmark = true;
	return 0;
bad:
	errno = EBADMSG;
	return -1;
}

size_t
capture_nfq_msg_verdict(void *buf, uint16_t queue, uint32_t id,
    uint32_t verdict, bool set_mark, uint32_t mark)
{
	struct nlmsghdr *nlh;

	nlh = nfq_nlmsg_put(buf, NFQNL_MSG_VERDICT, queue);
	nfq_nlmsg_verdict_put(nlh, (int)id, (int)verdict);
	if (set_mark)
		nfq_nlmsg_verdict_put_mark(nlh, mark);
	return nlh->nlmsg_len;
}

size_t
capture_nfq_msg_verdict_ctmark(void *buf, uint32_t ctmark)
{
	struct nlmsghdr *nlh = buf;
	struct nlattr *nest;

	nest = mnl_attr_nest_start(nlh, NFQA_CT);
	mnl_attr_put_u32(nlh, CTA_MARK, htonl(ctmark));
	mnl_attr_nest_end(nlh, nest);
	return nlh->nlmsg_len;
}
