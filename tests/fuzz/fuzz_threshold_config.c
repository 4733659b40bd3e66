/* libFuzzer target: threshold.config. The input is the file's text,
 * applied to a few fixed rules (one with a threshold of its own, gids 1
 * and 3, drop and alert) with the default variables, built into an
 * engine that then runs over the sample conversation (tests/fuzz/
 * sample.h), so suppress address lists, the rate limits and rate_filter
 * actions all run. */
#include "core/base.h"

#include <stdio.h>

#include "config/config.h"
#include "core/diag.h"
#include "core/packet.h"
#include "decode/decode.h"
#include "detect/engine.h"
#include "detect/threshold.h"
#include "detect/threshold_file.h"
#include "flow/table.h"
#include "fuzz.h"
#include "rules/ruleset.h"
#include "rules/vars.h"
#include "sample.h"

static const char fuzz_rules[] =
    "alert tcp any any -> any any (msg:\"a\"; content:\"GET\"; sid:1;)\n"
    "drop tcp any any -> any any (msg:\"b\"; content:\"HTTP\"; sid:2;)\n"
    "alert udp any any -> any any (msg:\"c\"; threshold:type limit, track "
    "by_src, count 1, seconds 5; sid:3;)\n"
    "alert ip any any -> any any (msg:\"d\"; gid:3; sid:4;)\n"
    "reject tcp any any -> any 80 (msg:\"e\"; flags:S; sid:5;)\n";

static struct rules_vars *vars;

static void
fuzz_init(void)
{
	struct quell_config *cfg;

	if ((cfg = config_new()) == NULL || (vars = rules_vars_new()) == NULL)
		abort();
	for (size_t i = 0; i < cfg->address_groups.count; i++)
		(void)rules_vars_set(vars, cfg->address_groups.items[i].name,
		    cfg->address_groups.items[i].value);
	config_free(cfg);
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
	struct detect_engine *de;
	struct ruleset *rs;
	struct diag_list dl;

	if (!init) {
		fuzz_init();
		init = true;
	}
	diag_list_init(&dl);
	if ((rs = rules_ruleset_new()) == NULL)
		return 0;
	(void)rules_load_string(rs, "fuzz.rules", fuzz_rules, vars, &dl);
	detect_threshold_file_apply(rs, "fuzz.config", (const char *)data,
	    size, vars, &dl);
	if ((de = detect_engine_build(rs, &dl)) != NULL) {
		fuzz_run(de);
		detect_engine_free(de);
	}
	diag_list_free(&dl);
	detect_threshold_reset();
	return 0;
}
