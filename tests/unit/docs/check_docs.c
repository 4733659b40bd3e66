/* The reference pages checked against the code, so that a keyword, a
 * configuration key, an eve field or a counter cannot be missing from
 * the manual:
 *
 *	doc/rules.md, "## Keyword reference"	every keyword of
 *		lib/detect/keywords/registry.c and every sticky buffer of
 *		the buffer table (lib/detect/buffer.c), and nothing else
 *	doc/configuration.md, "## Configuration"	every key of the key
 *		tables in lib/config/config.c, and nothing else
 *	doc/outputs.md, "### eve.json"		every field that
 *		lib/output/eve.c writes in alert, drop and stats events and
 *		every counter of stats.log / quellctl counters
 *
 * A name is documented when it is in the first cell of a row of that
 * table, in backquotes. A line "<!-- keys under: PREFIX -->" makes the
 * names of the rows after it (up to the next heading) relative to
 * PREFIX, for tables of nested settings. A cell may abbreviate: `a.b`, `.c` is a.b and
 * a.c; `x.{y,z}` is x.y and x.z; `outputs[].k` is outputs.k; in the
 * outputs page `<N>` stands for one dotted component and a final `.*`
 * for any rest.
 *
 * A failure prints, for each missing name, the row to paste into the
 * page (with the default from the key table, the keyword's own
 * description), and for each documented name the code no longer has,
 * that it is to be removed. */
#include "core/base.h"

#include <errno.h>
#include <stdio.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>

#include <check.h>
#include <jansson.h>

#include "applayer/parser.h"
#include "config/config.h"
#include "core/packet.h"
#include "detect/applayer.h"
#include "detect/buffer.h"
#include "detect/keywords/registry.h"
#include "flow/flow.h"
#include "flow/tcp_state.h"
#include "output/eve.h"
#include "output/statslog.h"
#include "rules/rule.h"

struct names {
	char	**v;
	size_t	  n;
};

static void
names_add(struct names *ns, const char *s, size_t len)
{
	char **v = realloc(ns->v, (ns->n + 1) * sizeof(*v));

	ck_assert_ptr_nonnull(v);
	ns->v = v;
	ck_assert_ptr_nonnull(ns->v[ns->n] = strndup(s, len));
	ns->n++;
}

static void
names_free(struct names *ns)
{
	for (size_t i = 0; i < ns->n; i++)
		free(ns->v[i]);
	free(ns->v);
	memset(ns, 0, sizeof(*ns));
}

/* "a, b, c" of names into buf, cut to fit. */
static void
summary_add(char *buf, size_t len, const char *name)
{
	size_t used = strlen(buf);

	if (used + strlen(name) + 8 >= len) {
		if (used + 5 < len && strcmp(buf + used - 3, "...") != 0)
			strcat(buf, ", ...");
		return;
	}
	if (used > 0)
		strcat(buf, ", ");
	strcat(buf, name);
}

static bool
names_has(const struct names *ns, const char *s)
{
	for (size_t i = 0; i < ns->n; i++)
		if (strcmp(ns->v[i], s) == 0)
			return true;
	return false;
}

/* The page, from the source tree. */
static char *
slurp(const char *rel)
{
	const char *top = getenv("QUELL_TOP_SRCDIR");
	char path[1024];
	FILE *fp;
	char *buf;
	long len;

	snprintf(path, sizeof(path), "%s/%s", top != NULL ? top : ".", rel);
	fp = fopen(path, "r");
	ck_assert_msg(fp != NULL, "cannot open %s: %s (run through make "
	    "check, which sets QUELL_TOP_SRCDIR)", path, strerror(errno));
	fseek(fp, 0, SEEK_END);
	len = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	buf = malloc((size_t)len + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_eq(fread(buf, 1, (size_t)len, fp), (size_t)len);
	buf[len] = '\0';
	fclose(fp);
	return buf;
}

/* Brace expansion of one name: "a.{b,c}.d" gives a.b.d and a.c.d. */
static void
expand_braces(const char *s, struct names *out)
{
	const char *open = strchr(s, '{'), *close, *p;
	char buf[256];

	if (open == NULL || (close = strchr(open, '}')) == NULL) {
		names_add(out, s, strlen(s));
		return;
	}
	for (p = open + 1; p <= close;) {
		size_t alt = strcspn(p, ",}");

		snprintf(buf, sizeof(buf), "%.*s%.*s%s", (int)(open - s), s,
		    (int)alt, p, close + 1);
		expand_braces(buf, out);
		p += alt + 1;
	}
}

/* The names in one first cell: backquoted items, ", "-separated. */
static void
cell_names(const char *cell, size_t len, struct names *out)
{
	char base[256] = "", item[256];
	const char *p = cell, *end = cell + len;

	while (p < end && (p = memchr(p, '`', (size_t)(end - p))) != NULL) {
		const char *q = memchr(p + 1, '`', (size_t)(end - p - 1));
		size_t n;

		if (q == NULL)
			break;
		n = (size_t)(q - p - 1);
		if (n == 0 || n >= sizeof(item)) {
			p = q + 1;
			continue;
		}
		if (p[1] == '.' && base[0] != '\0')
			snprintf(item, sizeof(item), "%s%.*s", base, (int)n - 1,
			    p + 2);
		else {
			char *dot;

			snprintf(item, sizeof(item), "%.*s", (int)n, p + 1);
			/* The base of later ".x" items: up to the last dot
			 * before any brace. */
			snprintf(base, sizeof(base), "%s", item);
			if ((dot = strchr(base, '{')) != NULL)
				*dot = '\0';
			if ((dot = strrchr(base, '.')) != NULL)
				dot[1] = '\0';
			else
				base[0] = '\0';
		}
		if (strncmp(item, "outputs[].", 10) == 0)
			memmove(item + 7, item + 9, strlen(item + 9) + 1);
		expand_braces(item, out);
		p = q + 1;
	}
}

/* The first-cell names of every table row between the line `heading`
 * and the next heading of the same or a higher level. */
static void
doc_names(const char *text, const char *page, const char *heading,
    struct names *out)
{
	static const char marker[] = "<!-- keys under: ";
	const char *h = strstr(text, heading), *line, *stop;
	size_t level = strspn(heading, "#");
	char prefix[128] = "";

	ck_assert_msg(h != NULL, "%s has no heading \"%s\": the documentation "
	    "check looks for its table there", page, heading);
	line = strchr(h, '\n');
	for (; line != NULL && *line != '\0'; line = strchr(line, '\n')) {
		const char *l = line + 1, *cell, *bar;

		if (*l == '#' && strspn(l, "#") <= level)
			break;
		if (*l == '#')
			prefix[0] = '\0';
		stop = strchr(l, '\n');
		line = stop != NULL ? stop : l + strlen(l);
		if (strncmp(l, marker, sizeof(marker) - 1) == 0) {
			const char *b = l + sizeof(marker) - 1;
			const char *e = strstr(b, " -->");

			if (e != NULL && e < line)
				snprintf(prefix, sizeof(prefix), "%.*s",
				    (int)(e - b), b);
			continue;
		}
		if (*l != '|' || strncmp(l, "| ---", 5) == 0)
			continue;
		cell = l + 1;
		if ((bar = strchr(cell, '|')) == NULL || bar > line)
			continue;
		if (prefix[0] != '\0') {
			struct names rel = { 0 };

			cell_names(cell, (size_t)(bar - cell), &rel);
			for (size_t i = 0; i < rel.n; i++) {
				char full[384];

				snprintf(full, sizeof(full), "%s%s", prefix,
				    rel.v[i]);
				names_add(out, full, strlen(full));
			}
			names_free(&rel);
		} else
			cell_names(cell, (size_t)(bar - cell), out);
		if (*line == '\0')
			break;
	}
}

/* Does name match the documented pattern pat? "<X>" in pat matches one
 * dotted component, a final ".*" any rest. */
static bool
pattern_match(const char *pat, const char *name)
{
	while (*pat != '\0') {
		if (pat[0] == '.' && pat[1] == '*' && pat[2] == '\0')
			return *name == '.';
		if (*pat == '<') {
			const char *gt = strchr(pat, '>');

			if (gt == NULL)
				return false;
			if (*name == '\0' || *name == '.')
				return false;
			while (*name != '\0' && *name != '.')
				name++;
			pat = gt + 1;
			continue;
		}
		if (*pat++ != *name++)
			return false;
	}
	return *name == '\0';
}

static bool
documented(const struct names *doc, const char *name)
{
	for (size_t i = 0; i < doc->n; i++)
		if (pattern_match(doc->v[i], name))
			return true;
	return false;
}

/* ---------------------------------------------------------------- keywords */

START_TEST(test_every_keyword_is_in_doc_rules)
{
	char *text = slurp("doc/rules.md");
	struct names doc = { 0 }, code = { 0 };
	size_t missing = 0, stale = 0;

	char sum[400] = "";

	doc_names(text, "doc/rules.md", "## Keyword reference", &doc);
	for (size_t i = 0; i < detect_keywords_registry_count(); i++) {
		const struct keyword *kw = detect_keywords_registry_at(i);

		names_add(&code, kw->name, strlen(kw->name));
		if (names_has(&doc, kw->name))
			continue;
		if (missing++ == 0)
			fprintf(stderr, "\ndoc/rules.md: these keywords are "
			    "registered in lib/detect/keywords/registry.c but "
			    "not in the table under \"## Keyword reference\"; "
			    "add a row for each (value syntax, what it does, "
			    "where quell differs from Suricata):\n\n");
		fprintf(stderr, "| `%s` | VALUE | %s |\n", kw->name,
		    kw->desc != NULL ? kw->desc : "WHAT IT DOES");
		summary_add(sum, sizeof(sum), kw->name);
	}
	/* Sticky buffers are keywords to a rule's author: the table's and
	 * the app-layer parsers' (as quelld registers them) */
	ck_assert_int_eq(detect_applayer_register(sum, sizeof(sum)), 0);
	sum[0] = '\0';
	for (unsigned id = 0; id < DETECT_BUFFER_LIMIT; id++) {
		const struct detect_buffer *b = detect_buffer_get(id);

		if (b == NULL || b->name == NULL || b->internal ||
		    names_has(&code, b->name))
			continue;
		names_add(&code, b->name, strlen(b->name));
		if (b->alias != NULL)
			names_add(&code, b->alias, strlen(b->alias));
		if (names_has(&doc, b->name))
			continue;
		if (missing++ == 0)
			fprintf(stderr, "\ndoc/rules.md: these keywords are "
			    "not in the table under \"## Keyword reference\"; "
			    "add a row for each:\n\n");
		fprintf(stderr, "| `%s` | — | %s (lib/detect/buffer.c) |\n",
		    b->name, b->desc != NULL ? b->desc : "sticky buffer: WHAT IT "
		    "HOLDS");
		summary_add(sum, sizeof(sum), b->name);
	}
	for (size_t i = 0; i < doc.n; i++) {
		if (names_has(&code, doc.v[i]))
			continue;
		if (stale++ == 0)
			fprintf(stderr, "\ndoc/rules.md documents keywords that "
			    "neither lib/detect/keywords/registry.c nor the buffer "
			    "table of lib/detect/buffer.c has; remove them from "
			    "the table (or register them):\n");
		fprintf(stderr, "  `%s`\n", doc.v[i]);
		summary_add(sum, sizeof(sum), doc.v[i]);
	}
	ck_assert_msg(missing == 0 && stale == 0, "doc/rules.md keyword "
	    "table: %zu keyword(s) missing, %zu unknown (%s); the rows to "
	    "add are printed above", missing, stale, sum);
	names_free(&doc);
	names_free(&code);
	free(text);
}
END_TEST

/* ------------------------------------------------------- configuration keys */

START_TEST(test_every_config_key_is_in_doc_configuration)
{
	char *text = slurp("doc/configuration.md");
	struct names doc = { 0 }, code = { 0 };
	size_t missing = 0, stale = 0;
	const char *path, *type, *def;

	char sum[400] = "";

	doc_names(text, "doc/configuration.md", "## Configuration", &doc);
	/* `vars.address-groups.NAME`: the mapping itself. */
	for (size_t i = 0; i < doc.n; i++) {
		size_t n = strlen(doc.v[i]);

		if (n > 5 && strcmp(doc.v[i] + n - 5, ".NAME") == 0)
			doc.v[i][n - 5] = '\0';
	}
	for (size_t i = 0; (path = config_key_at(i, &type, &def)) != NULL;
	    i++) {
		names_add(&code, path, strlen(path));
		if (names_has(&doc, path))
			continue;
		if (missing++ == 0)
			fprintf(stderr, "\ndoc/configuration.md: these keys are "
			    "in the key table of lib/config/config.c but not in "
			    "the table under \"## Configuration\"; add a row for "
			    "each (etc/quell.yaml documents them too):\n\n");
		fprintf(stderr, "| `%s` | %s | %s: WHAT IT DOES |\n", path,
		    def == NULL ? "(computed: see lib/config)" :
		    def[0] == '\0' ? "empty" : def, type);
		summary_add(sum, sizeof(sum), path);
	}
	for (size_t i = 0; i < doc.n; i++) {
		if (names_has(&code, doc.v[i]))
			continue;
		if (stale++ == 0)
			fprintf(stderr, "\ndoc/configuration.md documents keys "
			    "that lib/config/config.c does not know; remove "
			    "them (or add them to the key table):\n");
		fprintf(stderr, "  `%s`\n", doc.v[i]);
		summary_add(sum, sizeof(sum), doc.v[i]);
	}
	ck_assert_msg(missing == 0 && stale == 0, "doc/configuration.md: "
	    "%zu key(s) missing, %zu unknown (%s); the rows to add are "
	    "printed above", missing, stale, sum);
	names_free(&doc);
	names_free(&code);
	free(text);
}
END_TEST

/* ------------------------------------------------------ eve fields, counters */

/* "a.b.c" for every leaf of obj, below prefix. */
static void
json_leaves(json_t *obj, const char *prefix, struct names *out)
{
	const char *key;
	json_t *v;

	json_object_foreach(obj, key, v) {
		char name[256];

		snprintf(name, sizeof(name), "%s%s%s", prefix,
		    prefix[0] != '\0' ? "." : "", key);
		if (json_is_object(v) && json_object_size(v) > 0)
			json_leaves(v, name, out);
		else
			names_add(out, name, strlen(name));
	}
}

/* Digits after a letter become <N>: queue0 -> queue<N>, the row to add. */
static void
generalize(const char *name, char *buf, size_t len)
{
	size_t o = 0;

	for (const char *p = name; *p != '\0' && o + 4 < len; p++) {
		if (*p >= '0' && *p <= '9' && p > name && p[-1] >= 'a' &&
		    p[-1] <= 'z') {
			memcpy(buf + o, "<N>", 3);
			o += 3;
			while (p[1] >= '0' && p[1] <= '9')
				p++;
			continue;
		}
		buf[o++] = *p;
	}
	buf[o] = '\0';
}

/* code->v[i] is written in events of type in->v[i]. */
static size_t
report_missing(const struct names *doc, const struct names *code,
    const struct names *in, const char *what, const char *from)
{
	size_t missing = 0;
	char row[300];

	for (size_t i = 0; i < code->n; i++) {
		if (documented(doc, code->v[i]))
			continue;
		if (missing++ == 0)
			fprintf(stderr, "\ndoc/outputs.md: %s written by %s but "
			    "not in the table under \"### eve.json\"; add a row "
			    "for each (or widen a row's pattern):\n\n", what,
			    from);
		generalize(code->v[i], row, sizeof(row));
		fprintf(stderr, "| `%s` | %s | WHAT IT MEANS |\n", row,
		    in->v[i]);
	}
	return missing;
}

static void
tcp_packet(struct packet *p, const uint8_t *payload, size_t len)
{
	memset(p, 0, sizeof(*p));
	p->ip_version = 4;
	p->src.family = AF_INET;
	p->src.u.v4 = htonl(0xc6120102);
	p->dst.family = AF_INET;
	p->dst.u.v4 = htonl(0xc6120202);
	p->proto = IPPROTO_TCP;
	p->l4_valid = true;
	p->sport = 41000;
	p->dport = 80;
	p->payload = payload;
	p->payload_len = (uint32_t)len;
	p->data = payload;
	p->len = (uint32_t)len;
	p->ts.tv_sec = 1700000000;
}

START_TEST(test_every_eve_field_and_counter_is_in_doc_outputs)
{
	static const uint8_t payload[] = "GET / HTTP/1.1\r\n";
	char *text = slurp("doc/outputs.md");
	struct names doc = { 0 }, fields = { 0 }, counters = { 0 };
	struct names fields_in = { 0 }, counters_in = { 0 };
	struct output_eve_verdict v = { .drop = true, .ips = true,
	    .reject = OUTPUT_EVE_REJECT_TO_SRC };
	char mkey[] = "created_at", mvalue[] = "2026";
	struct rule_meta meta = { mkey, mvalue };
	struct output_eve_alert a = { .gid = 1, .sid = 2, .rev = 3,
	    .msg = "m", .blocked = true, .verdict = "drop", .category = "c",
	    .severity = 1, .has_tx = true, .app_name = "http", .meta = &meta,
	    .nmeta = 1, .pkt = &v };
	/* every extra on, so each field they add must be documented */
	struct output_eve_opts o = { .payload = true,
	    .payload_printable = true, .packet = true, .rule_metadata = true,
	    .flow_metadata = true, .verdict = true, .drop_verdict = true,
	    .drop_alerts = true, .ethernet = true, .pcap_file = true,
	    .flow_exceptions = true };
	json_t *app = json_object(), *rec = json_object();
	struct flow f;
	struct output_eve_queue_stats q = { .queue = 0, .has_kernel = true };
	struct output_eve_stats s = { .queues = &q, .nqueues = 1, .nsinks = 1,
	    .ips = true, .engine.last_reload.tv_sec = 1700000000 };
	struct output_counter c[OUTPUT_COUNTERS_MAX];
	char path[] = "/tmp/quell-docs-XXXXXX", line[65536];
	struct output_eve *eve;
	struct packet p;
	size_t missing, n;
	FILE *fp;
	int fd;

	doc_names(text, "doc/outputs.md", "### eve.json", &doc);
	ck_assert_int_ge(fd = mkstemp(path), 0);
	close(fd);
	ck_assert_ptr_nonnull(eve = output_eve_open(path, 1));
	output_eve_set_opts(eve, &o);
	output_eve_set_host(eve, "sensor");
	tcp_packet(&p, payload, sizeof(payload) - 1);
	p.link = PKT_LINK_ETHERNET;
	p.pcap_cnt = 1;
	p.pcap_file = "a.pcap";
	/* an alert on an app-layer transaction, an app-layer record (the
	 * protocol's object is its own section's) and a flow with its
	 * app-layer protocols */
	memset(&f, 0, sizeof(f));
	f.proto = IPPROTO_TCP;
	f.client = p.src;
	f.server = p.dst;
	f.alproto = APPLAYER_PROTO_HTTP1;
	f.alproto_ts = APPLAYER_PROTO_HTTP1;
	f.alproto_tc = APPLAYER_PROTO_FAILED;
	f.alproto_orig = APPLAYER_PROTO_TLS;
	f.exceptions[EXCEPTION_CAUSE_MIDSTREAM] = 1 + EXCEPTION_DROP_FLOW;
	f.tcp_peer[0].tcp_flags = f.tcp_peer[1].tcp_flags = 0xff;
	f.tcp_state = FLOW_TCP_CLOSED;
	p.flow = &f;
	json_object_set_new(app, "hostname", json_string("h"));
	json_object_set_new(rec, "filename", json_string("/f"));
	a.app = app;
	/* ... matched on an app-layer frame */
	a.has_frame = true;
	a.frame.type = "pdu";
	a.frame.id = 1;
	a.frame.len = 4;
	a.frame.complete = true;
	a.frame.has_tx = true;
	a.frame.payload = payload;
	a.frame.payload_len = 4;
	output_eve_alert(eve, 0, &p, &a);
	a.has_frame = false;
	output_eve_app(eve, 0, &f, &p, "fileinfo", rec, true, 0,
	    APPLAYER_TOCLIENT, "http", app);
	output_eve_flow(eve, 0, &f, "shutdown");
	p.flow = NULL;
	a.app = NULL;
	a.has_tx = false;
	json_decref(app);
	json_decref(rec);
	output_eve_drop(eve, 0, &p, "rules", &v, &a);
	p.proto = IPPROTO_UDP;
	output_eve_drop(eve, 0, &p, "rules", &v, &a);
	p.proto = IPPROTO_ICMP;
	output_eve_alert(eve, 0, &p, &a);
	output_eve_stats(eve, 0, &s);
	output_eve_close(eve);

	ck_assert_ptr_nonnull(fp = fopen(path, "r"));
	while (fgets(line, sizeof(line), fp) != NULL) {
		json_t *j = json_loads(line, 0, NULL);
		struct names leaves = { 0 };
		const char *type;

		ck_assert_ptr_nonnull(j);
		type = json_string_value(json_object_get(j, "event_type"));
		ck_assert_ptr_nonnull(type);
		json_leaves(j, "", &leaves);
		for (size_t i = 0; i < leaves.n; i++) {
			if (names_has(&fields, leaves.v[i]))
				continue;
			names_add(&fields, leaves.v[i], strlen(leaves.v[i]));
			names_add(&fields_in, type, strlen(type));
		}
		names_free(&leaves);
		json_decref(j);
	}
	fclose(fp);
	unlink(path);
	missing = report_missing(&doc, &fields, &fields_in, "these eve "
	    "fields of alert, drop, flow, app-layer and stats events are",
	    "lib/output/eve.c");

	n = output_counters_flatten(&s, c, QUELL_NITEMS(c));
	for (size_t i = 0; i < n; i++) {
		char name[256];

		snprintf(name, sizeof(name), "stats.%s", c[i].name);
		names_add(&counters, name, strlen(name));
		names_add(&counters_in, "stats", 5);
	}
	missing += report_missing(&doc, &counters, &counters_in, "these "
	    "counters are", "output_counters_flatten() in "
	    "lib/output/statslog.c (stats.log and quellctl counters name "
	    "them without \"stats.\")");
	ck_assert_msg(missing == 0, "doc/outputs.md: %zu eve field(s) or "
	    "counter(s) missing; the rows to add are printed above", missing);
	names_free(&doc);
	names_free(&fields);
	names_free(&fields_in);
	names_free(&counters);
	names_free(&counters_in);
	free(text);
}
END_TEST

/* The checker itself: abbreviations expand as the pages use them. */
START_TEST(test_cells_expand_siblings_braces_and_patterns)
{
	static const char cell[] = " `outputs[].fast.enabled`, `.filename`, "
	    "`flow-timeouts.{tcp,udp}.{new,closed}` ";
	struct names ns = { 0 };

	cell_names(cell, sizeof(cell) - 1, &ns);
	ck_assert_uint_eq(ns.n, 6);
	ck_assert_str_eq(ns.v[0], "outputs.fast.enabled");
	ck_assert_str_eq(ns.v[1], "outputs.fast.filename");
	ck_assert_str_eq(ns.v[2], "flow-timeouts.tcp.new");
	ck_assert_str_eq(ns.v[5], "flow-timeouts.udp.closed");
	ck_assert(pattern_match("stats.nfq.queue<N>.*", "stats.nfq.queue12.kernel.id_sequence"));
	ck_assert(!pattern_match("stats.nfq.queue<N>.*", "stats.nfq.packets"));
	ck_assert(pattern_match("a.<x>.b", "a.q.b"));
	names_free(&ns);
}
END_TEST

static Suite *
docs_suite(void)
{
	Suite *s = suite_create("docs");
	TCase *tc = tcase_create("reference");

	tcase_add_test(tc, test_cells_expand_siblings_braces_and_patterns);
	tcase_add_test(tc, test_every_keyword_is_in_doc_rules);
	tcase_add_test(tc, test_every_config_key_is_in_doc_configuration);
	tcase_add_test(tc, test_every_eve_field_and_counter_is_in_doc_outputs);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(docs_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? 0 : 1;
}
