/* Control commands: the handler contract, the built-in commands that need
 * only generic data (version, uptime, command-list) and the dispatch of
 * one request line to one reply line. No sockets here. */
#ifndef QUELL_CONTROL_COMMANDS_H
#define QUELL_CONTROL_COMMANDS_H

#include "core/base.h"

#include <time.h>

#include <jansson.h>

/*
 * A command handler runs on the control thread, one request at a time.
 *   ctx     the pointer given with the table (built-ins get the registry)
 *   args    the request's "args": always a JSON object (empty when the
 *           request had none), borrowed; validate every member before use
 *   message on success set it to a new reference (it is stolen); NULL
 *           sends null
 * Return 0 for {"return":"OK","message":*message}, or -1 after writing a
 * human-readable reason into err (errlen bytes; empty sends "command
 * failed") for {"return":"NOK","message":err}. A handler must not block
 * for long: every other client waits meanwhile.
 */
typedef int (*control_command_fn)(void *ctx, json_t *args, json_t **message,
    char *err, size_t errlen);

struct control_command {
	const char		*name;
	control_command_fn	 fn;
	const char		*help;	/* one line, shown by command-list */
};

/* The commands a server answers: the daemon's sorted table, then the
 * built-ins. */
struct control_registry {
	const struct control_command	*table;
	size_t				 ntable;
	void				*ctx;
	time_t				 started;	/* wall clock */
	struct timespec			 started_mono;	/* for uptime */
};

/* Fills reg; the table must outlive it. Records now as the start time. */
void	control_commands_init(struct control_registry *reg,
	    const struct control_command *table, size_t n, void *ctx);

/* Checks that table is sorted by name (strcmp), has no duplicates, no
 * NULL name or fn, and no name clashing with a built-in. Returns 0, or -1
 * with the reason in err. */
int	control_commands_check(const struct control_command *table, size_t n,
	    char *err, size_t errlen);

/* Finds name among the daemon's commands, then the built-ins; sets *ctx to
 * the pointer its handler must get. NULL when unknown. */
const struct control_command *control_commands_lookup(
	    const struct control_registry *reg, const char *name, void **ctx);

/* Answers one request line (without "\n"): parses it, runs the command
 * and returns the reply line ('\n'-terminated, malloc'd, *lenp its
 * length). Never fails on input; NULL only when out of memory. */
char	*control_commands_handle_line(const struct control_registry *reg,
	    const char *line, size_t len, size_t *lenp);

/* The built-in table, sorted. */
extern const struct control_command control_commands_builtin[];
extern const size_t control_commands_nbuiltin;

#endif
