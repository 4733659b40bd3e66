#include "core/base.h"

#include <linux/netfilter.h>

#include "capture/nfq.h"
#include "capture/nfq_msg.h"
#include "capture/nfq_verdict.h"

void
capture_nfq_verdict_decide(const struct nfq_verdict_policy *pol,
    uint32_t pkt_mark, bool drop, const struct nfq_mark_request *req,
    struct nfq_verdict *out)
{
	uint32_t mark = pkt_mark;
	bool set_mark = false;

	memset(out, 0, sizeof(*out));
	/* A dropped packet goes nowhere: a mark on it means nothing. */
	if (drop) {
		out->verdict = NF_DROP;
		return;
	}
	switch (pol->mode) {
	case NFQ_VERDICT_MODE_ACCEPT:
		out->verdict = NF_ACCEPT;
		break;
	case NFQ_VERDICT_MODE_REPEAT:
		out->verdict = NF_REPEAT;
		mark = (mark & ~pol->repeat_mask) | pol->repeat_mark;
		set_mark = true;
		break;
	case NFQ_VERDICT_MODE_ROUTE:
		out->verdict = NF_QUEUE_NR(pol->route_queue) |
		    (pol->route_bypass ? NF_VERDICT_FLAG_QUEUE_BYPASS : 0);
		break;
	}
	if (req != NULL && req->set) {
		mark = (mark & ~req->mask) | (req->value & req->mask);
		set_mark = true;
	}
	out->set_mark = set_mark;
	out->mark = set_mark ? mark : 0;
	out->set_ctmark = false;
	out->ctmark = 0;
}

bool
capture_nfq_batch_full(const struct nfq_verdict_batch *b)
{
	return b->len + CAPTURE_NFQ_MSG_VERDICT_SIZE > sizeof(b->buf);
}

void
capture_nfq_batch_add(struct nfq_verdict_batch *b, uint16_t queue,
    uint32_t id, const struct nfq_verdict *v)
{
	size_t len;

	len = capture_nfq_msg_verdict(b->buf + b->len, queue, id, v->verdict,
	    v->set_mark, v->mark);
	if (v->set_ctmark)
		len = capture_nfq_msg_verdict_ctmark(b->buf + b->len,
		    v->ctmark);
	b->len += (len + 3) & ~(size_t)3;
	b->count++;
}

int
capture_nfq_batch_flush(struct capture_nfq *q, struct nfq_verdict_batch *b)
{
	int rc = 0;

	if (b->count > 0)
		rc = capture_nfq_send(q, b->buf, b->len);
	b->len = 0;
	b->count = 0;
	return rc;
}
