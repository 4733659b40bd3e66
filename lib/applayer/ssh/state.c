/* SSH flow state: banners, then records up to each side's NEWKEYS, as
 * Suricata 7's SSHState::parse_banner / parse_record.
 *
 * Banner. A line ("\n", "\r\n", or "\r" and more) whose start parses as
 * "SSH-proto-software": protocol and software kept (long_banner past
 * 255 bytes); anything else is invalid_banner and an error. Without a
 * line end the parser waits for one more byte, up to 256 bytes; past
 * that the banner is taken from what came (long_banner) and the rest of
 * the line is skipped (BANNER_WAIT_EOL).
 *
 * Records. Whole records are skipped (KEXINIT: hassh computed; NEWKEYS:
 * this side is FINISHED); a record whose header came but not all of its
 * body is skipped across calls (record_left), except a KEXINIT up to
 * 64 KiB, which the parser asks the stream to hold whole (INCOMPLETE)
 * so that its lists are parsed in one piece (longer: long_kex_record,
 * no hassh). A record length below 2 is invalid_record and an error.
 *
 * Differences from Suricata, on purpose: the bytes a side sends after
 * its NEWKEYS are encrypted and are not parsed as records (Suricata
 * goes on until both sides finished and then stops the stream); a
 * record header split over calls is counted exactly. Gaps are errors
 * (Suricata's SSH parser does not accept them). */
#include "core/base.h"

#include <stdio.h>

#include <openssl/evp.h>

#include "applayer/ssh/ssh_int.h"
#include "applayer/ssh/state.h"

static const struct applayer_ssh_config ssh_defaults = {
	.log_hassh = false,
};

void *
applayer_ssh_state_new(const struct flow *f, const void *cfg)
{
	struct ssh_state *s = calloc(1, sizeof(*s));

	(void)f;
	if (s == NULL)
		return NULL;
	s->cfg = cfg != NULL ? *(const struct applayer_ssh_config *)cfg :
	    ssh_defaults;
	return s;
}

static void
hdr_clear(struct ssh_hdr *h)
{
	free(h->protover.b);
	free(h->swver.b);
	free(h->hassh_string.b);
	memset(h, 0, sizeof(*h));
}

void
applayer_ssh_state_free(void *state)
{
	struct ssh_state *s = state;

	if (s == NULL)
		return;
	applayer_txdata_release(&s->tx.txdata);
	hdr_clear(&s->tx.hdr[0]);
	hdr_clear(&s->tx.hdr[1]);
	free(s);
}

static void
set_event(struct ssh_state *s, unsigned ev)
{
	applayer_txdata_set_event(&s->tx.txdata, ev);
}

/* Adds b[0..n) to a field, up to SSH_MAX_FIELD bytes in all. */
static bool
field_add(struct ssh_bytes *f, const uint8_t *b, uint32_t n)
{
	uint8_t *nb;

	if (n > SSH_MAX_FIELD - f->len)
		n = SSH_MAX_FIELD - f->len;
	if (n == 0)
		return true;
	if ((nb = realloc(f->b, (size_t)f->len + n)) == NULL)
		return false;
	memcpy(nb + f->len, b, n);
	f->b = nb;
	f->len += n;
	return true;
}

/* The hassh of a KEXINIT payload; the first one counts. */
static void
kexinit(struct ssh_hdr *h, const uint8_t *payload, uint32_t len, bool server)
{
	uint8_t md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;
	struct ssh_bytes str = { NULL, 0 };

	if (h->hassh[0] != '\0' || h->hassh_string.len > 0 ||
	    !ssh_parser_hassh(payload, len, server, &str))
		return;
	h->hassh_string = str;
	if (EVP_Digest(str.b, str.len, md, &mdlen, EVP_md5(), NULL) == 1 &&
	    mdlen == 16)
		for (unsigned i = 0; i < 16; i++)
			snprintf(h->hassh + 2 * i, 3, "%02x", md[i]);
}

static struct applayer_result
result(enum applayer_status st, uint32_t consumed, uint32_t needed)
{
	struct applayer_result r = { .status = st, .consumed = consumed,
	    .needed = needed };

	return r;
}

static struct applayer_result
parse_record(struct ssh_state *s, const uint8_t *in, uint32_t len,
    uint8_t dir)
{
	struct ssh_hdr *h = &s->tx.hdr[dir];
	bool server = dir == APPLAYER_TOCLIENT;
	uint32_t pos = 0;

	if (h->record_left > 0) {
		if (h->record_left > len) {
			h->record_left -= len;
			return result(APPLAYER_OK, 0, 0);
		}
		if (h->record_left_msg == SSH_MSG_KEXINIT)
			kexinit(h, in, h->record_left, server);
		h->record_left_msg = 0;
		pos = h->record_left;
		h->record_left = 0;
	}
	while (pos < len && h->flags < SSH_PROGRESS_FINISHED) {
		uint32_t rem = len - pos, pkt_len;
		uint8_t msg;

		switch (ssh_parser_record_header(in + pos, rem, &pkt_len,
		    &msg)) {
		case SSH_PARSE_ERROR:
			set_event(s, SSH_EV_INVALID_RECORD);
			return result(APPLAYER_ERROR, 0, 0);
		case SSH_PARSE_INCOMPLETE:
			return result(APPLAYER_INCOMPLETE, pos,
			    SSH_RECORD_HEADER_LEN - rem);
		default:
			break;
		}
		if ((uint64_t)pkt_len + 4 <= rem) {
			/* the whole record */
			if (msg == SSH_MSG_KEXINIT)
				kexinit(h, in + pos + SSH_RECORD_HEADER_LEN,
				    pkt_len - 2, server);
			else if (msg == SSH_MSG_NEWKEYS)
				h->flags = SSH_PROGRESS_FINISHED;
			pos += pkt_len + 4;
			continue;
		}
		/* the header, and part of the body */
		rem -= SSH_RECORD_HEADER_LEN;
		if (msg == SSH_MSG_NEWKEYS)
			h->flags = SSH_PROGRESS_FINISHED;
		if (msg == SSH_MSG_KEXINIT && h->hassh_string.len == 0) {
			if (pkt_len - 2 < SSH_MAX_KEX_RECORD) {
				h->record_left = pkt_len - 2;
				h->record_left_msg = SSH_MSG_KEXINIT;
				return result(APPLAYER_INCOMPLETE,
				    pos + SSH_RECORD_HEADER_LEN,
				    pkt_len - 2 - rem);
			}
			set_event(s, SSH_EV_LONG_KEX_RECORD);
		}
		h->record_left = pkt_len - 2 - rem;
		return result(APPLAYER_OK, 0, 0);
	}
	return result(APPLAYER_OK, 0, 0);
}

/* The banner fields of line[0..n) into h: false on an invalid banner
 * (or ENOMEM). */
static bool
take_banner(struct ssh_hdr *h, const uint8_t *line, uint32_t n)
{
	const uint8_t *pv, *sv;
	uint32_t pvl, svl;

	if (!ssh_parser_banner(line, n, &pv, &pvl, &sv, &svl))
		return false;
	return field_add(&h->protover, pv, pvl) &&
	    field_add(&h->swver, sv, svl);
}

/* Records after the banner line (used bytes of in): an INCOMPLETE's
 * consumed counts the line too. */
static struct applayer_result
after_banner(struct ssh_state *s, const uint8_t *in, uint32_t len,
    uint32_t used, uint8_t dir)
{
	struct applayer_result r = parse_record(s, in + used, len - used, dir);

	if (r.status == APPLAYER_INCOMPLETE)
		r.consumed += used;
	return r;
}

static struct applayer_result
parse_banner(struct ssh_state *s, const uint8_t *in, uint32_t len,
    uint8_t dir)
{
	struct ssh_hdr *h = &s->tx.hdr[dir];
	uint32_t line, used;

	if (h->flags == SSH_PROGRESS_BANNER_WAIT_EOL) {
		if (ssh_parser_line(in, len, &line, &used) != SSH_PARSE_OK)
			return result(APPLAYER_OK, 0, 0);	/* skipped */
		h->flags = SSH_PROGRESS_BANNER_DONE;
		return after_banner(s, in, len, used, dir);
	}
	if (ssh_parser_line(in, len, &line, &used) == SSH_PARSE_OK) {
		if (!take_banner(h, in, line)) {
			set_event(s, SSH_EV_INVALID_BANNER);
			return result(APPLAYER_ERROR, 0, 0);
		}
		h->flags = SSH_PROGRESS_BANNER_DONE;
		if (line >= SSH_MAX_BANNER_LEN)
			set_event(s, SSH_EV_LONG_BANNER);
		return after_banner(s, in, len, used, dir);
	}
	if (len < SSH_MAX_BANNER_LEN)
		return result(APPLAYER_INCOMPLETE, 0, 1);
	/* no line end within the cap: the banner is what came */
	if (!take_banner(h, in, len)) {
		set_event(s, SSH_EV_INVALID_BANNER);
		return result(APPLAYER_ERROR, 0, 0);
	}
	h->flags = SSH_PROGRESS_BANNER_WAIT_EOL;
	set_event(s, SSH_EV_LONG_BANNER);
	return result(APPLAYER_OK, 0, 0);
}

struct applayer_result
applayer_ssh_state_parse(void *state, const struct applayer_chunk *c)
{
	struct ssh_state *s = state;
	uint8_t dir = c->dir & 1;

	if (c->flags & APPLAYER_CHUNK_GAP)
		return result(APPLAYER_ERROR, 0, 0);
	if (c->data == NULL || c->len == 0 ||
	    s->tx.hdr[dir].flags >= SSH_PROGRESS_FINISHED)
		return result(APPLAYER_OK, 0, 0);
	if (s->tx.hdr[dir].flags < SSH_PROGRESS_BANNER_DONE)
		return parse_banner(s, c->data, c->len, dir);
	return parse_record(s, c->data, c->len, dir);
}

uint32_t
applayer_ssh_state_flags(const void *state)
{
	const struct ssh_state *s = state;

	return s->tx.hdr[0].flags >= SSH_PROGRESS_FINISHED &&
	    s->tx.hdr[1].flags >= SSH_PROGRESS_FINISHED ?
	    APPLAYER_STATE_ENCRYPTED : 0;
}

/* One tx per flow, there until tx_free. */
uint64_t
applayer_ssh_state_tx_count(void *state)
{
	return ((struct ssh_state *)state)->freed ? 0 : 1;
}

void *
applayer_ssh_state_tx_get(void *state, uint64_t i)
{
	struct ssh_state *s = state;

	return i == 0 && !s->freed ? &s->tx : NULL;
}

uint64_t
applayer_ssh_state_tx_id(void *state, void *tx)
{
	(void)state;
	(void)tx;
	return 0;
}

/* The tx is the state's: its detection state goes, the fields stay for
 * an alert's ssh object. */
void
applayer_ssh_state_tx_free(void *state, uint64_t id)
{
	struct ssh_state *s = state;

	if (id != 0 || s->freed)
		return;
	applayer_txdata_release(&s->tx.txdata);
	s->freed = true;
}

/* Suricata's SCSshTxGetAlStateProgress. */
int
applayer_ssh_state_tx_progress(void *tx, uint8_t dir)
{
	const struct ssh_tx *t = tx;
	const struct ssh_hdr *h = &t->hdr[dir & 1];

	if (t->hdr[0].flags >= SSH_PROGRESS_FINISHED &&
	    t->hdr[1].flags >= SSH_PROGRESS_FINISHED)
		return SSH_PROGRESS_FINISHED;
	if (h->flags >= SSH_PROGRESS_BANNER_DONE)
		return SSH_PROGRESS_BANNER_DONE;
	return SSH_PROGRESS_IN_PROGRESS;
}

struct applayer_txdata *
applayer_ssh_state_tx_data(void *tx)
{
	return &((struct ssh_tx *)tx)->txdata;
}
