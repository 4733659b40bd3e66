/* lib/config: defaults, YAML loading, diagnostics with file:line:col. */
#include "core/base.h"

#include <stdio.h>
#include <unistd.h>

#include <check.h>

#include "config/compat.h"
#include "config/config.h"
#include "core/diag.h"
#include "defrag/defrag.h"

#include <arpa/inet.h>

static struct quell_config *cfg;
static struct diag_list dl;

static void
setup(void)
{
	cfg = config_new();
	diag_list_init(&dl);
}

static void
teardown(void)
{
	config_free(cfg);
	diag_list_free(&dl);
}

/* The first diagnostic, formatted. */
static const char *
first_diag(void)
{
	static char buf[1024];

	ck_assert_uint_ge(dl.count, 1);
	return diag_format(&dl.items[0], buf, sizeof(buf));
}

START_TEST(test_defaults_are_complete)
{
	ck_assert_ptr_nonnull(cfg);
	ck_assert_int_eq(cfg->nfq_mode, CONFIG_NFQ_MODE_ACCEPT);
	ck_assert_int_eq(cfg->tls_encryption, CONFIG_TLS_ENC_DEFAULT);
	ck_assert(cfg->nfq_fail_open);
	ck_assert(cfg->eve[0].enabled);
	ck_assert_str_eq(cfg->eve[0].filename, "eve.json");
	ck_assert_uint_eq(cfg->stats_interval, 8);
	ck_assert_str_eq(config_strmap_get(&cfg->port_groups, "HTTP_PORTS"), "80");
	ck_assert_ptr_nonnull(config_strmap_get(&cfg->address_groups, "HOME_NET"));
	ck_assert_int_eq(config_validate(cfg, &dl), 0);
}
END_TEST

START_TEST(test_empty_file_keeps_defaults)
{
	ck_assert_int_eq(config_load_string(cfg, "t.yaml", "", &dl), 0);
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_str_eq(cfg->eve[0].filename, "eve.json");
}
END_TEST

START_TEST(test_suricata_shaped_sections_load)
{
	const char *y =
	    "%YAML 1.1\n"
	    "---\n"
	    "vars:\n"
	    "  address-groups:\n"
	    "    HOME_NET: \"[198.18.0.0/15]\"\n"
	    "  port-groups:\n"
	    "    HTTP_PORTS: \"[80,8080]\"\n"
	    "default-log-dir: /tmp/q\n"
	    "outputs:\n"
	    "  - eve-log:\n"
	    "      enabled: yes\n"
	    "      filename: alerts.json\n"
	    "      types:\n"
	    "        - alert\n"
	    "stats:\n"
	    "  enabled: no\n"
	    "  interval: 30\n"
	    "nfq:\n"
	    "  mode: repeat\n"
	    "  repeat_mark: 0x1\n"
	    "  repeat-mask: 1\n"
	    "  queues: [0, \"2:3\"]\n";

	ck_assert_int_eq(config_load_string(cfg, "t.yaml", y, &dl), 0);
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_str_eq(config_strmap_get(&cfg->address_groups, "HOME_NET"),
	    "[198.18.0.0/15]");
	ck_assert_str_eq(config_strmap_get(&cfg->port_groups, "HTTP_PORTS"),
	    "[80,8080]");
	ck_assert_str_eq(config_strmap_get(&cfg->port_groups, "SSH_PORTS"), "22");
	ck_assert_str_eq(cfg->default_log_dir, "/tmp/q");
	ck_assert_str_eq(cfg->eve[0].filename, "alerts.json");
	ck_assert(config_eve_type_enabled(cfg, "alert"));
	ck_assert(!config_eve_type_enabled(cfg, "stats"));
	ck_assert(!cfg->stats_enabled);
	ck_assert_uint_eq(cfg->stats_interval, 30);
	ck_assert_int_eq(cfg->nfq_mode, CONFIG_NFQ_MODE_REPEAT);
	ck_assert_uint_eq(cfg->nfq_repeat_mark, 1);
	ck_assert_uint_eq(cfg->nfq_nqueues, 3);
	ck_assert_uint_eq(cfg->nfq_queues[2], 3);
	ck_assert_int_eq(config_validate(cfg, &dl), 0);
}
END_TEST

/* Suricata's files options: force-magic and force-hash (md5, sha1,
 * sha256, any case); another digest name is an error at its place. */
START_TEST(test_files_force_hash_takes_suricatas_digest_names)
{
	const char *y =
	    "outputs:\n"
	    "  - eve-log:\n"
	    "      types:\n"
	    "        - files:\n"
	    "            force-magic: yes\n"
	    "            force-hash: [md5, SHA256]\n";
	const char *bad =
	    "outputs:\n"
	    "  - eve-log:\n"
	    "      types:\n"
	    "        - files:\n"
	    "            force-hash: [md5, sha512]\n";

	ck_assert_int_eq(config_load_string(cfg, "t.yaml", y, &dl), 0);
	ck_assert_uint_eq(dl.count, 0);
	ck_assert(cfg->eve[0].files_force_magic);
	ck_assert_uint_eq(cfg->eve[0].files_force_hash.count, 2);
	ck_assert_str_eq(cfg->eve[0].files_force_hash.items[1], "SHA256");
	ck_assert_int_eq(config_load_string(cfg, "b.yaml", bad, &dl), -1);
	ck_assert_msg(strstr(first_diag(), "b.yaml:5:") != NULL &&
	    strstr(first_diag(), "force-hash: unknown value 'sha512'") != NULL,
	    "%s", first_diag());
}
END_TEST

START_TEST(test_bad_mark_names_position_and_key)
{
	ck_assert_int_eq(config_load_string(cfg, "q.yaml",
	    "nfq:\n  repeat-mark: 0x1ffffffff\n", &dl), -1);
	ck_assert_str_eq(first_diag(),
	    "q.yaml:2:3: nfq.repeat-mark: not a 32-bit number near '0x1ffffffff'");
}
END_TEST

START_TEST(test_route_queue_out_of_range_is_error)
{
	ck_assert_int_eq(config_load_string(cfg, "q.yaml",
	    "nfq:\n  route-queue: 65536\n", &dl), -1);
	ck_assert_str_eq(first_diag(),
	    "q.yaml:2:3: nfq.route-queue: not a number within 0..65535 near '65536'");
}
END_TEST

START_TEST(test_bad_enum_lists_choices)
{
	ck_assert_int_eq(config_load_string(cfg, "q.yaml",
	    "nfq:\n  mode: bounce\n", &dl), -1);
	ck_assert_str_eq(first_diag(),
	    "q.yaml:2:3: nfq.mode: not one of accept, repeat, route near 'bounce'");
}
END_TEST

START_TEST(test_stream_section_loads_in_suricata_layout)
{
	static const char y[] =
	    "exception-policy: pass-flow\n"
	    "stream:\n"
	    "  memcap: 32mb\n"
	    "  memcap-policy: drop-packet\n"
	    "  async-oneside: yes\n"
	    "  inline: no\n"
	    "  reassembly:\n"
	    "    memcap: 128mb\n"
	    "    depth: 2mb\n"
	    "    memcap-policy: bypass\n"
	    "host-os-policy:\n"
	    "  linux: [198.18.0.0/15, \"2001:2::/48\"]\n"
	    "  windows: [0.0.0.0/0]\n";

	ck_assert_int_eq(config_load_string(cfg, "t.yaml", y, &dl), 0);
	ck_assert_int_eq(config_validate(cfg, &dl), 0);
	ck_assert_uint_eq(cfg->stream.memcap, 32u << 20);
	ck_assert_uint_eq(cfg->stream.reassembly_memcap, 128u << 20);
	ck_assert_uint_eq(cfg->stream.depth, 2u << 20);
	ck_assert(cfg->stream.async_oneside);
	ck_assert_str_eq(cfg->stream.inline_mode, "no");
	ck_assert_str_eq(cfg->exception_policy, "pass-flow");
	ck_assert_str_eq(cfg->exception_policies[EXCEPTION_CAUSE_STREAM_MEMCAP],
	    "drop-packet");
	ck_assert_str_eq(cfg->exception_policies[
	    EXCEPTION_CAUSE_REASSEMBLY_MEMCAP], "bypass");
	ck_assert_ptr_null(cfg->exception_policies[EXCEPTION_CAUSE_MIDSTREAM]);
	ck_assert_uint_eq(cfg->host_os_policy[STREAM_OS_LINUX].count, 2);
	ck_assert_str_eq(cfg->host_os_policy[STREAM_OS_LINUX].items[1],
	    "2001:2::/48");
}
END_TEST

START_TEST(test_bad_exception_policy_lists_choices)
{
	ck_assert_int_eq(config_load_string(cfg, "q.yaml",
	    "stream:\n  memcap-policy: drop\n", &dl), -1);
	ck_assert_str_eq(first_diag(), "q.yaml:2:3: stream.memcap-policy: not "
	    "one of auto, ignore, drop-flow, drop-packet, pass-flow, "
	    "pass-packet, bypass, reject near 'drop'");
}
END_TEST

/* As Suricata 7: a policy other than pass-flow or ignore with midstream
 * on is an init error, so a warning (the rest starts), and it applies. */
START_TEST(test_midstream_policy_beside_midstream_warns)
{
	ck_assert_int_eq(config_load_string(cfg, "q.yaml",
	    "stream:\n  midstream: yes\n  midstream-policy: drop-flow\n",
	    &dl), 0);
	ck_assert_int_eq(config_validate(cfg, &dl), 0);
	ck_assert_uint_eq(dl.warnings, 1);
	ck_assert_str_eq(first_diag(), "warning: stream.midstream-policy: "
	    "drop-flow is not one of Suricata's policies with "
	    "stream.midstream on (pass-flow or ignore); it applies to the "
	    "sessions picked up midstream near 'drop-flow'");
}
END_TEST

START_TEST(test_host_os_policy_needs_address_blocks)
{
	ck_assert_int_eq(config_load_string(cfg, "q.yaml",
	    "host-os-policy:\n  solaris: [not-an-address]\n", &dl), 0);
	ck_assert_int_eq(config_validate(cfg, &dl), -1);
	ck_assert_ptr_nonnull(strstr(first_diag(),
	    "host-os-policy.solaris: \"not-an-address\""));
}
END_TEST

START_TEST(test_bad_boolean_is_error)
{
	ck_assert_int_eq(config_load_string(cfg, "q.yaml",
	    "stats:\n  enabled: maybe\n", &dl), -1);
	ck_assert_str_eq(first_diag(),
	    "q.yaml:2:3: stats.enabled: not a boolean (yes/no) near 'maybe'");
}
END_TEST

START_TEST(test_unknown_key_warns_with_suggestion)
{
	ck_assert_int_eq(config_load_string(cfg, "q.yaml",
	    "nfq:\n  repeat-mak: 1\n", &dl), 0);
	ck_assert_uint_eq(dl.errors, 0);
	ck_assert_str_eq(first_diag(),
	    "q.yaml:2:3: warning: nfq.repeat-mak: unknown key ignored; did you mean 'nfq.repeat-mark'?");
}
END_TEST

/* suricata.yaml's protocols quell does not parse: one warning each,
 * naming the protocol, not a guess at a near key. */
START_TEST(test_unparsed_app_layer_protocol_warns_once)
{
	ck_assert_int_eq(config_load_string(cfg, "q.yaml",
	    "app-layer:\n  protocols:\n    smtp:\n      enabled: yes\n"
	    "      raw-extraction: no\n", &dl), 0);
	ck_assert_uint_eq(dl.errors, 0);
	ck_assert_uint_eq(dl.count, 1);
	ck_assert_str_eq(first_diag(),
	    "q.yaml:3:5: warning: app-layer.protocols.smtp: Suricata setting "
	    "ignored: quell parses HTTP/1, TLS, DNS and SSH only; not this "
	    "yet");
}
END_TEST

START_TEST(test_yaml_syntax_error_has_position)
{
	ck_assert_int_eq(config_load_string(cfg, "q.yaml",
	    "nfq:\n  mode: [accept\n", &dl), -1);
	ck_assert_uint_eq(dl.errors, 1);
	ck_assert_str_eq(dl.items[0].file, "q.yaml");
	ck_assert_uint_eq(dl.items[0].line, 3);
}
END_TEST

START_TEST(test_list_where_value_expected_is_error)
{
	ck_assert_int_eq(config_load_string(cfg, "q.yaml",
	    "nfq:\n  mode: [a, b]\n", &dl), -1);
	ck_assert_str_eq(first_diag(),
	    "q.yaml:2:3: nfq.mode: expected a single value");
}
END_TEST

START_TEST(test_repeat_mode_without_mark_fails_validation)
{
	ck_assert_int_eq(config_set(cfg, "nfq.mode=repeat", &dl), 0);
	ck_assert_int_eq(config_validate(cfg, &dl), -1);
	ck_assert_str_eq(first_diag(),
	    "nfq.repeat-mark: required (non-zero) when nfq.mode is repeat");
}
END_TEST

START_TEST(test_repeat_mask_overlapping_bypass_mask_fails_validation)
{
	config_set(cfg, "nfq.mode=repeat", &dl);
	config_set(cfg, "nfq.repeat-mark=0x40000000", &dl);
	config_set(cfg, "nfq.repeat-mask=0x40000000", &dl);
	ck_assert_int_eq(config_validate(cfg, &dl), -1);
	ck_assert_str_eq(first_diag(),
	    "nfq.repeat-mask 0x40000000 overlaps nfq.bypass-mask 0x40000000");
}
END_TEST

START_TEST(test_set_override_and_unknown_key)
{
	ck_assert_int_eq(config_set(cfg, "stats.interval=2", &dl), 0);
	ck_assert_uint_eq(cfg->stats_interval, 2);
	ck_assert_int_eq(config_set(cfg, "vars.address-groups.HOME_NET=[198.18.0.0/15]", &dl), 0);
	ck_assert_str_eq(config_strmap_get(&cfg->address_groups, "HOME_NET"),
	    "[198.18.0.0/15]");
	ck_assert_int_eq(config_set(cfg, "stats.intervall=2", &dl), 0);
	ck_assert_uint_eq(dl.errors, 0);
	ck_assert_str_eq(first_diag(),
	    "--set: warning: stats.intervall: unknown key ignored; did you mean 'stats.interval'?");
}
END_TEST

START_TEST(test_set_suricata_key_quell_lacks_warns_why)
{
	ck_assert_int_eq(config_set(cfg, "pcap-file.checksum-checks=auto",
	    &dl), 0);
	ck_assert_uint_eq(dl.errors, 0);
	ck_assert_str_eq(first_diag(), "--set: warning: "
	    "pcap-file.checksum-checks: Suricata setting ignored: offline "
	    "reading takes -k all|none for checksums");
}
END_TEST

START_TEST(test_set_drops_suricata_list_indexes)
{
	ck_assert_int_eq(config_set(cfg,
	    "outputs.1.eve-log.types.0.alert.payload=yes", &dl), 0);
	ck_assert_uint_eq(dl.count, 0);
	ck_assert(cfg->eve[0].payload);
}
END_TEST

/* outputs.N counts suricata.yaml's outputs list: N is the eve-log read
 * from item N, whichever eve-log section that is. */
START_TEST(test_set_suricata_output_index_picks_that_eve_log)
{
	static const char y[] =
	    "outputs:\n"
	    "  - fast:\n"
	    "      enabled: yes\n"
	    "  - eve-log:\n"
	    "      filename: a.json\n"
	    "  - stats:\n"
	    "      enabled: yes\n"
	    "  - eve-log:\n"
	    "      filename: b.json\n";

	ck_assert_int_eq(config_load_string(cfg, "s.yaml", y, &dl), 0);
	ck_assert_uint_eq(cfg->neve, 2);
	ck_assert_int_eq(config_set(cfg,
	    "outputs.3.eve-log.types.0.alert.payload=yes", &dl), 0);
	ck_assert_int_eq(config_set(cfg,
	    "outputs.1.eve-log.packet=yes", &dl), 0);
	ck_assert_uint_eq(dl.count, 0);
	ck_assert(!cfg->eve[0].payload);
	ck_assert(cfg->eve[1].payload);
	ck_assert(cfg->eve[0].packet);
	ck_assert(!cfg->eve[1].packet);
}
END_TEST

START_TEST(test_set_value_quell_behaves_as_is_quiet)
{
	ck_assert_int_eq(config_set(cfg, "autofp-scheduler=hash", &dl), 0);
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_int_eq(config_set(cfg, "autofp-scheduler=active-packets",
	    &dl), 0);
	ck_assert_uint_eq(dl.warnings, 1);
}
END_TEST

START_TEST(test_suricata_eve_types_with_options_load)
{
	static const char y[] =
	    "outputs:\n"
	    "  - eve-log:\n"
	    "      enabled: yes\n"
	    "      types:\n"
	    "        - alert:\n"
	    "            payload: yes\n"
	    "            packet: yes\n"
	    "        - drop\n"
	    "        - flow\n"
	    "        - dns\n"
	    "        - smtp:\n"
	    "            extended: yes\n";

	ck_assert_int_eq(config_load_string(cfg, "s.yaml", y, &dl), 0);
	ck_assert_uint_eq(dl.errors, 0);
	ck_assert_uint_eq(dl.warnings, 1);
	ck_assert_str_eq(first_diag(), "s.yaml:11:11: warning: "
	    "outputs.eve-log.types.smtp: Suricata setting ignored: quell parses "
	    "HTTP/1, TLS, DNS and SSH only; not this yet");
	ck_assert(config_eve_type_enabled(cfg, "alert"));
	ck_assert(config_eve_type_enabled(cfg, "drop"));
	ck_assert(config_eve_type_enabled(cfg, "flow"));
	ck_assert(config_eve_type_enabled(cfg, "dns"));
	ck_assert(!config_eve_type_enabled(cfg, "stats"));
	ck_assert(!config_eve_type_enabled(cfg, "smtp"));
	ck_assert(cfg->eve[0].payload);
	ck_assert(cfg->eve[0].packet);
}
END_TEST

/* A later types list replaces an earlier one with its options: a bare
 * "- http:" (as suricata-verify's bug-28 case writes it) is a basic http
 * logger again, as Suricata reading that list alone. */
START_TEST(test_later_types_list_resets_type_options)
{
	static const char base[] =
	    "outputs:\n"
	    "  - eve-log:\n"
	    "      types:\n"
	    "        - alert:\n"
	    "            payload: yes\n"
	    "        - http:\n"
	    "            extended: yes\n";
	static const char bare_item[] =
	    "outputs:\n"
	    "  - eve-log:\n"
	    "      types:\n"
	    "        - alert:\n"
	    "            packet: yes\n"
	    "        - http:\n";
	static const char scalar_item[] =
	    "outputs:\n"
	    "  - eve-log:\n"
	    "      types:\n"
	    "        - http\n";

	ck_assert_int_eq(config_load_string(cfg, "a.yaml", base, &dl), 0);
	ck_assert(cfg->eve[0].http_extended);
	ck_assert(cfg->eve[0].payload);
	ck_assert_int_eq(config_load_string(cfg, "b.yaml", bare_item, &dl), 0);
	ck_assert_uint_eq(dl.errors, 0);
	ck_assert(config_eve_type_enabled(cfg, "http"));
	ck_assert(!cfg->eve[0].http_extended);
	ck_assert(!cfg->eve[0].payload);
	ck_assert(cfg->eve[0].packet);
	ck_assert_int_eq(config_load_string(cfg, "a.yaml", base, &dl), 0);
	ck_assert(cfg->eve[0].http_extended);
	ck_assert_int_eq(config_load_string(cfg, "c.yaml", scalar_item, &dl), 0);
	ck_assert(config_eve_type_enabled(cfg, "http"));
	ck_assert(!config_eve_type_enabled(cfg, "alert"));
	ck_assert(!cfg->eve[0].http_extended);
}
END_TEST

START_TEST(test_suricata_section_quell_lacks_warns_once)
{
	static const char y[] =
	    "app-layer:\n"
	    "  protocols:\n"
	    "    http:\n"
	    "      enabled: yes\n"
	    "    tls:\n"
	    "      ja3-fingerprints: auto\n"
	    "    smtp:\n"
	    "      enabled: yes\n"
	    "      detection-ports:\n"
	    "        dp: 443\n"
	    "unix-command:\n"
	    "  enabled: auto\n";
	char buf[1024];

	/* app-layer holds keys quell reads (http.enabled is quiet): a
	 * setting of a protocol quell parses but lacks is named; smtp, a
	 * protocol quell has nothing of, is one warning for all of it. */
	ck_assert_int_eq(config_load_string(cfg, "s.yaml", y, &dl), 0);
	ck_assert_uint_eq(dl.count, 2);
	ck_assert_str_eq(first_diag(), "s.yaml:6:7: warning: "
	    "app-layer.protocols.tls.ja3-fingerprints: Suricata setting "
	    "ignored: quell's parser of this protocol has no such setting");
	ck_assert_str_eq(diag_format(&dl.items[1], buf, sizeof(buf)),
	    "s.yaml:7:5: warning: app-layer.protocols.smtp: Suricata setting "
	    "ignored: quell parses HTTP/1, TLS, DNS and SSH only; not this "
	    "yet");
	ck_assert(cfg->control_enabled);
}
END_TEST

START_TEST(test_runmode_single)
{
	ck_assert_int_eq(cfg->runmode, CONFIG_RUNMODE_AUTOFP);
	ck_assert_int_eq(config_set(cfg, "runmode=single", &dl), 0);
	ck_assert_int_eq(cfg->runmode, CONFIG_RUNMODE_SINGLE);
	ck_assert_int_eq(config_set(cfg, "runmode=fast", &dl), -1);
	ck_assert_str_eq(first_diag(), "--set: runmode: not one of autofp, "
	    "single, workers near 'fast'");
}
END_TEST

START_TEST(test_compat_table_is_sorted_and_unique)
{
	size_t n;
	const struct config_compat *t = config_compat_table(&n);

	for (size_t i = 1; i < n; i++)
		ck_assert_msg(strcmp(t[i - 1].path, t[i].path) < 0,
		    "%s before %s", t[i - 1].path, t[i].path);
}
END_TEST

START_TEST(test_tls_encryption_handling_takes_suricatas_values)
{
	ck_assert_int_eq(config_set(cfg,
	    "app-layer.protocols.tls.encryption-handling=bypass", &dl), 0);
	ck_assert_int_eq(cfg->tls_encryption, CONFIG_TLS_ENC_BYPASS);
	ck_assert_int_eq(config_set(cfg,
	    "app-layer.protocols.tls.encryption-handling=full", &dl), 0);
	ck_assert_int_eq(cfg->tls_encryption, CONFIG_TLS_ENC_FULL);
	ck_assert_int_eq(config_set(cfg,
	    "app-layer.protocols.tls.encryption-handling=skip", &dl), -1);
	ck_assert_str_eq(first_diag(), "--set: "
	    "app-layer.protocols.tls.encryption-handling: not one of default, "
	    "bypass, full near 'skip'");
}
END_TEST

START_TEST(test_queue_specs_add_ranges_once)
{
	ck_assert_int_eq(config_add_queues(cfg, "0:3", &dl), 0);
	ck_assert_int_eq(config_add_queues(cfg, "2", &dl), 0);
	ck_assert_uint_eq(cfg->nfq_nqueues, 4);
	ck_assert_int_eq(config_add_queues(cfg, "5:4", &dl), -1);
	ck_assert_int_eq(config_add_queues(cfg, "70000", &dl), -1);
	ck_assert_uint_eq(dl.errors, 2);
}
END_TEST

START_TEST(test_missing_file_is_error)
{
	ck_assert_int_eq(config_load_file(cfg, "/nonexistent/quell.yaml", &dl), -1);
	ck_assert_str_eq(first_diag(),
	    "/nonexistent/quell.yaml: cannot open: No such file or directory");
}
END_TEST

START_TEST(test_shipped_config_loads_without_diagnostics)
{
	char path[4096];
	const char *top = getenv("QUELL_TOP_SRCDIR");

	snprintf(path, sizeof(path), "%s/etc/quell.yaml", top ? top : ".");
	ck_assert_int_eq(config_load_file(cfg, path, &dl), 0);
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_int_eq(config_validate(cfg, &dl), 0);
}
END_TEST

/* Writes text to DIR/name; returns the path (static buffer per call). */
static const char *
write_file(const char *dir, const char *name, const char *text)
{
	static char paths[4][512];
	static int next;
	char *path = paths[next++ % 4];
	FILE *fp;

	snprintf(path, 512, "%s/%s", dir, name);
	fp = fopen(path, "w");
	ck_assert_ptr_nonnull(fp);
	fputs(text, fp);
	fclose(fp);
	return path;
}

START_TEST(test_include_applies_files_relative_and_in_order)
{
	char dir[] = "/tmp/quell-cfg-XXXXXX";
	const char *main_path;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	write_file(dir, "a.yaml", "stats:\n  interval: 5\n");
	write_file(dir, "b.yaml", "stats:\n  interval: 6\nnfq:\n  mode: route\n");
	main_path = write_file(dir, "main.yaml",
	    "stats:\n  interval: 4\ninclude:\n  - a.yaml\n  - b.yaml\n");
	ck_assert_int_eq(config_load_file(cfg, main_path, &dl), 0);
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_uint_eq(cfg->stats_interval, 6);
	ck_assert_int_eq(cfg->nfq_mode, CONFIG_NFQ_MODE_ROUTE);
	unlink(main_path);
	remove(write_file(dir, "a.yaml", ""));
	remove(write_file(dir, "b.yaml", ""));
	rmdir(dir);
}
END_TEST

/* Suricata inlines an include where it stands: the http-double-encoded-uri
 * case's suricata.yaml includes a file saying double-decode-path: no and
 * then says yes, and yes is what Suricata runs with. */
START_TEST(test_include_is_overridden_by_keys_after_it)
{
	char dir[] = "/tmp/quell-cfg-XXXXXX";
	const char *main_path;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	write_file(dir, "base.yaml",
	    "stats:\n  interval: 5\n"
	    "app-layer:\n  protocols:\n    http:\n      libhtp:\n"
	    "        default-config:\n          double-decode-path: no\n");
	main_path = write_file(dir, "main.yaml",
	    "include: base.yaml\n"
	    "app-layer:\n  protocols:\n    http:\n      libhtp:\n"
	    "        default-config:\n          double-decode-path: yes\n");
	ck_assert_int_eq(config_load_file(cfg, main_path, &dl), 0);
	ck_assert_uint_eq(dl.count, 0);
	ck_assert(cfg->http.def.double_decode_path);
	ck_assert_uint_eq(cfg->stats_interval, 5);
	unlink(main_path);
	remove(write_file(dir, "base.yaml", ""));
	rmdir(dir);
}
END_TEST

START_TEST(test_include_overrides_keys_before_it)
{
	char dir[] = "/tmp/quell-cfg-XXXXXX";
	const char *main_path;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	write_file(dir, "base.yaml", "stats:\n  interval: 5\n");
	main_path = write_file(dir, "main.yaml",
	    "stats:\n  interval: 4\ninclude: base.yaml\n");
	ck_assert_int_eq(config_load_file(cfg, main_path, &dl), 0);
	ck_assert_uint_eq(cfg->stats_interval, 5);
	unlink(main_path);
	remove(write_file(dir, "base.yaml", ""));
	rmdir(dir);
}
END_TEST

START_TEST(test_include_of_itself_is_a_cycle)
{
	char dir[] = "/tmp/quell-cfg-XXXXXX", want[1024];
	const char *loop;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	loop = write_file(dir, "loop.yaml", "include: loop.yaml\n");
	ck_assert_int_eq(config_load_file(cfg, loop, &dl), -1);
	ck_assert_uint_eq(dl.errors, 1);
	snprintf(want, sizeof(want), "%s:1:1: include: cycle: %s -> %s",
	    loop, loop, loop);
	ck_assert_str_eq(first_diag(), want);
	unlink(loop);
	rmdir(dir);
}
END_TEST

/* "./a.yaml" is a.yaml: the cycle is found by file identity, not name. */
START_TEST(test_include_cycle_names_the_chain)
{
	char dir[] = "/tmp/quell-cfg-XXXXXX", a[512], b[512], want[2048];

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(a, sizeof(a), "%s", write_file(dir, "a.yaml",
	    "stats:\n  interval: 5\ninclude: b.yaml\n"));
	snprintf(b, sizeof(b), "%s", write_file(dir, "b.yaml",
	    "include:\n  - ./a.yaml\n"));
	ck_assert_int_eq(config_load_file(cfg, a, &dl), -1);
	ck_assert_uint_eq(dl.errors, 1);
	snprintf(want, sizeof(want), "%s:2:5: include: cycle: %s -> %s -> %s/./a.yaml",
	    b, a, b, dir);
	ck_assert_str_eq(first_diag(), want);
	unlink(a);
	unlink(b);
	rmdir(dir);
}
END_TEST

/* In-memory files for config_load_reader: "N.yaml" is texts[N]. */
static const char *const *reader_texts;

static const char *
reader_text(void *ctx, const char *path, size_t *len)
{
	unsigned n = 0;

	(void)ctx;
	if (sscanf(path, "%u.yaml", &n) != 1 || n >= 16 ||
	    reader_texts[n] == NULL)
		return NULL;
	*len = strlen(reader_texts[n]);
	return reader_texts[n];
}

/* Each file includes the next one 8 times, 8 levels deep: 8^8 loads
 * unless the total is capped. The cap stops it after 64 included files,
 * with one error. */
START_TEST(test_include_fan_out_stops_at_64_files)
{
	static const char *const texts[] = {
		"include: [1.yaml, 1.yaml, 1.yaml, 1.yaml, 1.yaml, 1.yaml, 1.yaml, 1.yaml]\n",
		"include: [2.yaml, 2.yaml, 2.yaml, 2.yaml, 2.yaml, 2.yaml, 2.yaml, 2.yaml]\n",
		"include: [3.yaml, 3.yaml, 3.yaml, 3.yaml, 3.yaml, 3.yaml, 3.yaml, 3.yaml]\n",
		"include: [4.yaml, 4.yaml, 4.yaml, 4.yaml, 4.yaml, 4.yaml, 4.yaml, 4.yaml]\n",
		"include: [5.yaml, 5.yaml, 5.yaml, 5.yaml, 5.yaml, 5.yaml, 5.yaml, 5.yaml]\n",
		"include: [6.yaml, 6.yaml, 6.yaml, 6.yaml, 6.yaml, 6.yaml, 6.yaml, 6.yaml]\n",
		"include: [7.yaml, 7.yaml, 7.yaml, 7.yaml, 7.yaml, 7.yaml, 7.yaml, 7.yaml]\n",
		"include: [8.yaml, 8.yaml, 8.yaml, 8.yaml, 8.yaml, 8.yaml, 8.yaml, 8.yaml]\n",
		"stats:\n  interval: 9\n",
		NULL,
	};
	const struct config_include_reader rd = { .text = reader_text };

	reader_texts = texts;
	ck_assert_int_eq(config_load_reader(cfg, "0.yaml", &rd, &dl), -1);
	ck_assert_uint_eq(dl.errors, 1);
	ck_assert_str_eq(first_diag(),
	    "7.yaml:1:35: include: more than 64 files in all near '8.yaml'");
	/* What was loaded before the cap still applies. */
	ck_assert_uint_eq(cfg->stats_interval, 9);
}
END_TEST

START_TEST(test_include_deeper_than_8_levels_is_an_error)
{
	static const char *const texts[] = {
		"include: 1.yaml\n", "include: 2.yaml\n", "include: 3.yaml\n",
		"include: 4.yaml\n", "include: 5.yaml\n", "include: 6.yaml\n",
		"include: 7.yaml\n", "include: 8.yaml\n", "include: 9.yaml\n",
		"stats:\n  interval: 9\n", NULL,
	};
	const struct config_include_reader rd = { .text = reader_text };

	reader_texts = texts;
	ck_assert_int_eq(config_load_reader(cfg, "0.yaml", &rd, &dl), -1);
	ck_assert_uint_eq(dl.errors, 1);
	ck_assert_str_eq(first_diag(),
	    "8.yaml:1:1: include: more than 8 levels near '9.yaml'");
}
END_TEST

START_TEST(test_include_8_levels_deep_loads)
{
	static const char *const texts[] = {
		"include: 1.yaml\n", "include: 2.yaml\n", "include: 3.yaml\n",
		"include: 4.yaml\n", "include: 5.yaml\n", "include: 6.yaml\n",
		"include: 7.yaml\n", "include: 8.yaml\n",
		"stats:\n  interval: 9\n", NULL,
	};
	const struct config_include_reader rd = { .text = reader_text };

	reader_texts = texts;
	ck_assert_int_eq(config_load_reader(cfg, "0.yaml", &rd, &dl), 0);
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_uint_eq(cfg->stats_interval, 9);
}
END_TEST

/* A diamond (two files include the same third) is not a cycle. */
START_TEST(test_include_same_file_twice_is_not_a_cycle)
{
	static const char *const texts[] = {
		"include: [1.yaml, 2.yaml]\n", "include: 3.yaml\n",
		"include: 3.yaml\n", "stats:\n  interval: 9\n", NULL,
	};
	const struct config_include_reader rd = { .text = reader_text };

	reader_texts = texts;
	ck_assert_int_eq(config_load_reader(cfg, "0.yaml", &rd, &dl), 0);
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_uint_eq(cfg->stats_interval, 9);
}
END_TEST

START_TEST(test_set_list_takes_flow_form)
{
	ck_assert_int_eq(config_set(cfg, "outputs.eve-log.types=[stats, \"alert\"]", &dl), 0);
	ck_assert(config_eve_type_enabled(cfg, "stats"));
	ck_assert(config_eve_type_enabled(cfg, "alert"));
	ck_assert(!config_eve_type_enabled(cfg, "flow"));
	ck_assert_int_eq(config_set(cfg, "outputs.eve-log.types=flow", &dl), 0);
	ck_assert(config_eve_type_enabled(cfg, "flow"));
	ck_assert(!config_eve_type_enabled(cfg, "stats"));
}
END_TEST

START_TEST(test_size_keys_take_suffixes)
{
	ck_assert_int_eq(config_set(cfg, "flow.memcap=64mb", &dl), 0);
	ck_assert_uint_eq(cfg->flow.memcap, 64ull << 20);
	ck_assert_int_eq(config_set(cfg, "stream.bypass-after=1gb", &dl), 0);
	ck_assert_uint_eq(cfg->flow.bypass_after, 1ull << 30);
	ck_assert_int_eq(config_set(cfg, "flow.memcap=lots", &dl), -1);
	ck_assert_str_eq(first_diag(),
	    "--set: flow.memcap: not a size in bytes (e.g. 134217728 or 128mb) up to 1tb near 'lots'");
}
END_TEST


START_TEST(test_outputs_list_gives_each_eve_log_its_own_section)
{
	static const char y[] =
	    "outputs:\n"
	    "  - fast:\n"
	    "      enabled: no\n"
	    "  - eve-log:\n"
	    "      filetype: regular\n"
	    "      filename: a.json\n"
	    "      types: [alert]\n"
	    "  - eve-log:\n"
	    "      filetype: redis\n"
	    "      types: [flow]\n"
	    "      redis:\n"
	    "        mode: channel\n"
	    "        key: k\n"
	    "        port: 6380\n"
	    "        pipelining:\n"
	    "          enabled: yes\n"
	    "          batch-size: 20\n";

	ck_assert_int_eq(config_load_string(cfg, "t.yaml", y, &dl), 0);
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_uint_eq(cfg->neve, 2);
	ck_assert_str_eq(cfg->eve[0].filename, "a.json");
	ck_assert_str_eq(cfg->eve[1].filetype, "redis");
	ck_assert_str_eq(cfg->eve[1].redis_mode, "channel");
	ck_assert_str_eq(cfg->eve[1].redis_key, "k");
	ck_assert_uint_eq(cfg->eve[1].redis_port, 6380);
	ck_assert(cfg->eve[1].redis_pipelining);
	ck_assert_uint_eq(cfg->eve[1].redis_batch_size, 20);
	/* The second section starts from the defaults, not the first. */
	ck_assert_str_eq(cfg->eve[1].filename, "eve.json");
	ck_assert_uint_eq(cfg->eve[0].types.count, 1);
	ck_assert(config_eve_type_enabled(cfg, "alert"));
	ck_assert(config_eve_type_enabled(cfg, "flow"));
	ck_assert(!config_eve_type_enabled(cfg, "stats"));
}
END_TEST

START_TEST(test_eve_types_take_suricata_per_type_options)
{
	static const char y[] =
	    "outputs:\n"
	    "  - eve-log:\n"
	    "      types:\n"
	    "        - alert:\n"
	    "            payload: yes\n"
	    "            packet: yes\n"
	    "        - drop:\n"
	    "        - flow\n";

	ck_assert_int_eq(config_load_string(cfg, "t.yaml", y, &dl), 0);
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_uint_eq(cfg->eve[0].types.count, 3);
	ck_assert_str_eq(cfg->eve[0].types.items[0], "alert");
	ck_assert_str_eq(cfg->eve[0].types.items[1], "drop");
	ck_assert(cfg->eve[0].payload);
	ck_assert(cfg->eve[0].packet);
	ck_assert(!cfg->eve[0].payload_printable);
}
END_TEST

START_TEST(test_eve_xff_sections_default_and_parse_as_suricata)
{
	static const char y[] =
	    "outputs:\n"
	    "  - eve-log:\n"
	    "      xff:\n"
	    "        enabled: yes\n"
	    "        header: X-Real-IP\n"
	    "      types:\n"
	    "        - alert:\n"
	    "            xff:\n"
	    "              enabled: yes\n"
	    "              mode: Overwrite\n"
	    "              deployment: forward\n"
	    "        - http\n";

	ck_assert(!cfg->eve[0].alert_xff.enabled);
	ck_assert_int_eq(cfg->eve[0].alert_xff.mode, 0);	/* extra-data */
	ck_assert_int_eq(cfg->eve[0].alert_xff.deployment, 0);	/* reverse */
	ck_assert_str_eq(cfg->eve[0].alert_xff.header, "X-Forwarded-For");
	ck_assert_int_eq(config_load_string(cfg, "t.yaml", y, &dl), 0);
	ck_assert_uint_eq(dl.count, 0);
	ck_assert(cfg->eve[0].alert_xff.enabled);
	ck_assert_int_eq(cfg->eve[0].alert_xff.mode, 1);
	ck_assert_int_eq(cfg->eve[0].alert_xff.deployment, 1);
	ck_assert(cfg->eve[0].xff.enabled);
	ck_assert_str_eq(cfg->eve[0].xff.header, "X-Real-IP");
	ck_assert(!cfg->eve[0].http_xff.enabled);
}
END_TEST

START_TEST(test_eve_xff_mode_must_be_known)
{
	ck_assert_int_eq(config_set(cfg,
	    "outputs.eve-log.types.alert.xff.mode=replace", &dl), -1);
	ck_assert_uint_eq(dl.errors, 1);
}
END_TEST

START_TEST(test_eve_anomaly_defaults_are_suricatas)
{
	ck_assert(cfg->eve[0].anomaly_enabled);
	ck_assert(cfg->eve[0].anomaly_applayer);
	ck_assert(!cfg->eve[0].anomaly_decode);
	ck_assert(!cfg->eve[0].anomaly_stream);
	ck_assert(!cfg->eve[0].anomaly_packethdr);
	/* suricata-verify's form: list indexes dropped */
	ck_assert_int_eq(config_set(cfg,
	    "outputs.1.eve-log.types.2.anomaly.types.stream=yes", &dl), 0);
	ck_assert(cfg->eve[0].anomaly_stream);
}
END_TEST

START_TEST(test_eve_anomaly_type_takes_its_options_and_enabled)
{
	static const char y[] =
	    "outputs:\n"
	    "  - eve-log:\n"
	    "      types:\n"
	    "        - alert\n"
	    "        - anomaly:\n"
	    "            enabled: no\n"
	    "            types:\n"
	    "              decode: yes\n"
	    "              applayer: no\n"
	    "            packethdr: yes\n";

	ck_assert_int_eq(config_load_string(cfg, "t.yaml", y, &dl), 0);
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_uint_eq(cfg->eve[0].types.count, 2);
	ck_assert(cfg->eve[0].anomaly_decode);
	ck_assert(!cfg->eve[0].anomaly_applayer);
	ck_assert(cfg->eve[0].anomaly_packethdr);
	ck_assert(!config_eve_type_enabled(cfg, "anomaly"));
	ck_assert_int_eq(config_set(cfg,
	    "outputs.eve-log.types.anomaly.enabled=yes", &dl), 0);
	ck_assert(config_eve_type_enabled(cfg, "anomaly"));
}
END_TEST

START_TEST(test_syslog_level_is_case_insensitive_and_checked)
{
	ck_assert_int_eq(config_set(cfg, "outputs.eve-log.level=Notice", &dl), 0);
	ck_assert_str_eq(cfg->eve[0].level, "notice");
	ck_assert_int_eq(config_set(cfg, "outputs.eve-log.facility=local9", &dl), -1);
	ck_assert_str_eq(first_diag(),
	    "--set: outputs.eve-log.facility: not one of auth, authpriv, cron, "
	    "daemon, ftp, kern, local0, local1, local2, local3, local4, local5, "
	    "local6, local7, lpr, mail, news, syslog, user, uucp near 'local9'");
}
END_TEST

START_TEST(test_set_addresses_the_nth_eve_log)
{
	ck_assert_int_eq(config_set(cfg, "outputs.eve-log[2].filetype=unix_dgram", &dl), 0);
	ck_assert_uint_eq(cfg->neve, 3);
	ck_assert_str_eq(cfg->eve[2].filetype, "unix_dgram");
	ck_assert_str_eq(cfg->eve[0].filetype, "regular");
	ck_assert_int_eq(config_set(cfg, "outputs.eve-log[8].enabled=no", &dl), -1);
}
END_TEST

START_TEST(test_two_eve_files_of_one_name_are_an_error)
{
	ck_assert_int_eq(config_set(cfg, "outputs.eve-log[1].types=alert", &dl), 0);
	ck_assert_int_eq(config_validate(cfg, &dl), -1);
	ck_assert_str_eq(first_diag(),
	    "outputs.eve-log[1].filename: outputs.eve-log writes this file "
	    "already; give each its own filename near 'eve.json'");
}
END_TEST

START_TEST(test_key_table_lists_eve_keys)
{
	bool found = false;
	const char *type, *def;

	for (size_t i = 0; i < config_key_count(); i++)
		if (strcmp(config_key_at(i, &type, &def),
		    "outputs.eve-log.redis.mode") == 0) {
			found = true;
			ck_assert_str_eq(def, "list");
		}
	ck_assert(found);
	ck_assert_ptr_null(config_key_at(config_key_count(), NULL, NULL));
}
END_TEST

START_TEST(test_defrag_section_and_host_os_policy_load)
{
	static const char y[] =
	    "defrag:\n"
	    "  memcap: 8mb\n"
	    "  hash-size: 1000\n"
	    "  trackers: 100\n"
	    "  max-frags: 50\n"
	    "  prealloc: no\n"
	    "  timeout: 30\n"
	    "host-os-policy:\n"
	    "  windows: [0.0.0.0/0]\n"
	    "  linux: [10.0.0.0/8, \"2001:db8::/32\"]\n"
	    "  solaris: [10.1.2.3]\n";
	struct defrag_config dc;
	struct defrag_hosts *h;
	struct ip_addr a = { 0 };

	ck_assert_int_eq(config_load_string(cfg, "t.yaml", y, &dl), 0);
	ck_assert_uint_eq(dl.count, 0);
	ck_assert_uint_eq(cfg->defrag.memcap, 8u << 20);
	ck_assert_uint_eq(cfg->defrag.hash_size, 1000);
	ck_assert_uint_eq(cfg->defrag.trackers, 100);
	ck_assert_uint_eq(cfg->defrag.max_frags, 50);
	ck_assert(!cfg->defrag.prealloc);
	ck_assert_uint_eq(cfg->defrag.timeout, 30);
	ck_assert_int_eq(config_validate(cfg, &dl), 0);

	/* two readers: each gets half */
	ck_assert_int_eq(config_defrag(cfg, 2, &dc, &h, &dl), 0);
	ck_assert_uint_eq(dc.memcap, 4u << 20);
	ck_assert_uint_eq(dc.hash_size, 500);
	ck_assert_uint_eq(dc.trackers, 50);
	ck_assert_uint_eq(dc.max_frags, 25);
	ck_assert_uint_eq(dc.timeout, 30);
	ck_assert_ptr_eq(dc.hosts, h);
	a.family = AF_INET;
	inet_pton(AF_INET, "10.1.2.3", &a.u.v4);
	ck_assert_int_eq(defrag_hosts_lookup(h, &a), DEFRAG_POLICY_SOLARIS);
	inet_pton(AF_INET, "10.9.9.9", &a.u.v4);
	ck_assert_int_eq(defrag_hosts_lookup(h, &a), DEFRAG_POLICY_LINUX);
	inet_pton(AF_INET, "192.0.2.1", &a.u.v4);
	ck_assert_int_eq(defrag_hosts_lookup(h, &a), DEFRAG_POLICY_WINDOWS);
	a.family = AF_INET6;
	inet_pton(AF_INET6, "2001:db8::1", a.u.v6);
	ck_assert_int_eq(defrag_hosts_lookup(h, &a), DEFRAG_POLICY_LINUX);
	/* in no block: bsd, Suricata's default */
	inet_pton(AF_INET6, "2001:db9::1", a.u.v6);
	ck_assert_int_eq(defrag_hosts_lookup(h, &a), DEFRAG_POLICY_BSD);
	defrag_hosts_free(h);
}
END_TEST

START_TEST(test_defrag_defaults_are_suricatas)
{
	ck_assert_uint_eq(cfg->defrag.memcap, 32u << 20);
	ck_assert_uint_eq(cfg->defrag.hash_size, 65536);
	ck_assert_uint_eq(cfg->defrag.trackers, 65535);
	ck_assert_uint_eq(cfg->defrag.max_frags, 65535);
	ck_assert(cfg->defrag.prealloc);
	ck_assert_uint_eq(cfg->defrag.timeout, 60);
}
END_TEST

START_TEST(test_defrag_timeout_out_of_range_is_error)
{
	ck_assert_int_eq(config_set(cfg, "defrag.timeout=0", &dl), -1);
	ck_assert_int_eq(config_set(cfg, "defrag.hash-size=0", &dl), -1);
	ck_assert_uint_eq(dl.errors, 2);
}
END_TEST

static Suite *
config_suite(void)
{
	Suite *s = suite_create("config");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_defaults_are_complete);
	tcase_add_test(tc, test_empty_file_keeps_defaults);
	tcase_add_test(tc, test_suricata_shaped_sections_load);
	tcase_add_test(tc, test_files_force_hash_takes_suricatas_digest_names);
	tcase_add_test(tc, test_bad_mark_names_position_and_key);
	tcase_add_test(tc, test_route_queue_out_of_range_is_error);
	tcase_add_test(tc, test_bad_enum_lists_choices);
	tcase_add_test(tc, test_bad_boolean_is_error);
	tcase_add_test(tc, test_unknown_key_warns_with_suggestion);
	tcase_add_test(tc, test_unparsed_app_layer_protocol_warns_once);
	tcase_add_test(tc, test_yaml_syntax_error_has_position);
	tcase_add_test(tc, test_list_where_value_expected_is_error);
	tcase_add_test(tc, test_repeat_mode_without_mark_fails_validation);
	tcase_add_test(tc, test_repeat_mask_overlapping_bypass_mask_fails_validation);
	tcase_add_test(tc, test_set_override_and_unknown_key);
	tcase_add_test(tc, test_tls_encryption_handling_takes_suricatas_values);
	tcase_add_test(tc, test_set_suricata_key_quell_lacks_warns_why);
	tcase_add_test(tc, test_set_drops_suricata_list_indexes);
	tcase_add_test(tc, test_set_suricata_output_index_picks_that_eve_log);
	tcase_add_test(tc, test_set_value_quell_behaves_as_is_quiet);
	tcase_add_test(tc, test_suricata_eve_types_with_options_load);
	tcase_add_test(tc, test_later_types_list_resets_type_options);
	tcase_add_test(tc, test_suricata_section_quell_lacks_warns_once);
	tcase_add_test(tc, test_runmode_single);
	tcase_add_test(tc, test_compat_table_is_sorted_and_unique);
	tcase_add_test(tc, test_queue_specs_add_ranges_once);
	tcase_add_test(tc, test_missing_file_is_error);
	tcase_add_test(tc, test_shipped_config_loads_without_diagnostics);
	tcase_add_test(tc, test_include_applies_files_relative_and_in_order);
	tcase_add_test(tc, test_include_is_overridden_by_keys_after_it);
	tcase_add_test(tc, test_include_overrides_keys_before_it);
	tcase_add_test(tc, test_include_of_itself_is_a_cycle);
	tcase_add_test(tc, test_include_cycle_names_the_chain);
	tcase_add_test(tc, test_include_fan_out_stops_at_64_files);
	tcase_add_test(tc, test_include_deeper_than_8_levels_is_an_error);
	tcase_add_test(tc, test_include_8_levels_deep_loads);
	tcase_add_test(tc, test_include_same_file_twice_is_not_a_cycle);
	tcase_add_test(tc, test_size_keys_take_suffixes);
	tcase_add_test(tc, test_set_list_takes_flow_form);
	tcase_add_test(tc, test_outputs_list_gives_each_eve_log_its_own_section);
	tcase_add_test(tc, test_eve_types_take_suricata_per_type_options);
	tcase_add_test(tc, test_eve_xff_sections_default_and_parse_as_suricata);
	tcase_add_test(tc, test_eve_xff_mode_must_be_known);
	tcase_add_test(tc, test_eve_anomaly_defaults_are_suricatas);
	tcase_add_test(tc, test_eve_anomaly_type_takes_its_options_and_enabled);
	tcase_add_test(tc, test_syslog_level_is_case_insensitive_and_checked);
	tcase_add_test(tc, test_set_addresses_the_nth_eve_log);
	tcase_add_test(tc, test_two_eve_files_of_one_name_are_an_error);
	tcase_add_test(tc, test_key_table_lists_eve_keys);
	tcase_add_test(tc, test_stream_section_loads_in_suricata_layout);
	tcase_add_test(tc, test_bad_exception_policy_lists_choices);
	tcase_add_test(tc, test_midstream_policy_beside_midstream_warns);
	tcase_add_test(tc, test_host_os_policy_needs_address_blocks);
	tcase_add_test(tc, test_defrag_section_and_host_os_policy_load);
	tcase_add_test(tc, test_defrag_defaults_are_suricatas);
	tcase_add_test(tc, test_defrag_timeout_out_of_range_is_error);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(config_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
