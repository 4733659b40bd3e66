/* Reject replies: a TCP RST for TCP, an ICMP/ICMPv6 port unreachable for
 * everything else, built from the offending packet and sent through raw
 * sockets opened at start (before privileges are dropped). */
#ifndef QUELL_CAPTURE_REJECT_H
#define QUELL_CAPTURE_REJECT_H

#include "core/base.h"
#include "core/packet.h"

#define CAPTURE_REJECT_MAX	1280

enum reject_target {
	REJECT_TO_SOURCE,	/* the sender of p (reject, rejectsrc) */
	REJECT_TO_DEST,		/* the receiver of p (rejectdst) */
};

/* Builds the IP packet that rejects p toward target into buf (at least
 * CAPTURE_REJECT_MAX bytes). Returns its length, or 0 when p must not be
 * answered: not decoded, a fragment, a RST, an ICMP error, or a TCP
 * reject toward the destination of a packet without ACK number. */
size_t	capture_reject_build(const struct packet *p, enum reject_target,
	    uint8_t *buf);

struct capture_reject;

/* Opens raw IPv4 and IPv6 sockets (needs CAP_NET_RAW now; the sockets
 * keep working after privileges are dropped). NULL with errno set. */
struct capture_reject *capture_reject_open(void);
void	capture_reject_close(struct capture_reject *);
/* Builds and sends; returns 0 when sent, -1 when not sendable or the
 * send failed. Thread-safe. */
int	capture_reject_send(struct capture_reject *, const struct packet *,
	    enum reject_target);

#endif
