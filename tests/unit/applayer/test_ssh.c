/* The SSH parser on real captures made in the lab (tests/data/ssh: the
 * OpenSSH and dropbear clients against dropbear), fed as the framework
 * would, whole and in 1-byte pieces: the banners' fields, the hassh
 * strings and MD5s, the eve object equal to Suricata 7.0.6's for the
 * same capture (tests/data/ssh/ssh-eve-suricata-7.0.6.tsv), the end of
 * the key exchange; malformed banners and records raising Suricata's
 * events. */
#include "core/base.h"

#include <check.h>
#include <jansson.h>
#include <stdio.h>

#include "applayer/parser.h"
#include "applayer/ssh/ssh.h"
#include "flowcap.h"
#include "suites.h"

static const struct applayer_parser *P = &applayer_ssh_parser;
static const struct applayer_ssh_config hassh_on = { .log_hassh = true };

enum { B_PROTO, B_SOFTWARE, B_HASSH, B_HASSH_STRING, B_HASSH_SERVER,
	B_HASSH_SERVER_STRING };

static void *
feed(const char *file, uint32_t chunk)
{
	struct flowcap fc;
	void *st;

	ck_assert_int_eq(flowcap_load(&fc, flowcap_path(file), 22), 0);
	ck_assert_ptr_nonnull(st = P->state_new(NULL, &hassh_on));
	ck_assert_int_ge(flowcap_feed(&fc, P, st, chunk), 1);
	flowcap_free(&fc);
	return st;
}

/* Buffer b of the flow's tx in dir as a string ("" when absent). */
static const char *
buf(void *st, int b, uint8_t dir)
{
	static char s[4096];
	const uint8_t *p;
	uint32_t len;

	s[0] = '\0';
	ck_assert_uint_eq(P->tx_count(st), 1);
	if (P->buffers[b].get(P->tx_get(st, 0), dir, &p, &len)) {
		ck_assert_uint_lt(len, sizeof(s));
		memcpy(s, p, len);
		s[len] = '\0';
	}
	return s;
}

/* Suricata 7.0.6's eve ssh object for file. */
static json_t *
suricata_eve(const char *file)
{
	char line[8192];
	FILE *f = fopen(flowcap_path("ssh/ssh-eve-suricata-7.0.6.tsv"), "r");
	json_t *j = NULL;

	ck_assert_ptr_nonnull(f);
	while (j == NULL && fgets(line, sizeof(line), f) != NULL) {
		char *tab = strchr(line, '\t');

		ck_assert_ptr_nonnull(tab);
		*tab = '\0';
		if (strcmp(line, file) == 0)
			j = json_loads(tab + 1, 0, NULL);
	}
	fclose(f);
	ck_assert_ptr_nonnull(j);
	return j;
}

static void
check_eve(void *st, const char *file)
{
	json_t *o = json_object(), *want = suricata_eve(file);
	char *a, *b;

	ck_assert_int_eq(P->log_tx(st, P->tx_get(st, 0), o), 0);
	a = json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS);
	b = json_dumps(want, JSON_COMPACT | JSON_SORT_KEYS);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	json_decref(o);
	json_decref(want);
}

START_TEST(test_openssh_banners_and_hassh_as_suricata_writes_them)
{
	void *st = feed("ssh/ssh-openssh.pcap", 65536);

	ck_assert_str_eq(buf(st, B_PROTO, APPLAYER_TOSERVER), "2.0");
	ck_assert_str_eq(buf(st, B_SOFTWARE, APPLAYER_TOSERVER),
	    "OpenSSH_9.2p1");
	ck_assert_str_eq(buf(st, B_SOFTWARE, APPLAYER_TOCLIENT),
	    "dropbear_2022.83");
	ck_assert_str_eq(buf(st, B_HASSH, APPLAYER_TOSERVER),
	    "472b5de333ad665af5cbf10ff892c4df");
	ck_assert_str_eq(buf(st, B_HASSH_SERVER, APPLAYER_TOCLIENT),
	    "e1a0b5f8d334ec70fe937b2d5ff8d0b6");
	/* each hassh belongs to its own direction */
	ck_assert_str_eq(buf(st, B_HASSH, APPLAYER_TOCLIENT), "");
	ck_assert_str_eq(buf(st, B_HASSH_SERVER, APPLAYER_TOSERVER), "");
	ck_assert_int_eq(strncmp(buf(st, B_HASSH_STRING, APPLAYER_TOSERVER),
	    "sntrup761x25519-sha512,", 23), 0);
	check_eve(st, "ssh-openssh.pcap");
	P->state_free(st);
}
END_TEST

START_TEST(test_dropbear_client_in_single_bytes_gives_the_same_eve)
{
	void *st = feed("ssh/ssh-dropbear.pcap", 1);

	ck_assert_str_eq(buf(st, B_SOFTWARE, APPLAYER_TOSERVER),
	    "dropbear_2022.83");
	ck_assert_str_eq(buf(st, B_HASSH, APPLAYER_TOSERVER),
	    "16574631849ea8d13c926c9905839928");
	check_eve(st, "ssh-dropbear.pcap");
	P->state_free(st);
}
END_TEST

START_TEST(test_both_newkeys_finish_the_tx_and_mark_the_flow_encrypted)
{
	void *st = feed("ssh/ssh-openssh.pcap", 7);
	void *tx = P->tx_get(st, 0);

	ck_assert_int_eq(P->tx_progress(tx, APPLAYER_TOSERVER),
	    SSH_PROGRESS_FINISHED);
	ck_assert_int_eq(P->tx_progress(tx, APPLAYER_TOCLIENT),
	    SSH_PROGRESS_FINISHED);
	ck_assert(P->state_flags(st) & APPLAYER_STATE_ENCRYPTED);
	for (unsigned e = 0; e < SSH_EV_MAX; e++)
		ck_assert(!applayer_txdata_has_event(P->tx_data(tx), e));
	P->state_free(st);
}
END_TEST

/* One chunk to the server side of a fresh state. */
static struct applayer_result
parse1(void *st, const char *s, size_t len)
{
	struct applayer_chunk c = { (const uint8_t *)s, (uint32_t)len,
	    APPLAYER_TOSERVER, APPLAYER_CHUNK_START, { 0, 0 }, 0, NULL, 0 };

	return P->parse(st, &c);
}

static bool
event(void *st, unsigned ev)
{
	return applayer_txdata_has_event(P->tx_data(P->tx_get(st, 0)), ev);
}

START_TEST(test_banner_without_its_line_end_waits_for_one_more_byte)
{
	void *st = P->state_new(NULL, NULL);
	struct applayer_result r = parse1(st, "SSH-2.0-Open\r", 13);

	ck_assert_int_eq(r.status, APPLAYER_INCOMPLETE);
	ck_assert_uint_eq(r.consumed, 0);
	ck_assert_uint_eq(r.needed, 1);
	r = parse1(st, "SSH-2.0-Open\r\n", 14);
	ck_assert_int_eq(r.status, APPLAYER_OK);
	ck_assert_str_eq(buf(st, B_SOFTWARE, APPLAYER_TOSERVER), "Open");
	P->state_free(st);
}
END_TEST

START_TEST(test_line_that_is_not_a_banner_is_invalid_banner)
{
	void *st = P->state_new(NULL, NULL);

	ck_assert_int_eq(parse1(st, "SSH-2.0\r\n", 9).status, APPLAYER_ERROR);
	ck_assert(event(st, SSH_EV_INVALID_BANNER));
	P->state_free(st);
}
END_TEST

START_TEST(test_banner_past_256_bytes_is_long_banner_and_skips_to_its_end)
{
	void *st = P->state_new(NULL, NULL);
	char b[400];

	memset(b, 'x', sizeof(b));
	memcpy(b, "SSH-2.0-Long ", 13);
	ck_assert_int_eq(parse1(st, b, 300).status, APPLAYER_OK);
	ck_assert(event(st, SSH_EV_LONG_BANNER));
	ck_assert_str_eq(buf(st, B_SOFTWARE, APPLAYER_TOSERVER), "Long");
	ck_assert_int_eq(P->tx_progress(P->tx_get(st, 0), APPLAYER_TOSERVER),
	    SSH_PROGRESS_IN_PROGRESS);
	/* the rest of the line, then a record header */
	ck_assert_int_eq(parse1(st, "xxxx\n\0\0\0\x0c\x04\x02", 11).status,
	    APPLAYER_OK);
	ck_assert_int_eq(P->tx_progress(P->tx_get(st, 0), APPLAYER_TOSERVER),
	    SSH_PROGRESS_BANNER_DONE);
	P->state_free(st);
}
END_TEST

START_TEST(test_record_length_below_two_is_invalid_record)
{
	void *st = P->state_new(NULL, NULL);

	ck_assert_int_eq(parse1(st, "SSH-2.0-x\n\0\0\0\x01\x00\x14", 16).status,
	    APPLAYER_ERROR);
	ck_assert(event(st, SSH_EV_INVALID_RECORD));
	P->state_free(st);
}
END_TEST

START_TEST(test_kexinit_split_asks_for_the_whole_record)
{
	void *st = P->state_new(NULL, NULL);
	/* banner, then a KEXINIT header of a 100-byte packet with 4 body
	 * bytes: wait for the other 94 bytes of its body */
	struct applayer_result r = parse1(st,
	    "SSH-2.0-x\n\0\0\0\x64\x04\x14" "abcd", 20);

	ck_assert_int_eq(r.status, APPLAYER_INCOMPLETE);
	ck_assert_uint_eq(r.consumed, 16);
	ck_assert_uint_eq(r.needed, 94);
	P->state_free(st);
}
END_TEST

START_TEST(test_gap_is_an_error)
{
	void *st = P->state_new(NULL, NULL);
	struct applayer_chunk c = { NULL, 10, APPLAYER_TOSERVER,
	    APPLAYER_CHUNK_GAP, { 0, 0 }, 0, NULL, 0 };

	ck_assert_int_eq(P->parse(st, &c).status, APPLAYER_ERROR);
	P->state_free(st);
}
END_TEST

Suite *
applayer_ssh_suite(void)
{
	Suite *s = suite_create("ssh");
	TCase *tc = tcase_create("ssh");

	tcase_add_test(tc, test_openssh_banners_and_hassh_as_suricata_writes_them);
	tcase_add_test(tc, test_dropbear_client_in_single_bytes_gives_the_same_eve);
	tcase_add_test(tc, test_both_newkeys_finish_the_tx_and_mark_the_flow_encrypted);
	tcase_add_test(tc, test_banner_without_its_line_end_waits_for_one_more_byte);
	tcase_add_test(tc, test_line_that_is_not_a_banner_is_invalid_banner);
	tcase_add_test(tc, test_banner_past_256_bytes_is_long_banner_and_skips_to_its_end);
	tcase_add_test(tc, test_record_length_below_two_is_invalid_record);
	tcase_add_test(tc, test_kexinit_split_asks_for_the_whole_record);
	tcase_add_test(tc, test_gap_is_an_error);
	suite_add_tcase(s, tc);
	return s;
}
