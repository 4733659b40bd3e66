/* Rule reload without losing a packet: the new engine is built while the
 * old one keeps serving, then swapped in; the old one is freed once no
 * worker uses it. A broken rule set keeps the old rules running. */
#ifndef QUELL_DAEMON_RELOAD_H
#define QUELL_DAEMON_RELOAD_H

#include "core/base.h"

struct quell_config;
struct quelld_options;
struct runmode;

/* Serialised: a reload from a signal and one from the control socket
 * never run at once. Returns 0 when the new rules are in service; -1
 * with the reason (the first "file:line:col: problem", and how many
 * more) in err when the old rules stay. */
int	reload_rules(const struct quell_config *, const struct quelld_options *,
	    struct runmode *, char *err, size_t errlen);

#endif
