/* Keywords that match a property of an app-layer transaction rather
 * than a buffer (dns.opcode, tls.version, ssl_state, tls_cert_expired,
 * ...: Suricata's AppLayerTxMatch keywords). Their setup binds the rule
 * to one app-layer protocol and puts the keyword on the match list of
 * a transaction rule: the engine evaluates it on each tx of the flow
 * (in->tx, the parser's opaque tx) on every packet until it matches or
 * the tx is complete in that direction (detect/engine.c engine_txs). */
#ifndef QUELL_DETECT_TXMATCH_H
#define QUELL_DETECT_TXMATCH_H

#include "core/base.h"

struct detect_inspect;
struct keyword;
struct kwparse_arg;
struct rule;
struct rules_option;
struct rules_parser;

/* Binds r to app-layer protocol alproto (enum applayer_proto; another
 * one already set is an error, as Suricata's "rule contains conflicting
 * keywords") and adds kw with data to its match list. On error data is
 * freed with kw->free. 0, or -1 after reporting. */
int	detect_txmatch_attach(struct rules_parser *, struct rule *r,
	    const struct rules_option *, const struct keyword *kw,
	    uint8_t alproto, void *data);
/* The packet's direction as APPLAYER_TOSERVER / APPLAYER_TOCLIENT. */
uint8_t	detect_txmatch_dir(const struct detect_inspect *in);
/* opt's value trimmed of blanks and of one pair of surrounding double
 * quotes. */
void	detect_txmatch_value(const struct rules_option *,
	    struct kwparse_arg *out);

#endif
