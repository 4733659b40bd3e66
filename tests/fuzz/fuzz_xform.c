/* libFuzzer target: the transforms (lib/detect/keywords: to_lowercase,
 * url_decode, pcrexform, ...), which run on every byte an attacker
 * sends on a buffer that has them. The input is
 *
 *	chain:u8 chain2:u8 then the buffer
 *
 * Each byte picks two transforms (low and high nibble) of the table
 * below, so four in a row run on the buffer in order, each output the
 * next input in a buffer of exactly the room the transform asked for
 * (the sanitizers see a write past it). Every output must fit that room.
 * The transforms' values (xor key, pcrexform regex) come from rules
 * parsed once, as the engine gets them. */
#include "core/base.h"

#include <stdio.h>

#include "core/diag.h"
#include "detect/keywords/keyword.h"
#include "rules/rule.h"
#include "rules/ruleset.h"
#include "fuzz.h"

#define FUZZ_XFORMS	16

static const char *const fuzz_rules[FUZZ_XFORMS] = {
	"dotprefix", "strip_whitespace", "compress_whitespace",
	"to_lowercase", "to_uppercase", "url_decode", "to_md5", "to_sha1",
	"to_sha256", "header_lowercase", "strip_pseudo_headers",
	"xor:\"0d0ac8ff\"", "xor:\"ff\"", "pcrexform:\"[a-z]+\\s+(.*)\\s+HTTP\"",
	"pcrexform:\"(.)\"", "pcrexform:\"^(a*)*$\"",
};

struct fuzz_xf {
	const struct keyword *kw;
	void		*data;
	void		*scratch;
};

static struct fuzz_xf xf[FUZZ_XFORMS];
static struct ruleset *fuzz_rs;
static struct rule **fuzz_held;
static size_t nheld;

static void	fuzz_xform_init(void);

/* Parses every transform once; kept for the process. */
static void
fuzz_xform_init(void)
{
	struct diag_list dl;
	char text[4096];
	size_t off = 0;

	diag_list_init(&dl);
	fuzz_rs = rules_ruleset_new();
	for (int i = 0; i < FUZZ_XFORMS; i++)
		off += (size_t)snprintf(text + off, sizeof(text) - off,
		    "alert tcp any any -> any any (tcp.hdr; %s; content:\"|00|\"; "
		    "sid:%d;)\n", fuzz_rules[i], i + 1);
	if (fuzz_rs == NULL || rules_load_string(fuzz_rs, "fuzz.rules", text,
	    NULL, &dl) == -1 || dl.errors > 0)
		abort();
	rules_ruleset_take(fuzz_rs, &fuzz_held, &nheld);
	if (nheld != FUZZ_XFORMS)
		abort();
	for (size_t i = 0; i < nheld; i++) {
		const struct rule_xchain *c = &fuzz_held[i]->xchains[1];

		xf[i].kw = c->xforms[0].kw;
		xf[i].data = c->xforms[0].data;
		xf[i].scratch = xf[i].kw->thread_new != NULL ?
		    xf[i].kw->thread_new() : NULL;
	}
	diag_list_free(&dl);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *in;
	uint32_t len;
	uint8_t pick[4];

	if (xf[0].kw == NULL)
		fuzz_xform_init();
	if (size < 2)
		return 0;
	pick[0] = data[0] & 15;
	pick[1] = data[0] >> 4;
	pick[2] = data[1] & 15;
	pick[3] = data[1] >> 4;
	len = (uint32_t)(size - 2);
	if ((in = fuzz_memdup(data + 2, len)) == NULL)
		return 0;
	for (int k = 0; k < 4; k++) {
		const struct fuzz_xf *x = &xf[pick[k]];
		uint32_t room = x->kw->xform_room(x->data, len);
		uint8_t *out = malloc(room ? room : 1);
		uint32_t n;

		if (out == NULL)
			break;
		n = x->kw->xform(x->data, in, len, out, x->scratch);
		if (n > room)
			abort();
		free(in);
		in = out;
		len = n;
	}
	free(in);
	return 0;
}
