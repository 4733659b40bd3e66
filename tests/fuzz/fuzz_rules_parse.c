/* libFuzzer target: the rule parser and the engine build. The input is
 * rule text (one rule line, though more lines also load), parsed with
 * the default variables plus a few hostile ones (a variable loop, a
 * self-reference), the classtypes and reference systems quell ships,
 * and built into an engine; when that works the engine runs over a
 * short sample conversation (tests/fuzz/sample.h) so every keyword's
 * match code sees what its parser accepted. The prefilter back end
 * alternates with the input length (a multiple of 4: "auto", that is
 * Hyperscan when built in; else Aho-Corasick) so both compile
 * arbitrary patterns. */
#include "core/base.h"

#include <stdio.h>

#include "config/config.h"
#include "core/diag.h"
#include "core/packet.h"
#include "decode/decode.h"
#include "detect/engine.h"
#include "detect/threshold.h"
#include "flow/table.h"
#include "fuzz.h"
#include "rules/classification.h"
#include "rules/reference.h"
#include "rules/ruleset.h"
#include "rules/vars.h"
#include "sample.h"

static const char fuzz_classes[] =
    "config classification: not-suspicious,Not Suspicious Traffic,3\n"
    "config classification: bad-unknown,Potentially Bad Traffic, 2\n"
    "config classification: attempted-admin,Attempted Administrator "
    "Privilege Gain,1\n"
    "config classification: web-application-attack,Web Application "
    "Attack,1\n"
    "config classification: trojan-activity,A Network Trojan was "
    "detected, 1\n"
    "config classification: policy-violation,Potential Corporate "
    "Privacy Violation,1\n";
static const char fuzz_refs[] =
    "config reference: cve https://cve.mitre.org/cgi-bin/cvename.cgi?name=\n"
    "config reference: url https://\n"
    "config reference: bugtraq http://www.securityfocus.com/bid/\n";

static struct rules_vars *vars;
static struct rules_classes *classes;
static struct rules_refs *refs;

static void	fuzz_init(void);
static void	fuzz_run(const struct detect_engine *);

static void
fuzz_init(void)
{
	struct quell_config *cfg;
	struct diag_list dl;

	if ((cfg = config_new()) == NULL || (vars = rules_vars_new()) == NULL)
		abort();
	for (size_t i = 0; i < cfg->address_groups.count; i++)
		(void)rules_vars_set(vars, cfg->address_groups.items[i].name,
		    cfg->address_groups.items[i].value);
	for (size_t i = 0; i < cfg->port_groups.count; i++)
		(void)rules_vars_set(vars, cfg->port_groups.items[i].name,
		    cfg->port_groups.items[i].value);
	config_free(cfg);
	/* Hostile bindings a rule file cannot make but a config can. */
	(void)rules_vars_set(vars, "LOOP_A", "[$LOOP_B,10.0.0.0/8]");
	(void)rules_vars_set(vars, "LOOP_B", "!$LOOP_A");
	(void)rules_vars_set(vars, "SELF", "$SELF");
	(void)rules_vars_set(vars, "PLOOP", "[$PLOOP,80]");
	(void)rules_vars_set(vars, "EMPTY", "");
	(void)rules_vars_set(vars, "NESTED", "[[[[1.2.3.4,![5.6.7.8]]]]]");

	diag_list_init(&dl);
	if ((classes = rules_classes_new()) == NULL ||
	    (refs = rules_refs_new()) == NULL)
		abort();
	rules_classes_load_string(classes, "classification", fuzz_classes, &dl);
	rules_refs_load_string(refs, "reference", fuzz_refs, &dl);
	diag_list_free(&dl);
}

static void
fuzz_run(const struct detect_engine *de)
{
	struct flow_table_config fc;
	struct detect_thread *dt;
	struct detect_result res;
	struct flow_table *ft;
	struct packet p;
	uint8_t *buf;
	size_t i, len;

	if ((dt = detect_thread_new(de)) == NULL)
		return;
	flow_config_default(&fc);
	fc.memcap = 1u << 20;
	fc.hash_size = 16;
	fc.prealloc = 0;
	if ((ft = flow_table_new(&fc, detect_flow_vars_free, 1)) == NULL) {
		detect_thread_free(dt);
		return;
	}
	for (i = 0; ; i++) {
		uint8_t tmp[FUZZ_SAMPLE_MAX];

		if ((len = fuzz_sample_next(i, tmp)) == 0)
			break;
		/* Exactly len bytes, so reads past the packet are caught. */
		if ((buf = fuzz_memdup(tmp, len)) == NULL)
			break;
		memset(&p, 0, sizeof(p));
		p.data = buf;
		p.len = p.wire_len = (uint32_t)len;
		p.ts.tv_sec = 1700000000 + (time_t)i;
		if (decode_packet(&p) == 0) {
			flow_table_handle(ft, &p);
			detect_packet(dt, &p, &res);
		}
		free(buf);
	}
	flow_table_flush(ft, NULL, NULL);
	flow_table_free(ft);
	detect_thread_free(dt);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool init;
	struct detect_engine_opts o;
	struct detect_engine *de;
	struct ruleset *rs;
	struct diag_list dl;
	char *text;

	if (!init) {
		fuzz_init();
		init = true;
	}
	if ((text = fuzz_strndup(data, size)) == NULL)
		return 0;
	detect_threshold_reset();
	diag_list_init(&dl);
	if ((rs = rules_ruleset_new()) == NULL)
		goto done;
	rules_ruleset_set_classes(rs, classes);
	rules_ruleset_set_refs(rs, refs);
	(void)rules_load_string(rs, "fuzz.rules", text, vars, &dl);
	detect_engine_opts_default(&o);
	o.mpm = (size & 3) == 0 ? "auto" : "ac";
	/* The build takes rs, also when it fails. */
	if ((de = detect_engine_build_opts(rs, &o, &dl)) != NULL) {
		fuzz_run(de);
		detect_engine_free(de);
	}
done:
	/* Formatting every diag exercises the error paths' strings. */
	for (size_t i = 0; i < dl.count; i++) {
		char line[512];

		(void)diag_format(&dl.items[i], line, sizeof(line));
	}
	diag_list_free(&dl);
	free(text);
	return 0;
}
