/* What ssh.protoversion and ssh.softwareversion share: their value, the
 * rule made one of ssh per transaction, and the banner field of the
 * packet's direction read through the SSH parser's buffer. */
#ifndef QUELL_DETECT_KEYWORDS_SSH_VERSION_H
#define QUELL_DETECT_KEYWORDS_SSH_VERSION_H

#include "core/base.h"

struct detect_buffer;
struct detect_inspect;
struct keyword;
struct rule;
struct rules_option;
struct rules_parser;

#define DETECT_SSH_VERSION_MAX	256

struct detect_ssh_version {
	const struct detect_buffer *buf;	/* ssh.proto or ssh.software */
	bool		 compat2;		/* ssh.protoversion:2_compat */
	uint32_t	 len;
	uint8_t		 text[DETECT_SSH_VERSION_MAX];
};

/* Parses opt's value (a version: digits, dots and dashes, or
 * "2_compat", when proto; else Suricata's software characters
 * [0-9A-Za-z:._+ -]), optionally quoted, and adds kw's match, reading
 * buffer `buffer`, to r's match list; r becomes a tx rule of ssh. 0, or
 * -1 (reported). */
int	detect_ssh_version_setup(struct rules_parser *, struct rule *r,
	    const struct rules_option *opt, const struct keyword *kw,
	    const char *buffer, bool proto);
/* The field of the packet's direction of the transaction being
 * inspected; false when there is none (yet). */
bool	detect_ssh_version_get(const struct detect_inspect *,
	    const struct detect_ssh_version *, const uint8_t **buf,
	    uint32_t *len);

#endif
