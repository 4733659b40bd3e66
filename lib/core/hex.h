#ifndef QUELL_CORE_HEX_H
#define QUELL_CORE_HEX_H

/* The value of the hex digit c (either case), or -1: content's |..|,
 * url_decode, xor keys and file digest lists read hex the same way. */
static inline int
core_hex_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

#endif
