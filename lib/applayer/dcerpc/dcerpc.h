/* DCERPC over TCP (lib/applayer/dcerpc/): protocol detection only,
 * Suricata's (rust/src/dcerpc/dcerpc.rs register_pattern_probe, probe):
 * "\x05\x00" at the start of either side's first data, on any port,
 * confirmed by the connection-oriented PDU header (below). quell does
 * not parse DCERPC: no transactions, no eve "dcerpc" records, no
 * dce_iface / dce_opnum / dce_stub_data (rules using them are
 * unsupported), and no DCERPC over UDP. A flow detected as DCERPC is
 * app_proto "dcerpc" and matches rules of protocol dcerpc. */
#ifndef QUELL_APPLAYER_DCERPC_DCERPC_H
#define QUELL_APPLAYER_DCERPC_DCERPC_H

#include "core/base.h"
#include "applayer/parser.h"

#define DCERPC_HDR_LEN	16

extern const struct applayer_parser applayer_dcerpc_parser;

/* The 16-byte header of a connection-oriented PDU (DCE 1.1 RPC 12.6.3):
 * version 5.0, a data representation whose integer and character
 * formats are the defined ones (drep[0] & 0xee == 0, drep[1] <= 3).
 * DCERPC, with *rdir set to the direction the PDU type says (request:
 * to the server, any other: to the client) when that is not dir; FAILED
 * on anything else, fewer than 16 bytes included (as Suricata's). */
enum applayer_proto applayer_dcerpc_probe(const uint8_t *data, uint32_t len,
	    uint8_t dir, uint8_t *rdir);

#endif
