/* A set of file digests read from a list file, for filemd5 (and the
 * filesha1/filesha256 keywords, same format): Suricata's format, one
 * hex digest per line; a line that does not start with a hex digit is
 * skipped, anything after the leading run of hex digits is ignored, and
 * a run of the wrong length is an error naming file:line, and so is a
 * file without digests. */
#ifndef QUELL_DETECT_HASHLIST_H
#define QUELL_DETECT_HASHLIST_H

#include "core/base.h"

struct detect_hashlist;

/* Bounds: a list file larger than this is refused, as is a digest
 * length over DETECT_HASHLIST_LEN_MAX bytes. */
#define DETECT_HASHLIST_FILE_MAX	(64u << 20)
#define DETECT_HASHLIST_LEN_MAX		32

/* Parses text[0..len) as a list of digests of hlen bytes; name is the
 * file name the errors give. A new list, or NULL with err set
 * ("name:line: ...", or "out of memory"). */
struct detect_hashlist *detect_hashlist_parse(const char *name,
	    const char *text, size_t len, uint8_t hlen, char *err,
	    size_t errlen);
/* Reads and parses the file at path; NULL with err set (also when it
 * cannot be opened or is too large; errno is then that of the failure). */
struct detect_hashlist *detect_hashlist_load(const char *path, uint8_t hlen,
	    char *err, size_t errlen);
/* Whether the digest h (the list's length) is in the list. */
bool	detect_hashlist_has(const struct detect_hashlist *, const uint8_t *h);
/* Distinct digests in the list. */
size_t	detect_hashlist_count(const struct detect_hashlist *);
void	detect_hashlist_free(struct detect_hashlist *);

#endif
