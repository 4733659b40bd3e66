#include "core/base.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "detect/buffer.h"
#include "detect/filehash.h"
#include "detect/hashlist.h"
#include "detect/keywords/keyword.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* The list (detect/hashlist.h: Suricata's format) and the negation. */
struct filehash {
	struct detect_hashlist *list;
	uint32_t	 len;
	bool		 neg;
};

static FILE	*filehash_open(const char *rulefile, const char *name,
		    char *path, size_t pathlen);

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

int
detect_filehash_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt, const struct keyword *kw, uint32_t len,
    const char *buffer)
{
	struct filehash *h;
	struct rule_match *m;
	char path[4096], err[512], *name = NULL;
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
	fclose(fp);
	fp = NULL;
	if ((h->list = detect_hashlist_load(path, (uint8_t)len, err,
	    sizeof(err))) == NULL) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "%s: %s", kw->name, err);
		goto done;
	}
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
	bool found;

	*resume = 0;
	/* the file is still open: its digest is not known yet */
	if (in->buf_len != h->len)
		return DETECT_INSPECT_ABORT;
	found = detect_hashlist_has(h->list, in->buf);
	return found != h->neg ? DETECT_INSPECT_MATCH : DETECT_INSPECT_ABORT;
}

void
detect_filehash_free(void *data)
{
	struct filehash *h = data;

	if (h == NULL)
		return;
	detect_hashlist_free(h->list);
	free(h);
}

size_t
detect_filehash_count(const void *data)
{
	const struct filehash *h = data;

	return detect_hashlist_count(h->list);
}
