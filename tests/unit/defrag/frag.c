#include "core/base.h"

#include <check.h>
#include <netinet/in.h>

#include "core/packet.h"
#include "decode/decode.h"
#include "defrag/defrag.h"
#include "defrag/hosts.h"

#include "frag.h"

#define FRAG_MAX	256

static void		*blocks[2 * FRAG_MAX];
static size_t		 nblocks;
static struct defrag_hosts *hosts;

static void	*keep(void *);
static uint16_t	 ipv4_sum(const uint8_t *, size_t);

static void *
keep(void *p)
{
	ck_assert_ptr_nonnull(p);
	ck_assert_uint_lt(nblocks, QUELL_NITEMS(blocks));
	blocks[nblocks++] = p;
	return p;
}

void
frag_free_all(void)
{
	while (nblocks > 0)
		free(blocks[--nblocks]);
	defrag_hosts_free(hosts);
	hosts = NULL;
}

static uint16_t
ipv4_sum(const uint8_t *h, size_t len)
{
	uint32_t sum = 0;

	for (size_t i = 0; i < len; i += 2)
		sum += (uint32_t)h[i] << 8 | h[i + 1];
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

struct packet *
frag_raw(const uint8_t *b, size_t len)
{
	uint8_t *copy = keep(malloc(len));
	struct packet *p = keep(calloc(1, sizeof(*p)));

	memcpy(copy, b, len);
	p->data = copy;
	p->len = p->wire_len = (uint32_t)len;
	p->ts.tv_sec = FRAG_TS;
	decode_packet(p);
	return p;
}

struct packet *
frag_v4_data(uint8_t proto, uint16_t id, uint16_t off8, bool mf,
    const void *data, size_t len)
{
	uint8_t b[20 + 65536];
	uint16_t off = (uint16_t)((mf ? 0x2000 : 0) | off8);
	uint16_t sum;

	memset(b, 0, 20);
	b[0] = 0x45;
	b[2] = (uint8_t)((20 + len) >> 8);
	b[3] = (uint8_t)(20 + len);
	b[4] = (uint8_t)(id >> 8);
	b[5] = (uint8_t)id;
	b[6] = (uint8_t)(off >> 8);
	b[7] = (uint8_t)off;
	b[8] = 64;
	b[9] = proto;
	memset(b + 12, 1, 4);
	memset(b + 16, 2, 4);
	sum = ipv4_sum(b, 20);
	b[10] = (uint8_t)(sum >> 8);
	b[11] = (uint8_t)sum;
	memcpy(b + 20, data, len);
	return frag_raw(b, 20 + len);
}

struct packet *
frag_v4(uint8_t proto, uint16_t id, uint16_t off8, bool mf, char c,
    size_t len)
{
	uint8_t data[65536];

	memset(data, c, len);
	return frag_v4_data(proto, id, off8, mf, data, len);
}

struct packet *
frag_v6_data(uint8_t proto, uint32_t id, uint16_t off8, bool mf,
    const void *data, size_t len)
{
	uint8_t b[48 + 65536];
	uint16_t plen = (uint16_t)(8 + len);
	uint16_t offlg = (uint16_t)(off8 << 3 | (mf ? 1 : 0));

	memset(b, 0, 48);
	b[0] = 0x60;
	b[4] = (uint8_t)(plen >> 8);
	b[5] = (uint8_t)plen;
	b[6] = IPPROTO_FRAGMENT;
	b[7] = 2;
	memset(b + 8, 1, 16);
	memset(b + 24, 2, 16);
	b[40] = proto;
	b[42] = (uint8_t)(offlg >> 8);
	b[43] = (uint8_t)offlg;
	b[44] = (uint8_t)(id >> 24);
	b[45] = (uint8_t)(id >> 16);
	b[46] = (uint8_t)(id >> 8);
	b[47] = (uint8_t)id;
	memcpy(b + 48, data, len);
	return frag_raw(b, 48 + len);
}

struct packet *
frag_v6(uint8_t proto, uint32_t id, uint16_t off8, bool mf, char c,
    size_t len)
{
	uint8_t data[65536];

	memset(data, c, len);
	return frag_v6_data(proto, id, off8, mf, data, len);
}

struct defrag *
frag_defrag(enum defrag_policy pol)
{
	struct defrag_config c;
	struct defrag *d;

	defrag_hosts_free(hosts);
	ck_assert_ptr_nonnull(hosts = defrag_hosts_new(pol));
	defrag_config_default(&c);
	c.hosts = hosts;
	/* a small prealloc keeps each test fast; trackers are allocated
	 * on demand past it */
	c.trackers = 16;
	c.hash_size = 1024;
	ck_assert_ptr_nonnull(d = defrag_new(&c));
	return d;
}

const uint8_t *
frag_payload(const struct packet *out)
{
	return out->data + (out->link == PKT_LINK_IPV4 ? 20 : 40);
}
