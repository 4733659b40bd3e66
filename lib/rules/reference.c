#include "core/base.h"

#include <strings.h>

#include "core/diag.h"
#include "rules/cfgfile.h"
#include "rules/reference.h"

struct rules_ref {
	char		*name;
	char		*url;
};

struct rules_refs {
	struct rules_ref *v;
	size_t		 n;
	size_t		 cap;
	struct diag_list *diags;	/* while loading */
};

static void	refs_line(void *, const char *, unsigned, const char *,
		    size_t);
static int	refs_set(struct rules_refs *, const char *, size_t,
		    const char *, size_t);

#define REFS_PREFIX	"config reference:"

struct rules_refs *
rules_refs_new(void)
{
	return calloc(1, sizeof(struct rules_refs));
}

void
rules_refs_free(struct rules_refs *r)
{
	if (r == NULL)
		return;
	for (size_t i = 0; i < r->n; i++) {
		free(r->v[i].name);
		free(r->v[i].url);
	}
	free(r->v);
	free(r);
}

size_t
rules_refs_count(const struct rules_refs *r)
{
	return r->n;
}

const char *
rules_refs_lookup(const struct rules_refs *r, const char *name, size_t len)
{
	for (size_t i = 0; i < r->n; i++)
		if (strlen(r->v[i].name) == len &&
		    strncasecmp(r->v[i].name, name, len) == 0)
			return r->v[i].url;
	return NULL;
}

static int
refs_set(struct rules_refs *r, const char *name, size_t nlen,
    const char *url, size_t ulen)
{
	char *n, *u;

	for (size_t i = 0; i < r->n; i++) {
		if (strlen(r->v[i].name) == nlen &&
		    strncasecmp(r->v[i].name, name, nlen) == 0) {
			if ((u = strndup(url, ulen)) == NULL)
				return -1;
			free(r->v[i].url);
			r->v[i].url = u;
			return 0;
		}
	}
	if (r->n == r->cap) {
		size_t ncap = r->cap ? r->cap * 2 : 32;
		struct rules_ref *v = realloc(r->v, ncap * sizeof(*v));

		if (v == NULL)
			return -1;
		r->v = v;
		r->cap = ncap;
	}
	if ((n = strndup(name, nlen)) == NULL)
		return -1;
	if ((u = strndup(url, ulen)) == NULL) {
		free(n);
		return -1;
	}
	r->v[r->n].name = n;
	r->v[r->n].url = u;
	r->n++;
	return 0;
}

/* "config reference: system url" */
static void
refs_line(void *arg, const char *file, unsigned line, const char *s,
    size_t len)
{
	struct rules_refs *r = arg;
	size_t plen = strlen(REFS_PREFIX), i = 0, nstart, nlen, ustart;

	if (len < plen || strncasecmp(s, REFS_PREFIX, plen) != 0) {
		diag_add(r->diags, DIAG_ERROR, file, line, 1, NULL,
		    "expected 'config reference: system url'");
		return;
	}
	s += plen;
	len -= plen;
	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	nstart = i;
	while (i < len && s[i] != ' ' && s[i] != '\t')
		i++;
	nlen = i - nstart;
	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	ustart = i;
	if (nlen == 0 || ustart == len) {
		diag_add(r->diags, DIAG_ERROR, file, line, 1, NULL,
		    "invalid reference: expected 'system url'");
		return;
	}
	if (refs_set(r, s + nstart, nlen, s + ustart, len - ustart) == -1)
		diag_add(r->diags, DIAG_ERROR, file, line, 0, NULL,
		    "out of memory");
}

int
rules_refs_load_file(struct rules_refs *r, const char *path,
    struct diag_list *diags)
{
	int rc;

	r->diags = diags;
	rc = rules_cfgfile_load(path, refs_line, r, diags);
	r->diags = NULL;
	return rc;
}

void
rules_refs_load_string(struct rules_refs *r, const char *name,
    const char *text, struct diag_list *diags)
{
	r->diags = diags;
	rules_cfgfile_lines(name, text, strlen(text), refs_line, r);
	r->diags = NULL;
}
