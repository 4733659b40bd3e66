/* lib/control/render: quellctl's human output, byte for byte. */
#include "core/base.h"

#include <stdio.h>

#include <check.h>
#include <jansson.h>

#include "control/render.h"

#include "suites.h"

/* `queues` entries: queue 0 and 1 at two sample times */
#define Q0_T1	"{\"queue\":0,\"packets\":1000,\"accepted\":900," \
		"\"dropped\":100,\"ring_full\":3,\"kernel\":" \
		"{\"queue_total\":5,\"queue_hwm\":40,\"queue_dropped\":7," \
		"\"user_dropped\":1,\"failopen\":11}}"
#define Q0_T2	"{\"queue\":0,\"packets\":3000,\"accepted\":2700," \
		"\"dropped\":300,\"ring_full\":4,\"kernel\":" \
		"{\"queue_total\":2,\"queue_hwm\":60,\"queue_dropped\":9," \
		"\"user_dropped\":1,\"failopen\":17}}"
#define Q1_T1	"{\"queue\":1,\"packets\":10,\"accepted\":10," \
		"\"dropped\":0,\"ring_full\":0,\"kernel\":" \
		"{\"queue_total\":0,\"queue_hwm\":0,\"queue_dropped\":0," \
		"\"user_dropped\":0,\"failopen\":0}}"
#define Q1_T2	"{\"queue\":1,\"packets\":30,\"accepted\":30," \
		"\"dropped\":0,\"ring_full\":0,\"kernel\":" \
		"{\"queue_total\":1,\"queue_hwm\":3,\"queue_dropped\":0," \
		"\"user_dropped\":0,\"failopen\":2}}"

#define TOTAL_HEADER	"queue      packets     accepted      dropped " \
			" ring_full  queue_total  queue_hwm  queue_dropped " \
			" user_dropped  failopen\n"
#define RATE_HEADER	"queue       pkts/s   accepted/s    dropped/s " \
			" ring_full  queue_total  queue_hwm  queue_dropped " \
			" user_dropped  failopen\n"

static char *out;
static size_t outlen;
static FILE *fp;

static void
setup(void)
{
	fp = open_memstream(&out, &outlen);
	ck_assert_ptr_nonnull(fp);
}

static void
teardown(void)
{
	if (fp != NULL)
		fclose(fp);
	free(out);
}

/* Everything written so far. */
static const char *
output(void)
{
	fflush(fp);
	return out;
}

static json_t *
j(const char *s)
{
	json_error_t e;
	json_t *v = json_loads(s, JSON_DECODE_ANY, &e);

	ck_assert_msg(v != NULL, "%s: %s", s, e.text);
	return v;
}

static void
render(const char *command, const char *message)
{
	json_t *m = j(message);

	control_render_reply(fp, command, m);
	json_decref(m);
}

static int
rates(const char *prev, const char *cur, double secs)
{
	json_t *p = j(prev), *c = j(cur);
	int rc = control_render_queues_rates(fp, p, c, secs);

	json_decref(p);
	json_decref(c);
	return rc;
}

START_TEST(test_version_prints_name_and_version)
{
	render("version", "{\"name\":\"quell\",\"version\":\"0.1.0\"}");
	ck_assert_str_eq(output(), "quell 0.1.0\n");
}
END_TEST

START_TEST(test_uptime_over_a_day_prints_days_and_clock)
{
	render("uptime", "{\"uptime\":93784,\"started\":"
	    "\"2024-05-01T12:00:00+0000\"}");
	ck_assert_str_eq(output(),
	    "up 1d 02:03:04, since 2024-05-01T12:00:00+0000\n");
}
END_TEST

START_TEST(test_uptime_under_a_day_prints_the_clock_only)
{
	render("uptime", "{\"uptime\":59}");
	ck_assert_str_eq(output(), "up 00:00:59\n");
}
END_TEST

START_TEST(test_command_list_aligns_the_help)
{
	render("command-list", "{\"count\":2,\"commands\":["
	    "{\"name\":\"counters\",\"help\":\"all counters\"},"
	    "{\"name\":\"uptime\",\"help\":\"since start\"}]}");
	ck_assert_str_eq(output(),
	    "counters  all counters\n"
	    "uptime    since start\n");
}
END_TEST

START_TEST(test_counters_flatten_to_aligned_dotted_names)
{
	render("counters", "{\"nfq\":{\"packets\":1234567,\"dropped\":2},"
	    "\"detect.alert\":7}");
	ck_assert_str_eq(output(),
	    "nfq.packets   1234567\n"
	    "nfq.dropped         2\n"
	    "detect.alert        7\n");
}
END_TEST

START_TEST(test_queues_prints_a_totals_table)
{
	render("queues", "{\"queues\":[" Q0_T1 "]}");
	ck_assert_str_eq(output(),
	    TOTAL_HEADER
	    "    0         1000          900          100          3     "
	    "       5         40              7             1        11\n");
}
END_TEST

START_TEST(test_queues_with_several_queues_adds_an_all_row)
{
	render("queues", "{\"queues\":[" Q0_T1 "," Q1_T1 "]}");
	ck_assert_str_eq(output(),
	    TOTAL_HEADER
	    "    0         1000          900          100          3     "
	    "       5         40              7             1        11\n"
	    "    1           10           10            0          0     "
	    "       0          0              0             0         0\n"
	    "  all         1010          910          100          3     "
	    "       5         40              7             1        11\n");
}
END_TEST

START_TEST(test_queues_without_kernel_section_prints_dashes)
{
	render("queues", "{\"queues\":[{\"queue\":3,\"packets\":1,"
	    "\"accepted\":1,\"dropped\":0,\"ring_full\":0}]}");
	ck_assert_str_eq(output(),
	    TOTAL_HEADER
	    "    3            1            1            0          0     "
	    "       -          -              -             -         -\n");
}
END_TEST

START_TEST(test_rate_header_names_the_columns)
{
	control_render_queues_header(fp);
	ck_assert_str_eq(output(), RATE_HEADER);
}
END_TEST

START_TEST(test_rates_are_per_second_and_drops_per_interval)
{
	ck_assert_int_eq(rates("{\"queues\":[" Q0_T1 "]}",
	    "{\"queues\":[" Q0_T2 "]}", 2.0), 0);
	ck_assert_str_eq(output(),
	    "    0         1000          900          100          1     "
	    "       2         60              2             0         6\n");
}
END_TEST

START_TEST(test_rates_of_several_queues_add_an_all_row)
{
	ck_assert_int_eq(rates("{\"queues\":[" Q0_T1 "," Q1_T1 "]}",
	    "{\"queues\":[" Q1_T2 "," Q0_T2 "]}", 1.0), 0);
	ck_assert_str_eq(output(),
	    "    1           20           20            0          0     "
	    "       1          3              0             0         2\n"
	    "    0         2000         1800          200          1     "
	    "       2         60              2             0         6\n"
	    "  all         2020         1820          200          1     "
	    "       3         63              2             0         8\n");
}
END_TEST

START_TEST(test_rates_after_a_counter_reset_count_from_zero)
{
	ck_assert_int_eq(rates("{\"queues\":[" Q0_T2 "]}",
	    "{\"queues\":[" Q0_T1 "]}", 1.0), 0);
	ck_assert_str_eq(output(),
	    "    0         1000          900          100          3     "
	    "       5         40              7             0        11\n");
}
END_TEST

START_TEST(test_rates_of_a_new_queue_print_dashes)
{
	ck_assert_int_eq(rates("{\"queues\":[" Q0_T1 "]}",
	    "{\"queues\":[" Q1_T1 "]}", 1.0), 0);
	ck_assert_str_eq(output(),
	    "    1            -            -            -          -     "
	    "       0          0              -             -         -\n");
}
END_TEST

START_TEST(test_rates_refuse_a_message_without_queues)
{
	ck_assert_int_eq(rates("{\"queues\":[" Q0_T1 "]}", "\"busy\"", 1.0),
	    -1);
	ck_assert_str_eq(output(), "");
}
END_TEST

START_TEST(test_bypass_list_prints_tuples_and_extra_fields)
{
	render("bypass-list", "{\"count\":2,\"flows\":["
	    "{\"proto\":\"tcp\",\"src_ip\":\"198.18.1.2\",\"src_port\":1234,"
	    "\"dest_ip\":\"198.18.2.2\",\"dest_port\":80,\"packets\":10},"
	    "{\"proto\":\"udp\",\"src_ip\":\"2001:db8::1\",\"src_port\":53,"
	    "\"dest_ip\":\"2001:db8::2\",\"dest_port\":99}]}");
	ck_assert_str_eq(output(),
	    "tcp 198.18.1.2:1234 -> 198.18.2.2:80 packets 10\n"
	    "udp [2001:db8::1]:53 -> [2001:db8::2]:99\n"
	    "2 bypassed flow(s)\n");
}
END_TEST

START_TEST(test_bypass_list_says_when_it_is_truncated)
{
	render("bypass-list", "{\"count\":5000,\"flows\":[]}");
	ck_assert_str_eq(output(), "5000 bypassed flow(s), 0 shown\n");
}
END_TEST

START_TEST(test_string_message_prints_as_is)
{
	render("shutdown", "\"shutting down\"");
	ck_assert_str_eq(output(), "shutting down\n");
}
END_TEST

START_TEST(test_null_message_prints_nothing)
{
	render("bypass-add", "null");
	ck_assert_str_eq(output(), "");
}
END_TEST

START_TEST(test_running_config_prints_dotted_keys)
{
	render("running-config", "{\"nfq\":{\"queues\":\"0-3\",\"fail-open\":"
	    "true,\"cpus\":[1,2]},\"outputs\":[{\"eve\":{\"enabled\":false}}],"
	    "\"rule-files\":[]}");
	ck_assert_str_eq(output(),
	    "nfq.queues: 0-3\n"
	    "nfq.fail-open: yes\n"
	    "nfq.cpus: [1,2]\n"
	    "outputs.0.eve.enabled: no\n"
	    "rule-files: []\n");
}
END_TEST

START_TEST(test_unexpected_version_shape_prints_generically)
{
	render("version", "\"7.0.0 RELEASE\"");
	ck_assert_str_eq(output(), "7.0.0 RELEASE\n");
}
END_TEST

START_TEST(test_duration_formats_days_and_clock)
{
	char buf[32];

	ck_assert_str_eq(control_render_duration(2 * 86400 + 5, buf,
	    sizeof(buf)), "2d 00:00:05");
}
END_TEST

Suite *
control_render_suite(void)
{
	Suite *s = suite_create("control_render");
	TCase *tc = tcase_create("render");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_version_prints_name_and_version);
	tcase_add_test(tc, test_uptime_over_a_day_prints_days_and_clock);
	tcase_add_test(tc, test_uptime_under_a_day_prints_the_clock_only);
	tcase_add_test(tc, test_command_list_aligns_the_help);
	tcase_add_test(tc, test_counters_flatten_to_aligned_dotted_names);
	tcase_add_test(tc, test_queues_prints_a_totals_table);
	tcase_add_test(tc, test_queues_with_several_queues_adds_an_all_row);
	tcase_add_test(tc, test_queues_without_kernel_section_prints_dashes);
	tcase_add_test(tc, test_rate_header_names_the_columns);
	tcase_add_test(tc, test_rates_are_per_second_and_drops_per_interval);
	tcase_add_test(tc, test_rates_of_several_queues_add_an_all_row);
	tcase_add_test(tc, test_rates_after_a_counter_reset_count_from_zero);
	tcase_add_test(tc, test_rates_of_a_new_queue_print_dashes);
	tcase_add_test(tc, test_rates_refuse_a_message_without_queues);
	tcase_add_test(tc, test_bypass_list_prints_tuples_and_extra_fields);
	tcase_add_test(tc, test_bypass_list_says_when_it_is_truncated);
	tcase_add_test(tc, test_string_message_prints_as_is);
	tcase_add_test(tc, test_null_message_prints_nothing);
	tcase_add_test(tc, test_running_config_prints_dotted_keys);
	tcase_add_test(tc, test_unexpected_version_shape_prints_generically);
	tcase_add_test(tc, test_duration_formats_days_and_clock);
	suite_add_tcase(s, tc);
	return s;
}
