#include "core/base.h"

#include <stdio.h>
#include <time.h>
#include <arpa/inet.h>
#include <netinet/in.h>

#include "output/eve.h"
#include "output/addr.h"
#include "output/fastlog.h"
#include "output/protoname.h"
#include "output/writer.h"

struct output_fastlog {
	struct output_writer	*writer;
};

struct output_fastlog *
output_fastlog_open(const char *path, size_t nproducers)
{
	struct output_fastlog *f = calloc(1, sizeof(*f));

	if (f == NULL)
		return NULL;
	if ((f->writer = output_writer_open(path, nproducers,
	    OUTPUT_EVE_RING_SLOTS)) == NULL) {
		free(f);
		return NULL;
	}
	return f;
}

int
output_fastlog_start(struct output_fastlog *f)
{
	return output_writer_start(f->writer);
}

int
output_fastlog_chown(struct output_fastlog *f, uid_t uid, gid_t gid)
{
	return output_writer_chown(f->writer, uid, gid);
}

void
output_fastlog_close(struct output_fastlog *f)
{
	if (f == NULL)
		return;
	output_writer_close(f->writer);
	free(f);
}

void
output_fastlog_reopen(struct output_fastlog *f)
{
	output_writer_reopen(f->writer);
}

static const char *
proto_name(uint8_t proto, char *buf, size_t len)
{
	const char *n = output_protoname_get(proto);

	if (n != NULL)
		return n;
	snprintf(buf, len, "PROTO:%03u", proto);
	return buf;
}

static void
endpoint(char *buf, size_t len, const struct ip_addr *a, uint16_t port,
    bool ports)
{
	char ip[OUTPUT_ADDR_LEN];

	output_addr_format(a, ip, sizeof(ip));
	if (ip[0] == '\0')
		snprintf(ip, sizeof(ip), "?");
	if (ports)
		snprintf(buf, len, "%s:%u", ip, port);
	else
		snprintf(buf, len, "%s", ip);
}

size_t
output_fastlog_format(char *buf, size_t len, const struct packet *p,
    const struct output_eve_alert *a)
{
	char date[32], src[64], dst[64], pbuf[16];
	uint16_t sp = 0, dp = 0;
	struct tm tm;
	int n;

	/* Suricata writes a port on both ends, always: the ports, ICMP's
	 * type and code, 0 for other protocols */
	if (p->proto == IPPROTO_TCP || p->proto == IPPROTO_UDP ||
	    p->proto == IPPROTO_SCTP) {
		sp = p->sport;
		dp = p->dport;
	} else if ((p->proto == IPPROTO_ICMP || p->proto == IPPROTO_ICMPV6) &&
	    p->l4_valid) {
		sp = p->icmp_type;
		dp = p->icmp_code;
	}
	localtime_r(&p->ts.tv_sec, &tm);
	strftime(date, sizeof(date), "%m/%d/%Y-%H:%M:%S", &tm);
	endpoint(src, sizeof(src), &p->src, sp, true);
	endpoint(dst, sizeof(dst), &p->dst, dp, true);
	n = snprintf(buf, len, "%s.%06ld  %s[**] [%u:%u:%u] %s [**] "
	    "[Classification: %s] [Priority: %u] {%s} %s -> %s\n", date,
	    p->ts.tv_nsec / 1000, !a->drops ? "" : a->pkt == NULL ||
	    a->pkt->ips ? "[Drop] " : "[wDrop] ", a->gid,
	    a->sid, a->rev, a->msg != NULL && a->msg[0] != '\0' ? a->msg :
	    "(null)",
	    a->category != NULL ? a->category : "(null)",
	    a->severity != 0 ? a->severity : 3,
	    proto_name(p->proto, pbuf, sizeof(pbuf)), src, dst);
	if (n < 0)
		return 0;
	if ((size_t)n >= len) {
		/* Keep the line a line even when the message is huge. */
		buf[len - 2] = '\n';
		return len - 1;
	}
	return (size_t)n;
}

void
output_fastlog_alert(struct output_fastlog *f, size_t producer,
    const struct packet *p, const struct output_eve_alert *a)
{
	char buf[2048];
	size_t len = output_fastlog_format(buf, sizeof(buf), p, a);
	char *line;

	if (len == 0 || (line = strndup(buf, len)) == NULL)
		return;
	output_writer_submit(f->writer, producer, line);
}
