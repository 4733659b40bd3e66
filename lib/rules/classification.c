#include "core/base.h"

#include <errno.h>
#include <strings.h>

#include "core/diag.h"
#include "rules/cfgfile.h"
#include "rules/classification.h"

struct rules_classes {
	struct rules_class *v;
	size_t		 n;
	size_t		 cap;
	struct diag_list *diags;	/* while loading */
};

static void	classes_line(void *, const char *, unsigned, const char *,
		    size_t);
static int	classes_set(struct rules_classes *, const char *, size_t,
		    const char *, size_t, uint8_t);
static const char *classes_trim(const char *, size_t *);

#define CLASSES_PREFIX	"config classification:"

struct rules_classes *
rules_classes_new(void)
{
	return calloc(1, sizeof(struct rules_classes));
}

void
rules_classes_free(struct rules_classes *c)
{
	if (c == NULL)
		return;
	for (size_t i = 0; i < c->n; i++) {
		free(c->v[i].name);
		free(c->v[i].desc);
	}
	free(c->v);
	free(c);
}

size_t
rules_classes_count(const struct rules_classes *c)
{
	return c->n;
}

const struct rules_class *
rules_classes_lookup(const struct rules_classes *c, const char *name,
    size_t len)
{
	for (size_t i = 0; i < c->n; i++)
		if (strlen(c->v[i].name) == len &&
		    strncasecmp(c->v[i].name, name, len) == 0)
			return &c->v[i];
	return NULL;
}

static int
classes_set(struct rules_classes *c, const char *name, size_t nlen,
    const char *desc, size_t dlen, uint8_t prio)
{
	struct rules_class *e = (struct rules_class *)
	    rules_classes_lookup(c, name, nlen);
	char *n, *d;

	if ((n = strndup(name, nlen)) == NULL ||
	    (d = strndup(desc, dlen)) == NULL) {
		free(n);
		return -1;
	}
	if (e == NULL) {
		if (c->n == c->cap) {
			size_t ncap = c->cap ? c->cap * 2 : 32;
			struct rules_class *v = realloc(c->v,
			    ncap * sizeof(*v));

			if (v == NULL) {
				free(n);
				free(d);
				return -1;
			}
			c->v = v;
			c->cap = ncap;
		}
		e = &c->v[c->n++];
	} else {
		free(e->name);
		free(e->desc);
	}
	e->name = n;
	e->desc = d;
	e->priority = prio;
	return 0;
}

static const char *
classes_trim(const char *s, size_t *len)
{
	while (*len > 0 && (s[0] == ' ' || s[0] == '\t')) {
		s++;
		(*len)--;
	}
	while (*len > 0 && (s[*len - 1] == ' ' || s[*len - 1] == '\t'))
		(*len)--;
	return s;
}

/* "config classification: name,description,priority" */
static void
classes_line(void *arg, const char *file, unsigned line, const char *s,
    size_t len)
{
	struct rules_classes *c = arg;
	const char *name, *desc, *prio, *c1, *c2;
	size_t plen = strlen(CLASSES_PREFIX), nlen, dlen, prlen;
	unsigned long v = 0;

	if (len < plen || strncasecmp(s, CLASSES_PREFIX, plen) != 0) {
		diag_add(c->diags, DIAG_ERROR, file, line, 1, NULL,
		    "expected 'config classification: name,description,"
		    "priority'");
		return;
	}
	s += plen;
	len -= plen;
	if ((c1 = memchr(s, ',', len)) == NULL ||
	    (c2 = memrchr(s, ',', len)) == NULL || c2 == c1)
		goto bad;
	nlen = (size_t)(c1 - s);
	name = classes_trim(s, &nlen);
	dlen = (size_t)(c2 - c1 - 1);
	desc = classes_trim(c1 + 1, &dlen);
	prlen = len - (size_t)(c2 + 1 - s);
	prio = classes_trim(c2 + 1, &prlen);
	if (nlen == 0 || prlen == 0 || prlen > 3)
		goto bad;
	for (size_t i = 0; i < prlen; i++) {
		if (prio[i] < '0' || prio[i] > '9')
			goto bad;
		v = v * 10 + (unsigned long)(prio[i] - '0');
	}
	if (v < 1 || v > 255)
		goto bad;
	if (classes_set(c, name, nlen, desc, dlen, (uint8_t)v) == -1)
		diag_add(c->diags, DIAG_ERROR, file, line, 0, NULL,
		    "out of memory");
	return;
bad:
	diag_add(c->diags, DIAG_ERROR, file, line, 1, NULL,
	    "invalid classification: expected 'name,description,priority' "
	    "with priority 1..255");
}

int
rules_classes_load_file(struct rules_classes *c, const char *path,
    struct diag_list *diags)
{
	int rc;

	c->diags = diags;
	rc = rules_cfgfile_load(path, classes_line, c, diags);
	c->diags = NULL;
	return rc;
}

void
rules_classes_load_string(struct rules_classes *c, const char *name,
    const char *text, struct diag_list *diags)
{
	c->diags = diags;
	rules_cfgfile_lines(name, text, strlen(text), classes_line, c);
	c->diags = NULL;
}
