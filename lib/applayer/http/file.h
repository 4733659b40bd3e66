/* Files seen in HTTP bodies (Suricata's File API as eve's fileinfo and
 * file.data see it): a response body is one file named by the request's
 * path (or Content-Disposition's filename), a PUT or a non-multipart
 * POST body one file named by the path. A file keeps its bytes for
 * file.data (with the inspection windows of bodies), its size, its
 * state, the MD5, SHA-1 and SHA-256 (OpenSSL's libcrypto) loaded rules
 * inspect and its first bytes for libmagic. */
#ifndef QUELL_APPLAYER_HTTP_FILE_H
#define QUELL_APPLAYER_HTTP_FILE_H

#include "core/base.h"

#include "applayer/http/body.h"

struct json_t;
struct jtext;

enum http_file_state {
	HTTP_FILE_OPEN,
	HTTP_FILE_CLOSED,
	HTTP_FILE_TRUNCATED,	/* ended before its end: flow or tx gone */
	HTTP_FILE_ERROR,
};

/* Suricata's SC_FILENAME_MAX: longer names are cut (file_name_too_long) */
#define HTTP_FILE_NAME_MAX	4096
/* Bytes handed to libmagic: the file's start */
#define HTTP_FILE_MAGIC_BYTES	4096

struct http_file;

/* What a file computes and keeps (http_file_open): digests, its bytes
 * (file.data), its first bytes (libmagic) */
#define HTTP_FILE_MD5		0x01
#define HTTP_FILE_SHA1		0x02
#define HTTP_FILE_SHA256	0x04
#define HTTP_FILE_DIGESTS	0x07
#define HTTP_FILE_DATA		0x08
#define HTTP_FILE_HEAD		0x10

/* A new open file called name[0..len) (cut at HTTP_FILE_NAME_MAX) that
 * computes and keeps what keep asks (HTTP_FILE_*: what loaded rules
 * inspect and outputs log, as Suricata computes a file's MD5 only for a
 * filemd5 rule or force-hash), or NULL when out of memory. */
struct http_file *http_file_open(const uint8_t *name, size_t len,
	    unsigned keep);
/* Adds len bytes: 0, or -1 when out of memory (the file is then in
 * state ERROR). Ignored once the file is closed. */
int	http_file_append(struct http_file *, const uint8_t *data, size_t len);
/* len bytes are missing (a stream gap): counted in size, not hashed. */
void	http_file_gap(struct http_file *, uint64_t len);
/* Ends an open file in state (CLOSED, TRUNCATED, ERROR); hashes final. */
void	http_file_close(struct http_file *, enum http_file_state state);
void	http_file_free(struct http_file *);

const uint8_t *http_file_name(const struct http_file *, size_t *len);
uint64_t http_file_size(const struct http_file *);
enum http_file_state http_file_state(const struct http_file *);
/* "OPEN", "CLOSED", "TRUNCATED", "ERROR" as eve writes them */
const char *http_file_state_name(enum http_file_state);
/* Its stored bytes, for file.data: the body structure (windows); none
 * unless opened with HTTP_FILE_DATA. */
struct http_body *http_file_data(struct http_file *);
const struct http_body *http_file_cdata(const struct http_file *);
/* Digests once closed: false while open, after an error, or when the
 * file did not compute it. */
bool	http_file_md5(const struct http_file *, uint8_t out[16]);
bool	http_file_sha1(const struct http_file *, uint8_t out[20]);
bool	http_file_sha256(const struct http_file *, uint8_t out[32]);
/* The same digests in place (valid as long as the file), for the
 * filemd5/filesha1/filesha256 keywords: which 0 MD5, 1 SHA-1, 2
 * SHA-256; NULL while open, after an error, or not computed. */
const uint8_t *http_file_digest(const struct http_file *, int which,
	    uint32_t *len);
/* libmagic's description of the file's first bytes into out (a calling
 * thread's own libmagic handle, opened on first use): 0, or -1 (no
 * bytes kept: opened without HTTP_FILE_HEAD; libmagic failed). */
int	http_file_magic(const struct http_file *, char *out, size_t outlen);
/* Closes the calling thread's libmagic handle (threads that exit do it
 * by themselves; the main thread and tests call it). */
void	http_file_magic_thread_done(void);

/* eve fileinfo flags */
#define HTTP_FILE_LOG_MAGIC	0x01

/* Fills out with eve's "fileinfo" object, Suricata's fields in its
 * order: filename, magic (with HTTP_FILE_LOG_MAGIC), gaps, state, the
 * digests the file computed (md5, sha1, sha256: as Suricata's, each
 * whenever it was computed), stored, size, tx_id. 0, or -1 when out of
 * memory. */
int	http_file_log(const struct http_file *, uint64_t tx_id,
	    unsigned flags, struct json_t *out);
/* The same object as JSON text appended to t ("{...}"): 0, or -1. */
int	http_file_render(const struct http_file *, uint64_t tx_id,
	    unsigned flags, struct jtext *t);

#endif
