/* Hash lists of the filemd5, filesha1 and filesha256 keywords
 * (Suricata's detect-file-hash-common): a file of hex digests, one a
 * line, that a closed file's digest is looked up in. */
#ifndef QUELL_DETECT_FILEHASH_H
#define QUELL_DETECT_FILEHASH_H

#include "core/base.h"

struct detect_inspect;
struct keyword;
struct rule;
struct rules_option;
struct rules_parser;

/* Sets up kw ("filesha256" ...) on rule r from option opt: the value
 * [!]NAME names the list, an absolute path or a path relative to the
 * rule file's directory (else to the working directory, as Suricata
 * tries both); the list is read as Suricata reads it
 * (detect/hashlist.h): a digest of len bytes in hex (2 * len digits,
 * either case) at the start of a line, anything after it ignored
 * ("HASH  name" as md5sum prints it), lines not starting with a hex
 * digit skipped. The match is attached to the internal buffer buffer
 * ("file.sha256"). A bad list is an error naming list:line; 0, or -1
 * after reporting. */
int	detect_filehash_setup(struct rules_parser *p, struct rule *r,
	    const struct rules_option *opt, const struct keyword *kw,
	    uint32_t len, const char *buffer);
/* Their struct keyword inspect: in->buf is one file's digest (empty
 * while the file is open: no match yet). */
int	detect_filehash_inspect(struct detect_inspect *in, const void *data,
	    uint32_t *resume);
void	detect_filehash_free(void *data);
/* Digests in the list (tests). */
size_t	detect_filehash_count(const void *data);

#endif
