/* First include of every quell source file: build options and the few
 * language helpers every module uses. Holds no project types. */
#ifndef QUELL_CORE_BASE_H
#define QUELL_CORE_BASE_H

#include "config.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define QUELL_PRINTF(f, a)	__attribute__((__format__(__printf__, f, a)))
#define QUELL_UNUSED		__attribute__((__unused__))
#define QUELL_LIKELY(x)		__builtin_expect(!!(x), 1)
#define QUELL_UNLIKELY(x)	__builtin_expect(!!(x), 0)

#define QUELL_NITEMS(a)		(sizeof(a) / sizeof((a)[0]))

#endif
