#include "core/base.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>

#include <jansson.h>

#include "output/eve.h"

struct output_eve {
	char		*path;
	int		 fd;
	pthread_mutex_t	 lock;
	uint64_t	 write_errors;
};

static int
open_log(const char *path)
{
	return open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
}

struct output_eve *
output_eve_open(const char *path)
{
	struct output_eve *eve;

	if ((eve = calloc(1, sizeof(*eve))) == NULL)
		return NULL;
	if ((eve->path = strdup(path)) == NULL)
		goto fail;
	if ((eve->fd = open_log(path)) == -1)
		goto fail;
	pthread_mutex_init(&eve->lock, NULL);
	return eve;
fail:
	free(eve->path);
	free(eve);
	return NULL;
}

void
output_eve_close(struct output_eve *eve)
{
	if (eve == NULL)
		return;
	close(eve->fd);
	pthread_mutex_destroy(&eve->lock);
	free(eve->path);
	free(eve);
}

int
output_eve_reopen(struct output_eve *eve)
{
	int fd = open_log(eve->path);

	if (fd == -1)
		return -1;
	pthread_mutex_lock(&eve->lock);
	close(eve->fd);
	eve->fd = fd;
	pthread_mutex_unlock(&eve->lock);
	return 0;
}

const char *
output_eve_timestamp(const struct timespec *ts, char *buf, size_t len)
{
	struct tm tm;
	char date[32], zone[8];

	localtime_r(&ts->tv_sec, &tm);
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%S", &tm);
	strftime(zone, sizeof(zone), "%z", &tm);
	snprintf(buf, len, "%s.%06ld%s", date, ts->tv_nsec / 1000, zone);
	return buf;
}

static void
write_record(struct output_eve *eve, json_t *obj)
{
	char *line;
	size_t len;

	/* JSON_ENSURE_ASCII would hide nothing useful; jansson escapes
	 * control characters and rejects invalid UTF-8 at json_string(). */
	line = json_dumps(obj, JSON_COMPACT);
	if (line == NULL)
		return;
	len = strlen(line);
	line[len] = '\n';
	pthread_mutex_lock(&eve->lock);
	if (write(eve->fd, line, len + 1) != (ssize_t)(len + 1))
		eve->write_errors++;
	pthread_mutex_unlock(&eve->lock);
	free(line);
}

/* json_string() refuses invalid UTF-8 (a Latin-1 rule msg, a payload);
 * keep the event and replace each bad byte with '?'. */
static json_t *
json_string_lossy(const char *s)
{
	json_t *j = json_string(s);
	char *copy;

	if (j != NULL)
		return j;
	if ((copy = strdup(s)) == NULL)
		return json_string("");
	for (unsigned char *c = (unsigned char *)copy; *c != '\0'; c++)
		if (*c >= 0x80)
			*c = '?';
	j = json_string(copy);
	free(copy);
	return j;
}

static const char *
proto_name(uint8_t proto, char *buf, size_t len)
{
	switch (proto) {
	case IPPROTO_TCP:
		return "TCP";
	case IPPROTO_UDP:
		return "UDP";
	case IPPROTO_ICMP:
		return "ICMP";
	case IPPROTO_ICMPV6:
		return "IPv6-ICMP";
	case IPPROTO_SCTP:
		return "SCTP";
	case IPPROTO_GRE:
		return "GRE";
	default:
		snprintf(buf, len, "%u", proto);
		return buf;
	}
}

static void
add_addr(json_t *obj, const char *key, const struct ip_addr *a)
{
	char buf[INET6_ADDRSTRLEN];

	if (a->family == AF_INET)
		inet_ntop(AF_INET, &a->u.v4, buf, sizeof(buf));
	else if (a->family == AF_INET6)
		inet_ntop(AF_INET6, a->u.v6, buf, sizeof(buf));
	else
		return;
	json_object_set_new(obj, key, json_string(buf));
}

/* The header fields every packet event shares. */
static json_t *
packet_event(const struct packet *p, const char *type)
{
	json_t *obj = json_object();
	char ts[48], pbuf[8];

	output_eve_timestamp(&p->ts, ts, sizeof(ts));
	json_object_set_new(obj, "timestamp", json_string(ts));
	json_object_set_new(obj, "event_type", json_string(type));
	add_addr(obj, "src_ip", &p->src);
	if (p->proto == IPPROTO_TCP || p->proto == IPPROTO_UDP)
		json_object_set_new(obj, "src_port", json_integer(p->sport));
	add_addr(obj, "dest_ip", &p->dst);
	if (p->proto == IPPROTO_TCP || p->proto == IPPROTO_UDP)
		json_object_set_new(obj, "dest_port", json_integer(p->dport));
	json_object_set_new(obj, "proto",
	    json_string(proto_name(p->proto, pbuf, sizeof(pbuf))));
	if ((p->proto == IPPROTO_ICMP || p->proto == IPPROTO_ICMPV6) &&
	    p->l4_valid) {
		json_object_set_new(obj, "icmp_type",
		    json_integer(p->icmp_type));
		json_object_set_new(obj, "icmp_code",
		    json_integer(p->icmp_code));
	}
	json_object_set_new(obj, "pkt_src", json_string("wire/pcap"));
	return obj;
}

void
output_eve_alert(struct output_eve *eve, const struct packet *p,
    const struct output_eve_alert *a)
{
	json_t *obj, *alert, *quell;

	obj = packet_event(p, "alert");
	alert = json_object();
	json_object_set_new(alert, "action",
	    json_string(a->blocked ? "blocked" : "allowed"));
	json_object_set_new(alert, "gid", json_integer(a->gid));
	json_object_set_new(alert, "signature_id", json_integer(a->sid));
	json_object_set_new(alert, "rev", json_integer(a->rev));
	json_object_set_new(alert, "signature",
	    json_string_lossy(a->msg != NULL ? a->msg : ""));
	json_object_set_new(alert, "category", json_string(""));
	json_object_set_new(alert, "severity", json_integer(3));
	json_object_set_new(obj, "alert", alert);

	quell = json_object();
	json_object_set_new(quell, "queue", json_integer(p->queue));
	json_object_set_new(quell, "packet_id", json_integer(p->nfq_id));
	json_object_set_new(quell, "verdict", json_string(a->verdict));
	json_object_set_new(obj, "quell", quell);
	write_record(eve, obj);
	json_decref(obj);
}

#define SET_U64(o, k, v)	json_object_set_new((o), (k), json_integer((json_int_t)(v)))

static json_t *
queue_counters(const struct output_eve_queue_stats *q)
{
	json_t *o = json_object();

	SET_U64(o, "packets", q->packets);
	SET_U64(o, "bytes", q->bytes);
	SET_U64(o, "accepted", q->accepted);
	SET_U64(o, "dropped", q->dropped);
	SET_U64(o, "repeated", q->repeated);
	SET_U64(o, "routed", q->routed);
	SET_U64(o, "marked", q->marked);
	SET_U64(o, "rejected", q->rejected);
	SET_U64(o, "ring_full", q->ring_full);
	SET_U64(o, "enobufs", q->enobufs);
	SET_U64(o, "bad_messages", q->bad_messages);
	SET_U64(o, "verdict_errors", q->verdict_errors);
	if (q->has_kernel) {
		json_t *k = json_object();

		SET_U64(k, "queue_total", q->kernel_queue_total);
		SET_U64(k, "queue_dropped", q->kernel_queue_dropped);
		SET_U64(k, "user_dropped", q->kernel_user_dropped);
		SET_U64(k, "id_sequence", q->kernel_id_sequence);
		json_object_set_new(o, "kernel", k);
	}
	return o;
}

void
output_eve_stats(struct output_eve *eve, const struct output_eve_stats *s)
{
	struct output_eve_queue_stats total = { 0 };
	struct timespec now;
	json_t *obj, *stats, *nfq, *detect, *decoder;
	char ts[48], name[32];

	clock_gettime(CLOCK_REALTIME, &now);
	obj = json_object();
	json_object_set_new(obj, "timestamp",
	    json_string(output_eve_timestamp(&now, ts, sizeof(ts))));
	json_object_set_new(obj, "event_type", json_string("stats"));
	stats = json_object();
	json_object_set_new(stats, "uptime", json_integer((json_int_t)s->uptime));

	for (size_t i = 0; i < s->nqueues; i++) {
		total.packets += s->queues[i].packets;
		total.bytes += s->queues[i].bytes;
		total.accepted += s->queues[i].accepted;
		total.dropped += s->queues[i].dropped;
		total.repeated += s->queues[i].repeated;
		total.routed += s->queues[i].routed;
		total.marked += s->queues[i].marked;
		total.rejected += s->queues[i].rejected;
		total.ring_full += s->queues[i].ring_full;
		total.enobufs += s->queues[i].enobufs;
		total.bad_messages += s->queues[i].bad_messages;
		total.verdict_errors += s->queues[i].verdict_errors;
	}
	nfq = queue_counters(&total);
	if (s->offline) {
		json_object_set_new(stats, "capture", nfq);
	} else {
		for (size_t i = 0; i < s->nqueues; i++) {
			snprintf(name, sizeof(name), "queue%u",
			    s->queues[i].queue);
			json_object_set_new(nfq, name,
			    queue_counters(&s->queues[i]));
		}
		json_object_set_new(stats, "nfq", nfq);
	}

	decoder = json_object();
	json_object_set_new(decoder, "invalid",
	    json_integer((json_int_t)s->decoder_invalid));
	json_object_set_new(stats, "decoder", decoder);
	detect = json_object();
	json_object_set_new(detect, "alert", json_integer((json_int_t)s->alerts));
	json_object_set_new(stats, "detect", detect);

	json_object_set_new(obj, "stats", stats);
	write_record(eve, obj);
	json_decref(obj);
}
