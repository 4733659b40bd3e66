/* Private to lib/applayer/http: the flow state around one libhtp
 * connection parser, the per-transaction data quell keeps beside each
 * libhtp transaction (its user data), and the built configuration. Only
 * the files of this folder include it (and libhtp). */
#ifndef QUELL_APPLAYER_HTTP_STATE_H
#define QUELL_APPLAYER_HTTP_STATE_H

#include "core/base.h"

#include <htp/htp.h>

#include "applayer/parser.h"
#include "applayer/http/body.h"
#include "applayer/http/config.h"
#include "applayer/http/logger.h"
#include "applayer/http/file.h"

/* One personality block, built: the libhtp configuration and the
 * settings quell applies itself (body limits, inspect sizes after
 * randomisation). */
struct http_block {
	htp_cfg_t	*htp;
	struct http_settings s;		/* path_bestfit_char not kept */
	struct http_log_options log;	/* eve http records (http_config) */
	unsigned	 file_digests;	/* every file's (force-hash) */
	bool		 file_magic;	/* fileinfo's magic (force-magic) */
};

struct http_runtime_prefix {
	struct http_prefix p;
	size_t		 block;		/* index into servers */
};

struct http_runtime {
	struct http_block def;
	struct http_block *servers;
	size_t		 nservers;
	struct http_runtime_prefix *prefixes;	/* longest prefix first */
	size_t		 nprefixes;
};

/* The block for a server address (NULL address: default-config). */
const struct http_block *http_config_block(const struct http_runtime *,
	    const struct ip_addr *server);

/* A buffer quell builds from libhtp's data on first use (http.header,
 * http.header_names, http.start, http.uri): kept until the tx is freed
 * or the data it comes from grows. */
struct http_built {
	uint8_t		*buf;
	uint32_t	 len;
	bool		 valid;
};

/* struct http_state.flags */
#define HTTP_STATE_EOF_TS	0x01	/* the client closed: request EOF */
#define HTTP_STATE_EOF_TC	0x02
#define HTTP_STATE_WAIT_TS	0x04	/* libhtp asked for response data
					 * before more request data */
#define HTTP_STATE_WAIT_TC	0x08
#define HTTP_STATE_WARNINGS	0x10	/* too_many_warnings was raised */
#define HTTP_STATE_CHANGE	0x20	/* protocol change (CONNECT) pending */
#define HTTP_STATE_CHANGED	0x40	/* ... and reported */
#define HTTP_STATE_OPEN		0x80	/* htp_connp_open done */

/* libhtp messages handled at most per flow (Suricata's HTP_MAX_MESSAGES);
 * past it, too_many_warnings. */
#define HTTP_MAX_MESSAGES	512

struct http_state {
	htp_connp_t	*connp;
	htp_conn_t	*conn;
	const struct http_block *blk;
	size_t		 msg_offset;	/* conn->messages handled */
	size_t		 first;		/* lowest list index maybe held */
	size_t		 synced;	/* list entries before it have their
					 * user data (sync_txs) */
	uint64_t	 live;		/* transactions held */
	/* glue_tx_get's last answer: the i-th held tx is at list index k;
	 * valid while no tx before k is freed or created (cache_ok) */
	uint64_t	 cache_i;
	size_t		 cache_k;
	bool		 cache_ok;
	/* the held txs by id (glue_tx_next's walk without libhtp's list
	 * calls): byid[byid_off + id - byid_base] for ids in [byid_base,
	 * byid_base + byid_len), NULL when not held; the freed ones at the
	 * front are dropped by moving byid_off */
	struct http_tx	**byid;
	size_t		 byid_off, byid_len, byid_cap;
	uint64_t	 byid_base;
	uint16_t	 client_port, server_port;
	uint8_t		 flags;		/* HTTP_STATE_* */
	uint8_t		 dir;		/* direction being parsed now */
	bool		 oom;		/* a hook failed to allocate */
	uint32_t	 needs;		/* the last chunk's (HTTP_NEED_*:
					 * what rules inspect) */
	/* frames: the chunk being parsed (NULL outside glue_parse) and
	 * the open request / response frame per direction (0: none) */
	const struct applayer_chunk *chunk;
	uint64_t	 frame_id[2];
};

/* Frame types (Suricata's http1.request, http1.response) */
#define HTTP_FRAME_REQUEST	0	/* request line to the end of the
					 * request (body included) */
#define HTTP_FRAME_RESPONSE	1

/* struct http_tx.flags */
#define HTTP_TX_FILE_OPEN_TS	0x01	/* files[TS] last entry is open */
#define HTTP_TX_FILE_OPEN_TC	0x02
#define HTTP_TX_FILE_DONE_TS	0x04	/* no (more) file this direction */
#define HTTP_TX_FILE_DONE_TC	0x08
#define HTTP_TX_HOOKED		0x10	/* request_start ran for it */

#define HTTP_TX_MAX_FILES	8	/* per direction */

/* The headers the buffer getters, the logger and the glue look up by
 * name (http_header_known): found in one pass over libhtp's table
 * instead of a case-insensitive scan of it per lookup. */
enum http_hdr {
	HTTP_HDR_HOST,
	HTTP_HDR_USER_AGENT,
	HTTP_HDR_COOKIE,
	HTTP_HDR_SET_COOKIE,
	HTTP_HDR_CONTENT_TYPE,
	HTTP_HDR_CONTENT_LENGTH,
	HTTP_HDR_CONTENT_ENCODING,
	HTTP_HDR_CONTENT_RANGE,
	HTTP_HDR_CONTENT_DISPOSITION,
	HTTP_HDR_REFERER,
	HTTP_HDR_ACCEPT,
	HTTP_HDR_ACCEPT_ENCODING,
	HTTP_HDR_ACCEPT_LANGUAGE,
	HTTP_HDR_CONNECTION,
	HTTP_HDR_SERVER,
	HTTP_HDR_LOCATION,
	HTTP_HDR_X_FORWARDED_FOR,
	HTTP_HDR_MAX
};

/* What quell keeps per libhtp transaction (its user data). The
 * framework's tx pointer is this struct. */
struct http_inflate;

struct http_tx {
	struct applayer_txdata txd;
	struct http_state *st;
	htp_tx_t	*htx;
	uint64_t	 id;		/* htx->index */
	uint8_t		 flags;		/* HTTP_TX_* */
	/* raw header block (header and trailer data callbacks, with the
	 * empty line) per direction */
	uint8_t		*hdr_raw[2];
	size_t		 hdr_raw_len[2];
	size_t		 hdr_raw_cap[2];
	struct http_body body[2];	/* dechunked, decompressed */
	struct http_file *files[2][HTTP_TX_MAX_FILES];
	size_t		 nfiles[2];
	struct http_built uri;		/* normalised http.uri */
	struct http_built hdr[2];	/* http.header */
	struct http_built names[2];	/* http.header_names */
	struct http_built start[2];	/* http.start */
	uint8_t		*multi[2];	/* http.request_header's last value */
	/* a single gzip or deflate layer the glue inflates itself (libhtp's
	 * decompression off for it: inflate.h); NULL otherwise */
	struct http_inflate *inflate[2];
	/* per direction the first header of each enum http_hdr name
	 * (NULL: none) among the table's first hdr_seen entries; the
	 * header data hook empties it (libhtp clears the table of a 100
	 * Continue response, and may add to it up to the trailers) */
	htp_header_t	*hdr_known[2][HTTP_HDR_MAX];
	size_t		 hdr_seen[2];
};

/* glue.c: the hooks of a libhtp configuration built from s */
void	http_glue_register(htp_cfg_t *, const struct http_settings *s);
struct http_tx *http_glue_tx(htp_tx_t *htx);
struct http_tx *http_glue_tx_ensure(struct http_state *, htp_tx_t *htx);
void	http_built_clear(struct http_built *);

/* buffers.c: the URI as Suricata normalises it, into tx->uri (on the
 * request line hook). 0, or -1 when out of memory. */
int	http_buffers_build_uri(struct http_tx *);

/* events.c */
void	http_events_messages(struct http_state *);
void	http_events_request_flags(struct http_state *, struct http_tx *);
void	http_events_set(struct http_state *, struct http_tx *, unsigned ev);

/* The value of header name (lower case) in dir, or NULL: libhtp's
 * first header of that name, as htp_table_get_c finds it. */
const bstr *http_header_value(const struct http_tx *, uint8_t dir,
	    const char *name);
/* The same for one of the names of enum http_hdr, without a scan of
 * the table per lookup. */
const bstr *http_header_known(const struct http_tx *, uint8_t dir,
	    enum http_hdr);
/* Forgets what http_header_known found in dir (the headers changed). */
void	http_header_forget(struct http_tx *, uint8_t dir);

#endif
