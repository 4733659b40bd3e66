#include "core/base.h"

#include <strings.h>

#include "detect/buffer.h"
#include "detect/keywords/keyword.h"
#include "detect/keywords/registry.h"

struct registry_key {
	const char	*name;
	size_t		 len;
};

static int	registry_cmp(const void *, const void *);

extern const struct keyword kw_ack;
extern const struct keyword kw_alert;
extern const struct keyword kw_app_layer_event;
extern const struct keyword kw_app_layer_protocol;
extern const struct keyword kw_base64_decode;
extern const struct keyword kw_bsize;
extern const struct keyword kw_bypass;
extern const struct keyword kw_byte_extract;
extern const struct keyword kw_byte_jump;
extern const struct keyword kw_byte_math;
extern const struct keyword kw_byte_test;
extern const struct keyword kw_classtype;
extern const struct keyword kw_compress_whitespace;
extern const struct keyword kw_content;
extern const struct keyword kw_decode_event;
extern const struct keyword kw_depth;
extern const struct keyword kw_detection_filter;
extern const struct keyword kw_distance;
extern const struct keyword kw_dns_opcode;
extern const struct keyword kw_dns_rrtype;
extern const struct keyword kw_dotprefix;
extern const struct keyword kw_dsize;
extern const struct keyword kw_endswith;
extern const struct keyword kw_fast_pattern;
extern const struct keyword kw_fileext;
extern const struct keyword kw_filemd5;
extern const struct keyword kw_filename;
extern const struct keyword kw_filesha1;
extern const struct keyword kw_filesha256;
extern const struct keyword kw_flags;
extern const struct keyword kw_flow;
extern const struct keyword kw_flow_age;
extern const struct keyword kw_flowbits;
extern const struct keyword kw_flowint;
extern const struct keyword kw_fragbits;
extern const struct keyword kw_fragoffset;
extern const struct keyword kw_frame;
extern const struct keyword kw_gid;
extern const struct keyword kw_header_lowercase;
extern const struct keyword kw_hostbits;
extern const struct keyword kw_http_client_body;
extern const struct keyword kw_http_cookie;
extern const struct keyword kw_http_header;
extern const struct keyword kw_http_host;
extern const struct keyword kw_http_method;
extern const struct keyword kw_http_raw_header;
extern const struct keyword kw_http_raw_host;
extern const struct keyword kw_http_raw_uri;
extern const struct keyword kw_http_server_body;
extern const struct keyword kw_http_stat_code;
extern const struct keyword kw_http_stat_msg;
extern const struct keyword kw_http_uri;
extern const struct keyword kw_http_user_agent;
extern const struct keyword kw_icmp_id;
extern const struct keyword kw_icmp_seq;
extern const struct keyword kw_icmpv4_csum;
extern const struct keyword kw_icmpv6_csum;
extern const struct keyword kw_icmpv6_mtu;
extern const struct keyword kw_icode;
extern const struct keyword kw_id;
extern const struct keyword kw_igmp_csum;
extern const struct keyword kw_ip_proto;
extern const struct keyword kw_ipopts;
extern const struct keyword kw_ipv4_csum;
extern const struct keyword kw_isdataat;
extern const struct keyword kw_itype;
extern const struct keyword kw_metadata;
extern const struct keyword kw_msg;
extern const struct keyword kw_nfq_set_mark;
extern const struct keyword kw_noalert;
extern const struct keyword kw_nocase;
extern const struct keyword kw_offset;
extern const struct keyword kw_pcre;
extern const struct keyword kw_pcrexform;
extern const struct keyword kw_pkt_data;
extern const struct keyword kw_prefilter;
extern const struct keyword kw_priority;
extern const struct keyword kw_rawbytes;
extern const struct keyword kw_reference;
extern const struct keyword kw_requires;
extern const struct keyword kw_rev;
extern const struct keyword kw_sameip;
extern const struct keyword kw_seq;
extern const struct keyword kw_sid;
extern const struct keyword kw_ssh_protoversion;
extern const struct keyword kw_ssh_softwareversion;
extern const struct keyword kw_ssl_state;
extern const struct keyword kw_ssl_version;
extern const struct keyword kw_startswith;
extern const struct keyword kw_stream_event;
extern const struct keyword kw_stream_size;
extern const struct keyword kw_strip_pseudo_headers;
extern const struct keyword kw_strip_whitespace;
extern const struct keyword kw_tag;
extern const struct keyword kw_target;
extern const struct keyword kw_tcp_flags;
extern const struct keyword kw_tcp_mss;
extern const struct keyword kw_tcpv4_csum;
extern const struct keyword kw_tcpv6_csum;
extern const struct keyword kw_threshold;
extern const struct keyword kw_tls_cert_chain_len;
extern const struct keyword kw_tls_cert_expired;
extern const struct keyword kw_tls_cert_notafter;
extern const struct keyword kw_tls_cert_notbefore;
extern const struct keyword kw_tls_cert_valid;
extern const struct keyword kw_tls_fingerprint;
extern const struct keyword kw_tls_issuerdn;
extern const struct keyword kw_tls_subject;
extern const struct keyword kw_tls_version;
extern const struct keyword kw_to_lowercase;
extern const struct keyword kw_to_md5;
extern const struct keyword kw_to_sha1;
extern const struct keyword kw_to_sha256;
extern const struct keyword kw_to_uppercase;
extern const struct keyword kw_tos;
extern const struct keyword kw_ttl;
extern const struct keyword kw_udpv4_csum;
extern const struct keyword kw_udpv6_csum;
extern const struct keyword kw_uricontent;
extern const struct keyword kw_urilen;
extern const struct keyword kw_url_decode;
extern const struct keyword kw_window;
extern const struct keyword kw_within;
extern const struct keyword kw_xbits;
extern const struct keyword kw_xor;

/* Sorted by name (strcmp), names in lowercase: check_detect asserts both,
 * bsearch relies on them. Adding a keyword: its file, its extern line
 * above and its entry here. */
static const struct keyword *const keywords[] = {
	&kw_ack,
	&kw_alert,
	&kw_app_layer_event,
	&kw_app_layer_protocol,
	&kw_base64_decode,
	&kw_bsize,
	&kw_bypass,
	&kw_byte_extract,
	&kw_byte_jump,
	&kw_byte_math,
	&kw_byte_test,
	&kw_classtype,
	&kw_compress_whitespace,
	&kw_content,
	&kw_decode_event,
	&kw_depth,
	&kw_detection_filter,
	&kw_distance,
	&kw_dns_opcode,
	&kw_dns_rrtype,
	&kw_dotprefix,
	&kw_dsize,
	&kw_endswith,
	&kw_fast_pattern,
	&kw_fileext,
	&kw_filemd5,
	&kw_filename,
	&kw_filesha1,
	&kw_filesha256,
	&kw_flags,
	&kw_flow,
	&kw_flow_age,
	&kw_flowbits,
	&kw_flowint,
	&kw_fragbits,
	&kw_fragoffset,
	&kw_frame,
	&kw_gid,
	&kw_header_lowercase,
	&kw_hostbits,
	&kw_http_client_body,
	&kw_http_cookie,
	&kw_http_header,
	&kw_http_host,
	&kw_http_method,
	&kw_http_raw_header,
	&kw_http_raw_host,
	&kw_http_raw_uri,
	&kw_http_server_body,
	&kw_http_stat_code,
	&kw_http_stat_msg,
	&kw_http_uri,
	&kw_http_user_agent,
	&kw_icmp_id,
	&kw_icmp_seq,
	&kw_icmpv4_csum,
	&kw_icmpv6_csum,
	&kw_icmpv6_mtu,
	&kw_icode,
	&kw_id,
	&kw_igmp_csum,
	&kw_ip_proto,
	&kw_ipopts,
	&kw_ipv4_csum,
	&kw_isdataat,
	&kw_itype,
	&kw_metadata,
	&kw_msg,
	&kw_nfq_set_mark,
	&kw_noalert,
	&kw_nocase,
	&kw_offset,
	&kw_pcre,
	&kw_pcrexform,
	&kw_pkt_data,
	&kw_prefilter,
	&kw_priority,
	&kw_rawbytes,
	&kw_reference,
	&kw_requires,
	&kw_rev,
	&kw_sameip,
	&kw_seq,
	&kw_sid,
	&kw_ssh_protoversion,
	&kw_ssh_softwareversion,
	&kw_ssl_state,
	&kw_ssl_version,
	&kw_startswith,
	&kw_stream_event,
	&kw_stream_size,
	&kw_strip_pseudo_headers,
	&kw_strip_whitespace,
	&kw_tag,
	&kw_target,
	&kw_tcp_flags,
	&kw_tcp_mss,
	&kw_tcpv4_csum,
	&kw_tcpv6_csum,
	&kw_threshold,
	&kw_tls_cert_chain_len,
	&kw_tls_fingerprint,
	&kw_tls_issuerdn,
	&kw_tls_subject,
	&kw_tls_version,
	&kw_tls_cert_expired,
	&kw_tls_cert_notafter,
	&kw_tls_cert_notbefore,
	&kw_tls_cert_valid,
	&kw_to_lowercase,
	&kw_to_md5,
	&kw_to_sha1,
	&kw_to_sha256,
	&kw_to_uppercase,
	&kw_tos,
	&kw_ttl,
	&kw_udpv4_csum,
	&kw_udpv6_csum,
	&kw_uricontent,
	&kw_urilen,
	&kw_url_decode,
	&kw_window,
	&kw_within,
	&kw_xbits,
	&kw_xor,
};

static int
registry_cmp(const void *k, const void *e)
{
	const struct registry_key *key = k;
	const struct keyword *kw = *(const struct keyword *const *)e;
	int c = strncasecmp(key->name, kw->name, key->len);

	if (c != 0)
		return c;
	return kw->name[key->len] == '\0' ? 0 : -1;
}

const struct keyword *
detect_keywords_registry_lookup(const char *name, size_t len)
{
	struct registry_key key = { name, len };
	const struct keyword *const *kw;

	if (memchr(name, '\0', len) != NULL)
		return NULL;
	kw = bsearch(&key, keywords, QUELL_NITEMS(keywords),
	    sizeof(keywords[0]), registry_cmp);
	/* the sticky buffer keywords come from the buffer table */
	return kw != NULL ? *kw : detect_buffer_sticky_lookup(name, len);
}

size_t
detect_keywords_registry_count(void)
{
	return QUELL_NITEMS(keywords);
}

const struct keyword *
detect_keywords_registry_at(size_t i)
{
	return i < QUELL_NITEMS(keywords) ? keywords[i] : NULL;
}
