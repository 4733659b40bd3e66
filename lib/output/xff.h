/* X-Forwarded-For in eve records (Suricata's outputs.eve-log.xff and
 * outputs.eve-log.types.alert.xff): the client address a proxy put in
 * an HTTP request header, added as "xff" (mode extra-data) or written
 * over the record's address (mode overwrite). */
#ifndef QUELL_OUTPUT_XFF_H
#define QUELL_OUTPUT_XFF_H

#include "core/base.h"

struct flow;

/* Longest header name kept, and longest address text (IPv6), with NUL. */
#define OUTPUT_XFF_HEADER_LEN	64
#define OUTPUT_XFF_IP_LEN	46

struct output_xff_cfg {
	bool		 enabled;
	bool		 overwrite;	/* mode overwrite; else extra-data */
	bool		 forward;	/* deployment forward: the first
					 * address; reverse: the last */
	char		 header[OUTPUT_XFF_HEADER_LEN];
};

/* The address a header value val[0..len) names, as Suricata takes it:
 * a value of 7 to 255 bytes; forward: up to the first ',', reverse:
 * after the last ' '; "[v6]:port", "[v6]", "v4:port", "v4" or "v6",
 * which must parse as an address. Into ip (at least OUTPUT_XFF_IP_LEN
 * bytes); false when the value names none. */
bool	output_xff_parse(const uint8_t *val, size_t len, bool forward,
	    char *ip, size_t iplen);

/* The address of flow f's HTTP request header cfg->header: of
 * transaction tx_id when has_tx, else of the first transaction the flow
 * holds whose header names one. false when none (or not HTTP). */
bool	output_xff_flow(const struct output_xff_cfg *cfg, const struct flow *f,
	    bool has_tx, uint64_t tx_id, char *ip, size_t iplen);

#endif
