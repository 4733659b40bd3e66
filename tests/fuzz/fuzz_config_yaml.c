/* libFuzzer target: the YAML configuration loader. The input is a
 * quell.yaml; it is applied over the defaults, validated across keys,
 * and dumped (to /dev/null), as quelld -T and --dump-config do. The
 * flow settings it produced are checked and split per table as the run
 * mode would. */
#include "core/base.h"

#include <stdio.h>

#include "config/config.h"
#include "core/diag.h"
#include "flow/config.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *null;
	struct flow_table_config fc;
	struct quell_config *cfg;
	struct diag_list dl;
	char *text, line[512];

	if (null == NULL && (null = fopen("/dev/null", "w")) == NULL)
		abort();
	if ((text = fuzz_strndup(data, size)) == NULL)
		return 0;
	diag_list_init(&dl);
	if ((cfg = config_new()) == NULL)
		goto done;
	(void)config_load_string(cfg, "fuzz.yaml", text, &dl);
	(void)config_validate(cfg, &dl);
	config_dump(cfg, null);
	(void)config_eve_type_enabled(cfg, "alert");
	(void)config_strmap_get(&cfg->address_groups, "HOME_NET");
	fc = cfg->flow;
	if (flow_config_check(&fc) == NULL)
		flow_config_per_table(&fc, 7);
	config_free(cfg);
done:
	for (size_t i = 0; i < dl.count; i++)
		(void)diag_format(&dl.items[i], line, sizeof(line));
	diag_list_free(&dl);
	free(text);
	return 0;
}
