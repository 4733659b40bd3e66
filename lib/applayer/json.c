#include "core/base.h"

#include <stdio.h>

#include <jansson.h>

#include "applayer/json.h"

json_t *
applayer_json_bytes(const uint8_t *b, size_t len)
{
	json_t *s;
	char *esc;
	size_t n = 0;

	if ((s = json_stringn((const char *)b, len)) != NULL)
		return s;
	if ((esc = malloc(len * 4 + 1)) == NULL)
		return NULL;
	for (size_t i = 0; i < len; i++) {
		if (b[i] >= 0x20 && b[i] < 0x7f)
			esc[n++] = (char)b[i];
		else
			n += (size_t)snprintf(esc + n, 5, "\\x%02x", b[i]);
	}
	s = json_stringn(esc, n);
	free(esc);
	return s;
}
