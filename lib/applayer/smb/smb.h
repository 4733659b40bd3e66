/* SMB (lib/applayer/smb/): protocol detection only, Suricata's
 * (rust/src/smb/smb.rs register_pattern_probe, smb_probe_tcp) on TCP:
 * an NBSS session message carrying "\xffSMB" (SMB1), "\xfeSMB" (SMB2/3)
 * or "\xfdSMB" (SMB3 transform) at offset 4 of either side's first
 * data, on any port; on the default port 445 also the probe below.
 * quell does not parse SMB: no transactions, no eve "smb" records, no
 * smb.* keywords (rules using them are unsupported). A flow detected
 * as SMB is app_proto "smb" and matches rules of protocol smb, and of
 * protocol dcerpc (Suricata's AppProtoEquals: DCERPC over SMB). */
#ifndef QUELL_APPLAYER_SMB_SMB_H
#define QUELL_APPLAYER_SMB_SMB_H

#include "core/base.h"
#include "applayer/parser.h"

extern const struct applayer_parser applayer_smb_parser;

/* The probe (and the patterns' confirmation): data[0..len) starts with
 * an NBSS session message whose payload has the SMB magic, or with
 * one small other NBSS message (session request, keep-alive, ...)
 * followed by such a session message. SMB, UNKNOWN while fewer bytes
 * than it needs arrived, else FAILED. Reads at most the first two
 * NBSS headers and 4 payload bytes. */
enum applayer_proto applayer_smb_probe(const uint8_t *data, uint32_t len,
	    uint8_t dir, uint8_t *rdir);

#endif
