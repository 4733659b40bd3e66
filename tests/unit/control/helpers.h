/* Helpers for the control tests: temporary socket directories, a raw
 * line client, and a fake daemon command table. */
#ifndef QUELL_TESTS_UNIT_CONTROL_HELPERS_H
#define QUELL_TESTS_UNIT_CONTROL_HELPERS_H

#include "core/base.h"

#include <jansson.h>

#include "control/commands.h"

/* How long a test waits for a reply before failing. */
#define HELPER_WAIT_MS		10000

/* What the fake daemon's handlers saw; written on the server thread,
 * read by the test after the reply arrived. */
struct fake_daemon {
	int	calls;
	int	shutdown;
};

/* Sorted: blob, bypass-add, bypass-list, counters, echo, fail,
 * fail-silent, null, queues, reload-rules, running-config, shutdown. */
extern const struct control_command fake_table[];
extern const size_t fake_ntable;

/* The exact NOK text of the fake reload-rules. */
#define FAKE_RELOAD_ERROR	"rules/local.rules:12: unknown keyword 'conten'"

/* Makes a fresh directory under /tmp (path into dir). */
void	helper_tmpdir(char *dir, size_t len);
/* Removes dir and every file in it. */
void	helper_tmpdir_remove(const char *dir);

/* Blocking client socket connected to path; -1 when connect fails. */
int	helper_connect(const char *path);
/* Sends all of buf unless the peer goes away; returns the bytes sent. */
size_t	helper_send(int fd, const void *buf, size_t len);
void	helper_send_str(int fd, const char *s);
/* Next line without its "\n" (malloc'd), NULL on end of stream, error or
 * timeout. */
char	*helper_read_line(int fd, int timeout_ms);
/* Reads until end of stream; returns the bytes read. */
size_t	helper_drain(int fd, int timeout_ms);
/* Sends line (a "\n" is added) and returns the reply line. */
char	*helper_call(int fd, const char *line);

/* Deterministic pseudo-random numbers (xorshift64). */
uint64_t helper_rand(uint64_t *state);
/* Fills buf with n random bytes, NULs and newlines included. */
void	helper_rand_bytes(uint64_t *state, uint8_t *buf, size_t n);

#endif
