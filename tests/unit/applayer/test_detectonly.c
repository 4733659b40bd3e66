/* The detection-only protocols (lib/applayer/smb, lib/applayer/dcerpc):
 * their probes on real and hand-made first bytes, and the rule/flow
 * protocol pairs Suricata's AppProtoEquals accepts. */
#include "core/base.h"

#include <check.h>

#include "applayer/dcerpc/dcerpc.h"
#include "applayer/parser.h"
#include "applayer/registry.h"
#include "applayer/smb/smb.h"
#include "suites.h"

/* the first 40 bytes of suricata-verify dcerpc-3109's first segment: an
 * NBSS session message with an SMB2 CREATE request */
static const uint8_t smb2_create[40] = {
	0x00, 0x00, 0x00, 0x82, 0xfe, 0x53, 0x4d, 0x42, 0x40, 0x00, 0x01, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x05, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0xff, 0xfe, 0x00, 0x00,
};

/* a DCERPC request PDU header (version 5.0, little endian, ASCII) */
static const uint8_t dce_request[16] = {
	0x05, 0x00, 0x00, 0x03, 0x10, 0x00, 0x00, 0x00, 0x20, 0x00, 0x00, 0x00,
	0x01, 0x00, 0x00, 0x00,
};

START_TEST(test_smb2_session_message_is_smb)
{
	uint8_t rdir = APPLAYER_TOSERVER;

	ck_assert_int_eq(applayer_smb_probe(smb2_create, sizeof(smb2_create),
	    APPLAYER_TOSERVER, &rdir), APPLAYER_PROTO_SMB);
}
END_TEST

START_TEST(test_smb_probe_waits_for_a_whole_header)
{
	uint8_t rdir = APPLAYER_TOSERVER;

	ck_assert_int_eq(applayer_smb_probe(smb2_create, 35,
	    APPLAYER_TOSERVER, &rdir), APPLAYER_PROTO_UNKNOWN);
}
END_TEST

START_TEST(test_session_message_without_magic_is_not_smb)
{
	uint8_t b[40], rdir = APPLAYER_TOSERVER;

	memcpy(b, smb2_create, sizeof(b));
	b[5] = 'X';
	ck_assert_int_eq(applayer_smb_probe(b, sizeof(b), APPLAYER_TOSERVER,
	    &rdir), APPLAYER_PROTO_FAILED);
	b[0] = 0x42;	/* no NBSS type */
	ck_assert_int_eq(applayer_smb_probe(b, sizeof(b), APPLAYER_TOSERVER,
	    &rdir), APPLAYER_PROTO_FAILED);
}
END_TEST

/* port 139: a NetBIOS session request, then SMB */
START_TEST(test_session_request_then_smb_is_smb)
{
	uint8_t b[4 + 200 + 40], rdir = APPLAYER_TOSERVER;

	memset(b, 0x20, sizeof(b));
	b[0] = 0x81;
	b[1] = 0;
	b[2] = 0;
	b[3] = 200;
	memcpy(b + 4 + 200, smb2_create, 40);
	ck_assert_int_eq(applayer_smb_probe(b, sizeof(b), APPLAYER_TOSERVER,
	    &rdir), APPLAYER_PROTO_SMB);
	/* the session message not there yet: wait */
	ck_assert_int_eq(applayer_smb_probe(b, 100, APPLAYER_TOSERVER,
	    &rdir), APPLAYER_PROTO_UNKNOWN);
	/* a large first message is not waited for */
	b[2] = 0x10;
	ck_assert_int_eq(applayer_smb_probe(b, sizeof(b), APPLAYER_TOSERVER,
	    &rdir), APPLAYER_PROTO_FAILED);
}
END_TEST

START_TEST(test_dcerpc_request_header_is_dcerpc)
{
	uint8_t rdir = APPLAYER_TOSERVER;

	ck_assert_int_eq(applayer_dcerpc_probe(dce_request,
	    sizeof(dce_request), APPLAYER_TOSERVER, &rdir),
	    APPLAYER_PROTO_DCERPC);
	ck_assert_uint_eq(rdir, APPLAYER_TOSERVER);
	/* a request seen going to the client: the flow is the other way */
	rdir = APPLAYER_TOCLIENT;
	ck_assert_int_eq(applayer_dcerpc_probe(dce_request,
	    sizeof(dce_request), APPLAYER_TOCLIENT, &rdir),
	    APPLAYER_PROTO_DCERPC);
	ck_assert_uint_eq(rdir, APPLAYER_TOSERVER);
}
END_TEST

START_TEST(test_dcerpc_probe_refuses_other_versions_and_short_data)
{
	uint8_t b[16], rdir = APPLAYER_TOSERVER;

	memcpy(b, dce_request, sizeof(b));
	ck_assert_int_eq(applayer_dcerpc_probe(b, 15, APPLAYER_TOSERVER,
	    &rdir), APPLAYER_PROTO_FAILED);
	b[1] = 1;	/* 5.1 */
	ck_assert_int_eq(applayer_dcerpc_probe(b, sizeof(b),
	    APPLAYER_TOSERVER, &rdir), APPLAYER_PROTO_FAILED);
	b[1] = 0;
	b[4] = 0x20;	/* an undefined integer representation */
	ck_assert_int_eq(applayer_dcerpc_probe(b, sizeof(b),
	    APPLAYER_TOSERVER, &rdir), APPLAYER_PROTO_FAILED);
	b[4] = 0x10;
	b[5] = 4;	/* an undefined floating-point format */
	ck_assert_int_eq(applayer_dcerpc_probe(b, sizeof(b),
	    APPLAYER_TOSERVER, &rdir), APPLAYER_PROTO_FAILED);
}
END_TEST

START_TEST(test_dcerpc_rules_match_smb_flows)
{
	ck_assert(applayer_proto_equals(APPLAYER_PROTO_DCERPC,
	    APPLAYER_PROTO_SMB));
	ck_assert(applayer_proto_equals(APPLAYER_PROTO_DCERPC,
	    APPLAYER_PROTO_DCERPC));
	ck_assert(applayer_proto_equals(APPLAYER_PROTO_SMB,
	    APPLAYER_PROTO_SMB));
	ck_assert(!applayer_proto_equals(APPLAYER_PROTO_SMB,
	    APPLAYER_PROTO_DCERPC));
	ck_assert(!applayer_proto_equals(APPLAYER_PROTO_DCERPC,
	    APPLAYER_PROTO_HTTP1));
}
END_TEST

START_TEST(test_detection_only_entries_have_no_parser)
{
	const struct applayer_parser *smb =
	    applayer_registry_get(APPLAYER_PROTO_SMB);
	const struct applayer_parser *dce =
	    applayer_registry_get(APPLAYER_PROTO_DCERPC);

	ck_assert_ptr_nonnull(smb);
	ck_assert_ptr_nonnull(dce);
	ck_assert_ptr_null(smb->state_new);
	ck_assert_ptr_null(dce->state_new);
	ck_assert_str_eq(applayer_proto_name(APPLAYER_PROTO_SMB), "smb");
	ck_assert_str_eq(applayer_proto_name(APPLAYER_PROTO_DCERPC),
	    "dcerpc");
}
END_TEST

Suite *
applayer_detectonly_suite(void)
{
	Suite *s = suite_create("detection-only");
	TCase *tc = tcase_create("probes");

	tcase_add_test(tc, test_smb2_session_message_is_smb);
	tcase_add_test(tc, test_smb_probe_waits_for_a_whole_header);
	tcase_add_test(tc, test_session_message_without_magic_is_not_smb);
	tcase_add_test(tc, test_session_request_then_smb_is_smb);
	tcase_add_test(tc, test_dcerpc_request_header_is_dcerpc);
	tcase_add_test(tc,
	    test_dcerpc_probe_refuses_other_versions_and_short_data);
	tcase_add_test(tc, test_dcerpc_rules_match_smb_flows);
	tcase_add_test(tc, test_detection_only_entries_have_no_parser);
	suite_add_tcase(s, tc);
	return s;
}
