#include "core/base.h"
#include "core/hex.h"

#include <stdio.h>

#include "detect/keywords/keyword.h"
#include "detect/xform.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* Suricata's xor:"HEX": every byte XORed with the key, repeated. The key
 * is double quoted, an even number of hex digits, 1 to 255 bytes. */

#define XOR_KEY_MAX	255

struct xor_key {
	uint8_t		 len;
	uint8_t		 key[XOR_KEY_MAX];
};

static int	xor_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static uint32_t	xor_room(const void *, uint32_t);
static uint32_t	xor_xform(const void *, const uint8_t *, uint32_t,
		    uint8_t *, void *);
static void	xor_key_text(const void *, char *, size_t);

const struct keyword kw_xor = {
	.name = "xor",
	.desc = "transform: XOR with a repeated key, xor:\"0d0ac8ff\"",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = xor_setup,
	.free = free,
	.xform_room = xor_room,
	.xform = xor_xform,
	.xform_key = xor_key_text,
};

static uint32_t
xor_room(const void *data, uint32_t len)
{
	return len;
}

static uint32_t
xor_xform(const void *data, const uint8_t *in, uint32_t len, uint8_t *out,
    void *scratch)
{
	const struct xor_key *k = data;

	for (uint32_t i = 0, j = 0; i < len; i++) {
		out[i] = in[i] ^ k->key[j];
		if (++j == k->len)
			j = 0;
	}
	return len;
}

static void
xor_key_text(const void *data, char *buf, size_t len)
{
	const struct xor_key *k = data;
	size_t off = 0;

	buf[0] = '\0';
	for (uint8_t i = 0; i < k->len && off + 3 <= len; i++)
		off += (size_t)snprintf(buf + off, len - off, "%02x",
		    k->key[i]);
}

static int
xor_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct xor_key *k;
	char *s;
	size_t n;

	if ((s = detect_xform_quoted(p, opt)) == NULL)
		return -1;
	n = strlen(s);
	if (n == 0 || n % 2 == 1 || n / 2 > XOR_KEY_MAX) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, n > 0 && n % 2 == 0 ? "xor key longer "
		    "than %d bytes" : "xor key: an even number of hex "
		    "digits (1 to %d bytes)", XOR_KEY_MAX);
		free(s);
		return -1;
	}
	if ((k = calloc(1, sizeof(*k))) == NULL) {
		free(s);
		rules_parser_nomem(p);
		return -1;
	}
	k->len = (uint8_t)(n / 2);
	for (size_t i = 0; i < n / 2; i++) {
		int hi = core_hex_value(s[2 * i]), lo = core_hex_value(s[2 * i + 1]);

		if (hi == -1 || lo == -1) {
			rules_parser_error(p, opt->value_off, opt->value,
			    opt->value_len, "xor key must be hexadecimal "
			    "characters only");
			free(s);
			free(k);
			return -1;
		}
		k->key[i] = (uint8_t)(hi << 4 | lo);
	}
	free(s);
	return detect_xform_attach(p, r, opt, &kw_xor, k);
}
