#include "core/base.h"

#include <pthread.h>

#include "detect/names.h"

struct names_table {
	char		**names;	/* id - 1 → name */
	size_t		 n;
	size_t		 cap;
};

/* Global on purpose: the ids outlive every engine (see names.h). A
 * linear search is fine: a ruleset has tens of distinct names, looked up
 * once per keyword at load time. */
static pthread_mutex_t names_lock = PTHREAD_MUTEX_INITIALIZER;
static struct names_table names[DETECT_NAMES_KINDS];

uint32_t
detect_names_id(enum detect_names_kind kind, const char *name, size_t len)
{
	struct names_table *t = &names[kind];
	uint32_t id = 0;

	pthread_mutex_lock(&names_lock);
	for (size_t i = 0; i < t->n; i++) {
		if (strlen(t->names[i]) == len &&
		    memcmp(t->names[i], name, len) == 0) {
			id = (uint32_t)i + 1;
			goto done;
		}
	}
	if (t->n == t->cap) {
		size_t ncap = t->cap ? t->cap * 2 : 64;
		char **n = realloc(t->names, ncap * sizeof(*n));

		if (n == NULL)
			goto done;
		t->names = n;
		t->cap = ncap;
	}
	if ((t->names[t->n] = strndup(name, len)) == NULL)
		goto done;
	id = (uint32_t)++t->n;
done:
	pthread_mutex_unlock(&names_lock);
	return id;
}

const char *
detect_names_name(enum detect_names_kind kind, uint32_t id)
{
	const char *s = NULL;

	pthread_mutex_lock(&names_lock);
	if (id >= 1 && id <= names[kind].n)
		s = names[kind].names[id - 1];
	pthread_mutex_unlock(&names_lock);
	return s;
}
