#include "core/base.h"

#include <stdarg.h>
#include <stdio.h>

#include "core/diag.h"

void
diag_list_init(struct diag_list *dl)
{
	memset(dl, 0, sizeof(*dl));
}

void
diag_list_free(struct diag_list *dl)
{
	for (size_t i = 0; i < dl->count; i++) {
		free(dl->items[i].file);
		free(dl->items[i].token);
		free(dl->items[i].msg);
	}
	free(dl->items);
	memset(dl, 0, sizeof(*dl));
}

void
diag_add(struct diag_list *dl, enum diag_severity sev, const char *file,
    unsigned line, unsigned col, const char *token, const char *fmt, ...)
{
	struct diag *d;
	char msg[512];
	va_list ap;

	if (sev == DIAG_ERROR)
		dl->errors++;
	else
		dl->warnings++;

	if (dl->count == dl->cap) {
		size_t ncap = dl->cap ? dl->cap * 2 : 16;
		struct diag *n = realloc(dl->items, ncap * sizeof(*n));

		if (n == NULL)
			return;
		dl->items = n;
		dl->cap = ncap;
	}
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);

	d = &dl->items[dl->count];
	d->severity = sev;
	d->line = line;
	d->col = col;
	d->file = file ? strdup(file) : NULL;
	d->token = token ? strdup(token) : NULL;
	d->msg = strdup(msg);
	if (d->msg == NULL) {
		free(d->file);
		free(d->token);
		return;
	}
	dl->count++;
}

const char *
diag_format(const struct diag *d, char *buf, size_t len)
{
	char where[512] = "";
	char near[160] = "";
	/* Errors read "file:line:col: problem"; only warnings are labelled,
	 * so the common case stays short and grep-able. */
	const char *sev = d->severity == DIAG_ERROR ? "" : "warning: ";

	if (d->file != NULL && d->line > 0 && d->col > 0)
		snprintf(where, sizeof(where), "%s:%u:%u: ", d->file, d->line,
		    d->col);
	else if (d->file != NULL && d->line > 0)
		snprintf(where, sizeof(where), "%s:%u: ", d->file, d->line);
	else if (d->file != NULL)
		snprintf(where, sizeof(where), "%s: ", d->file);
	if (d->token != NULL)
		snprintf(near, sizeof(near), " near '%.120s'", d->token);
	snprintf(buf, len, "%s%s%s%s", where, sev, d->msg, near);
	return buf;
}

void
diag_list_print(const struct diag_list *dl, FILE *fp)
{
	char buf[1024];

	for (size_t i = 0; i < dl->count; i++)
		fprintf(fp, "%s\n", diag_format(&dl->items[i], buf, sizeof(buf)));
}
