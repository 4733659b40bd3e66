/* fast.log: Suricata's one-line alert format, for grep and old tools:
 * 11/30/2026-00:13:08.123456  [Drop] [**] [1:2:1] msg [**]
 * [Classification: (null)] [Priority: 3] {TCP} 198.18.1.2:1234 -> 198.18.2.2:80 */
#ifndef QUELL_OUTPUT_FASTLOG_H
#define QUELL_OUTPUT_FASTLOG_H

#include "core/base.h"
#include "core/packet.h"

#include <sys/types.h>

struct output_fastlog;
struct output_eve_alert;

struct output_fastlog *output_fastlog_open(const char *path, size_t nproducers);
/* As output_eve_start() / output_eve_chown(). */
int	output_fastlog_start(struct output_fastlog *);
int	output_fastlog_chown(struct output_fastlog *, uid_t, gid_t);
void	output_fastlog_close(struct output_fastlog *);
void	output_fastlog_reopen(struct output_fastlog *);
void	output_fastlog_alert(struct output_fastlog *, size_t producer,
	    const struct packet *, const struct output_eve_alert *);
/* The line for one alert into buf; returns its length. */
size_t	output_fastlog_format(char *buf, size_t len, const struct packet *,
	    const struct output_eve_alert *);

#endif
