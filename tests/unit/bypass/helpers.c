#include "core/base.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <check.h>

#include "bypass/key.h"
#include "flow/config.h"
#include "flow/flow.h"
#include "flow/table.h"

#include "../flow/pkt.h"
#include "helpers.h"

unsigned int tvars_freed_count;
static struct flow_table *table;

void
tvars_release(void *p)
{
	tvars_freed_count++;
	free(p);
}

static void
parse_addr(const char *s, struct ip_addr *a)
{
	memset(a, 0, sizeof(*a));
	a->family = strchr(s, ':') != NULL ? AF_INET6 : AF_INET;
	ck_assert_int_eq(inet_pton(a->family, s, a->u.v6), 1);
}

struct bypass_key
tkey(uint8_t proto, const char *src, uint16_t sport, const char *dst,
    uint16_t dport)
{
	struct bypass_key k;

	memset(&k, 0, sizeof(k));
	parse_addr(src, &k.src);
	parse_addr(dst, &k.dst);
	k.proto = proto;
	k.sport = sport;
	if (proto == IPPROTO_ICMP || proto == IPPROTO_ICMPV6)
		k.icmp_type = (uint8_t)dport;
	else
		k.dport = dport;
	return k;
}

static struct flow_table *
the_table(void)
{
	struct flow_table_config cfg;

	if (table == NULL) {
		flow_config_default(&cfg);
		cfg.hash_size = 64;
		cfg.prealloc = 0;
		cfg.memcap = 1u << 20;
		table = flow_table_new(&cfg, tvars_release, 1);
		ck_assert_ptr_nonnull(table);
	}
	return table;
}

static struct flow *
take(struct packet *p)
{
	struct flow *f;

	f = flow_table_handle(the_table(), p);
	ck_assert_ptr_nonnull(f);
	f->detect_vars = malloc(16);
	ck_assert_ptr_nonnull(f->detect_vars);
	flow_table_detach(the_table(), f);
	return f;
}

struct flow *
tflow_new(const char *src, uint16_t sport, const char *dst, uint16_t dport)
{
	struct tpkt tp;
	struct tseg seg = { .src = src, .sport = sport, .dst = dst,
	    .dport = dport, .flags = PKT_TCP_SYN, .seq = 1000, .sec = 1 };

	return take(tpkt_tcp(&tp, &seg));
}

struct flow *
tflow_fragment(const char *src, const char *dst)
{
	struct tpkt tp;

	/* A fragment has no flow (as Suricata's); a TCP packet too short
	 * for its header has one, keyed without ports. */
	return take(tpkt_proto(&tp, src, dst, IPPROTO_TCP, 1));
}

void
tflow_cleanup(void)
{
	flow_table_free(table);
	table = NULL;
}
