#include "core/base.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "core/counters.h"
#include "core/doorbell.h"
#include "output/sink.h"
#include "output/writer.h"

/* How long the thread sleeps without work: a sink waiting out its
 * reconnect backoff retries at least this often. */
#define WRITER_IDLE_MS	200
/* A pass that took this many lines goes on at once; one that took fewer
 * waits WRITER_POLL_US for more, up to WRITER_IDLE_POLLS times in a row
 * (a tenth of a second) before the thread sleeps on its doorbell. Each
 * poll is a wake-up and a flush: at 1 ms the writer woke once per
 * pipelined HTTP request or so, a third of quelld's context switches
 * per request inline (bench/http -I); at 10 ms a line still leaves
 * within 10 ms, and a producer fills its 16384 lines only past 1.6
 * million events a second. */
#define WRITER_BATCH_LINES	1024
#define WRITER_POLL_US		10000
#define WRITER_IDLE_POLLS	10

/* Lines written go back to their producer for its next lines
 * (output_writer_reuse): a line freed by the writer thread is a free
 * into the producer's malloc arena, under its lock, which the worker
 * was taking at the same time for its own allocations (futex wake-ups
 * on pipelined HTTP). At most WRITER_BACK_SLOTS buffers wait per
 * producer; past them the writer frees. A pass of the writer takes a
 * few thousand lines at a time (it polls every 10 ms): 1024 let most
 * of them be freed by the writer anyway. */
#define WRITER_BACK_SLOTS	4096

struct line_ring {
	uint32_t	 mask;
	char		**slots;
	_Alignas(64) uint64_t prod;
	uint64_t	 lost;		/* producer-owned counter */
	_Alignas(64) uint64_t cons;
	/* the way back: the writer produces, the producer consumes */
	char		**back;
	_Alignas(64) uint64_t back_prod;
	_Alignas(64) uint64_t back_cons;
};

struct output_writer {
	const struct output_sink_ops *ops;
	void		*sink;
	struct output_sink_counters sc;
	size_t		 nrings;
	struct line_ring *rings;
	pthread_t	 thread;
	bool		 started;
	struct doorbell	 bell;
	int		 quit;		/* __atomic */
	int		 reopen;	/* __atomic */
	uint64_t	 flushed_gen;	/* __atomic, bumped after each pass */
};

/* Gives a written line back to its producer, or frees it when the way
 * back is full. */
static void
line_done(struct line_ring *r, char *line)
{
	uint64_t bp = r->back_prod;

	if (bp - __atomic_load_n(&r->back_cons, __ATOMIC_ACQUIRE) >=
	    WRITER_BACK_SLOTS) {
		free(line);
		return;
	}
	r->back[bp % WRITER_BACK_SLOTS] = line;
	__atomic_store_n(&r->back_prod, bp + 1, __ATOMIC_RELEASE);
}

/* One pass over every ring; returns the number of lines taken. */
static size_t
drain(struct output_writer *w)
{
	size_t taken = 0;

	for (size_t i = 0; i < w->nrings; i++) {
		struct line_ring *r = &w->rings[i];
		uint64_t cons = r->cons;
		uint64_t prod = __atomic_load_n(&r->prod, __ATOMIC_ACQUIRE);

		for (; cons != prod; cons++) {
			char *line = r->slots[cons & r->mask];

			w->ops->put(w->sink, line, strlen(line));
			line_done(r, line);
			taken++;
			__atomic_store_n(&r->cons, cons + 1, __ATOMIC_RELEASE);
		}
	}
	w->ops->flush(w->sink);
	return taken;
}

static bool
rings_empty(struct output_writer *w)
{
	for (size_t i = 0; i < w->nrings; i++)
		if (__atomic_load_n(&w->rings[i].prod, __ATOMIC_ACQUIRE) !=
		    w->rings[i].cons)
			return false;
	return true;
}

static void *
writer_main(void *arg)
{
	struct output_writer *w = arg;
	unsigned idle = WRITER_IDLE_POLLS;

	for (;;) {
		size_t n = drain(w);

		if (__atomic_exchange_n(&w->reopen, 0, __ATOMIC_ACQ_REL) &&
		    w->ops->reopen != NULL)
			w->ops->reopen(w->sink);
		__atomic_add_fetch(&w->flushed_gen, 1, __ATOMIC_RELEASE);
		if (n >= WRITER_BATCH_LINES) {
			idle = 0;
			continue;
		}
		if (__atomic_load_n(&w->quit, __ATOMIC_ACQUIRE)) {
			drain(w);
			break;
		}
		/* While events come, poll: a sleeping writer makes every
		 * producer pay a wake-up syscall per event (the doorbell),
		 * an awake one costs them nothing. Lines wait at most
		 * WRITER_POLL_US and leave in batches. Only after
		 * WRITER_IDLE_POLLS empty polls does the writer sleep. */
		if (n > 0)
			idle = 0;
		if (idle++ < WRITER_IDLE_POLLS) {
			usleep(WRITER_POLL_US);
			continue;
		}
		{
			uint32_t seq = doorbell_prepare(&w->bell);

			if (rings_empty(w) &&
			    !__atomic_load_n(&w->reopen, __ATOMIC_ACQUIRE))
				doorbell_wait(&w->bell, seq, WRITER_IDLE_MS);
			else
				doorbell_cancel(&w->bell);
		}
	}
	return NULL;
}

struct output_writer *
output_writer_open_sink(const struct output_sink_cfg *cfg, size_t nproducers,
    uint32_t ring_slots, char *err, size_t errlen)
{
	struct output_writer *w;
	uint32_t n = 1;

	while (n < ring_slots && n < (1u << 24))
		n <<= 1;
	if ((w = calloc(1, sizeof(*w))) == NULL)
		goto nomem;
	if ((w->ops = output_sink_find(cfg->filetype)) == NULL) {
		snprintf(err, errlen, "filetype %s: not one of regular, syslog, "
		    "unix_stream, unix_dgram%s", cfg->filetype,
#ifdef HAVE_HIREDIS
		    ", redis"
#else
		    " (redis: this quelld was built without hiredis)"
#endif
		    );
		free(w);
		errno = EINVAL;
		return NULL;
	}
	w->nrings = nproducers;
	if ((w->rings = calloc(nproducers, sizeof(*w->rings))) == NULL)
		goto nomem;
	for (size_t i = 0; i < nproducers; i++) {
		w->rings[i].mask = n - 1;
		if ((w->rings[i].slots = calloc(n, sizeof(char *))) == NULL ||
		    (w->rings[i].back = calloc(WRITER_BACK_SLOTS,
		    sizeof(char *))) == NULL)
			goto nomem;
	}
	if ((w->sink = w->ops->open(cfg, &w->sc, err, errlen)) == NULL)
		goto fail;
	return w;
nomem:
	snprintf(err, errlen, "out of memory");
	errno = ENOMEM;
fail:
	{
		int saved = errno;

		for (size_t i = 0; w != NULL && w->rings != NULL &&
		    i < nproducers; i++) {
			free(w->rings[i].slots);
			free(w->rings[i].back);
		}
		if (w != NULL)
			free(w->rings);
		free(w);
		errno = saved;
	}
	return NULL;
}

struct output_writer *
output_writer_open(const char *path, size_t nproducers, uint32_t ring_slots)
{
	struct output_sink_cfg cfg = { .filetype = "regular", .path = path };
	char err[256];

	return output_writer_open_sink(&cfg, nproducers, ring_slots, err,
	    sizeof(err));
}

int
output_writer_start(struct output_writer *w)
{
	if ((errno = pthread_create(&w->thread, NULL, writer_main, w)) != 0)
		return -1;
	w->started = true;
	return 0;
}

int
output_writer_chown(struct output_writer *w, uid_t uid, gid_t gid)
{
	return w->ops->chown != NULL ? w->ops->chown(w->sink, uid, gid) : 0;
}

void
output_writer_close(struct output_writer *w)
{
	if (w == NULL)
		return;
	__atomic_store_n(&w->quit, 1, __ATOMIC_RELEASE);
	doorbell_ring(&w->bell);
	if (w->started)
		pthread_join(w->thread, NULL);
	else
		drain(w);
	for (size_t i = 0; i < w->nrings; i++) {
		struct line_ring *r = &w->rings[i];

		for (uint64_t c = r->cons; c != r->prod; c++)
			free(r->slots[c & r->mask]);
		for (uint64_t c = r->back_cons; c != r->back_prod; c++)
			free(r->back[c % WRITER_BACK_SLOTS]);
		free(r->slots);
		free(r->back);
	}
	w->ops->close(w->sink);
	free(w->rings);
	free(w);
}

bool
output_writer_submit(struct output_writer *w, size_t producer, char *line)
{
	struct line_ring *r = &w->rings[producer];
	uint64_t prod = r->prod;

	if (prod - __atomic_load_n(&r->cons, __ATOMIC_ACQUIRE) > r->mask) {
		counter_inc(&r->lost);
		free(line);
		return false;
	}
	r->slots[prod & r->mask] = line;
	__atomic_store_n(&r->prod, prod + 1, __ATOMIC_RELEASE);
	doorbell_ring(&w->bell);
	return true;
}

char *
output_writer_reuse(struct output_writer *w, size_t producer, size_t *cap)
{
	struct line_ring *r = &w->rings[producer];
	uint64_t bc = r->back_cons;
	char *line;

	if (bc == __atomic_load_n(&r->back_prod, __ATOMIC_ACQUIRE))
		return NULL;
	line = r->back[bc % WRITER_BACK_SLOTS];
	__atomic_store_n(&r->back_cons, bc + 1, __ATOMIC_RELEASE);
	*cap = malloc_usable_size(line);
	return line;
}

void
output_writer_reopen(struct output_writer *w)
{
	__atomic_store_n(&w->reopen, 1, __ATOMIC_RELEASE);
	doorbell_ring(&w->bell);
}

void
output_writer_flush(struct output_writer *w)
{
	/* Two full passes after this call started cover every line that
	 * was submitted before it. */
	uint64_t target = __atomic_load_n(&w->flushed_gen, __ATOMIC_ACQUIRE) + 2;

	if (!w->started) {
		drain(w);
		return;
	}

	while (__atomic_load_n(&w->flushed_gen, __ATOMIC_ACQUIRE) < target) {
		doorbell_ring(&w->bell);
		usleep(1000);
	}
}

void
output_writer_stats(const struct output_writer *w,
    struct output_writer_stats *s)
{
	memset(s, 0, sizeof(*s));
	s->written = counter_get(&w->sc.written);
	s->dropped = counter_get(&w->sc.dropped);
	s->write_errors = counter_get(&w->sc.write_errors);
	s->reconnects = counter_get(&w->sc.reconnects);
	s->disconnects = counter_get(&w->sc.disconnects);
	for (size_t i = 0; i < w->nrings; i++)
		s->lost += counter_get(&w->rings[i].lost);
}
