#include "core/base.h"

#include "detect/engine.h"
#include "detect/flowvars.h"
#include "detect/names.h"
#include "detect/tag.h"
#include "flow/flow.h"

struct flowvars_int {
	uint32_t	 id;
	uint32_t	 value;
};

struct flowvars_var {
	uint32_t	 id;
	uint32_t	 len;
	uint8_t		*val;
};

/* Small unsorted arrays: a flow carries a handful of variables. */
struct detect_flow_vars {
	uint32_t	*bits;
	uint32_t	 nbits;
	uint32_t	 capbits;
	struct flowvars_int *ints;
	uint32_t	 nints;
	uint32_t	 capints;
	struct flowvars_var *vars;
	uint32_t	 nvars;
	uint32_t	 capvars;
	struct detect_flowvars_counter *counters;
	uint32_t	 ncounters;
	uint32_t	 capcounters;
	struct detect_tag_entry *tags;	/* room for DETECT_TAG_MAX */
	uint32_t	 ntags;
};

static struct detect_flow_vars *flowvars_get(struct flow *);
static void	*flowvars_grow(void *, uint32_t *, size_t);

static struct detect_flow_vars *
flowvars_get(struct flow *f)
{
	if (f->detect_vars == NULL)
		f->detect_vars = calloc(1, sizeof(struct detect_flow_vars));
	return f->detect_vars;
}

/* The array v (room for *cap elements of size each) doubled, or NULL
 * (v untouched) at the cap or out of memory. */
static void *
flowvars_grow(void *v, uint32_t *cap, size_t size)
{
	uint32_t ncap = *cap ? *cap * 2 : 4;
	void *n;

	if (ncap > DETECT_FLOWVARS_MAX)
		return NULL;
	if ((n = realloc(v, ncap * size)) == NULL)
		return NULL;
	*cap = ncap;
	return n;
}

void
detect_flow_vars_free(void *p)
{
	struct detect_flow_vars *fv = p;

	if (fv == NULL)
		return;
	free(fv->bits);
	free(fv->ints);
	for (uint32_t i = 0; i < fv->nvars; i++)
		free(fv->vars[i].val);
	free(fv->vars);
	free(fv->counters);
	free(fv->tags);
	free(fv);
}

bool
detect_flowvars_bit_isset(const struct flow *f, uint32_t id)
{
	const struct detect_flow_vars *fv = f->detect_vars;

	if (fv == NULL)
		return false;
	for (uint32_t i = 0; i < fv->nbits; i++)
		if (fv->bits[i] == id)
			return true;
	return false;
}

int
detect_flowvars_bit_set(struct flow *f, uint32_t id)
{
	struct detect_flow_vars *fv;

	if (detect_flowvars_bit_isset(f, id))
		return 0;
	if ((fv = flowvars_get(f)) == NULL)
		return -1;
	if (fv->nbits == fv->capbits) {
		uint32_t *n = flowvars_grow(fv->bits, &fv->capbits,
		    sizeof(*n));

		if (n == NULL)
			return -1;
		fv->bits = n;
	}
	fv->bits[fv->nbits++] = id;
	return 0;
}

void
detect_flowvars_bit_unset(struct flow *f, uint32_t id)
{
	struct detect_flow_vars *fv = f->detect_vars;

	if (fv == NULL)
		return;
	for (uint32_t i = 0; i < fv->nbits; i++) {
		if (fv->bits[i] == id) {
			fv->bits[i] = fv->bits[--fv->nbits];
			return;
		}
	}
}

bool
detect_flowvars_int_get(const struct flow *f, uint32_t id, uint32_t *value)
{
	const struct detect_flow_vars *fv = f->detect_vars;

	if (fv == NULL)
		return false;
	for (uint32_t i = 0; i < fv->nints; i++) {
		if (fv->ints[i].id == id) {
			*value = fv->ints[i].value;
			return true;
		}
	}
	return false;
}

int
detect_flowvars_int_set(struct flow *f, uint32_t id, uint32_t value)
{
	struct detect_flow_vars *fv;

	if ((fv = flowvars_get(f)) == NULL)
		return -1;
	for (uint32_t i = 0; i < fv->nints; i++) {
		if (fv->ints[i].id == id) {
			fv->ints[i].value = value;
			return 0;
		}
	}
	if (fv->nints == fv->capints) {
		struct flowvars_int *n = flowvars_grow(fv->ints, &fv->capints,
		    sizeof(*n));

		if (n == NULL)
			return -1;
		fv->ints = n;
	}
	fv->ints[fv->nints].id = id;
	fv->ints[fv->nints].value = value;
	fv->nints++;
	return 0;
}

int
detect_flowvars_var_set(struct flow *f, uint32_t id, const uint8_t *val,
    size_t len)
{
	struct detect_flow_vars *fv;
	struct flowvars_var *v = NULL;
	uint8_t *copy;

	if (len > DETECT_FLOWVARS_VAR_MAX || (fv = flowvars_get(f)) == NULL)
		return -1;
	if ((copy = malloc(len > 0 ? len : 1)) == NULL)
		return -1;
	memcpy(copy, val, len);
	for (uint32_t i = 0; i < fv->nvars && v == NULL; i++)
		if (fv->vars[i].id == id)
			v = &fv->vars[i];
	if (v == NULL) {
		if (fv->nvars == fv->capvars) {
			struct flowvars_var *n = flowvars_grow(fv->vars,
			    &fv->capvars, sizeof(*n));

			if (n == NULL) {
				free(copy);
				return -1;
			}
			fv->vars = n;
		}
		v = &fv->vars[fv->nvars++];
		v->id = id;
		v->val = NULL;
	}
	free(v->val);
	v->val = copy;
	v->len = (uint32_t)len;
	return 0;
}

bool
detect_flowvars_var_get(const struct flow *f, uint32_t id,
    const uint8_t **val, size_t *len)
{
	const struct detect_flow_vars *fv = f->detect_vars;

	for (uint32_t i = 0; fv != NULL && i < fv->nvars; i++) {
		if (fv->vars[i].id == id) {
			*val = fv->vars[i].val;
			*len = fv->vars[i].len;
			return true;
		}
	}
	return false;
}

void
detect_flowvars_each_var(const struct flow *f,
    void (*var)(const char *name, const uint8_t *val, size_t len, void *arg),
    void *arg)
{
	const struct detect_flow_vars *fv = f->detect_vars;
	const char *name;

	for (uint32_t i = 0; fv != NULL && i < fv->nvars; i++)
		if ((name = detect_names_name(DETECT_NAMES_FLOWVAR,
		    fv->vars[i].id)) != NULL)
			var(name, fv->vars[i].val, fv->vars[i].len, arg);
}

struct detect_flowvars_counter *
detect_flowvars_counter(struct flow *f, uint32_t gid, uint32_t sid,
    bool *created)
{
	struct detect_flow_vars *fv;
	struct detect_flowvars_counter *c;

	*created = false;
	if ((fv = flowvars_get(f)) == NULL)
		return NULL;
	for (uint32_t i = 0; i < fv->ncounters; i++)
		if (fv->counters[i].gid == gid && fv->counters[i].sid == sid)
			return &fv->counters[i];
	if (fv->ncounters == fv->capcounters) {
		c = flowvars_grow(fv->counters, &fv->capcounters, sizeof(*c));
		if (c == NULL)
			return NULL;
		fv->counters = c;
	}
	c = &fv->counters[fv->ncounters++];
	memset(c, 0, sizeof(*c));
	c->gid = gid;
	c->sid = sid;
	*created = true;
	return c;
}

void
detect_flowvars_each(const struct flow *f,
    void (*bit)(const char *name, void *arg),
    void (*integer)(const char *name, uint32_t value, void *arg), void *arg)
{
	const struct detect_flow_vars *fv = f->detect_vars;
	const char *name;

	if (fv == NULL)
		return;
	for (uint32_t i = 0; bit != NULL && i < fv->nbits; i++)
		if ((name = detect_names_name(DETECT_NAMES_FLOWBIT,
		    fv->bits[i])) != NULL)
			bit(name, arg);
	for (uint32_t i = 0; integer != NULL && i < fv->nints; i++)
		if ((name = detect_names_name(DETECT_NAMES_FLOWINT,
		    fv->ints[i].id)) != NULL)
			integer(name, fv->ints[i].value, arg);
}

void
detect_flowvars_tag_add(struct flow *f, uint32_t gid, uint32_t sid,
    const struct detect_tag *t, int64_t now_sec)
{
	struct detect_flow_vars *fv;

	if ((fv = flowvars_get(f)) == NULL)
		return;
	if (fv->tags == NULL &&
	    (fv->tags = calloc(DETECT_TAG_MAX, sizeof(*fv->tags))) == NULL)
		return;
	fv->ntags = detect_tag_list_add(fv->tags, fv->ntags, gid, sid, t,
	    now_sec);
}

bool
detect_flowvars_tag_packet(struct flow *f, const struct packet *p)
{
	struct detect_flow_vars *fv = f->detect_vars;

	if (fv == NULL || fv->ntags == 0)
		return false;
	return detect_tag_list_packet(fv->tags, &fv->ntags, p);
}
