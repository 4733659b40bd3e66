/* libFuzzer target: the digest lists of filemd5 (lib/detect/hashlist.c),
 * read from files rule authors ship. The input is
 *
 *	len:u8 then the list text
 *
 * len % 3 picks the digest length (16 MD5, 20 SHA-1, 32 SHA-256). The
 * text, in an exact-size copy, is parsed; a list must hold at least one
 * digest and find each digest the text spells on a line of its own, and
 * an error must name the file. */
#include "core/base.h"
#include "core/hex.h"

#include <stdio.h>

#include "detect/hashlist.h"
#include "fuzz.h"


int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint8_t lens[3] = { 16, 20, 32 };
	struct detect_hashlist *hl;
	char err[256];
	uint8_t hlen, h[DETECT_HASHLIST_LEN_MAX];
	char *text;
	size_t len, off = 0;

	if (size < 1)
		return 0;
	hlen = lens[data[0] % 3];
	len = size - 1;
	if ((text = (char *)fuzz_memdup(data + 1, len)) == NULL)
		return 0;
	err[0] = '\0';
	hl = detect_hashlist_parse("f", text, len, hlen, err, sizeof(err));
	if (hl == NULL) {
		if (strncmp(err, "f", 1) != 0)
			__builtin_trap();
		free(text);
		return 0;
	}
	if (detect_hashlist_count(hl) == 0)
		__builtin_trap();
	/* every line that is exactly a digest must be found */
	while (off < len) {
		size_t end = off, i;

		while (end < len && text[end] != '\n')
			end++;
		if (end - off == (size_t)hlen * 2) {
			for (i = 0; i < hlen; i++) {
				int a = core_hex_value(text[off + 2 * i]);
				int b = core_hex_value(text[off + 2 * i + 1]);

				if (a < 0 || b < 0)
					break;
				h[i] = (uint8_t)(a << 4 | b);
			}
			if (i == hlen && !detect_hashlist_has(hl, h))
				__builtin_trap();
		}
		off = end + 1;
	}
	detect_hashlist_free(hl);
	free(text);
	return 0;
}
