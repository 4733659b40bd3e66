/* BUG_ON is for programmer errors only, never to validate input. */
#ifndef QUELL_CORE_BUG_H
#define QUELL_CORE_BUG_H

#include <stdio.h>
#include <stdlib.h>

#define BUG_ON(cond) do {						\
	if (__builtin_expect(!!(cond), 0)) {				\
		fprintf(stderr, "BUG at %s:%d: %s\n",			\
		    __FILE__, __LINE__, #cond);				\
		abort();						\
	}								\
} while (0)

#endif
