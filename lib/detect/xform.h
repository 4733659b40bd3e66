/* Transforms: Suricata's keywords that change a sticky buffer before
 * its keywords see it ("http.uri; to_lowercase; content:..."). Each
 * transform is a keyword file under lib/detect/keywords/ whose struct
 * keyword sets xform and xform_room (keyword.h); its setup parses the
 * value and calls detect_xform_attach(). A rule's buffer then goes
 * through its chain of transforms, in rule order; the engine interns
 * (buffer, chain) pairs as inspection lists, prefilters the transformed
 * bytes per list and computes them once per packet or transaction in
 * per-thread scratch (detect/engine_int.h, struct detect_list).
 *
 * As in Suricata 7.0.6: transforms must follow a sticky buffer keyword
 * (not pkt_data, not the default buffer); a transform after contents of
 * the buffer applies to the keywords after it; a content a transform
 * makes impossible ("A" after to_lowercase) is an error. */
#ifndef QUELL_DETECT_XFORM_H
#define QUELL_DETECT_XFORM_H

#include "core/base.h"

struct keyword;
struct rule;
struct rules_option;
struct rules_parser;

/* The common setup of transform kw with its parsed data (NULL for
 * transforms without a value): checks it may follow, then appends it to
 * the rule's current buffer. data is the rule's from here on (freed
 * with kw->free on failure too). 0, or -1 after reporting. */
int	detect_xform_attach(struct rules_parser *p, struct rule *r,
	    const struct rules_option *opt, const struct keyword *kw,
	    void *data);
/* For a content of the current buffer: the name of the first transform
 * of the buffer's chain the content pat[0..len) can never match after,
 * or NULL. */
const char *detect_xform_check_content(const struct rule *r,
	    const uint8_t *pat, uint32_t len);
/* A transform value that must be double quoted (xor, pcrexform): the
 * text between the quotes, as written (backslashes kept, as Suricata),
 * as a new string, or NULL after reporting. */
char	*detect_xform_quoted(struct rules_parser *p,
	    const struct rules_option *opt);

/* The byte tests of the whitespace and case transforms, Suricata's:
 * isspace() and ASCII case in the C locale. */
bool	detect_xform_is_space(uint8_t c);

#endif
