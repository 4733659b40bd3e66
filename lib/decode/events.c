#include "core/base.h"

#include <strings.h>

#include "decode/events.h"

#define DECODE_EV_NAME_(id, name)	[DECODE_EV_##id] = name,

static const char *const decode_event_names[DECODE_EV_ALL] = {
	DECODE_EVENT_LIST(DECODE_EV_NAME_)
	DECODE_STREAM_EVENT_LIST(DECODE_EV_NAME_)
};

#undef DECODE_EV_NAME_

const char *
decode_event_name(enum decode_event ev)
{
	if ((unsigned)ev >= DECODE_EV_ALL)
		return NULL;
	return decode_event_names[ev];
}

/* A linear walk: only rule loading looks names up. */
int
decode_event_lookup(const char *name, size_t len)
{
	for (int ev = 0; ev < DECODE_EV_ALL; ev++) {
		const char *n = decode_event_names[ev];

		if (strlen(n) == len && strncasecmp(n, name, len) == 0)
			return ev;
	}
	return -1;
}
