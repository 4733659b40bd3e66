/* Suricata's unsigned comparison syntax, shared by dsize, ttl, itype,
 * icode, tcp.mss, ... :
 *
 *	N  !N  <N  <=N  >N  >=N  N-M  N<>M  (ranges exclude their ends)
 */
#ifndef QUELL_DETECT_UINT_H
#define QUELL_DETECT_UINT_H

#include "core/base.h"

enum detect_uint_mode {
	DETECT_UINT_EQ,
	DETECT_UINT_NE,
	DETECT_UINT_LT,
	DETECT_UINT_LTE,
	DETECT_UINT_GT,
	DETECT_UINT_GTE,
	DETECT_UINT_RANGE,	/* a < v < b */
	DETECT_UINT_NOT_RANGE,
};

struct detect_uint {
	enum detect_uint_mode mode;
	uint64_t	 a;
	uint64_t	 b;
};

/* Parses s[0..len) with values up to max. false when malformed, out of
 * range, or an empty range. */
bool	detect_uint_parse(const char *s, size_t len, uint64_t max,
	    struct detect_uint *out);
bool	detect_uint_match(const struct detect_uint *, uint64_t v);



struct keyword;
struct rule;
struct rules_option;
struct rules_parser;

/* Setup of a keyword whose value is one detect_uint up to max: parses
 * it (reporting "invalid <kw> '<value>'") and attaches it to the rule's
 * packet list. 0, or -1 after reporting. */
int	detect_uint_setup(struct rules_parser *, struct rule *,
	    const struct rules_option *, const struct keyword *kw,
	    uint64_t max);

#endif
