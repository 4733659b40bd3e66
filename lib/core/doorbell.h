/* Wakes a sleeping consumer without a syscall when it is awake: the
 * producer rings only if the consumer said it is about to sleep. */
#ifndef QUELL_CORE_DOORBELL_H
#define QUELL_CORE_DOORBELL_H

#include "core/base.h"

struct doorbell {
	uint32_t	 seq;
	uint32_t	 sleeping;
};

/* Producer, after publishing work. */
void	doorbell_ring(struct doorbell *);
/* Consumer: announce sleep; then re-check for work; then wait. */
uint32_t doorbell_prepare(struct doorbell *);
void	doorbell_wait(struct doorbell *, uint32_t seq, int timeout_ms);
void	doorbell_cancel(struct doorbell *);

#endif
