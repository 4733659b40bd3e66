/* The chunk sizes every conversation test runs with (loop index):
 * whole messages, one byte at a time, and sizes that cut lines and
 * headers at every place. */
#ifndef QUELL_TESTS_UNIT_APPLAYER_HTTP_CHUNKS_H
#define QUELL_TESTS_UNIT_APPLAYER_HTTP_CHUNKS_H

static const size_t chunk_sizes[] = { 0, 1, 2, 3, 4, 5, 7, 11, 13, 17, 64,
	1500 };
#define NCHUNKS	((int)(sizeof(chunk_sizes) / sizeof(chunk_sizes[0])))
#define CHUNK	(chunk_sizes[_i])

#endif
