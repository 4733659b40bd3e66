/* The SMB entry of the app-layer registry: detection only. */
#include "core/base.h"

#include "applayer/smb/smb.h"

#define TS	(1u << APPLAYER_TOSERVER)
#define TC	(1u << APPLAYER_TOCLIENT)

#define NBSS_HDR_LEN		4
#define NBSS_SESSION_MESSAGE	0x00
/* NBSS header and the SMB1 header: Suricata's MIN_REC_SIZE, the bytes
 * its probes want before they answer */
#define SMB_MIN_REC_SIZE	(NBSS_HDR_LEN + 32)
/* a first NBSS message other than a session message longer than this
 * is not waited for (Suricata's "some random value") */
#define SMB_SMALL_MSG		256

/* Suricata's: the magic of SMB1, SMB2/3 and SMB3's transform header at
 * offset 4 (after the NBSS header) of either side's first data,
 * confirmed by the probe. */
static const struct applayer_pattern patterns[] = {
	{ "\xff" "SMB", 4, 4, 8, TS | TC, false },
	{ "\xfe" "SMB", 4, 4, 8, TS | TC, false },
	{ "\xfd" "SMB", 4, 4, 8, TS | TC, false },
};

static bool
smb_magic(const uint8_t *p)
{
	return (p[0] == 0xff || p[0] == 0xfe || p[0] == 0xfd) &&
	    p[1] == 'S' && p[2] == 'M' && p[3] == 'B';
}

/* NBSS message types (RFC 1002 4.3.1): session message, request,
 * positive and negative response, retarget, keep-alive. */
static bool
nbss_type_valid(uint8_t t)
{
	return t == NBSS_SESSION_MESSAGE || (t >= 0x81 && t <= 0x85);
}

enum applayer_proto
applayer_smb_probe(const uint8_t *data, uint32_t len, uint8_t dir,
    uint8_t *rdir)
{
	uint32_t hl;

	(void)dir;
	(void)rdir;
	if (len < SMB_MIN_REC_SIZE)
		return APPLAYER_PROTO_UNKNOWN;
	if (!nbss_type_valid(data[0]))
		return APPLAYER_PROTO_FAILED;
	if (data[0] == NBSS_SESSION_MESSAGE)
		return smb_magic(data + NBSS_HDR_LEN) ? APPLAYER_PROTO_SMB :
		    APPLAYER_PROTO_FAILED;
	/* one small NetBIOS message before the SMB one */
	hl = (uint32_t)data[1] << 16 | (uint32_t)data[2] << 8 | data[3];
	if (hl > SMB_SMALL_MSG)
		return APPLAYER_PROTO_FAILED;
	if (len - NBSS_HDR_LEN < hl + NBSS_HDR_LEN + 4)
		return APPLAYER_PROTO_UNKNOWN;
	data += NBSS_HDR_LEN + hl;
	return data[0] == NBSS_SESSION_MESSAGE &&
	    smb_magic(data + NBSS_HDR_LEN) ? APPLAYER_PROTO_SMB :
	    APPLAYER_PROTO_FAILED;
}

const struct applayer_parser applayer_smb_parser = {
	.name = "smb",
	.proto = APPLAYER_PROTO_SMB,
	.ipprotos = APPLAYER_IPPROTO_TCP,
	.patterns = patterns,
	.npatterns = QUELL_NITEMS(patterns),
	.probe = applayer_smb_probe,
	.confirm = applayer_smb_probe,
	.default_ports = "445",
};
