#include "core/base.h"

#include <time.h>
#include <unistd.h>
#include <linux/futex.h>
#include <sys/syscall.h>

#include "core/doorbell.h"

void
doorbell_ring(struct doorbell *d)
{
	/* Pairs with the fence in doorbell_prepare: either the consumer
	 * sees the published work, or this load sees it sleeping. */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (__atomic_load_n(&d->sleeping, __ATOMIC_RELAXED) == 0)
		return;
	__atomic_store_n(&d->sleeping, 0, __ATOMIC_RELAXED);
	__atomic_add_fetch(&d->seq, 1, __ATOMIC_RELEASE);
	syscall(SYS_futex, &d->seq, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

uint32_t
doorbell_prepare(struct doorbell *d)
{
	uint32_t seq = __atomic_load_n(&d->seq, __ATOMIC_ACQUIRE);

	__atomic_store_n(&d->sleeping, 1, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	return seq;
}

void
doorbell_wait(struct doorbell *d, uint32_t seq, int timeout_ms)
{
	struct timespec ts = { timeout_ms / 1000,
	    (long)(timeout_ms % 1000) * 1000000L };

	syscall(SYS_futex, &d->seq, FUTEX_WAIT_PRIVATE, seq, &ts, NULL, 0);
	__atomic_store_n(&d->sleeping, 0, __ATOMIC_RELAXED);
}

void
doorbell_cancel(struct doorbell *d)
{
	__atomic_store_n(&d->sleeping, 0, __ATOMIC_RELAXED);
}
