#include "core/base.h"

#include <sys/queue.h>

#include "decode/bytes.h"
#include "defrag/frags.h"
#include "defrag/policy.h"

#define IPV4_MAX_LEN	65535	/* total length field */
#define IPV6_MAX_PLEN	65535	/* payload length field */
#define IPV6_HDR_LEN	40

static void	frags_remove(struct defrag_frag_list *, struct defrag_frag *,
		    size_t *);
static void	frags_insert_sorted(struct defrag_frag_list *,
		    struct defrag_frag *);
static void	checksum_update(uint8_t *, uint16_t, uint16_t);

size_t
defrag_frag_size(const struct defrag_frag *f)
{
	return sizeof(*f) + f->hdr_len + f->len;
}

static void
frags_remove(struct defrag_frag_list *l, struct defrag_frag *f,
    size_t *freed)
{
	TAILQ_REMOVE(l, f, link);
	*freed += defrag_frag_size(f);
	free(f);
}

size_t
defrag_frags_free(struct defrag_frag_list *l)
{
	struct defrag_frag *f;
	size_t freed = 0;

	while ((f = TAILQ_FIRST(l)) != NULL)
		frags_remove(l, f, &freed);
	return freed;
}

/* After every fragment at an offset <= f's: equal offsets stay in
 * arrival order. Fragments mostly arrive in order, so from the tail. */
static void
frags_insert_sorted(struct defrag_frag_list *l, struct defrag_frag *f)
{
	struct defrag_frag *o;

	for (o = TAILQ_LAST(l, defrag_frag_list); o != NULL;
	    o = TAILQ_PREV(o, defrag_frag_list, link))
		if (o->offset <= f->offset) {
			TAILQ_INSERT_AFTER(l, o, f, link);
			return;
		}
	TAILQ_INSERT_HEAD(l, f, link);
}

/* The walk starts where Suricata's does (an RB_NFIND for offset - 1,
 * with the 16-bit wrap that makes offset 0 start at the head): at the
 * fragment before the first one at or after the newer offset, or at the
 * head; it goes on to the tail until a policy step stops it. */
enum defrag_insert
defrag_frags_insert(struct defrag_frag_list *l, enum defrag_policy pol,
    const struct defrag_new *n, bool *overlap, size_t *added, size_t *freed)
{
	struct defrag_walk w = {
		.offset = n->offset,
		.end = (uint16_t)(n->offset + n->len),
		.ltrim = 0,
	};
	struct defrag_frag *prev, *next = NULL, *f;
	bool keep_hdr;

	*overlap = false;
	*added = *freed = 0;
	if (!TAILQ_EMPTY(l)) {
		if (n->offset != 0) {
			for (f = TAILQ_LAST(l, defrag_frag_list);
			    f != NULL && f->offset >= n->offset;
			    f = TAILQ_PREV(f, defrag_frag_list, link))
				next = f;
		}
		if (next == NULL) {
			prev = TAILQ_FIRST(l);
			next = TAILQ_NEXT(prev, link);
		} else if ((prev = TAILQ_PREV(next, defrag_frag_list,
		    link)) == NULL) {
			prev = next;
			next = TAILQ_NEXT(prev, link);
		}
		while (prev != NULL) {
			if (!prev->skip) {
				enum defrag_step st;

				if (w.offset < prev->offset + prev->len &&
				    prev->offset < w.end)
					*overlap = true;
				st = defrag_policy_step(pol, &w, prev, next);
				if (st == DEFRAG_STEP_DROP)
					return DEFRAG_INSERT_DROPPED;
				if (st == DEFRAG_STEP_INSERT) {
					/* an older fragment left with nothing
					 * goes now */
					if (prev->skip || prev->ltrim >= prev->len)
						frags_remove(l, prev, freed);
					break;
				}
			}
			prev = next;
			if (next != NULL)
				next = TAILQ_NEXT(next, link);
		}
	}
	/* As Suricata 7 (ltrim > data_len): a fragment trimmed to nothing,
	 * or one without data, is still stored, empty, and still counts as
	 * the last one; only a trim past its end drops it. */
	if (w.ltrim > n->len)
		return DEFRAG_INSERT_DROPPED;

	keep_hdr = n->offset == 0;
	if ((f = malloc(sizeof(*f) + (keep_hdr ? n->hdr_len : 0) + n->len -
	    w.ltrim)) == NULL)
		return DEFRAG_INSERT_NOMEM;
	f->offset = (uint16_t)(n->offset + w.ltrim);
	f->len = (uint16_t)(n->len - w.ltrim);
	f->ltrim = 0;
	f->hdr_len = keep_hdr ? n->hdr_len : 0;
	f->nh_off = n->nh_off;
	f->next_hdr = n->next_hdr;
	f->more = n->more;
	f->skip = false;
	if (f->hdr_len != 0)
		memcpy(f->bytes, n->hdr, f->hdr_len);
	memcpy(f->bytes + f->hdr_len, n->data + w.ltrim, f->len);
	frags_insert_sorted(l, f);
	*added = defrag_frag_size(f);
	return DEFRAG_INSERT_STORED;
}

bool
defrag_frags_complete(const struct defrag_frag_list *l)
{
	const struct defrag_frag *f = TAILQ_FIRST(l);
	uint32_t len = 0;

	if (f == NULL || f->offset != 0)
		return false;
	TAILQ_FOREACH(f, l, link) {
		if (f->skip)
			continue;
		if (f->offset > len)
			return false;
		if ((uint32_t)f->offset + f->len > len)
			len = (uint32_t)f->offset + f->len;
	}
	return true;
}

/* RFC 1624: HC' = ~(~HC + ~m + m') for a 16-bit word m of the header
 * changed to m'. A checksum that was right stays right, a wrong one
 * stays wrong, as Suricata's FixChecksum keeps it. */
static void
checksum_update(uint8_t *hdr, uint16_t old, uint16_t new)
{
	uint32_t sum = (uint16_t)~decode_be16(hdr + 10);

	sum += (uint16_t)~old;
	sum += new;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	hdr[10] = (uint8_t)(~sum >> 8);
	hdr[11] = (uint8_t)~sum;
}

/* Suricata's Defrag{4,6}Reassemble: fragments in list order, each
 * written over what is there; a fragment whose offset 0 copy comes
 * first brings the header; after a fragment without MF, only
 * fragments at that same offset still count. The datagram's length is
 * the furthest end written. */
uint32_t
defrag_frags_build(const struct defrag_frag_list *l, bool v4, uint8_t *out)
{
	const struct defrag_frag *f;
	uint32_t base = 0, frag_len = 0, tot;
	uint16_t prev_offset = 0;
	bool more = true, have_hdr = false;

	TAILQ_FOREACH(f, l, link) {
		if (!more && f->offset > prev_offset)
			break;
		if (f->skip || f->ltrim >= f->len)
			continue;
		if (f->offset == 0) {
			if ((uint32_t)f->hdr_len + f->len > DEFRAG_OUT_MAX)
				return 0;
			memcpy(out, f->bytes, (size_t)f->hdr_len + f->len);
			if (!v4 && f->nh_off < f->hdr_len)
				out[f->nh_off] = f->next_hdr;
			base = f->hdr_len;
			frag_len = f->len;
			have_hdr = true;
		} else {
			uint32_t at = base + f->offset + f->ltrim;

			if (!have_hdr || base + (uint32_t)f->offset + f->len >
			    DEFRAG_OUT_MAX)
				return 0;
			memcpy(out + at, f->bytes + f->hdr_len + f->ltrim,
			    (size_t)(f->len - f->ltrim));
			if ((uint32_t)f->offset + f->len > frag_len)
				frag_len = (uint32_t)f->offset + f->len;
		}
		more = f->more;
		prev_offset = f->offset;
	}
	if (!have_hdr)
		return 0;
	tot = base + frag_len;
	if (v4) {
		uint16_t old_len = decode_be16(out + 2);
		uint16_t old_off = decode_be16(out + 6);

		if (tot > IPV4_MAX_LEN)
			return 0;
		out[2] = (uint8_t)(tot >> 8);
		out[3] = (uint8_t)tot;
		out[6] = out[7] = 0;
		checksum_update(out, old_len, (uint16_t)tot);
		checksum_update(out, old_off, 0);
	} else {
		uint32_t plen = tot - IPV6_HDR_LEN;

		if (base < IPV6_HDR_LEN || plen > IPV6_MAX_PLEN)
			return 0;
		out[4] = (uint8_t)(plen >> 8);
		out[5] = (uint8_t)plen;
	}
	return tot;
}
