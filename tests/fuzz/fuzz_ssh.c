/* The SSH banner and record parser through its registry entry: the two
 * directions of a TCP stream (tests/fuzz/applayer_feed.h's input: fed
 * as the framework feeds it, INCOMPLETE honoured, every chunk an exact
 * copy), then every buffer, the progress, the state flags and the eve
 * object with hassh on. */
#include "core/base.h"

#include <jansson.h>

#include "applayer/ssh/ssh.h"
#include "applayer_feed.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct applayer_parser *p = &applayer_ssh_parser;
	struct applayer_ssh_config cfg = { .log_hassh = true };
	void *st = p->state_new(NULL, &cfg);
	volatile unsigned sink;

	if (st == NULL)
		return 0;
	fuzz_al_feed(p, st, data, size, false);
	sink = fuzz_al_walk(p, st) + p->state_flags(st);
	if (p->tx_count(st) == 1) {
		json_t *o = json_object();

		if (p->log_tx(st, p->tx_get(st, 0), o) == 0) {
			char *s = json_dumps(o, JSON_COMPACT);

			free(s);
		}
		json_decref(o);
		p->tx_free(st, 0);
		if (p->tx_count(st) != 0)
			abort();
	}
	(void)sink;
	p->state_free(st);
	return 0;
}
