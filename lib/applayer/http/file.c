#include "core/base.h"

#include <pthread.h>
#include <stdio.h>

#include <jansson.h>
#include <magic.h>
#include <openssl/evp.h>

#include "applayer/http/file.h"
#include "applayer/http/logger.h"
#include "core/jtext.h"

struct http_file {
	uint8_t		*name;		/* name_buf: one allocation per file */
	size_t		 name_len;
	uint64_t	 size;		/* bytes seen, gaps included */
	enum http_file_state state;
	bool		 gaps;
	bool		 hashed;	/* digests below are final */
	unsigned	 digests;	/* HTTP_FILE_MD5 ...: those computed */
	unsigned	 keep;		/* HTTP_FILE_DATA, HTTP_FILE_HEAD */
	struct http_body data;
	uint8_t		*head;		/* the first HTTP_FILE_MAGIC_BYTES,
					 * for libmagic; grown as they come
					 * (most bodies are small, and a 4 KiB
					 * calloc per file was a glibc
					 * consolidation per transaction) */
	size_t		 head_len;
	size_t		 head_cap;
	EVP_MD_CTX	*md[3];		/* md5, sha1, sha256 while open */
	uint8_t		 md5[16];
	uint8_t		 sha1[20];
	uint8_t		 sha256[32];
	uint8_t		 name_buf[];
};

/* OpenSSL 3 looks a legacy EVP_md5() up in its provider tables on every
 * EVP_DigestInit_ex: fetched once, the three digests cost a file
 * nothing but their contexts (the fetch was a tenth of the CPU of small
 * HTTP transactions). */
static EVP_MD *file_mds[3];
static pthread_once_t file_mds_once = PTHREAD_ONCE_INIT;

static void
file_mds_fetch(void)
{
	static const char *names[3] = { "MD5", "SHA1", "SHA256" };

	for (size_t i = 0; i < QUELL_NITEMS(names); i++)
		file_mds[i] = EVP_MD_fetch(NULL, names[i], NULL);
}

struct http_file *
http_file_open(const uint8_t *name, size_t len, unsigned keep)
{
	struct http_file *f;

	if (len > HTTP_FILE_NAME_MAX)
		len = HTTP_FILE_NAME_MAX;
	if (pthread_once(&file_mds_once, file_mds_fetch) != 0 ||
	    (f = calloc(1, sizeof(*f) + len)) == NULL)
		return NULL;
	f->name = f->name_buf;
	if (len > 0)
		memcpy(f->name, name, len);
	f->name_len = len;
	f->digests = keep & HTTP_FILE_DIGESTS;
	f->keep = keep & (HTTP_FILE_DATA | HTTP_FILE_HEAD);
	for (size_t i = 0; i < QUELL_NITEMS(file_mds); i++) {
		if (!(f->digests & (1u << i)))
			continue;
		if (file_mds[i] == NULL || (f->md[i] = EVP_MD_CTX_new()) == NULL ||
		    EVP_DigestInit_ex(f->md[i], file_mds[i], NULL) != 1)
			goto fail;
	}
	return f;
fail:
	http_file_free(f);
	return NULL;
}

static void
file_md_free(struct http_file *f)
{
	for (size_t i = 0; i < QUELL_NITEMS(f->md); i++) {
		EVP_MD_CTX_free(f->md[i]);
		f->md[i] = NULL;
	}
}

int
http_file_append(struct http_file *f, const uint8_t *data, size_t len)
{
	if (f->state != HTTP_FILE_OPEN || len == 0)
		return 0;
	if ((f->keep & HTTP_FILE_HEAD) && f->head_len < HTTP_FILE_MAGIC_BYTES) {
		size_t n = HTTP_FILE_MAGIC_BYTES - f->head_len;

		if (n > len)
			n = len;
		if (f->head_len + n > f->head_cap) {
			size_t cap = f->head_cap > 0 ? f->head_cap * 2 : 256;
			uint8_t *h;

			while (cap < f->head_len + n)
				cap *= 2;
			if (cap > HTTP_FILE_MAGIC_BYTES)
				cap = HTTP_FILE_MAGIC_BYTES;
			if ((h = realloc(f->head, cap)) == NULL) {
				file_md_free(f);
				f->state = HTTP_FILE_ERROR;
				return -1;
			}
			f->head = h;
			f->head_cap = cap;
		}
		memcpy(f->head + f->head_len, data, n);
		f->head_len += n;
	}
	for (size_t i = 0; i < QUELL_NITEMS(f->md); i++) {
		if (f->md[i] != NULL &&
		    EVP_DigestUpdate(f->md[i], data, len) != 1) {
			file_md_free(f);
			f->state = HTTP_FILE_ERROR;
			return -1;
		}
	}
	if ((f->keep & HTTP_FILE_DATA) &&
	    http_body_append(&f->data, data, len, 0) == -1) {
		file_md_free(f);
		f->state = HTTP_FILE_ERROR;
		return -1;
	}
	f->size += len;
	return 0;
}

void
http_file_gap(struct http_file *f, uint64_t len)
{
	if (f->state != HTTP_FILE_OPEN)
		return;
	f->gaps = true;
	f->size += len;
	/* the digests would not be the file's */
	file_md_free(f);
}

void
http_file_close(struct http_file *f, enum http_file_state state)
{
	uint8_t *outs[3] = { f->md5, f->sha1, f->sha256 };
	bool ok = true;

	if (f->state != HTTP_FILE_OPEN)
		return;
	for (size_t i = 0; i < QUELL_NITEMS(f->md); i++) {
		unsigned int n = 0;

		if (!(f->digests & (1u << i)))
			continue;
		if (f->md[i] == NULL ||
		    EVP_DigestFinal_ex(f->md[i], outs[i], &n) != 1)
			ok = false;
	}
	f->hashed = ok && !f->gaps;
	file_md_free(f);
	f->state = state;
}

void
http_file_free(struct http_file *f)
{
	if (f == NULL)
		return;
	file_md_free(f);
	http_body_free(&f->data);
	free(f->head);
	free(f);
}

const uint8_t *
http_file_name(const struct http_file *f, size_t *len)
{
	*len = f->name_len;
	return f->name;
}

uint64_t
http_file_size(const struct http_file *f)
{
	return f->size;
}

enum http_file_state
http_file_state(const struct http_file *f)
{
	return f->state;
}

const char *
http_file_state_name(enum http_file_state s)
{
	switch (s) {
	case HTTP_FILE_OPEN:
		return "OPEN";
	case HTTP_FILE_CLOSED:
		return "CLOSED";
	case HTTP_FILE_TRUNCATED:
		return "TRUNCATED";
	case HTTP_FILE_ERROR:
		return "ERROR";
	}
	return "UNKNOWN";
}

struct http_body *
http_file_data(struct http_file *f)
{
	return &f->data;
}

const struct http_body *
http_file_cdata(const struct http_file *f)
{
	return &f->data;
}

static bool
file_digest(const struct http_file *f, unsigned which, const uint8_t *d,
    size_t n, uint8_t *out)
{
	if (!f->hashed || !(f->digests & which))
		return false;
	memcpy(out, d, n);
	return true;
}

bool
http_file_md5(const struct http_file *f, uint8_t out[16])
{
	return file_digest(f, HTTP_FILE_MD5, f->md5, sizeof(f->md5), out);
}

bool
http_file_sha1(const struct http_file *f, uint8_t out[20])
{
	return file_digest(f, HTTP_FILE_SHA1, f->sha1, sizeof(f->sha1), out);
}

bool
http_file_sha256(const struct http_file *f, uint8_t out[32])
{
	return file_digest(f, HTTP_FILE_SHA256, f->sha256, sizeof(f->sha256),
	    out);
}

const uint8_t *
http_file_digest(const struct http_file *f, int which, uint32_t *len)
{
	if (!f->hashed || which < 0 || which > 2 ||
	    !(f->digests & (1u << which)))
		return NULL;
	switch (which) {
	case 0:
		*len = sizeof(f->md5);
		return f->md5;
	case 1:
		*len = sizeof(f->sha1);
		return f->sha1;
	case 2:
		*len = sizeof(f->sha256);
		return f->sha256;
	default:
		return NULL;
	}
}

/* One libmagic handle per thread: magic_t is not safe to share. */
static pthread_key_t magic_key;
static pthread_once_t magic_once = PTHREAD_ONCE_INIT;
static bool magic_key_ok;

static void
magic_handle_free(void *m)
{
	magic_close(m);
}

static void
magic_key_init(void)
{
	magic_key_ok = pthread_key_create(&magic_key, magic_handle_free) == 0;
}

static magic_t
magic_handle(void)
{
	magic_t m;

	if (pthread_once(&magic_once, magic_key_init) != 0 || !magic_key_ok)
		return NULL;
	if ((m = pthread_getspecific(magic_key)) != NULL)
		return m;
	if ((m = magic_open(MAGIC_NONE)) == NULL)
		return NULL;
	if (magic_load(m, NULL) != 0 ||
	    pthread_setspecific(magic_key, m) != 0) {
		magic_close(m);
		return NULL;
	}
	return m;
}

void
http_file_magic_thread_done(void)
{
	magic_t m;

	if (pthread_once(&magic_once, magic_key_init) != 0 || !magic_key_ok)
		return;
	if ((m = pthread_getspecific(magic_key)) != NULL) {
		pthread_setspecific(magic_key, NULL);
		magic_close(m);
	}
}

int
http_file_magic(const struct http_file *f, char *out, size_t outlen)
{
	magic_t m;
	const char *s;

	if (f->head_len == 0 || outlen == 0 || (m = magic_handle()) == NULL)
		return -1;
	if ((s = magic_buffer(m, f->head, f->head_len)) == NULL)
		return -1;
	snprintf(out, outlen, "%s", s);
	return 0;
}

static void
put_hex(struct jtext *t, bool *first, const char *key, const uint8_t *d,
    size_t n)
{
	static const char digits[] = "0123456789abcdef";
	char hex[2 * 32];

	for (size_t i = 0; i < n; i++) {
		hex[2 * i] = digits[d[i] >> 4];
		hex[2 * i + 1] = digits[d[i] & 15];
	}
	jtext_key(t, first, key);
	jtext_string(t, hex, 2 * n);
}

int
http_file_render(const struct http_file *f, uint64_t tx_id, unsigned flags,
    struct jtext *t)
{
	char magic[512];
	bool first = true;

	jtext_char(t, '{');
	JTEXT_KEY(t, &first, "filename");
	http_jtext_bytes(t, f->name, f->name_len);
	if ((flags & HTTP_FILE_LOG_MAGIC) &&
	    http_file_magic(f, magic, sizeof(magic)) == 0) {
		JTEXT_KEY(t, &first, "magic");
		http_jtext_bytes(t, (const uint8_t *)magic, strlen(magic));
	}
	JTEXT_KEY(t, &first, "gaps");
	if (f->gaps)
		jtext_raw(t, "true", 4);
	else
		jtext_raw(t, "false", 5);
	JTEXT_KEY(t, &first, "state");
	jtext_cstring(t, http_file_state_name(f->state));
	if (f->hashed) {
		if (f->digests & HTTP_FILE_MD5)
			put_hex(t, &first, "md5", f->md5, sizeof(f->md5));
		if (f->digests & HTTP_FILE_SHA1)
			put_hex(t, &first, "sha1", f->sha1, sizeof(f->sha1));
		if (f->digests & HTTP_FILE_SHA256)
			put_hex(t, &first, "sha256", f->sha256,
			    sizeof(f->sha256));
	}
	JTEXT_KEY(t, &first, "stored");
	jtext_raw(t, "false", 5);
	JTEXT_KEY(t, &first, "size");
	jtext_uint(t, f->size);
	JTEXT_KEY(t, &first, "tx_id");
	jtext_uint(t, tx_id);
	jtext_char(t, '}');
	return jtext_ok(t) ? 0 : -1;
}

int
http_file_log(const struct http_file *f, uint64_t tx_id, unsigned flags,
    json_t *out)
{
	char stack[512];
	struct jtext t;
	int rc = -1;

	jtext_init_with(&t, stack, sizeof(stack));
	if (http_file_render(f, tx_id, flags, &t) == 0)
		rc = http_logger_json_merge(out, t.data, t.len);
	jtext_free(&t);
	return rc != 0 ? -1 : 0;
}
