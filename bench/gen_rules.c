/* gen-rules: writes N synthetic but realistic Suricata rules for the
 * detection benchmark. The same seed always gives the same file.
 *
 * Usage: gen-rules [--seed N] [--rules N] -o FILE
 *
 * The mix follows what public rulesets look like (ET Open's packet and
 * flow rules), all of them alert rules: a drop would stop inspection of
 * its flow and make the benchmark measure less work as rules are added.
 *  - 70 % TCP (four in five to the server, keyed on $HTTP_PORTS, any,
 *    445, 139, 25, 21, 443, 1433, 3306, 22, 1024: or a random port; one
 *    in five to the client from $HTTP_PORTS), 22 % UDP (53, 161, 123, 69,
 *    5060, any), 6 % ICMP (itype), 2 % IP;
 *  - flow:established with a direction on TCP rules, none on the others;
 *  - a distinctive first content of 4 to 48 bytes (4-8: 40 %, 9-16: 35 %,
 *    17-32: 20 %, 33-48: 5 %), as ET's fast patterns are: on 35 % an
 *    attack-ish token (a malware or exploit path such as
 *    "/wp-content/plugins/<x>/", "/gate.php?id=", "cmd.exe /c ",
 *    "union select", a bot User-Agent fragment "User-Agent|3a 20|<x>",
 *    "|3b 20|MSIE 6.0|3b 20|", ...) with a random part of the drawn
 *    length (at most 24) that makes it unique, on a quarter of the rest
 *    |hex| bytes, otherwise random text; then up to three more of 1 to
 *    12 bytes with distance/within, as real rules check a magic and then
 *    a few bytes around it; nocase on a third of the text
 *    ones, depth or offset on the first sometimes. None of the attack
 *    vocabulary occurs in bench/gen-traffic's benign traffic, so, as with
 *    real rules on real traffic, alerts are rare;
 *  - 0.5 % of the rules look for a token common in web traffic ("GET /",
 *    "Host: ", ".php?") plus a distinctive content, so real packets meet
 *    candidate rules that then fail;
 *  - 1 rule in 2,000 deliberately matches some of gen-traffic's benign
 *    HTTP (a User-Agent on one kind of request, a server's 404), so the
 *    alert path is exercised: well under one alert per 100 packets;
 *  - fast_pattern on 10 %, pcre on 10 % (relative to the last content),
 *    byte_test on 3 %, dsize on 4 %, flowbits set/isset pairs on 2 %,
 *    threshold on 2 %;
 *  - msg, classtype, sid (from 1000000), rev, metadata.
 *
 * Addresses use $HOME_NET and $EXTERNAL_NET; bench/detect-bench binds
 * them to the servers and clients of bench/gen-traffic captures.
 */
#include "core/base.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>

#define GEN_DEFAULT_RULES	1000
#define GEN_MAX_RULES		10000000u
#define GEN_SID_BASE		1000000

struct gen {
	uint64_t	 rng;
	FILE		*out;
	unsigned	 sid;
	unsigned	 flowbit;	/* next flowbit pair */
};

static uint64_t	gen_next(struct gen *);
static unsigned	gen_pick(struct gen *, unsigned);
static bool	gen_chance(struct gen *, unsigned);
static unsigned	gen_len(struct gen *, bool);
static unsigned	gen_bytes(const char *);
static void	gen_content(struct gen *, char *, size_t, unsigned *, bool);
static void	gen_rule(struct gen *);
static void	gen_header(struct gen *, char *, size_t, bool *, bool *);
static void	usage(void);

static const char *const gen_common[] = {
	"GET /", "POST /", "Host: ", "User-Agent: ", ".php?", "HTTP/1.1 200",
	"Content-Type: ", "Cookie: ", "Accept-Language: ", "/index.html",
};

/* Attack-ish tokens for fast patterns, in ET's style; "%s" is replaced
 * with a random part (so every pattern is distinct, as ET's are). None
 * of them occurs in bench/gen-traffic's output (its paths and words are
 * benign: see gen_traffic.c's word list). */
static const char *const gen_attack[] = {
	"/wp-content/plugins/%s/", "/gate.php?id=%s", "/panel/%s/admin.php",
	"cmd.exe /c %s", "/bin/sh -c %s", "|3b|wget http|3a|//%s", "union select %s",
	"/cgi-bin/%s.cgi", "../../../../%s", "eval(base64_decode(%s",
	"User-Agent|3a 20|%s", "|3b 20|MSIE 6.0|3b 20|%s", "/phpmyadmin/%s",
	"<script>%s", "/shell.jsp?cmd=%s", "X-Bot-Id|3a 20|%s", "%s.exe|00|",
	"/%s/config.bin", "powershell -enc %s", "/.env%s", "/tmUnblock.cgi%s",
	"|00 00 00|%s|ff|SMB", "/jmx-console/%s", "Authorization|3a 20|Basic %s",
};

/* Rules that match some of gen-traffic's benign HTTP on purpose (the
 * alert path is part of the cost): each matches well under 1 % of an
 * HTTP capture's packets. */
static const char *const gen_benign[] = {
	"content:\"GET /search?q=caf\"; content:\"curl/8.\"; distance:0;",
	"content:\"POST /login \"; fast_pattern; content:\"python-requests/\"; "
	    "distance:0;",
	"content:\"HTTP/1.1 404 Not Found\"; depth:22; "
	    "content:\"Server|3a 20|Microsoft-IIS/\"; distance:0;",
	"content:\"Go-http-client/1.1\"; content:\"Cookie|3a 20|session=\"; "
	    "distance:0; content:\"|3b| consent=1\"; distance:32; within:11;",
};

static const char *const gen_classes[] = {
	"trojan-activity", "attempted-admin", "attempted-user",
	"web-application-attack", "policy-violation", "misc-activity",
	"bad-unknown", "attempted-recon",
};

/* xorshift64* */
static uint64_t
gen_next(struct gen *g)
{
	g->rng ^= g->rng >> 12;
	g->rng ^= g->rng << 25;
	g->rng ^= g->rng >> 27;
	return g->rng * 0x2545f4914f6cdd1dULL;
}

static unsigned
gen_pick(struct gen *g, unsigned n)
{
	return (unsigned)(gen_next(g) % n);
}

static bool
gen_chance(struct gen *g, unsigned percent)
{
	return gen_pick(g, 100) < percent;
}

/* The length of a first (anchor) content, or of a later one. */
static unsigned
gen_len(struct gen *g, bool anchor)
{
	unsigned r = gen_pick(g, 100);

	if (!anchor)
		return 1 + gen_pick(g, 12);
	if (r < 40)
		return 4 + gen_pick(g, 5);
	if (r < 75)
		return 9 + gen_pick(g, 8);
	if (r < 95)
		return 17 + gen_pick(g, 16);
	return 33 + gen_pick(g, 16);
}

/* The number of bytes a content value stands for (|hex| pairs count
 * one each). */
static unsigned
gen_bytes(const char *v)
{
	unsigned n = 0, digits = 0;
	bool hex = false;

	for (; *v != '\0'; v++) {
		if (*v == '|')
			hex = !hex;
		else if (!hex)
			n++;
		else if (*v != ' ' && ++digits % 2 == 0)
			n++;
	}
	return n;
}

/* A content value (without quotes) into buf, its byte length in *len. */
static void
gen_content(struct gen *g, char *buf, size_t size, unsigned *len,
    bool anchor)
{
	static const char text[] = "abcdefghijklmnopqrstuvwxyz"
	    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	    "/._-=?&";
	unsigned n = gen_len(g, anchor);
	size_t off = 0;

	if (anchor && gen_chance(g, 35)) {
		/* an attack-ish token with a random part of the drawn length */
		const char *fmt = gen_attack[gen_pick(g, QUELL_NITEMS(gen_attack))];
		char rnd[64];
		const char *pct = strstr(fmt, "%s");
		unsigned k = n > 24 ? 24 : n;

		for (unsigned i = 0; i < k; i++)
			rnd[i] = text[gen_pick(g, 62)];	/* letters, digits */
		rnd[k] = '\0';
		snprintf(buf, size, "%.*s%s%s", (int)(pct - fmt), fmt, rnd,
		    pct + 2);
		*len = gen_bytes(buf);
		return;
	}
	if (gen_chance(g, 25)) {
		/* binary: |xx xx ...| */
		off += (size_t)snprintf(buf + off, size - off, "|");
		for (unsigned i = 0; i < n; i++)
			off += (size_t)snprintf(buf + off, size - off,
			    "%s%02x", i ? " " : "", gen_pick(g, 256));
		snprintf(buf + off, size - off, "|");
	} else {
		for (unsigned i = 0; i < n && off + 1 < size; i++)
			buf[off++] = text[gen_pick(g, sizeof(text) - 1)];
		buf[off] = '\0';
	}
	*len = n;
}

/* action proto src sport -> dst dport, and whether it is TCP / to the
 * client. */
static void
gen_header(struct gen *g, char *buf, size_t size, bool *tcp, bool *reply)
{
	static const char *const tcp_ports[] = { "$HTTP_PORTS",
	    "$HTTP_PORTS", "$HTTP_PORTS", "$HTTP_PORTS", "$HTTP_PORTS",
	    "$HTTP_PORTS", "$HTTP_PORTS", "any", "any", "any", "any", "any",
	    "445", "139", "25", "21", "443", "443", "1433", "3306", "22",
	    "1024:", NULL };
	static const char *const udp_ports[] = { "53", "53", "53", "161",
	    "123", "69", "5060", "any" };
	const char *action = "alert";
	unsigned r = gen_pick(g, 100);
	char port[16];

	*tcp = false;
	*reply = false;
	if (r < 70) {
		*tcp = true;
		if (gen_chance(g, 20)) {
			*reply = true;
			snprintf(buf, size, "%s tcp $HOME_NET $HTTP_PORTS -> "
			    "$EXTERNAL_NET any", action);
			return;
		}
		r = gen_pick(g, QUELL_NITEMS(tcp_ports));
		if (tcp_ports[r] == NULL)
			snprintf(port, sizeof(port), "%u",
			    1024 + gen_pick(g, 60000));
		snprintf(buf, size, "%s tcp $EXTERNAL_NET any -> $HOME_NET %s",
		    action, tcp_ports[r] != NULL ? tcp_ports[r] : port);
	} else if (r < 92)
		snprintf(buf, size, "%s udp $EXTERNAL_NET any -> $HOME_NET %s",
		    action, udp_ports[gen_pick(g, QUELL_NITEMS(udp_ports))]);
	else if (r < 98)
		snprintf(buf, size, "%s icmp $EXTERNAL_NET any -> $HOME_NET "
		    "any", action);
	else
		snprintf(buf, size, "%s ip $EXTERNAL_NET any -> $HOME_NET any",
		    action);
}

static void
gen_rule(struct gen *g)
{
	char hdr[128], c[200];
	unsigned ncontent = 1 + gen_pick(g, 4), len;
	unsigned fp = gen_chance(g, 10) ? 0 : UINT32_MAX;
	bool tcp, reply, common = gen_pick(g, 1000) < 5;
	bool icmp;

	if (gen_pick(g, 2000) == 0) {
		unsigned k = gen_pick(g, QUELL_NITEMS(gen_benign));

		fprintf(g->out, "alert tcp %s (msg:\"BENCH synthetic rule %u, "
		    "matches benign traffic\"; flow:established,%s; %s "
		    "classtype:policy-violation; sid:%u; rev:1;)\n",
		    k == 2 ? "$HOME_NET $HTTP_PORTS -> $EXTERNAL_NET any" :
		    "$EXTERNAL_NET any -> $HOME_NET $HTTP_PORTS", g->sid,
		    k == 2 ? "to_client" : "to_server", gen_benign[k], g->sid);
		g->sid++;
		return;
	}

	gen_header(g, hdr, sizeof(hdr), &tcp, &reply);
	icmp = strstr(hdr, " icmp ") != NULL;
	fprintf(g->out, "%s (msg:\"BENCH synthetic rule %u\"; ", hdr, g->sid);
	if (tcp)
		fprintf(g->out, "flow:established,%s; ", reply ? "to_client" :
		    "to_server");
	if (icmp)
		fprintf(g->out, "itype:%u; ", gen_chance(g, 70) ? 8 : 0);
	if (gen_chance(g, 2)) {
		/* a flowbits pair: this rule sets, the next one reads */
		fprintf(g->out, "flowbits:%s,bench.%u; ",
		    g->flowbit % 2 == 0 ? "set" : "isset", g->flowbit / 2);
		g->flowbit++;
	}
	if (common) {
		/* the common token is the longest content: the prefilter
		 * lets the rule through, the distinctive one fails it */
		fprintf(g->out, "content:\"%s\"; ",
		    gen_common[gen_pick(g, QUELL_NITEMS(gen_common))]);
		fp = UINT32_MAX;
	}
	for (unsigned i = 0; i < ncontent; i++) {
		gen_content(g, c, sizeof(c), &len, i == 0 && !common);
		fprintf(g->out, "content:\"%s\"; ", c);
		if (c[0] != '|' && gen_chance(g, 33))
			fprintf(g->out, "nocase; ");
		if (i == 0 && gen_chance(g, 20))
			fprintf(g->out, "depth:%u; ", len + gen_pick(g, 64));
		else if (i == 0 && gen_chance(g, 10))
			fprintf(g->out, "offset:%u; ", gen_pick(g, 8));
		else if (i > 0 && gen_chance(g, 60)) {
			fprintf(g->out, "distance:%u; ", gen_pick(g, 16));
			if (gen_chance(g, 50))
				fprintf(g->out, "within:%u; ",
				    len + gen_pick(g, 128));
		}
		if (i == fp)
			fprintf(g->out, "fast_pattern; ");
	}
	if (gen_chance(g, 10))
		fprintf(g->out, "pcre:\"/[a-z]{%u,%u}=[^&\\x20]{%u}/%sR\"; ",
		    1 + gen_pick(g, 3), 4 + gen_pick(g, 8), 8 + gen_pick(g, 64),
		    gen_chance(g, 50) ? "i" : "");
	if (gen_chance(g, 3))
		fprintf(g->out, "byte_test:%u,%s,%u,%u,relative; ",
		    1 + gen_pick(g, 4), gen_chance(g, 50) ? ">" : "=",
		    gen_pick(g, 4096), gen_pick(g, 16));
	if (gen_chance(g, 4))
		fprintf(g->out, "dsize:>%u; ", 20 + gen_pick(g, 1000));
	if (gen_chance(g, 2))
		fprintf(g->out, "threshold:type limit, track by_src, count 1, "
		    "seconds 60; ");
	fprintf(g->out, "classtype:%s; sid:%u; rev:%u; metadata:created_at "
	    "2025_01_01, deployment Perimeter;)\n",
	    gen_classes[gen_pick(g, QUELL_NITEMS(gen_classes))], g->sid,
	    1 + gen_pick(g, 9));
	g->sid++;
}

static void
usage(void)
{
	fprintf(stderr, "usage: gen-rules [--seed N] [--rules N] -o FILE\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "rules", required_argument, NULL, 'n' },
		{ "output", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 },
	};
	struct gen g;
	const char *path = NULL;
	unsigned long long n = GEN_DEFAULT_RULES, seed = 1;
	char *end;
	int ch;

	while ((ch = getopt_long(argc, argv, "s:n:o:", longopts, NULL)) != -1) {
		switch (ch) {
		case 's':
			errno = 0;
			seed = strtoull(optarg, &end, 10);
			if (errno != 0 || *end != '\0')
				usage();
			break;
		case 'n':
			errno = 0;
			n = strtoull(optarg, &end, 10);
			if (errno != 0 || *end != '\0' || n > GEN_MAX_RULES)
				usage();
			break;
		case 'o':
			path = optarg;
			break;
		default:
			usage();
		}
	}
	if (path == NULL || optind != argc)
		usage();
	memset(&g, 0, sizeof(g));
	g.rng = seed * 0x9e3779b97f4a7c15ULL + 1;
	g.sid = GEN_SID_BASE;
	if (strcmp(path, "-") == 0)
		g.out = stdout;
	else if ((g.out = fopen(path, "w")) == NULL) {
		fprintf(stderr, "gen-rules: %s: %s\n", path, strerror(errno));
		return 1;
	}
	fprintf(g.out, "# gen-rules --seed %llu --rules %llu\n", seed, n);
	for (unsigned long long i = 0; i < n; i++)
		gen_rule(&g);
	if (g.out != stdout && fclose(g.out) != 0) {
		fprintf(stderr, "gen-rules: %s: %s\n", path, strerror(errno));
		return 1;
	}
	return 0;
}
