#ifndef QUELL_OUTPUT_JSON_LINE_H
#define QUELL_OUTPUT_JSON_LINE_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

/*
 * One eve line from a jansson tree: the bytes json_dumps(obj,
 * JSON_COMPACT) gives, then "\n". json_dumps formats through a callback
 * per token and snprintf per number, which made rendering a third of a
 * worker's time on small HTTP transactions; this writes into one buffer
 * that grows by doubling. Returns a malloc'd line (its length in *len),
 * or NULL when out of memory or the tree holds something JSON cannot
 * express (a non-finite real).
 */
char	*output_json_line(const json_t *obj, size_t *len);

/* The same, the top-level member named key written as raw[0..rawlen),
 * compact JSON text taken as it is (its value in obj only holds the
 * place: the bytes are those of obj with raw's value there). */
char	*output_json_line_with(const json_t *obj, const char *key,
	    const char *raw, size_t rawlen, size_t *len);

struct jtext;
/* Appends v's compact JSON text (the same bytes) to t; false when t
 * failed or v holds what JSON cannot express. */
bool	output_json_line_append(struct jtext *t, const json_t *v);

#endif
