#include "core/base.h"

#include <strings.h>

#include "detect/keywords/keyword.h"
#include "detect/keywords/registry.h"

struct registry_key {
	const char	*name;
	size_t		 len;
};

static int	registry_cmp(const void *, const void *);

extern const struct keyword kw_classtype;
extern const struct keyword kw_content;
extern const struct keyword kw_gid;
extern const struct keyword kw_metadata;
extern const struct keyword kw_msg;
extern const struct keyword kw_reference;
extern const struct keyword kw_rev;
extern const struct keyword kw_sid;

/* Sorted by name (strcmp), names in lowercase: check_detect asserts both,
 * bsearch relies on them. Adding a keyword: its file, its extern line
 * above and its entry here. */
static const struct keyword *const keywords[] = {
	&kw_classtype,
	&kw_content,
	&kw_gid,
	&kw_metadata,
	&kw_msg,
	&kw_reference,
	&kw_rev,
	&kw_sid,
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
	return kw != NULL ? *kw : NULL;
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
