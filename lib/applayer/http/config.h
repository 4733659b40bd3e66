/* HTTP/1.x settings: app-layer.protocols.http.libhtp in quell.yaml, as in
 * suricata.yaml. lib/config fills struct http_config (plain types, no
 * libhtp); http_config_runtime_new() turns it into libhtp configurations
 * once at start (or reload), and the parser picks one per flow by the
 * server's address (server-config personalities, longest prefix first,
 * default-config otherwise).
 *
 * Defaults. default-config starts from the values suricata.yaml 7.0.6
 * ships (100kb body limits, inspect 32kb/4kb and 40kb/16kb, ...); each
 * server-config entry starts, as in Suricata, from the built-in defaults
 * of Suricata's code (4096 byte limits, inspect 32kb/4kb both ways), not
 * from default-config. */
#ifndef QUELL_APPLAYER_HTTP_CONFIG_H
#define QUELL_APPLAYER_HTTP_CONFIG_H

#include "core/base.h"
#include "core/packet.h"

/* Personalities, in the order of http_config_personalities[]; the last
 * two are Suricata's deprecated spellings of Apache_2. */
enum http_personality {
	HTTP_PERS_MINIMAL,
	HTTP_PERS_GENERIC,
	HTTP_PERS_IDS,
	HTTP_PERS_IIS_4_0,
	HTTP_PERS_IIS_5_0,
	HTTP_PERS_IIS_5_1,
	HTTP_PERS_IIS_6_0,
	HTTP_PERS_IIS_7_0,
	HTTP_PERS_IIS_7_5,
	HTTP_PERS_APACHE_2,
	HTTP_PERS_APACHE,	/* = Apache_2 */
	HTTP_PERS_APACHE_2_2,	/* = Apache_2 */
};

/* http-body-inline */
enum http_body_inline {
	HTTP_BODY_INLINE_AUTO,	/* yes in IPS mode (http_config.ips) */
	HTTP_BODY_INLINE_YES,
	HTTP_BODY_INLINE_NO,
};

/* path-url-encoding-invalid-handling */
enum http_url_invalid {
	HTTP_URL_INVALID_PRESERVE,	/* preserve_percent */
	HTTP_URL_INVALID_REMOVE,	/* remove_percent */
	HTTP_URL_INVALID_DECODE,	/* decode_invalid */
};

/* swf-decompression.type */
enum http_swf_type {
	HTTP_SWF_DEFLATE,
	HTTP_SWF_LZMA,
	HTTP_SWF_BOTH,
};

/* One personality block (default-config or a server-config entry).
 * int8_t fields are tri-state: -1 leaves libhtp's personality default. */
struct http_settings {
	int		 personality;		/* enum http_personality */
	uint64_t	 request_body_limit;	/* bytes; 0 = unlimited */
	uint64_t	 response_body_limit;
	uint64_t	 request_inspect_min;	/* request-body-minimal-inspect-size */
	uint64_t	 request_inspect_window;
	uint64_t	 response_inspect_min;
	uint64_t	 response_inspect_window;
	unsigned	 decompress_layer_limit; /* response-body-decompress-layer-limit */
	int		 body_inline;		/* enum http_body_inline */
	bool		 randomize;		/* randomize-inspection-sizes */
	unsigned	 randomize_range;	/* percent */
	bool		 double_decode_path;
	bool		 double_decode_query;
	bool		 uri_include_all;
	bool		 query_plusspace_decode;
	uint64_t	 meta_field_limit;	/* bytes: a line, a header */
	bool		 lzma_enabled;
	uint64_t	 lzma_memlimit;
	uint64_t	 compression_bomb_limit;
	unsigned	 decompression_time_limit; /* microseconds */
	unsigned	 max_tx;		/* live transactions per flow */
	unsigned	 headers_limit;		/* headers per message */
	int8_t		 path_backslash;	/* path-convert-backslash-separators */
	int8_t		 path_lowercase;	/* path-convert-lowercase */
	int8_t		 path_nul_encoded_terminates;
	int8_t		 path_nul_raw_terminates;
	int8_t		 path_separators_compress;
	int8_t		 path_separators_decode;
	int8_t		 path_u_encoding_decode;
	int8_t		 path_utf8_bestfit;	/* path-utf8-convert-bestfit */
	int		 path_url_invalid;	/* enum http_url_invalid, -1 unset */
	char		*path_bestfit_char;	/* one character, NULL unset */
	bool		 swf_enabled;		/* parsed; SWF is not decompressed */
	int		 swf_type;		/* enum http_swf_type */
	uint64_t	 swf_compress_depth;
	uint64_t	 swf_decompress_depth;
};

/* A network of a server-config address list. */
struct http_prefix {
	uint8_t		 family;	/* AF_INET, AF_INET6 */
	uint8_t		 bits;
	uint8_t		 addr[16];	/* network byte order, host bits 0 */
};

struct http_server {
	char		*name;		/* the list item's key ("apache") */
	struct http_prefix *prefixes;
	size_t		 nprefixes;
	struct http_settings s;
	unsigned	 line;		/* where it was defined, for messages */
};

struct http_config {
	struct http_settings def;	/* default-config */
	struct http_server *servers;	/* server-config, in file order */
	size_t		 nservers;
	/* not a key: set by quelld, true when it runs as an IPS (NFQUEUE,
	 * or -r with --simulate-ips), which makes http-body-inline "auto"
	 * yes, as Suricata's EngineModeIsIPS */
	bool		 ips;
	/* not keys either: the eve http record's options, from the first
	 * outputs.eve-log with the http type (glue_config_new) */
	bool		 log_extended;
	unsigned	 log_headers;	/* HTTP_LOG_HEADERS_* */
	uint64_t	 log_custom;	/* http_logger_custom_field() bits */
	/* and the files': the first eve-log with files (or fileinfo):
	 * types.files.force-hash as HTTP_FILE_MD5 ... bits, force-magic */
	unsigned	 file_force_digests;
	bool		 file_force_magic;
};

/* Names of enum http_personality, lower case, NULL-terminated; matched
 * case-insensitively (Suricata's HTPLookupPersonality). */
extern const char *const http_config_personalities[];
extern const char *const http_config_body_inline_names[];
extern const char *const http_config_url_invalid_names[];
extern const char *const http_config_swf_type_names[];

/* default-config as suricata.yaml ships it, no server-config. */
void	http_config_default(struct http_config *);
/* The defaults of one server-config entry (Suricata's code defaults). */
void	http_settings_builtin(struct http_settings *);
void	http_config_clear(struct http_config *);
/* Adds a server-config entry (settings s copied, name duplicated, no
 * prefixes yet): its pointer, or NULL when out of memory. */
struct http_server *http_config_add_server(struct http_config *,
	    const char *name);
/* Parses "10.0.0.0/8", "192.168.1.1", "::1", "2001:db8::/32" into p:
 * 0, or -1 when it is not an address or the prefix length is too long. */
int	http_config_parse_prefix(const char *s, struct http_prefix *p);
int	http_server_add_prefix(struct http_server *,
	    const struct http_prefix *p);

/* The libhtp side, built once from a config: opaque. */
struct http_runtime;

/* Builds one libhtp configuration per block. NULL with a reason in err
 * (an allocation, a libhtp setting it refused). cfg may be freed after. */
struct http_runtime *http_config_runtime_new(const struct http_config *cfg,
	    char *err, size_t errlen);
void	http_config_runtime_free(struct http_runtime *);

#endif
