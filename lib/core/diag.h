/* Diagnostics for user input (rules, config): collected, not fatal, so a
 * parser can report every problem of a file and keep what is good. */
#ifndef QUELL_CORE_DIAG_H
#define QUELL_CORE_DIAG_H

#include "core/base.h"

#include <stdio.h>

enum diag_severity {
	DIAG_ERROR,
	DIAG_WARNING,
};

struct diag {
	enum diag_severity severity;
	char		*file;		/* may be NULL */
	unsigned	 line;		/* 0: none */
	unsigned	 col;		/* 0: none */
	char		*token;		/* offending token, may be NULL */
	char		*msg;
};

struct diag_list {
	struct diag	*items;
	size_t		 count;
	size_t		 cap;
	size_t		 errors;
	size_t		 warnings;
};

void	diag_list_init(struct diag_list *);
void	diag_list_free(struct diag_list *);
/* Appends a record; never fails visibly (on allocation failure the record is
 * lost but the error count still grows, so callers still see failure). */
void	diag_add(struct diag_list *, enum diag_severity, const char *file,
	    unsigned line, unsigned col, const char *token, const char *fmt, ...)
	    QUELL_PRINTF(7, 8);
/* "file:line:col: msg near 'token'" (warnings: "...: warning: msg")
 * into buf; returns buf. */
const char *diag_format(const struct diag *, char *buf, size_t len);
void	diag_list_print(const struct diag_list *, FILE *);

#endif
