#include "core/base.h"

#include <errno.h>

#include "rules/vars.h"

struct rules_var {
	char	*name;
	char	*value;
};

struct rules_vars {
	struct rules_var *v;
	size_t		 n;
	size_t		 cap;
};

static bool	vars_name_valid(const char *);
static struct rules_var *vars_find(const struct rules_vars *, const char *,
		    size_t);

struct rules_vars *
rules_vars_new(void)
{
	return calloc(1, sizeof(struct rules_vars));
}

void
rules_vars_free(struct rules_vars *vars)
{
	if (vars == NULL)
		return;
	for (size_t i = 0; i < vars->n; i++) {
		free(vars->v[i].name);
		free(vars->v[i].value);
	}
	free(vars->v);
	free(vars);
}

static bool
vars_name_valid(const char *name)
{
	size_t len = strlen(name);

	if (len == 0 || len > RULES_VARS_NAME_MAX)
		return false;
	for (size_t i = 0; i < len; i++) {
		char c = name[i];

		if (!(c == '_' || (c >= 'a' && c <= 'z') ||
		    (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
			return false;
	}
	return true;
}

static struct rules_var *
vars_find(const struct rules_vars *vars, const char *name, size_t len)
{
	for (size_t i = 0; i < vars->n; i++) {
		if (strlen(vars->v[i].name) == len &&
		    memcmp(vars->v[i].name, name, len) == 0)
			return &vars->v[i];
	}
	return NULL;
}

int
rules_vars_set(struct rules_vars *vars, const char *name, const char *value)
{
	struct rules_var *var;
	char *nv;

	if (vars == NULL || name == NULL || value == NULL ||
	    !vars_name_valid(name) || strlen(value) > RULES_VARS_VALUE_MAX) {
		errno = EINVAL;
		return -1;
	}
	if ((nv = strdup(value)) == NULL)
		return -1;
	if ((var = vars_find(vars, name, strlen(name))) != NULL) {
		free(var->value);
		var->value = nv;
		return 0;
	}
	if (vars->n == vars->cap) {
		size_t ncap = vars->cap ? vars->cap * 2 : 16;
		struct rules_var *n = realloc(vars->v, ncap * sizeof(*n));

		if (n == NULL)
			goto fail;
		vars->v = n;
		vars->cap = ncap;
	}
	var = &vars->v[vars->n];
	if ((var->name = strdup(name)) == NULL)
		goto fail;
	var->value = nv;
	vars->n++;
	return 0;
fail:
	free(nv);
	return -1;
}

const char *
rules_vars_get(const struct rules_vars *vars, const char *name, size_t len)
{
	const struct rules_var *var;

	if (vars == NULL)
		return NULL;
	var = vars_find(vars, name, len);
	return var != NULL ? var->value : NULL;
}
