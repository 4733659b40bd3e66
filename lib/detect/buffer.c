#include "core/base.h"

#include "core/packet.h"
#include "detect/buffer.h"

static void	buffer_payload(const struct packet *, const uint8_t **,
		    uint32_t *);

static const struct detect_buffer buffers[DETECT_BUFFER_MAX] = {
	[DETECT_BUFFER_PAYLOAD] = { "pkt_data", buffer_payload },
};

static void
buffer_payload(const struct packet *p, const uint8_t **buf, uint32_t *len)
{
	*buf = p->payload;
	*len = p->payload != NULL ? p->payload_len : 0;
}

const struct detect_buffer *
detect_buffer_get(enum detect_buffer_id id)
{
	return id < DETECT_BUFFER_MAX ? &buffers[id] : NULL;
}
