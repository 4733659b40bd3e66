#include "core/base.h"

#include <sys/socket.h>

#include <arpa/inet.h>
#include <stdio.h>

#include <htp/htp.h>

#include "applayer/http/config.h"
#include "applayer/http/state.h"

const char *const http_config_personalities[] = {
	"minimal", "generic", "ids", "iis_4_0", "iis_5_0", "iis_5_1",
	"iis_6_0", "iis_7_0", "iis_7_5", "apache_2", "apache", "apache_2_2",
	NULL,
};
const char *const http_config_body_inline_names[] = { "auto", "yes", "no",
	NULL };
const char *const http_config_url_invalid_names[] = { "preserve_percent",
	"remove_percent", "decode_invalid", NULL };
const char *const http_config_swf_type_names[] = { "deflate", "lzma", "both",
	NULL };

/* Suricata's HTP_CONFIG_DEFAULT_* (app-layer-htp.h) */
#define DEF_BODY_LIMIT		4096u
#define DEF_INSPECT_MIN		32768u
#define DEF_INSPECT_WINDOW	4096u
#define DEF_FIELD_SOFT		9000u
#define DEF_FIELD_HARD		18000u
#define DEF_LZMA_MEMLIMIT	(1u << 20)
#define DEF_BOMB_LIMIT		(1u << 20)
#define DEF_TIME_LIMIT		100000u
#define DEF_MAX_TX		512u
#define DEF_HEADERS_LIMIT	1024u
#define DEF_RANDOMIZE_RANGE	10u

void
http_settings_builtin(struct http_settings *s)
{
	memset(s, 0, sizeof(*s));
	s->personality = HTTP_PERS_IDS;
	s->request_body_limit = DEF_BODY_LIMIT;
	s->response_body_limit = DEF_BODY_LIMIT;
	s->request_inspect_min = DEF_INSPECT_MIN;
	s->request_inspect_window = DEF_INSPECT_WINDOW;
	s->response_inspect_min = DEF_INSPECT_MIN;
	s->response_inspect_window = DEF_INSPECT_WINDOW;
	s->decompress_layer_limit = 2;
	s->body_inline = HTTP_BODY_INLINE_AUTO;
	s->randomize = true;
	s->randomize_range = DEF_RANDOMIZE_RANGE;
	s->meta_field_limit = DEF_FIELD_HARD;
	s->lzma_memlimit = DEF_LZMA_MEMLIMIT;
	s->compression_bomb_limit = DEF_BOMB_LIMIT;
	s->decompression_time_limit = DEF_TIME_LIMIT;
	s->max_tx = DEF_MAX_TX;
	s->headers_limit = DEF_HEADERS_LIMIT;
	s->path_backslash = -1;
	s->path_lowercase = -1;
	s->path_nul_encoded_terminates = -1;
	s->path_nul_raw_terminates = -1;
	s->path_separators_compress = -1;
	s->path_separators_decode = -1;
	s->path_u_encoding_decode = -1;
	s->path_utf8_bestfit = -1;
	s->path_url_invalid = -1;
	s->swf_type = HTTP_SWF_BOTH;
	s->swf_compress_depth = 100u << 10;
	s->swf_decompress_depth = 100u << 10;
}

void
http_config_default(struct http_config *c)
{
	memset(c, 0, sizeof(*c));
	http_settings_builtin(&c->def);
	/* what suricata.yaml 7.0.6 ships */
	c->def.request_body_limit = 100u << 10;
	c->def.response_body_limit = 100u << 10;
	c->def.request_inspect_min = 32u << 10;
	c->def.request_inspect_window = 4u << 10;
	c->def.response_inspect_min = 40u << 10;
	c->def.response_inspect_window = 16u << 10;
}

static void
settings_clear(struct http_settings *s)
{
	free(s->path_bestfit_char);
	s->path_bestfit_char = NULL;
}

void
http_config_clear(struct http_config *c)
{
	settings_clear(&c->def);
	for (size_t i = 0; i < c->nservers; i++) {
		free(c->servers[i].name);
		free(c->servers[i].prefixes);
		settings_clear(&c->servers[i].s);
	}
	free(c->servers);
	c->servers = NULL;
	c->nservers = 0;
}

struct http_server *
http_config_add_server(struct http_config *c, const char *name)
{
	struct http_server *n, *srv;

	n = realloc(c->servers, (c->nservers + 1) * sizeof(*n));
	if (n == NULL)
		return NULL;
	c->servers = n;
	srv = &c->servers[c->nservers];
	memset(srv, 0, sizeof(*srv));
	if ((srv->name = strdup(name)) == NULL)
		return NULL;
	http_settings_builtin(&srv->s);
	c->nservers++;
	return srv;
}

int
http_config_parse_prefix(const char *s, struct http_prefix *p)
{
	char buf[INET6_ADDRSTRLEN + 8];
	const char *slash = strchr(s, '/');
	size_t alen = slash != NULL ? (size_t)(slash - s) : strlen(s);
	unsigned long bits;
	unsigned max;
	char *end;

	if (alen == 0 || alen >= sizeof(buf))
		return -1;
	memcpy(buf, s, alen);
	buf[alen] = '\0';
	memset(p, 0, sizeof(*p));
	if (inet_pton(AF_INET, buf, p->addr) == 1) {
		p->family = AF_INET;
		max = 32;
	} else if (inet_pton(AF_INET6, buf, p->addr) == 1) {
		p->family = AF_INET6;
		max = 128;
	} else
		return -1;
	bits = max;
	if (slash != NULL) {
		if (slash[1] < '0' || slash[1] > '9')
			return -1;
		bits = strtoul(slash + 1, &end, 10);
		if (*end != '\0' || bits > max)
			return -1;
	}
	p->bits = (uint8_t)bits;
	for (unsigned i = 0; i < 16; i++) {
		unsigned keep = bits > i * 8 ? bits - i * 8 : 0;

		if (keep < 8)
			p->addr[i] &= (uint8_t)(0xff00u >> keep);
	}
	return 0;
}

int
http_server_add_prefix(struct http_server *srv, const struct http_prefix *p)
{
	struct http_prefix *n;

	n = realloc(srv->prefixes, (srv->nprefixes + 1) * sizeof(*n));
	if (n == NULL)
		return -1;
	srv->prefixes = n;
	srv->prefixes[srv->nprefixes++] = *p;
	return 0;
}

/* Suricata's personality lookup: the two old Apache names are Apache_2. */
static enum htp_server_personality_t
block_personality(int p)
{
	static const enum htp_server_personality_t map[] = {
		[HTTP_PERS_MINIMAL] = HTP_SERVER_MINIMAL,
		[HTTP_PERS_GENERIC] = HTP_SERVER_GENERIC,
		[HTTP_PERS_IDS] = HTP_SERVER_IDS,
		[HTTP_PERS_IIS_4_0] = HTP_SERVER_IIS_4_0,
		[HTTP_PERS_IIS_5_0] = HTP_SERVER_IIS_5_0,
		[HTTP_PERS_IIS_5_1] = HTP_SERVER_IIS_5_1,
		[HTTP_PERS_IIS_6_0] = HTP_SERVER_IIS_6_0,
		[HTTP_PERS_IIS_7_0] = HTP_SERVER_IIS_7_0,
		[HTTP_PERS_IIS_7_5] = HTP_SERVER_IIS_7_5,
		[HTTP_PERS_APACHE_2] = HTP_SERVER_APACHE_2,
		[HTTP_PERS_APACHE] = HTP_SERVER_APACHE_2,
		[HTTP_PERS_APACHE_2_2] = HTP_SERVER_APACHE_2,
	};

	if (p < 0 || (size_t)p >= QUELL_NITEMS(map))
		return HTP_SERVER_IDS;
	return map[p];
}

/* Suricata's randomize-inspection-sizes: size +- range/2 percent. */
static uint64_t
block_randomize(uint64_t v, unsigned range)
{
	double r = (double)arc4random() / (double)UINT32_MAX - 0.5;
	double d = (double)v * r * (double)range / 100.0;

	if (d < 0 && (uint64_t)(-d) >= v)
		return 0;
	return d < 0 ? v - (uint64_t)(-d) : v + (uint64_t)d;
}

static void
block_set_tri(htp_cfg_t *c, int8_t v,
    void (*set)(htp_cfg_t *, enum htp_decoder_ctx_t, int))
{
	if (v >= 0)
		set(c, HTP_DECODER_URL_PATH, v);
}

static int
block_build(struct http_block *b, const struct http_settings *s, bool ips)
{
	static const enum htp_url_encoding_handling_t invalid[] = {
		[HTTP_URL_INVALID_PRESERVE] = HTP_URL_DECODE_PRESERVE_PERCENT,
		[HTTP_URL_INVALID_REMOVE] = HTP_URL_DECODE_REMOVE_PERCENT,
		[HTTP_URL_INVALID_DECODE] = HTP_URL_DECODE_PROCESS_INVALID,
	};
	htp_cfg_t *c;

	b->s = *s;
	b->s.path_bestfit_char = NULL;
	/* auto: inline inspection of bodies in IPS mode */
	if (b->s.body_inline == HTTP_BODY_INLINE_AUTO)
		b->s.body_inline = ips ? HTTP_BODY_INLINE_YES :
		    HTTP_BODY_INLINE_NO;
	if ((b->htp = c = htp_config_create()) == NULL)
		return -1;
	/* Suricata's HTPConfigSetDefaultsPhase1 */
	htp_config_set_parse_request_cookies(c, 0);
	htp_config_set_parse_request_auth(c, 0);
	htp_config_set_allow_space_uri(c, 1);
	htp_config_set_plusspace_decode(c, HTP_DECODER_URLENCODED, 0);
	/* Suricata turns request decompression on; quell's glue inflates
	 * a single gzip or deflate layer of uploads itself (inflate.h),
	 * so libhtp's is off */
	htp_config_set_request_decompression(c, 0);
	htp_config_set_lzma_layers(c, s->lzma_enabled ? 1 : 0);
	htp_config_set_lzma_memlimit(c, (size_t)s->lzma_memlimit);
	htp_config_set_compression_bomb_limit(c,
	    (size_t)s->compression_bomb_limit);
	htp_config_set_compression_time_limit(c,
	    (size_t)s->decompression_time_limit);
	htp_config_set_number_headers_limit(c, s->headers_limit);
	htp_config_set_field_limits(c, DEF_FIELD_SOFT,
	    (size_t)s->meta_field_limit);
	/* HTPConfigParseParameters; the IDS personality lowercases the
	 * path, which rules do not expect, so Suricata turns it off */
	if (htp_config_set_server_personality(c,
	    block_personality(s->personality)) != HTP_OK)
		return -1;
	htp_config_set_convert_lowercase(c, HTP_DECODER_URL_PATH, 0);
	/* libhtp 0.5.47 (the one Suricata 7.0.6 bundles) decodes %2F in
	 * the path with the IDS personality; Debian's 0.5.42 does not, so
	 * quell says it to behave as Suricata 7.0.6 does */
	if (block_personality(s->personality) == HTP_SERVER_IDS)
		htp_config_set_path_separators_decode(c, HTP_DECODER_URL_PATH,
		    1);
	htp_config_set_response_decompression_layer_limit(c,
	    (int)s->decompress_layer_limit);
	block_set_tri(c, s->path_backslash,
	    htp_config_set_backslash_convert_slashes);
	block_set_tri(c, s->path_lowercase, htp_config_set_convert_lowercase);
	block_set_tri(c, s->path_nul_encoded_terminates,
	    htp_config_set_nul_encoded_terminates);
	block_set_tri(c, s->path_nul_raw_terminates,
	    htp_config_set_nul_raw_terminates);
	block_set_tri(c, s->path_separators_compress,
	    htp_config_set_path_separators_compress);
	block_set_tri(c, s->path_separators_decode,
	    htp_config_set_path_separators_decode);
	block_set_tri(c, s->path_u_encoding_decode,
	    htp_config_set_u_encoding_decode);
	block_set_tri(c, s->path_utf8_bestfit,
	    htp_config_set_utf8_convert_bestfit);
	if (s->path_url_invalid >= 0 &&
	    (size_t)s->path_url_invalid < QUELL_NITEMS(invalid))
		htp_config_set_url_encoding_invalid_handling(c,
		    HTP_DECODER_URL_PATH, invalid[s->path_url_invalid]);
	if (s->path_bestfit_char != NULL && s->path_bestfit_char[0] != '\0')
		htp_config_set_bestfit_replacement_byte(c,
		    HTP_DECODER_URL_PATH,
		    (unsigned char)s->path_bestfit_char[0]);
	htp_config_set_plusspace_decode(c, HTP_DECODER_URLENCODED,
	    s->query_plusspace_decode);
	/* HTPConfigSetDefaultsPhase2 */
	if (s->randomize) {
		b->s.request_inspect_min = block_randomize(
		    s->request_inspect_min, s->randomize_range);
		b->s.request_inspect_window = block_randomize(
		    s->request_inspect_window, s->randomize_range);
		b->s.response_inspect_min = block_randomize(
		    s->response_inspect_min, s->randomize_range);
		b->s.response_inspect_window = block_randomize(
		    s->response_inspect_window, s->randomize_range);
	}
	http_glue_register(c, &b->s);
	return 0;
}

static void
block_free(struct http_block *b)
{
	if (b->htp != NULL)
		htp_config_destroy(b->htp);
	b->htp = NULL;
}

static int
prefix_cmp(const void *a, const void *b)
{
	const struct http_runtime_prefix *x = a, *y = b;

	if (x->p.bits != y->p.bits)
		return x->p.bits > y->p.bits ? -1 : 1;
	return x->block < y->block ? -1 : x->block > y->block;
}

struct http_runtime *
http_config_runtime_new(const struct http_config *cfg, char *err,
    size_t errlen)
{
	struct http_runtime *rt = calloc(1, sizeof(*rt));
	size_t np = 0;

	if (rt == NULL)
		goto oom;
	if (block_build(&rt->def, &cfg->def, cfg->ips) == -1) {
		snprintf(err, errlen, "app-layer.protocols.http.libhtp."
		    "default-config: libhtp refused the settings");
		goto fail;
	}
	if (cfg->nservers > 0 && (rt->servers = calloc(cfg->nservers,
	    sizeof(*rt->servers))) == NULL)
		goto oom;
	for (size_t i = 0; i < cfg->nservers; i++) {
		rt->nservers++;
		if (block_build(&rt->servers[i], &cfg->servers[i].s,
		    cfg->ips) == -1) {
			snprintf(err, errlen, "app-layer.protocols.http.libhtp."
			    "server-config %s: libhtp refused the settings",
			    cfg->servers[i].name);
			goto fail;
		}
		np += cfg->servers[i].nprefixes;
	}
	if (np > 0 && (rt->prefixes = calloc(np, sizeof(*rt->prefixes))) ==
	    NULL)
		goto oom;
	for (size_t i = 0; i < cfg->nservers; i++) {
		for (size_t j = 0; j < cfg->servers[i].nprefixes; j++) {
			rt->prefixes[rt->nprefixes].p =
			    cfg->servers[i].prefixes[j];
			rt->prefixes[rt->nprefixes++].block = i;
		}
	}
	if (rt->nprefixes > 1)
		qsort(rt->prefixes, rt->nprefixes, sizeof(*rt->prefixes),
		    prefix_cmp);
	rt->def.log.extended = cfg->log_extended;
	rt->def.log.headers = cfg->log_headers;
	rt->def.log.custom = cfg->log_custom;
	rt->def.file_digests = cfg->file_force_digests;
	rt->def.file_magic = cfg->file_force_magic;
	for (size_t i = 0; i < rt->nservers; i++) {
		rt->servers[i].log = rt->def.log;
		rt->servers[i].file_digests = rt->def.file_digests;
		rt->servers[i].file_magic = rt->def.file_magic;
	}
	return rt;
oom:
	snprintf(err, errlen, "app-layer.protocols.http: out of memory");
fail:
	http_config_runtime_free(rt);
	return NULL;
}

void
http_config_runtime_free(struct http_runtime *rt)
{
	if (rt == NULL)
		return;
	block_free(&rt->def);
	for (size_t i = 0; i < rt->nservers; i++)
		block_free(&rt->servers[i]);
	free(rt->servers);
	free(rt->prefixes);
	free(rt);
}

static bool
prefix_match(const struct http_prefix *p, const struct ip_addr *a)
{
	const uint8_t *bytes;
	unsigned full = p->bits / 8, rest = p->bits % 8;

	if (a->family != p->family)
		return false;
	bytes = a->family == AF_INET ? (const uint8_t *)&a->u.v4 : a->u.v6;
	if (memcmp(bytes, p->addr, full) != 0)
		return false;
	return rest == 0 ||
	    (bytes[full] & (uint8_t)(0xff00u >> rest)) == p->addr[full];
}

const struct http_block *
http_config_block(const struct http_runtime *rt, const struct ip_addr *srv)
{
	if (srv != NULL)
		for (size_t i = 0; i < rt->nprefixes; i++)
			if (prefix_match(&rt->prefixes[i].p, srv))
				return &rt->servers[rt->prefixes[i].block];
	return &rt->def;
}
