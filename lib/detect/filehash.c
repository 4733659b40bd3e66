#include "core/base.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "detect/buffer.h"
#include "detect/filehash.h"
#include "detect/keywords/keyword.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

#define FILEHASH_LINE_MAX	1024
/* every digest in a slot of the longest one's size, zero-padded, so
 * that one comparison function serves all three */
#define FILEHASH_SLOT		32

/* The digests, sorted, each len bytes in its slot. */
struct filehash {
	uint8_t		*v;
	size_t		 n;
	size_t		 cap;
	uint32_t	 len;
	bool		 neg;
};

static FILE	*filehash_open(const char *rulefile, const char *name,
		    char *path, size_t pathlen);
static int	 filehash_hex(const char *s, size_t n, uint8_t *out,
		    uint32_t len);
static int	 filehash_cmp(const void *, const void *);
static int	 filehash_load(struct rules_parser *, const struct rules_option *,
		    struct filehash *, FILE *, const char *path);

/* Suricata: the name as given (default-rule-path aside), then the rule
 * file's directory. quell tries the rule file's directory first for a
 * relative name, so that a rule set and its lists move together; an
 * absolute name is taken as it is. */
static FILE *
filehash_open(const char *rulefile, const char *name, char *path,
    size_t pathlen)
{
	const char *slash;
	FILE *fp;
	int n;

	if (name[0] != '/' && rulefile != NULL && rulefile[0] != '\0' &&
	    (slash = strrchr(rulefile, '/')) != NULL) {
		n = snprintf(path, pathlen, "%.*s/%s",
		    (int)(slash - rulefile), rulefile, name);
		if (n > 0 && (size_t)n < pathlen &&
		    (fp = fopen(path, "r")) != NULL)
			return fp;
	}
	n = snprintf(path, pathlen, "%s", name);
	if (n < 0 || (size_t)n >= pathlen) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	return fopen(path, "r");
}

static int
filehash_nibble(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* s[0..n) as len bytes of hex: 0, or -1 when it is not. */
static int
filehash_hex(const char *s, size_t n, uint8_t *out, uint32_t len)
{
	if (n != 2 * (size_t)len)
		return -1;
	for (uint32_t i = 0; i < len; i++) {
		int hi = filehash_nibble(s[2 * i]);
		int lo = filehash_nibble(s[2 * i + 1]);

		if (hi < 0 || lo < 0)
			return -1;
		out[i] = (uint8_t)(hi << 4 | lo);
	}
	return 0;
}

static int
filehash_cmp(const void *a, const void *b)
{
	return memcmp(a, b, FILEHASH_SLOT);
}

static int
filehash_load(struct rules_parser *p, const struct rules_option *opt,
    struct filehash *h, FILE *fp, const char *path)
{
	char line[FILEHASH_LINE_MAX];
	unsigned lineno = 0;
	size_t w = 0;

	while (fgets(line, sizeof(line), fp) != NULL) {
		size_t n = strlen(line);

		lineno++;
		if (n == sizeof(line) - 1 && line[n - 1] != '\n') {
			rules_parser_error(p, opt->value_off, opt->value,
			    opt->value_len, "%s:%u: line too long", path,
			    lineno);
			return -1;
		}
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r' ||
		    line[n - 1] == ' ' || line[n - 1] == '\t'))
			n--;
		if (n == 0 || line[0] == '#')
			continue;
		if (h->n == h->cap) {
			size_t ncap = h->cap ? h->cap * 2 : 64;
			uint8_t *nv;

			if (ncap > SIZE_MAX / FILEHASH_SLOT ||
			    (nv = realloc(h->v, ncap * FILEHASH_SLOT)) ==
			    NULL) {
				rules_parser_nomem(p);
				return -1;
			}
			h->v = nv;
			h->cap = ncap;
		}
		memset(h->v + h->n * FILEHASH_SLOT, 0, FILEHASH_SLOT);
		if (filehash_hex(line, n, h->v + h->n * FILEHASH_SLOT,
		    h->len) == -1) {
			rules_parser_error(p, opt->value_off, opt->value,
			    opt->value_len, "%s:%u: not a hash of %u hex "
			    "digits: '%.*s'", path, lineno, 2 * h->len,
			    (int)(n > 80 ? 80 : n), line);
			return -1;
		}
		h->n++;
	}
	if (ferror(fp)) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (h->n == 0) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "%s: no hashes", path);
		return -1;
	}
	/* sorted and without duplicates, for bsearch */
	qsort(h->v, h->n, FILEHASH_SLOT, filehash_cmp);
	for (size_t i = 0; i < h->n; i++)
		if (w == 0 || filehash_cmp(h->v + (w - 1) * FILEHASH_SLOT,
		    h->v + i * FILEHASH_SLOT) != 0) {
			if (w != i)
				memmove(h->v + w * FILEHASH_SLOT,
				    h->v + i * FILEHASH_SLOT, FILEHASH_SLOT);
			w++;
		}
	h->n = w;
	return 0;
}

int
detect_filehash_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt, const struct keyword *kw, uint32_t len,
    const char *buffer)
{
	struct filehash *h;
	struct rule_match *m;
	char path[4096], *name = NULL;
	const char *v;
	FILE *fp = NULL;
	int rc = -1;

	if ((h = calloc(1, sizeof(*h))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	h->len = len;
	if (rules_parser_string(p, opt, &name) == -1)
		goto done;
	for (v = name; rules_lexer_is_blank(*v); v++)
		;
	if (*v == '!') {
		h->neg = true;
		for (v++; rules_lexer_is_blank(*v); v++)
			;
	}
	if (*v == '\0') {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "%s needs the name of a hash list",
		    kw->name);
		goto done;
	}
	if ((fp = filehash_open(rules_parser_file(p), v, path,
	    sizeof(path))) == NULL) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "%s: cannot open hash list '%s': %s",
		    kw->name, v, strerror(errno));
		goto done;
	}
	if (filehash_load(p, opt, h, fp, path) == -1)
		goto done;
	if ((m = rules_rule_add_match(r, kw, RULE_LIST_BUFFER, h)) == NULL) {
		rules_parser_nomem(p);
		goto done;
	}
	h = NULL;	/* the rule owns it */
	rc = detect_buffer_attach(p, r, opt, m, buffer);
done:
	if (fp != NULL)
		fclose(fp);
	free(name);
	detect_filehash_free(h);
	return rc;
}

int
detect_filehash_inspect(struct detect_inspect *in, const void *data,
    uint32_t *resume)
{
	const struct filehash *h = data;
	uint8_t key[FILEHASH_SLOT] = { 0 };
	bool found;

	*resume = 0;
	/* the file is still open: its digest is not known yet */
	if (in->buf_len != h->len || h->len > FILEHASH_SLOT)
		return DETECT_INSPECT_ABORT;
	memcpy(key, in->buf, h->len);
	found = bsearch(key, h->v, h->n, FILEHASH_SLOT, filehash_cmp) !=
	    NULL;
	return found != h->neg ? DETECT_INSPECT_MATCH : DETECT_INSPECT_ABORT;
}

void
detect_filehash_free(void *data)
{
	struct filehash *h = data;

	if (h == NULL)
		return;
	free(h->v);
	free(h);
}

size_t
detect_filehash_count(const void *data)
{
	const struct filehash *h = data;

	return h->n;
}
