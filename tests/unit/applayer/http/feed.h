/* Feeding a parser state HTTP conversations the way the app-layer
 * framework will: per direction, in chunks of a chosen size (each in
 * its own exact-size allocation, so ASan sees any over-read), keeping
 * the bytes a direction was told to hold back (INCOMPLETE, needed 0)
 * until the other direction was parsed. */
#ifndef QUELL_TESTS_UNIT_APPLAYER_HTTP_FEED_H
#define QUELL_TESTS_UNIT_APPLAYER_HTTP_FEED_H

#include "core/base.h"

#include "applayer/http/config.h"
#include "applayer/parser.h"

struct feed_msg {
	uint8_t		 dir;
	const char	*data;
	size_t		 len;		/* 0: strlen(data) */
};

struct feed {
	struct http_config cfg;
	struct http_runtime *rt;
	void		*st;
	uint8_t		*pending[2];
	size_t		 npending[2];
	int		 errors;	/* ERROR answers */
	int		 changes;	/* APPLAYER_RESULT_CHANGE answers */
	uint32_t	 needs;		/* chunks' (what rules inspect: file
					 * digests, bodies; HTTP_NEED_*) */
};

/* Default-config with randomisation off (deterministic windows). */
void	feed_config(struct feed *);
/* Builds the runtime and a state for server address srv (NULL: none). */
void	feed_start(struct feed *, const char *srv);
/* Feeds msgs in order, chunk bytes per parse() (0: whole messages);
 * eof: both directions end after the last message. */
void	feed_run(struct feed *, const struct feed_msg *msgs, size_t n,
	    size_t chunk, bool eof);
void	feed_end(struct feed *);

/* The tx of index i, or NULL. */
void	*feed_tx(struct feed *, uint64_t i);
uint64_t feed_ntx(struct feed *);
/* Buffer name of tx in dir as a NUL-terminated copy (static storage,
 * overwritten by the next call), NULL when absent. *len its length. */
const char *feed_buf(void *tx, const char *name, uint8_t dir, uint32_t *len);
/* file.data value idx */
const char *feed_multi(void *tx, const char *name, uint8_t dir, uint32_t idx,
	    uint32_t *len);
bool	feed_event(void *tx, const char *name);
int	feed_progress(void *tx, uint8_t dir);

#endif
