#include "core/base.h"

#include <errno.h>

#include "bypass/request.h"

static const char *const why_names[BYPASS_WHY_COUNT] = {
	[BYPASS_WHY_KEYWORD] = "keyword",
	[BYPASS_WHY_PASS] = "pass",
	[BYPASS_WHY_BYTES] = "bypass-after",
	[BYPASS_WHY_CONTROL] = "control",
	[BYPASS_WHY_RESTORED] = "restored",
	[BYPASS_WHY_ENCRYPTED] = "encryption-handling",
};

const char *
bypass_why_name(enum bypass_why why)
{
	if ((unsigned int)why >= BYPASS_WHY_COUNT)
		return "unknown";
	return why_names[why];
}

int
bypass_request_ring_init(struct bypass_request_ring *r, uint32_t nslots)
{
	uint32_t n = 1;

	memset(r, 0, sizeof(*r));
	if (nslots == 0 || nslots > 1u << 24) {
		errno = EINVAL;
		return -1;
	}
	while (n < nslots)
		n <<= 1;
	if ((r->slots = calloc(n, sizeof(*r->slots))) == NULL)
		return -1;
	r->mask = n - 1;
	return 0;
}

void
bypass_request_ring_destroy(struct bypass_request_ring *r)
{
	free(r->slots);
	r->slots = NULL;
}

bool
bypass_request_ring_has_room(const struct bypass_request_ring *r)
{
	uint64_t cons = __atomic_load_n(&r->cons, __ATOMIC_ACQUIRE);

	return r->prod - cons <= r->mask;
}

bool
bypass_request_ring_push(struct bypass_request_ring *r,
    const struct bypass_request *req)
{
	if (!bypass_request_ring_has_room(r))
		return false;
	r->slots[r->prod & r->mask] = *req;
	__atomic_store_n(&r->prod, r->prod + 1, __ATOMIC_RELEASE);
	return true;
}

bool
bypass_request_ring_pop(struct bypass_request_ring *r,
    struct bypass_request *out)
{
	if (__atomic_load_n(&r->prod, __ATOMIC_ACQUIRE) == r->cons)
		return false;
	*out = r->slots[r->cons & r->mask];
	__atomic_store_n(&r->cons, r->cons + 1, __ATOMIC_RELEASE);
	return true;
}

bool
bypass_request_ring_empty(const struct bypass_request_ring *r)
{
	return __atomic_load_n(&r->prod, __ATOMIC_ACQUIRE) ==
	    __atomic_load_n(&r->cons, __ATOMIC_RELAXED);
}
