/* libFuzzer target: the YAML configuration loader. The input is a
 * quell.yaml; it is applied over the defaults, validated across keys,
 * and dumped (to /dev/null), as quelld -T and --dump-config do. The
 * flow settings it produced are checked and split per table as the run
 * mode would.
 *
 * A line "#@file" (a YAML comment, so a seed stays a valid file) starts
 * the next file: the input is up to FUZZ_FILES_MAX files named 0.yaml,
 * 1.yaml, ...; 0.yaml is loaded and include: finds the others in memory
 * (config_load_reader), so include chains, fan-out and cycles are
 * reachable without the file system. */
#include "core/base.h"

#include <stdio.h>

#include "config/config.h"
#include "core/diag.h"
#include "flow/config.h"
#include "fuzz.h"

#define FUZZ_FILES_MAX	8
#define FUZZ_FILE_SEP	"#@file\n"

struct fuzz_files {
	const char	*text[FUZZ_FILES_MAX];
	size_t		 len[FUZZ_FILES_MAX];
	unsigned	 count;
};

static const char *
fuzz_file_text(void *ctx, const char *path, size_t *len)
{
	const struct fuzz_files *f = ctx;
	unsigned n;
	char tail;

	/* Exactly "N.yaml"; "./1.yaml" and "x/1.yaml" are other files. */
	if (sscanf(path, "%u.yam%c", &n, &tail) != 2 || tail != 'l' ||
	    strlen(path) != 6 || n >= f->count)
		return NULL;
	*len = f->len[n];
	return f->text[n];
}

/* Splits text (size bytes) at each FUZZ_FILE_SEP line. */
static void
fuzz_split(struct fuzz_files *f, const char *text, size_t size)
{
	const size_t seplen = sizeof(FUZZ_FILE_SEP) - 1;
	size_t start = 0;

	f->count = 0;
	for (size_t i = 0; i + seplen <= size && f->count + 1 < FUZZ_FILES_MAX;
	    i++) {
		if ((i > 0 && text[i - 1] != '\n') ||
		    memcmp(text + i, FUZZ_FILE_SEP, seplen) != 0)
			continue;
		f->text[f->count] = text + start;
		f->len[f->count++] = i - start;
		start = i + seplen;
		i += seplen - 1;
	}
	f->text[f->count] = text + start;
	f->len[f->count++] = size - start;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *null;
	struct flow_table_config fc;
	struct quell_config *cfg;
	struct diag_list dl;
	struct fuzz_files files;
	const struct config_include_reader reader = {
		.text = fuzz_file_text, .ctx = &files,
	};
	char *text, line[512];

	if (null == NULL && (null = fopen("/dev/null", "w")) == NULL)
		abort();
	if ((text = fuzz_strndup(data, size)) == NULL)
		return 0;
	diag_list_init(&dl);
	if ((cfg = config_new()) == NULL)
		goto done;
	fuzz_split(&files, text, size);
	(void)config_load_reader(cfg, "0.yaml", &reader, &dl);
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
