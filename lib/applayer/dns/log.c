/* The eve "dns" object in the two formats of
 * outputs.eve-log.types.dns.version.
 *
 * Version 3 (Suricata 8's, the default): one object per message, the
 * same in dns records and in alerts:
 *	{"version":3,"type":"request"|"response","tx_id":..,"id":..,
 *	 "flags":"100",[qr, aa, tc, rd, ra, z],"opcode":..,"rcode":..,
 *	 "queries":[{"rrname":..,"rrtype":..[,"rrname_truncated":true]}],
 *	 "answers":[..],"grouped":{..},"authorities":[..],
 *	 "additionals":[..]}
 *
 * Version 2, Suricata 7's:
 *
 *	request (one eve record per question; in alerts
 *	{"query": [record, ...]}):
 *	    {"type":"query","id":..,"rrname":..,"rrtype":"A","tx_id":..,
 *	     ["z":true,]"opcode":..}
 *	response (one record; in alerts {"answer": record}):
 *	    {"version":2,"type":"answer","id":..,"flags":"8180","qr":true,
 *	     [aa, tc, rd, ra, z],"opcode":..,"rrname":..,"rrtype":..,
 *	     "rcode":"NOERROR","answers":[..],"grouped":{..},
 *	     "authorities":[..]}
 *
 * Byte strings are written as they are when they are UTF-8, else
 * printable ASCII with \xNN for the rest (Suricata's
 * set_string_from_bytes); IPv6 addresses in the full 8-group form
 * Suricata 7 prints. */
#include "core/base.h"

#include <stdio.h>

#include <jansson.h>

#include "applayer/dns/dns.h"
#include "applayer/dns/dns_int.h"
#include "applayer/dns/log.h"
#include "applayer/dns/message.h"
#include "applayer/json.h"

static int	set_bytes(json_t *o, const char *key, const uint8_t *b,
		    size_t len);
static int	set_rrtype(json_t *o, uint16_t type);
static json_t	*query_record(const struct applayer_dns_tx *, uint32_t idx);
static json_t	*answer_record(const struct applayer_dns_tx *);
static json_t	*rdata_value(const struct dns_msg *, const struct dns_rr *,
		    const char **key);
static json_t	*rr_detail(const struct dns_msg *, const struct dns_rr *);
static json_t	*message_v3(const struct applayer_dns_tx *);

static unsigned
eve_version(const void *state)
{
	const struct applayer_dns_state *s = state;

	return s != NULL && s->cfg != NULL && s->cfg->eve_version == 2 ?
	    2 : 3;
}

static int
set_bytes(json_t *o, const char *key, const uint8_t *b, size_t len)
{
	return json_object_set_new(o, key, applayer_json_bytes(b, len));
}

static int
set_rrtype(json_t *o, uint16_t type)
{
	const char *name = applayer_dns_rrtype_name(type);
	char num[8];

	if (name == NULL) {
		snprintf(num, sizeof(num), "%u", type);
		name = num;
	}
	return json_object_set_new(o, "rrtype", json_string(name));
}

static json_t *
query_record(const struct applayer_dns_tx *tx, uint32_t idx)
{
	const struct dns_msg *m = tx->msg;
	const struct dns_question *q;
	json_t *o;

	if (m == NULL || idx >= m->nq || (o = json_object()) == NULL)
		return NULL;
	q = &m->q[idx];
	json_object_set_new(o, "type", json_string("query"));
	json_object_set_new(o, "id", json_integer(m->hdr.id));
	set_bytes(o, "rrname", (const uint8_t *)applayer_dns_name_text(m,
	    &q->name), q->name.len);
	set_rrtype(o, q->type);
	json_object_set_new(o, "tx_id", json_integer((json_int_t)tx->id));
	if ((m->hdr.flags & DNS_FLAG_Z) != 0)
		json_object_set_new(o, "z", json_true());
	json_object_set_new(o, "opcode",
	    json_integer(DNS_OPCODE(m->hdr.flags)));
	return o;
}

static void
addr_text(const uint8_t *a, uint16_t len, char *out, size_t osize)
{
	if (len == 4) {
		snprintf(out, osize, "%u.%u.%u.%u", a[0], a[1], a[2], a[3]);
		return;
	}
	/* len == 16 */
	snprintf(out, osize, "%02x%02x:%02x%02x:%02x%02x:%02x%02x:"
	    "%02x%02x:%02x%02x:%02x%02x:%02x%02x", a[0], a[1], a[2], a[3],
	    a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13],
	    a[14], a[15]);
}

static json_t *
name_value(const struct dns_msg *m, uint32_t pos, int64_t *next)
{
	char buf[DNS_NAME_MAX];
	size_t len;

	if ((*next = applayer_dns_message_name_at(m, pos, buf, sizeof(buf),
	    &len)) < 0)
		return NULL;
	return applayer_json_bytes((const uint8_t *)buf, len);
}

/* The rdata of rr as Suricata 7 logs it: a string under "rdata" (A,
 * AAAA, CNAME, MX, NS, PTR, TXT's first string, NULL), an object under
 * "soa", "srv" or "sshfp"; NULL for other types or a broken rdata. */
static json_t *
rdata_value(const struct dns_msg *m, const struct dns_rr *rr,
    const char **key)
{
	const uint8_t *rd = m->raw + rr->rdata;
	uint32_t end = rr->rdata + rr->rdlen;
	char text[64];
	int64_t next;
	json_t *o, *v;

	*key = "rdata";
	switch (rr->type) {
	case 1:		/* A */
	case 28:	/* AAAA */
		if (rr->rdlen != (rr->type == 1 ? 4 : 16))
			return NULL;
		addr_text(rd, rr->rdlen, text, sizeof(text));
		return json_string(text);
	case 2:		/* NS */
	case 5:		/* CNAME */
	case 12:	/* PTR */
		return name_value(m, rr->rdata, &next);
	case 15:	/* MX: preference, exchange */
		if (rr->rdlen < 3)
			return NULL;
		return name_value(m, rr->rdata + 2, &next);
	case 16:	/* TXT */
		if (rr->rdlen < 1 || rd[0] > rr->rdlen - 1)
			return NULL;
		return applayer_json_bytes(rd + 1, rd[0]);
	case 10:	/* NULL */
		return applayer_json_bytes(rd, rr->rdlen);
	case 6: {	/* SOA */
		static const char *const nums[] = { "serial", "refresh",
		    "retry", "expire", "minimum" };
		uint32_t pos;

		*key = "soa";
		if ((o = json_object()) == NULL)
			return NULL;
		if ((v = name_value(m, rr->rdata, &next)) == NULL)
			goto bad;
		json_object_set_new(o, "mname", v);
		if ((v = name_value(m, (uint32_t)next, &next)) == NULL)
			goto bad;
		json_object_set_new(o, "rname", v);
		pos = (uint32_t)next;
		if (pos > end || end - pos < 20)
			goto bad;
		for (int i = 0; i < 5; i++, pos += 4)
			json_object_set_new(o, nums[i], json_integer(
			    (json_int_t)((uint32_t)m->raw[pos] << 24 |
			    (uint32_t)m->raw[pos + 1] << 16 |
			    (uint32_t)m->raw[pos + 2] << 8 | m->raw[pos + 3])));
		return o;
	}
	case 33:	/* SRV: priority, weight, port, target */
		*key = "srv";
		if (rr->rdlen < 7 || (o = json_object()) == NULL)
			return NULL;
		json_object_set_new(o, "priority", json_integer(rd[0] << 8 |
		    rd[1]));
		json_object_set_new(o, "weight", json_integer(rd[2] << 8 |
		    rd[3]));
		json_object_set_new(o, "port", json_integer(rd[4] << 8 |
		    rd[5]));
		if ((v = name_value(m, rr->rdata + 6, &next)) == NULL)
			goto bad;
		json_object_set_new(o, "name", v);
		return o;
	case 44: {	/* SSHFP: algorithm, type, fingerprint */
		char *fp;

		*key = "sshfp";
		if (rr->rdlen < 2 || (o = json_object()) == NULL)
			return NULL;
		json_object_set_new(o, "algo", json_integer(rd[0]));
		json_object_set_new(o, "type", json_integer(rd[1]));
		if ((fp = malloc((size_t)rr->rdlen * 3 + 1)) == NULL)
			goto bad;
		fp[0] = '\0';
		for (uint16_t i = 2; i < rr->rdlen; i++)
			snprintf(fp + (i - 2) * 3, 4, i > 2 ? ":%02x" : "%02x",
			    rd[i]);
		json_object_set_new(o, "fingerprint", json_string(fp));
		free(fp);
		return o;
	}
	default:
		return NULL;
	}
bad:
	json_decref(o);
	return NULL;
}

static json_t *
rr_detail(const struct dns_msg *m, const struct dns_rr *rr)
{
	const char *key;
	json_t *o, *v;

	if ((o = json_object()) == NULL)
		return NULL;
	set_bytes(o, "rrname", (const uint8_t *)applayer_dns_name_text(m,
	    &rr->name), rr->name.len);
	set_rrtype(o, rr->type);
	json_object_set_new(o, "ttl", json_integer(rr->ttl));
	if ((v = rdata_value(m, rr, &key)) != NULL)
		json_object_set_new(o, key, v);
	return o;
}


/* The answers of m as "answers" (detailed) and "grouped" (rdata by
 * type), as both formats write them. */
static void
answers_json(const struct dns_msg *m, json_t *o)
{
	json_t *arr, *grouped;

	if (m->nrr[DNS_SECTION_ANSWER] == 0)
		return;
	arr = json_array();
	grouped = json_object();
	for (uint16_t i = 0; i < m->nrr[DNS_SECTION_ANSWER]; i++) {
		const struct dns_rr *rr = &m->rr[DNS_SECTION_ANSWER][i];
		const char *tname = applayer_dns_rrtype_name(rr->type);
		char num[8];
		const char *key;
		json_t *v, *list;

		json_array_append_new(arr, rr_detail(m, rr));
		if ((v = rdata_value(m, rr, &key)) == NULL)
			continue;
		if (tname == NULL) {
			snprintf(num, sizeof(num), "%u", rr->type);
			tname = num;
		}
		if ((list = json_object_get(grouped, tname)) == NULL) {
			list = json_array();
			json_object_set_new(grouped, tname, list);
		}
		json_array_append_new(list, v);
	}
	json_object_set_new(o, "answers", arr);
	if (json_object_size(grouped) > 0)
		json_object_set_new(o, "grouped", grouped);
	else
		json_decref(grouped);
}

static void
section_json(const struct dns_msg *m, enum dns_section sec, const char *key,
    json_t *o)
{
	json_t *arr;

	if (m->nrr[sec] == 0)
		return;
	arr = json_array();
	for (uint16_t i = 0; i < m->nrr[sec]; i++)
		json_array_append_new(arr, rr_detail(m, &m->rr[sec][i]));
	json_object_set_new(o, key, arr);
}

static const struct {
	uint16_t	 bit;
	const char	*name;
} flag_bits[] = {
	{ DNS_FLAG_QR, "qr" }, { DNS_FLAG_AA, "aa" },
	{ DNS_FLAG_TC, "tc" }, { DNS_FLAG_RD, "rd" },
	{ DNS_FLAG_RA, "ra" }, { DNS_FLAG_Z, "z" },
};

static void
rcode_json(const struct dns_msg *m, json_t *o)
{
	const char *rc;
	char num[8];

	if ((rc = applayer_dns_rcode_name(DNS_RCODE(m->hdr.flags))) == NULL) {
		snprintf(num, sizeof(num), "%u", DNS_RCODE(m->hdr.flags));
		rc = num;
	}
	json_object_set_new(o, "rcode", json_string(rc));
}

static json_t *
message_v3(const struct applayer_dns_tx *tx)
{
	const struct dns_msg *m = tx->msg;
	char hex[8];
	json_t *o, *arr;

	if (m == NULL || (o = json_object()) == NULL)
		return NULL;
	json_object_set_new(o, "version", json_integer(3));
	json_object_set_new(o, "type", json_string(tx->dir ==
	    APPLAYER_TOSERVER ? "request" : "response"));
	json_object_set_new(o, "tx_id", json_integer((json_int_t)tx->id));
	json_object_set_new(o, "id", json_integer(m->hdr.id));
	snprintf(hex, sizeof(hex), "%x", m->hdr.flags);
	json_object_set_new(o, "flags", json_string(hex));
	for (size_t i = 0; i < QUELL_NITEMS(flag_bits); i++)
		if ((m->hdr.flags & flag_bits[i].bit) != 0)
			json_object_set_new(o, flag_bits[i].name, json_true());
	json_object_set_new(o, "opcode",
	    json_integer(DNS_OPCODE(m->hdr.flags)));
	rcode_json(m, o);
	if (m->nq > 0) {
		arr = json_array();
		for (uint16_t i = 0; i < m->nq; i++) {
			const struct dns_question *q = &m->q[i];
			json_t *e = json_object();

			set_bytes(e, "rrname", (const uint8_t *)
			    applayer_dns_name_text(m, &q->name), q->name.len);
			set_rrtype(e, q->type);
			if (q->name.truncated)
				json_object_set_new(e, "rrname_truncated",
				    json_true());
			json_array_append_new(arr, e);
		}
		json_object_set_new(o, "queries", arr);
	}
	answers_json(m, o);
	section_json(m, DNS_SECTION_AUTHORITY, "authorities", o);
	section_json(m, DNS_SECTION_ADDITIONAL, "additionals", o);
	return o;
}

static json_t *
answer_record(const struct applayer_dns_tx *tx)
{
	const struct dns_msg *m = tx->msg;
	char hex[8];
	json_t *o;

	if (m == NULL || (o = json_object()) == NULL)
		return NULL;
	json_object_set_new(o, "version", json_integer(2));
	json_object_set_new(o, "type", json_string("answer"));
	json_object_set_new(o, "id", json_integer(m->hdr.id));
	snprintf(hex, sizeof(hex), "%x", m->hdr.flags);
	json_object_set_new(o, "flags", json_string(hex));
	for (size_t i = 0; i < QUELL_NITEMS(flag_bits); i++)
		if ((m->hdr.flags & flag_bits[i].bit) != 0)
			json_object_set_new(o, flag_bits[i].name, json_true());
	json_object_set_new(o, "opcode",
	    json_integer(DNS_OPCODE(m->hdr.flags)));
	if (m->nq > 0) {
		set_bytes(o, "rrname", (const uint8_t *)applayer_dns_name_text(
		    m, &m->q[0].name), m->q[0].name.len);
		set_rrtype(o, m->q[0].type);
	}
	rcode_json(m, o);
	answers_json(m, o);
	section_json(m, DNS_SECTION_AUTHORITY, "authorities", o);
	return o;
}

int
applayer_dns_log_tx(void *state, void *tx, struct json_t *out)
{
	const struct applayer_dns_tx *t = tx;
	json_t *v;

	if (t->msg == NULL)
		return 0;
	if (eve_version(state) == 3) {
		if ((v = message_v3(t)) == NULL)
			return -1;
		if (json_object_update(out, v) == -1) {
			json_decref(v);
			return -1;
		}
		json_decref(v);
		return 0;
	}
	if (t->dir == APPLAYER_TOSERVER) {
		json_t *arr = json_array();

		for (uint32_t i = 0; i < t->msg->nq; i++)
			if ((v = query_record(t, i)) != NULL)
				json_array_append_new(arr, v);
		return json_object_set_new(out, "query", arr);
	}
	if ((v = answer_record(t)) == NULL)
		return -1;
	return json_object_set_new(out, "answer", v);
}

int
applayer_dns_log_record(void *state, void *tx, uint32_t idx,
    struct json_t *out)
{
	const struct applayer_dns_tx *t = tx;
	json_t *v;

	if (t->msg == NULL)
		return 0;
	if (eve_version(state) == 3)
		v = idx == 0 ? message_v3(t) : NULL;
	else if (t->dir == APPLAYER_TOSERVER)
		v = query_record(t, idx);
	else
		v = idx == 0 ? answer_record(t) : NULL;
	if (v == NULL)
		return 0;
	if (json_object_update(out, v) == -1) {
		json_decref(v);
		return -1;
	}
	json_decref(v);
	return 1;
}
