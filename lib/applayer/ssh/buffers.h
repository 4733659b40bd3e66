/* The SSH inspection buffers (ssh.proto, ssh.software, the hassh ones
 * and Suricata's older names). */
#ifndef QUELL_APPLAYER_SSH_BUFFERS_H
#define QUELL_APPLAYER_SSH_BUFFERS_H

#include "core/base.h"
#include "applayer/parser.h"

#define APPLAYER_SSH_NBUFFERS	6

extern const struct applayer_buffer applayer_ssh_buffers[APPLAYER_SSH_NBUFFERS];

#endif
