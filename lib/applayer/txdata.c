#include "core/base.h"

#include "applayer/parser.h"

/* Set once at start-up by whoever owns detection state (the framework
 * wires detection's free function here), read by every parser's
 * tx_free; never changed while packets flow. */
static void (*release_fn)(void *);

void
applayer_txdata_set_release(void (*fn)(void *))
{
	release_fn = fn;
}

void
applayer_txdata_release(struct applayer_txdata *td)
{
	if (td->detect_state != NULL && release_fn != NULL)
		release_fn(td->detect_state);
	td->detect_state = NULL;
}
