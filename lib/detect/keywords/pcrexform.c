#include "core/base.h"

#include <stdio.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "detect/keywords/keyword.h"
#include "detect/xform.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* Suricata's pcrexform:"REGEX": the buffer becomes what the regex's one
 * capture group matched. The regex is double quoted, without slashes
 * or flags, and has exactly one capture group; where it does not match
 * the buffer stays as it is (Suricata 7.0.6). Match limits as pcre's
 * (Suricata's defaults). */

#define PCREXFORM_MATCH_LIMIT	3500
#define PCREXFORM_DEPTH_LIMIT	1500

struct pcrexform {
	pcre2_code	*code;
	pcre2_match_context *mctx;
	char		*text;		/* the regex: the chain's key */
};

static int	pcrexform_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static void	pcrexform_free(void *);
static uint32_t	pcrexform_room(const void *, uint32_t);
static uint32_t	pcrexform_xform(const void *, const uint8_t *, uint32_t,
		    uint8_t *, void *);
static void	pcrexform_key(const void *, char *, size_t);
static void	*pcrexform_thread_new(void);
static void	pcrexform_thread_free(void *);

const struct keyword kw_pcrexform = {
	.name = "pcrexform",
	.desc = "transform: the buffer becomes a regex's capture group, "
	    "pcrexform:\"[a-z]+ (.*) HTTP\"",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = pcrexform_setup,
	.free = pcrexform_free,
	.thread_new = pcrexform_thread_new,
	.thread_free = pcrexform_thread_free,
	.xform_room = pcrexform_room,
	.xform = pcrexform_xform,
	.xform_key = pcrexform_key,
};

static uint32_t
pcrexform_room(const void *data, uint32_t len)
{
	return len;
}

static uint32_t
pcrexform_xform(const void *data, const uint8_t *in, uint32_t len,
    uint8_t *out, void *scratch)
{
	const struct pcrexform *px = data;
	pcre2_match_data *md = scratch;
	PCRE2_SIZE *ov;

	if (md != NULL && pcre2_match(px->code, in, len, 0, 0, md,
	    px->mctx) > 1) {
		ov = pcre2_get_ovector_pointer(md);
		if (ov[2] != PCRE2_UNSET && ov[3] >= ov[2] && ov[3] <= len) {
			memmove(out, in + ov[2], ov[3] - ov[2]);
			return (uint32_t)(ov[3] - ov[2]);
		}
	}
	memcpy(out, in, len);
	return len;
}

static void
pcrexform_key(const void *data, char *buf, size_t len)
{
	snprintf(buf, len, "%s", ((const struct pcrexform *)data)->text);
}

/* The whole match and the capture group. */
static void *
pcrexform_thread_new(void)
{
	return pcre2_match_data_create(2, NULL);
}

static void
pcrexform_thread_free(void *scratch)
{
	pcre2_match_data_free(scratch);
}

static void
pcrexform_free(void *data)
{
	struct pcrexform *px = data;

	if (px == NULL)
		return;
	pcre2_code_free(px->code);
	pcre2_match_context_free(px->mctx);
	free(px->text);
	free(px);
}

static int
pcrexform_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct pcrexform *px;
	PCRE2_UCHAR emsg[128];
	PCRE2_SIZE erroff;
	uint32_t ncap;
	int ecode;

	if ((px = calloc(1, sizeof(*px))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if ((px->text = detect_xform_quoted(p, opt)) == NULL)
		goto fail;
	px->code = pcre2_compile((PCRE2_SPTR)px->text, PCRE2_ZERO_TERMINATED,
	    0, &ecode, &erroff, NULL);
	if (px->code == NULL) {
		pcre2_get_error_message(ecode, emsg, sizeof(emsg));
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid pcrexform regex: %s at offset "
		    "%zu", (const char *)emsg, (size_t)erroff);
		goto fail;
	}
	if (pcre2_pattern_info(px->code, PCRE2_INFO_CAPTURECOUNT, &ncap) !=
	    0 || ncap != 1) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "pcrexform needs exactly one substring "
		    "capture, found %u", ncap);
		goto fail;
	}
	(void)pcre2_jit_compile(px->code, PCRE2_JIT_COMPLETE);
	if ((px->mctx = pcre2_match_context_create(NULL)) == NULL) {
		rules_parser_nomem(p);
		goto fail;
	}
	pcre2_set_match_limit(px->mctx, PCREXFORM_MATCH_LIMIT);
	pcre2_set_depth_limit(px->mctx, PCREXFORM_DEPTH_LIMIT);
	return detect_xform_attach(p, r, opt, &kw_pcrexform, px);
fail:
	pcrexform_free(px);
	return -1;
}
