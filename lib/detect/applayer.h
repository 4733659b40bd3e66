/* The glue between the app-layer parsers (lib/applayer: parser.h and
 * registry.c) and detection: every struct applayer_buffer a parser
 * declares becomes a transaction buffer of the buffer table (its sticky
 * keyword, its prefilter list), and a parser's flow state becomes the
 * struct detect_tx_source that detect_packet_tx() walks. lib/applayer
 * never includes lib/detect; this file is the one place that knows
 * both. */
#ifndef QUELL_DETECT_APPLAYER_H
#define QUELL_DETECT_APPLAYER_H

#include "core/base.h"

struct applayer_parser;
struct detect_tx_source;

/* Registers the buffers of every parser of the registry, once per
 * process (later calls return the first one's result): before rules
 * are parsed, and not concurrently with rule parsing. rules_load runs
 * it before every load. It also installs detect_tx_state_free() as the
 * release function parsers' tx_free calls
 * (applayer_txdata_set_release()). 0, or -1 with the first problem in err (a name
 * already taken, DETECT_BUFFER_LIMIT reached); the buffers registered
 * before it stay. */
int	detect_applayer_register(char *err, size_t errlen);
/* Whether a rule of app-layer protocol sig (struct rule alproto) may
 * match a flow whose protocol is flow: the same, or a pair Suricata's
 * AppProtoEquals accepts (a dcerpc rule on an SMB flow). */
bool	detect_applayer_proto_match(uint16_t sig, uint16_t flow);
/* Registers the buffers of one parser (each buffer: scope TX, the
 * parser's proto as alproto, its dirs, its progress in both directions,
 * get or get_multi as getter, inspected as tx_inspected, fast pattern
 * priority 2 as Suricata's app-layer buffers). A buffer already registered with the same name
 * and protocol is kept. 0, or -1 with the problem in err. */
int	detect_applayer_register_parser(const struct applayer_parser *ap,
	    char *err, size_t errlen);
/* Fills src for the flow state of parser ap: ap's transaction functions
 * and completion values, detection's per-tx slot in ap->tx_data(tx). */
void	detect_applayer_tx_source(const struct applayer_parser *ap,
	    void *state, struct detect_tx_source *src);

#endif
