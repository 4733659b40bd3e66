/* Inspection buffers: what content, pcre, byte_* and isdataat look at.
 * A rule selects one with a sticky buffer keyword (pkt_data today;
 * http.uri, dns.query, tls.sni ... later); the keywords after it inspect
 * that buffer. A new buffer is a new id, its getter, and a keyword that
 * selects it: the content keywords do not change. */
#ifndef QUELL_DETECT_BUFFER_H
#define QUELL_DETECT_BUFFER_H

#include "core/base.h"

struct packet;

enum detect_buffer_id {
	DETECT_BUFFER_PAYLOAD,	/* the packet's L4 payload: pkt_data */
	DETECT_BUFFER_MAX,
};

struct detect_buffer {
	const char	*name;
	/* Sets *buf and *len to the buffer's bytes for p (len 0: absent). */
	void		(*get)(const struct packet *p, const uint8_t **buf,
			    uint32_t *len);
};

const struct detect_buffer *detect_buffer_get(enum detect_buffer_id);

#endif
