#include "core/base.h"

#include <jansson.h>

#include "applayer/json.h"
#include "applayer/ssh/logger.h"
#include "applayer/ssh/ssh_int.h"

static int
set_bytes(json_t *o, const char *key, const struct ssh_bytes *b)
{
	return json_object_set_new(o, key, applayer_json_bytes(b->b, b->len));
}

static int
side(json_t *out, const char *name, const struct ssh_hdr *h, bool hassh)
{
	json_t *o, *hh;
	int rc = 0;

	if (h->protover.len == 0)
		return 0;
	if ((o = json_object()) == NULL)
		return -1;
	rc |= set_bytes(o, "proto_version", &h->protover);
	if (h->swver.len > 0)
		rc |= set_bytes(o, "software_version", &h->swver);
	if (hassh && (h->hassh[0] != '\0' || h->hassh_string.len > 0)) {
		if ((hh = json_object()) == NULL) {
			json_decref(o);
			return -1;
		}
		if (h->hassh[0] != '\0')
			rc |= json_object_set_new(hh, "hash",
			    json_string(h->hassh));
		if (h->hassh_string.len > 0)
			rc |= set_bytes(hh, "string", &h->hassh_string);
		rc |= json_object_set_new(o, "hassh", hh);
	}
	rc |= json_object_set_new(out, name, o);
	return rc != 0 ? -1 : 0;
}

int
applayer_ssh_log_tx(void *state, void *tx, json_t *out)
{
	const struct ssh_state *s = state;
	const struct ssh_tx *t = tx;

	if (t->hdr[0].protover.len == 0 && t->hdr[1].protover.len == 0)
		return -1;
	if (side(out, "client", &t->hdr[APPLAYER_TOSERVER],
	    s->cfg.log_hassh) == -1 || side(out, "server",
	    &t->hdr[APPLAYER_TOCLIENT], s->cfg.log_hassh) == -1)
		return -1;
	return 0;
}
