/* The DCERPC entry of the app-layer registry: detection only. */
#include "core/base.h"

#include "applayer/dcerpc/dcerpc.h"

#define TS	(1u << APPLAYER_TOSERVER)
#define TC	(1u << APPLAYER_TOCLIENT)

#define DCERPC_PTYPE_REQUEST	0x00

static const struct applayer_pattern patterns[] = {
	{ "\x05\x00", 2, 0, 2, TS | TC, false },
};

enum applayer_proto
applayer_dcerpc_probe(const uint8_t *data, uint32_t len, uint8_t dir,
    uint8_t *rdir)
{
	uint8_t want;

	if (len < DCERPC_HDR_LEN)
		return APPLAYER_PROTO_FAILED;
	/* rpc_vers, rpc_vers_minor, PTYPE, pfc_flags, packed_drep[4] */
	if (data[0] != 5 || data[1] != 0 || (data[4] & 0xee) != 0 ||
	    data[5] > 3)
		return APPLAYER_PROTO_FAILED;
	want = data[2] == DCERPC_PTYPE_REQUEST ? APPLAYER_TOSERVER :
	    APPLAYER_TOCLIENT;
	if (want != dir)
		*rdir = want;
	return APPLAYER_PROTO_DCERPC;
}

const struct applayer_parser applayer_dcerpc_parser = {
	.name = "dcerpc",
	.stats_name = "dcerpc_tcp",
	.proto = APPLAYER_PROTO_DCERPC,
	.ipprotos = APPLAYER_IPPROTO_TCP,
	.patterns = patterns,
	.npatterns = QUELL_NITEMS(patterns),
	.confirm = applayer_dcerpc_probe,
};
