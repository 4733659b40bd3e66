/* Flow hashing for worker selection: both directions of a flow hash
 * alike, so one worker sees a whole flow and keeps its packets in order. */
#ifndef QUELL_CORE_HASH_H
#define QUELL_CORE_HASH_H

#include "core/base.h"
#include "core/packet.h"

/* Symmetric hash of the 5-tuple for TCP/UDP (first fragments included),
 * of the address pair for everything else and for non-first fragments
 * (which carry no ports). A packet that did not decode hashes to 0. */
uint32_t hash_flow_symmetric(const struct packet *);

#endif
