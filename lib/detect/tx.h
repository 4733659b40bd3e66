/* App-layer transactions as detection sees them.
 *
 * The app-layer framework (lib/applayer, which never includes lib/detect
 * headers) keeps per flow a parser state holding transactions; the
 * pipeline hands them to detection as a struct detect_tx_source: the
 * flow's parser state plus a small table of functions over it, all in
 * plain C types, so the applayer side fills it without knowing detection.
 *
 *	state		the flow's parser state (opaque)
 *	alproto		its app-layer protocol: a buffer of struct
 *			detect_buffer with another alproto is absent
 *	tx_count(state)	how many txs are held now (index 0 the oldest)
 *	tx_get(state, i) tx i (0 <= i < tx_count), opaque; NULL: gone
 *	tx_id(state, tx) its 64-bit id, increasing along the flow
 *	progress(tx, dir) how far tx got in direction dir (DETECT_TX_*):
 *			a parser-defined number compared with
 *			detect_buffer.progress[dir]
 *	complete[dir]	the progress value of a finished tx in dir
 *	detect_slot(ctx, tx) where detection keeps its per-tx state: a
 *			void * in the tx, initially NULL (struct
 *			applayer_txdata.detect_state), released with
 *			detect_tx_state_free() when the tx is freed
 *	ctx		passed to detect_slot (the glue's: e.g. the struct
 *			applayer_parser whose tx_data() finds the slot)
 *	tx_event(ctx, tx, ev) whether tx raised the parser's event number
 *			ev (app-layer-event); may be NULL
 *	pd_done		the packet finished protocol detection in a
 *			direction: PD-only rules run on it
 *			(DETECT_SIG_PDONLY)
 *	payload_tx(f, dir, id)  the transaction an alert of a
 *			rule that is no tx rule names (eve's tx_id and the
 *			protocol's object), as Suricata 7 does for a TCP
 *			payload (stream) match and for a UDP rule of an
 *			app-layer protocol; rules without payload content on
 *			TCP name none
 *	no_payload	the flow is encrypted from here on: rules that need
 *			the payload are not evaluated on its packets
 *	tx_count may be NULL: a flow whose protocol is known but has no
 *	parser state (detection-only) hands a source for pd_done alone.
 *
 * tx_count, tx_get, tx_id, progress and complete have the shapes of
 * struct applayer_parser's tx_count, tx_get, tx_id, tx_progress and
 * complete (lib/applayer/parser.h): detect_applayer_tx_source()
 * (detect/applayer.h) fills a source from a parser and its flow state,
 * and detect_applayer_register() turns each struct applayer_buffer into
 * a detect_buffer (scope TX, its alproto, dirs, progress, get as get_tx
 * or get_multi as get_tx_multi) before rules are parsed.
 *
 * For each packet with a source, detection walks the txs: a rule that
 * inspects a tx buffer is evaluated per tx (its packet buffers from the
 * packet), once its buffers' progress is reached; it alerts at most once
 * per tx and direction, and once the tx is complete in the packet's
 * direction it is not inspected again (its state says so). */
#ifndef QUELL_DETECT_TX_H
#define QUELL_DETECT_TX_H

#include "core/base.h"

struct detect_frame;
struct flow;
struct packet;

struct detect_tx_source {
	void		*state;
	uint16_t	 alproto;
	uint64_t	(*tx_count)(void *state);
	void		*(*tx_get)(void *state, uint64_t i);
	uint64_t	(*tx_id)(void *state, void *tx);
	/* optional: the oldest tx whose id is >= *id, *id set to its id;
	 * NULL: none (struct applayer_parser.tx_next). Without it the walk
	 * steps through tx_get. */
	void		*(*tx_next)(void *state, uint64_t *id);
	/* optional: detection's memory of the flow's txs, three words the
	 * flow keeps for it, zero at first: the engine generation, and
	 * per direction the id below which every tx is done with (its
	 * state's complete[dir]), so each packet's walk starts there
	 * (Suricata's inspect id) instead of at the oldest tx. NULL: from
	 * the oldest. */
	uint64_t	*walk;
	int		(*progress)(void *tx, uint8_t dir);
	int		 complete[2];
	void		**(*detect_slot)(void *ctx, void *tx);
	void		*ctx;
	bool		(*tx_event)(void *ctx, void *tx, unsigned ev);
	bool		 pd_done;
	/* optional: the transaction a payload match on this packet is
	 * logged with (Suricata's stream-match tx: the oldest one detection
	 * is not done with in direction dir) into *id; false for none.
	 * Called only for such an alert. */
	bool		(*payload_tx)(const struct flow *f, uint8_t dir,
			    uint64_t *id);
	/* the flow's payload is no longer inspected (Suricata's
	 * FLOW_NOPAYLOAD_INSPECTION: an SSH flow once both sides sent
	 * NEWKEYS): rules that need payload (a payload or stream buffer, a
	 * dsize that 0 does not satisfy) do not match its packets */
	bool		 no_payload;
	/* optional: frame idx (0, 1, ...) of the packet's direction dir
	 * (DETECT_TX_*) into *out; false past the last. Frame rules (the
	 * frame keyword) are evaluated on each. */
	bool		(*frame_get)(const struct packet *p, uint8_t dir,
			    uint32_t idx, struct detect_frame *out);
};

/* An app-layer frame (a DNS message, a TLS record, an HTTP request) as
 * detection inspects it: its bytes held now (from its start, or for a
 * frame inspected before it was whole, a window behind what was
 * inspected; complete: up to its end), and where it lies, for the
 * alert's eve "frame". det and ndet are detection's memory of the
 * rules that matched it (at most DETECT_FRAME_DET_MAX), so that a
 * frame inspected on several packets as it grows alerts once per
 * rule. */
#define DETECT_FRAME_DET_MAX	8
struct detect_frame {
	uint16_t	 alproto;
	uint8_t		 type;		/* the parser's frame type index */
	uint8_t		 dir;		/* DETECT_TX_* */
	const char	*type_name;	/* "pdu", "request" */
	uint64_t	 id;
	uint64_t	 offset;	/* stream offset */
	int64_t		 len;		/* -1: not known yet */
	bool		 has_tx;
	uint64_t	 tx_id;
	const uint8_t	*data;
	uint32_t	 data_len;
	uint64_t	 data_offset;	/* stream offset of data[0] */
	bool		 start;		/* data begins at the frame's start */
	bool		 complete;	/* data goes to the frame's end */
	uint32_t	*det;
	uint8_t		*ndet;
};

/* Frees what detection stored in a tx's detect_slot (NULL is fine). The
 * parser calls it when it frees a tx. */
void	detect_tx_state_free(void *state);

#endif
