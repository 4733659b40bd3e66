/* The stream tests' fixture: a real flow table and stream engine, and
 * IPv4 TCP segments with chosen bytes, client 192.0.2.1:40000 to server
 * 198.51.100.2:80. Offsets are stream offsets: the client's bytes start
 * at offset 0 = its ISN + 1. */
#ifndef QUELL_TESTS_UNIT_STREAM_HELPERS_H
#define QUELL_TESTS_UNIT_STREAM_HELPERS_H

#include "core/base.h"
#include "core/packet.h"
#include "flow/table.h"
#include "stream/stream.h"

struct tstream {
	struct stream_config cfg;	/* set before tstream_start */
	bool		 midstream;
	struct stream_hostos *hosts;	/* may be set before start */
	uint32_t	 cisn, sisn;	/* initial sequence numbers */
	uint16_t	 urp;		/* urgent pointer of the next segments
					   (with PKT_TCP_URG) */
	uint8_t		 wscale;	/* window scale option on the SYN and
					   SYN/ACK of tstream_handshake (0:
					   none) */
	struct flow_table *ft;
	struct stream_ctx *ctx;
	struct flow	*f;		/* after the first packet */
	struct stream_result res;	/* of the last packet */
	struct packet	 p;		/* the last packet (bytes in frame) */
	uint64_t	 events[PKT_EVENT_WORDS];	/* its p->events */
	uint8_t		 frame[9000];
};

extern struct tstream ts;

/* Check fixtures: defaults (inline, bsd, ISNs 1000 and 5000), then
 * free everything. */
void	tstream_setup(void);
void	tstream_teardown(void);
/* Builds the flow table and engine from ts.cfg. */
void	tstream_start(void);
/* SYN, SYN/ACK, ACK. */
void	tstream_handshake(void);
/* A data segment of the client at stream offset off (ACK of the
 * server's offset 0) or of the server (reply). Returns ts.res.flags. */
uint32_t tstream_send(bool reply, uint64_t off, const char *data);
/* A segment with explicit flags, seq, ack and window. */
uint32_t tstream_raw(bool reply, uint8_t flags, uint32_t seq, uint32_t ack,
	    uint16_t win, const void *data, size_t len);
/* A client segment with URG and urgent pointer urp at wire offset
 * woff (bytes after the client's ISN + 1, urgent bytes taken out
 * included). Returns ts.res.flags. */
uint32_t tstream_urgent(uint64_t woff, const char *data, uint16_t urp);
/* The server acknowledges the client's bytes up to off. */
void	tstream_ack(uint64_t off);
/* The client's contiguous stream from offset 0 (or the first byte held)
 * as a NUL-terminated string (static buffer). */
const char *tstream_client_bytes(void);
bool	tstream_event(enum decode_event);
/* The raw window of the last packet (stream_raw_window), consumed:
 * raw progress moves past it. */
bool	tstream_window(struct stream_raw *);
/* A window's pieces as a string, pieces separated by '|' (static). */
const char *tstream_window_text(const struct stream_raw *);

#endif
