/* Replays files through a fuzz target without libFuzzer: each argument
 * is a file or a directory (its regular files, in name order, not
 * recursive). Without arguments it replays the target's seed corpus,
 * $QUELL_TOP_SRCDIR/tests/fuzz/corpus/FUZZ_TARGET, which is how make
 * check runs it. A crash reproducer from libFuzzer runs the same way:
 *
 *	build/tests/fuzz/fuzz_packet_replay crash-0123abcd
 *
 * Exit 0 when every input went through (the target aborts on a bug), 99
 * when an input could not be read or the corpus is empty. */
#include "core/base.h"

#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>

#include "fuzz.h"

#ifndef FUZZ_TARGET
#error "FUZZ_TARGET (the corpus folder name) must be defined"
#endif

#define REPLAY_MAX_INPUT	(16u << 20)

static int	replay_file(const char *path);
static int	replay_dir(const char *path, size_t *n);
static int	replay_path(const char *path, size_t *n);
static int	name_cmp(const void *, const void *);

static int
replay_file(const char *path)
{
	FILE *f;
	uint8_t *buf;
	size_t len;
	long end;

	if ((f = fopen(path, "rb")) == NULL) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	if (fseek(f, 0, SEEK_END) == -1 || (end = ftell(f)) < 0 ||
	    (unsigned long)end > REPLAY_MAX_INPUT || fseek(f, 0, SEEK_SET) == -1) {
		fprintf(stderr, "replay: %s: cannot size (or over %u bytes)\n",
		    path, REPLAY_MAX_INPUT);
		fclose(f);
		return -1;
	}
	len = (size_t)end;
	/* Exactly len bytes: a read past the input is a sanitizer error,
	 * as under libFuzzer. */
	if ((buf = malloc(len > 0 ? len : 1)) == NULL ||
	    fread(buf, 1, len, f) != len) {
		fprintf(stderr, "replay: %s: read failed\n", path);
		free(buf);
		fclose(f);
		return -1;
	}
	fclose(f);
	fprintf(stderr, "replay: %s (%zu bytes)\n", path, len);
	LLVMFuzzerTestOneInput(buf, len);
	free(buf);
	return 0;
}

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
replay_dir(const char *path, size_t *n)
{
	DIR *d;
	struct dirent *de;
	char **names = NULL, **tmp, full[4096];
	size_t count = 0, cap = 0, i;
	struct stat st;
	int rc = 0;

	if ((d = opendir(path)) == NULL) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if (count == cap) {
			cap = cap ? cap * 2 : 64;
			if ((tmp = realloc(names, cap * sizeof(*names))) == NULL) {
				rc = -1;
				break;
			}
			names = tmp;
		}
		if ((names[count] = strdup(de->d_name)) == NULL) {
			rc = -1;
			break;
		}
		count++;
	}
	closedir(d);
	if (count > 0)
		qsort(names, count, sizeof(*names), name_cmp);
	for (i = 0; i < count; i++) {
		if (rc == 0 && (size_t)snprintf(full, sizeof(full), "%s/%s",
		    path, names[i]) < sizeof(full) && stat(full, &st) == 0 &&
		    S_ISREG(st.st_mode)) {
			if (replay_file(full) == -1)
				rc = -1;
			else
				(*n)++;
		}
		free(names[i]);
	}
	free(names);
	return rc;
}

static int
replay_path(const char *path, size_t *n)
{
	struct stat st;

	if (stat(path, &st) == -1) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode))
		return replay_dir(path, n);
	if (replay_file(path) == -1)
		return -1;
	(*n)++;
	return 0;
}

int
main(int argc, char **argv)
{
	char corpus[4096];
	const char *top;
	size_t n = 0;
	int i, rc = 0;

	if (argc > 1) {
		for (i = 1; i < argc; i++)
			if (replay_path(argv[i], &n) == -1)
				rc = -1;
	} else {
		if ((top = getenv("QUELL_TOP_SRCDIR")) == NULL)
			top = FUZZ_SRCDIR;
		if ((size_t)snprintf(corpus, sizeof(corpus),
		    "%s/tests/fuzz/corpus/%s", top, FUZZ_TARGET) >=
		    sizeof(corpus))
			return 99;
		rc = replay_path(corpus, &n);
	}
	printf("%s: %zu inputs replayed%s\n", FUZZ_TARGET, n,
	    rc == 0 ? "" : ", some could not be read");
	if (rc == -1 || n == 0)
		return 99;
	return 0;
}
