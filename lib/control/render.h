/* Human output of control replies (quellctl without --json). Pure
 * formatting into a caller's stream: deterministic, so it is unit-tested.
 * A message not in the expected shape is printed generically, never
 * dropped. */
#ifndef QUELL_CONTROL_RENDER_H
#define QUELL_CONTROL_RENDER_H

#include "core/base.h"

#include <stdio.h>

#include <jansson.h>

/*
 * Writes command's OK message for humans. Shapes understood:
 *   version       {"name":"quell","version":"0.1.0"}
 *   uptime        {"uptime":SECONDS,"started":"ISO 8601"}
 *   command-list  {"count":N,"commands":[{"name":..,"help":..}]}
 *   counters      object of integers; nested objects give dotted names
 *   queues        {"queues":[{"queue":N,"packets":N,"accepted":N,
 *                 "dropped":N,"ring_full":N,"kernel":{"queue_total":N,
 *                 "queue_dropped":N,"user_dropped":N}}]}
 *   bypass-list   {"count":N,"flows":[{"proto":"tcp","src_ip":..,
 *                 "src_port":N,"dest_ip":..,"dest_port":N, more...}]}
 *   anything else a string as is, an object as "dotted.key: value" lines
 */
void	control_render_reply(FILE *fp, const char *command,
	    const json_t *message);

/* The live queue table (quellctl queues -i): the header, and one row per
 * queue (plus "all" when there are several) of rates between two
 * `queues` messages taken seconds apart: pkts/s, accepted/s, dropped/s,
 * then ring_full, queue_dropped and user_dropped as deltas and
 * queue_total (a gauge: packets waiting in the kernel) as is. Returns -1
 * without output when cur is not in the queues shape. */
void	control_render_queues_header(FILE *fp);
int	control_render_queues_rates(FILE *fp, const json_t *prev,
	    const json_t *cur, double seconds);

/* "2d 03:04:05" or "03:04:05" into buf; returns buf. */
const char *control_render_duration(long long seconds, char *buf,
	    size_t len);

#endif
