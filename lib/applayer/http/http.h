/* The HTTP/1.x parser (libhtp): its registry entry, and the few calls
 * tests and the fuzz target make without a flow or the framework. */
#ifndef QUELL_APPLAYER_HTTP_HTTP_H
#define QUELL_APPLAYER_HTTP_HTTP_H

#include "core/base.h"
#include "core/packet.h"
#include "applayer/parser.h"

struct http_runtime;

extern const struct applayer_parser applayer_http_parser;

/* Bits of a chunk's needs (struct applayer_chunk): the parser's needs,
 * in its order; what a loaded rule inspects, which the parser computes
 * and keeps only then. The digests' are HTTP_FILE_MD5 ... (file.h). */
#define HTTP_NEED_MD5		0x01	/* file.md5 (filemd5) */
#define HTTP_NEED_SHA1		0x02	/* file.sha1 */
#define HTTP_NEED_SHA256	0x04	/* file.sha256 */
#define HTTP_NEED_DIGESTS	0x07
#define HTTP_NEED_REQUEST_BODY	0x08	/* http.request_body */
#define HTTP_NEED_RESPONSE_BODY	0x10	/* http.response_body */
#define HTTP_NEED_FILE_DATA	0x20	/* file.data */

/* A flow's state on runtime rt (http_config_runtime_new) for a server
 * at address server (NULL: default-config), or NULL when out of memory;
 * the parser's state_new without a struct flow. */
void	*http_state_new(const struct http_runtime *rt,
	    const struct ip_addr *server, uint16_t client_port,
	    uint16_t server_port);
void	http_state_free(void *state);
/* True while dir's parse() answered INCOMPLETE with needed 0 and has
 * not been called again. */
bool	http_state_waiting(const void *state, uint8_t dir);

/* The files of tx in dir (eve fileinfo): count, and file i. */
struct http_file;
size_t	http_tx_nfiles(const void *tx, uint8_t dir);
const struct http_file *http_tx_file(const void *tx, uint8_t dir, size_t i);

#endif
