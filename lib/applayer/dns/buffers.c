/* DNS inspection buffers and the accessors detection keywords read. */
#include "core/base.h"

#include "applayer/dns/buffers.h"
#include "applayer/dns/dns.h"
#include "applayer/dns/dns_int.h"

static bool	get_query(void *tx, uint8_t dir, uint32_t idx,
		    const uint8_t **buf, uint32_t *len);

/* dns.query: each question name of a request, as Suricata 7 inspects it
 * (one value per question; to-server only: 7.0.6 rejects it with
 * flow:to_client). */
const struct applayer_buffer applayer_dns_buffers[APPLAYER_DNS_NBUFFERS] = {
	{
		.name = "dns.query",
		.desc = "the name of each question of a DNS request",
		.dirs = 1u << APPLAYER_TOSERVER,
		.progress = 1,
		.get_multi = get_query,
		.alias = "dns_query",
	},
};

static bool
get_query(void *tx, uint8_t dir, uint32_t idx, const uint8_t **buf,
    uint32_t *len)
{
	const struct applayer_dns_tx *t = tx;
	uint16_t type;

	if (dir != APPLAYER_TOSERVER || t->dir != APPLAYER_TOSERVER)
		return false;
	return applayer_dns_tx_query(tx, idx, buf, len, &type);
}

uint8_t
applayer_dns_tx_dir(const void *tx)
{
	return ((const struct applayer_dns_tx *)tx)->dir;
}

bool
applayer_dns_tx_id(const void *tx, uint16_t *id)
{
	const struct applayer_dns_tx *t = tx;

	if (t->msg == NULL)
		return false;
	*id = t->msg->hdr.id;
	return true;
}

bool
applayer_dns_tx_flags(const void *tx, uint16_t *flags)
{
	const struct applayer_dns_tx *t = tx;

	if (t->msg == NULL)
		return false;
	*flags = t->msg->hdr.flags;
	return true;
}

bool
applayer_dns_tx_opcode(const void *tx, uint8_t *opcode)
{
	uint16_t fl;

	if (!applayer_dns_tx_flags(tx, &fl))
		return false;
	*opcode = (uint8_t)DNS_OPCODE(fl);
	return true;
}

bool
applayer_dns_tx_rcode(const void *tx, uint8_t *rcode)
{
	uint16_t fl;

	if (!applayer_dns_tx_flags(tx, &fl))
		return false;
	*rcode = (uint8_t)DNS_RCODE(fl);
	return true;
}

bool
applayer_dns_tx_query(const void *tx, uint32_t idx, const uint8_t **name,
    uint32_t *len, uint16_t *rrtype)
{
	const struct applayer_dns_tx *t = tx;
	const struct dns_question *q;

	if (t->msg == NULL || idx >= t->msg->nq)
		return false;
	q = &t->msg->q[idx];
	*name = (const uint8_t *)applayer_dns_name_text(t->msg, &q->name);
	*len = q->name.len;
	*rrtype = q->type;
	return true;
}

bool
applayer_dns_tx_rr(const void *tx, unsigned section, uint32_t idx,
    const uint8_t **name, uint32_t *len, uint16_t *rrtype)
{
	const struct applayer_dns_tx *t = tx;
	const struct dns_rr *rr;

	if (t->msg == NULL || section >= DNS_SECTION_MAX ||
	    idx >= t->msg->nrr[section])
		return false;
	rr = &t->msg->rr[section][idx];
	*name = (const uint8_t *)applayer_dns_name_text(t->msg, &rr->name);
	*len = rr->name.len;
	*rrtype = rr->type;
	return true;
}

static const struct {
	uint16_t	 type;
	const char	*name;
} rrtypes[] = {
	{ 1, "A" }, { 2, "NS" }, { 3, "MD" }, { 4, "MF" }, { 5, "CNAME" },
	{ 6, "SOA" }, { 7, "MB" }, { 8, "MG" }, { 9, "MR" }, { 10, "NULL" },
	{ 11, "WKS" }, { 12, "PTR" }, { 13, "HINFO" }, { 14, "MINFO" },
	{ 15, "MX" }, { 16, "TXT" }, { 17, "RP" }, { 18, "AFSDB" },
	{ 19, "X25" }, { 20, "ISDN" }, { 21, "RT" }, { 22, "NSAP" },
	{ 23, "NSAPPTR" }, { 24, "SIG" }, { 25, "KEY" }, { 26, "PX" },
	{ 27, "GPOS" }, { 28, "AAAA" }, { 29, "LOC" }, { 30, "NXT" },
	{ 33, "SRV" }, { 34, "ATMA" }, { 35, "NAPTR" }, { 36, "KX" },
	{ 37, "CERT" }, { 38, "A6" }, { 39, "DNAME" }, { 41, "OPT" },
	{ 42, "APL" }, { 43, "DS" }, { 44, "SSHFP" }, { 45, "IPSECKEY" },
	{ 46, "RRSIG" }, { 47, "NSEC" }, { 48, "DNSKEY" }, { 49, "DHCID" },
	{ 50, "NSEC3" }, { 51, "NSEC3PARAM" }, { 52, "TLSA" }, { 55, "HIP" },
	{ 59, "CDS" }, { 60, "CDNSKEY" }, { 65, "HTTPS" }, { 99, "SPF" },
	{ 249, "TKEY" }, { 250, "TSIG" }, { 254, "MAILA" }, { 255, "ANY" },
	{ 256, "URI" },
};

const char *
applayer_dns_rrtype_name(uint16_t type)
{
	for (size_t i = 0; i < QUELL_NITEMS(rrtypes); i++)
		if (rrtypes[i].type == type)
			return rrtypes[i].name;
	return NULL;
}

static const char *const rcodes[] = {
	"NOERROR", "FORMERR", "SERVFAIL", "NXDOMAIN", "NOTIMP", "REFUSED",
	"YXDOMAIN", "YXRRSET", "NXRRSET", "NOTAUTH", "NOTZONE", NULL, NULL,
	NULL, NULL, NULL, "BADVERS", "BADKEY", "BADTIME", "BADMODE",
	"BADNAME", "BADALG", "BADTRUNC",
};

const char *
applayer_dns_rcode_name(uint16_t rcode)
{
	return rcode < QUELL_NITEMS(rcodes) ? rcodes[rcode] : NULL;
}
