/* The content keyword's data, shared with its modifiers (nocase, depth,
 * offset, distance, within, startswith, endswith, fast_pattern, rawbytes)
 * and with the prefilter, which takes fast patterns from it. */
#ifndef QUELL_DETECT_KEYWORDS_CONTENT_H
#define QUELL_DETECT_KEYWORDS_CONTENT_H

#include "core/base.h"
#include "detect/kwparse.h"

struct rule;
struct rule_match;
struct rules_option;
struct rules_parser;

/* struct detect_content.flags */
#define CONTENT_NEGATED		0x0001
#define CONTENT_NOCASE		0x0002
#define CONTENT_DEPTH		0x0004
#define CONTENT_OFFSET		0x0008
#define CONTENT_DISTANCE	0x0010
#define CONTENT_WITHIN		0x0020
#define CONTENT_STARTSWITH	0x0040
#define CONTENT_ENDSWITH	0x0080
#define CONTENT_FAST_PATTERN	0x0100
#define CONTENT_FP_ONLY		0x0200
#define CONTENT_FP_CHOP		0x0400
#define CONTENT_RAWBYTES	0x0800

#define CONTENT_ABSOLUTE	(CONTENT_DEPTH | CONTENT_OFFSET | \
				 CONTENT_STARTSWITH)
#define CONTENT_RELATIVE	(CONTENT_DISTANCE | CONTENT_WITHIN)

struct detect_content {
	uint8_t		*pat;		/* lowercased when nocase */
	uint32_t	 len;
	uint32_t	 flags;		/* CONTENT_* */
	struct detect_value offset;
	struct detect_value depth;	/* bytes from offset */
	struct detect_value distance;
	struct detect_value within;
	uint32_t	 fp_off;	/* fast_pattern:off,len chop */
	uint32_t	 fp_len;
};

extern const struct keyword kw_content;

/* For a modifier option opt: the content it applies to (the rule's last
 * one), and its match in *m. NULL after reporting "'<opt>' needs a
 * preceding content". */
struct detect_content *detect_content_last(struct rules_parser *,
	    struct rule *, const struct rules_option *, struct rule_match **m);

#endif
