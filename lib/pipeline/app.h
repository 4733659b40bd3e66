/* The pipeline's application-layer step, the one file that knows both
 * lib/applayer and lib/detect: detection of a packet with its flow's
 * transactions (struct detect_tx_source from the flow's parser state),
 * then the framework told that detection is done with what completed.
 * Kept apart from pipeline.c so the per-packet order there stays
 * readable. */
#ifndef QUELL_PIPELINE_APP_H
#define QUELL_PIPELINE_APP_H

#include "core/base.h"

struct applayer_packet_result;
struct detect_result;
struct detect_thread;
struct packet;

/* detect_packet_tx() of p with its flow's app-layer state (or
 * detect_packet() without one); ar: what the app layer did with p. */
void	pipeline_app_detect(struct detect_thread *, struct packet *p,
	    const struct applayer_packet_result *ar, struct detect_result *);

#endif
