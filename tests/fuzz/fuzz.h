/* What every fuzz target defines, and the few helpers they share. A
 * target is one file with LLVMFuzzerTestOneInput; it links either with
 * libFuzzer (fuzz_<target>, --enable-fuzz) or with replay.c
 * (fuzz_<target>_replay, always built, run by make check over
 * tests/fuzz/corpus/<target>/). */
#ifndef QUELL_TESTS_FUZZ_FUZZ_H
#define QUELL_TESTS_FUZZ_FUZZ_H

#include "core/base.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A NUL-terminated heap copy of data (exactly size + 1 bytes, so the
 * sanitizers see any read past the end), or NULL when out of memory. */
static inline char *
fuzz_strndup(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (s == NULL)
		return NULL;
	if (size > 0)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* A heap copy of exactly size bytes (at least 1 byte allocated). */
static inline uint8_t *
fuzz_memdup(const uint8_t *data, size_t size)
{
	uint8_t *p = malloc(size > 0 ? size : 1);

	if (p != NULL && size > 0)
		memcpy(p, data, size);
	return p;
}

#endif
