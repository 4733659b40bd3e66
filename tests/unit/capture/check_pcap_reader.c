/* lib/capture/pcap: the block reader (lib/capture/pcap_file.c) against
 * libpcap, record by record: the tree's real captures, then files made
 * here byte by byte (either byte order, nanoseconds, cut short, lying
 * lengths). Each test opens the same file with both readers through the
 * module API and requires the same records, timestamps, link types and
 * error messages. */
#include "core/base.h"

#include <sys/stat.h>
#include <errno.h>
#include <glob.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include <check.h>

#include "capture/pcap.h"

#define MAGIC_USEC	0xa1b2c3d4u
#define MAGIC_NSEC	0xa1b23c4du
#define LT_ETHERNET	1
#define LT_RAW		101
#define BIG_LEN		(12u << 20)	/* past the block reader's buffer */

struct result {
	int		 rc;		/* capture_pcap_next's last */
	uint64_t	 records;
	char		 err[512];
};

static char tmpdir[PATH_MAX - 16];
static char cap_path[PATH_MAX];
/* the file being made: header, then records */
static uint8_t *fbuf;
static size_t flen, fcap;
static bool fswap;
static uint32_t nrec;		/* records made: each one's bytes differ */

static void	dir_setup(void);
static void	dir_teardown(void);
static void	setup(void);
static void	teardown(void);
static void	emit(const void *b, size_t n);
static void	emit32(uint32_t v);
static void	emit16(uint16_t v);
static void	file_header(uint32_t magic, bool swap, uint16_t major,
		    uint16_t minor, uint32_t snaplen, uint32_t linktype);
static void	record(uint32_t sec, uint32_t frac, uint32_t caplen,
		    uint32_t len, size_t nbytes);
static void	file_write(void);
static const char *src_path(const char *rel);
static bool	compare(const char *path, struct result *res);

static void
dir_setup(void)
{
	const char *t = getenv("TMPDIR");

	snprintf(tmpdir, sizeof(tmpdir), "%s/check_pcap_reader.XXXXXX",
	    t != NULL && *t != '\0' ? t : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	snprintf(cap_path, sizeof(cap_path), "%s/t.pcap", tmpdir);
}

static void
dir_teardown(void)
{
	unlink(cap_path);
	rmdir(tmpdir);
}

static void
setup(void)
{
	unlink(cap_path);
	flen = 0;
	fswap = false;
}

static void
teardown(void)
{
	free(fbuf);
	fbuf = NULL;
	fcap = 0;
}

static void
emit(const void *b, size_t n)
{
	if (flen + n > fcap) {
		size_t want = (flen + n) * 2;

		fbuf = realloc(fbuf, want);
		ck_assert_ptr_nonnull(fbuf);
		fcap = want;
	}
	memcpy(fbuf + flen, b, n);
	flen += n;
}

static void
emit32(uint32_t v)
{
	if (fswap)
		v = __builtin_bswap32(v);
	emit(&v, sizeof(v));
}

static void
emit16(uint16_t v)
{
	if (fswap)
		v = __builtin_bswap16(v);
	emit(&v, sizeof(v));
}

/* A classic file header in host order, or the other one with swap. */
static void
file_header(uint32_t magic, bool swap, uint16_t major, uint16_t minor,
    uint32_t snaplen, uint32_t linktype)
{
	fswap = swap;
	emit32(magic);
	emit16(major);
	emit16(minor);
	emit32(0);		/* thiszone */
	emit32(0);		/* sigfigs */
	emit32(snaplen);
	emit32(linktype);
}

/* A record header claiming caplen and len, then nbytes of an IPv4
 * packet's look (the decoder does not matter here: both readers hand
 * out the same bytes or fail alike). */
static void
record(uint32_t sec, uint32_t frac, uint32_t caplen, uint32_t len,
    size_t nbytes)
{
	emit32(sec);
	emit32(frac);
	emit32(caplen);
	emit32(len);
	nrec++;
	for (size_t i = 0; i < nbytes; i++) {
		uint8_t b = i == 0 ? 0x45 : (uint8_t)(i * 7 + caplen +
		    (i < 5 ? nrec >> (8 * (i - 1)) : 0));

		emit(&b, 1);
	}
}

static void
file_write(void)
{
	FILE *f = fopen(cap_path, "wb");

	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(flen > 0 ? fwrite(fbuf, 1, flen, f) : 0, flen);
	ck_assert_int_eq(fclose(f), 0);
}

static const char *
src_path(const char *rel)
{
	static char path[PATH_MAX];
	const char *top = getenv("QUELL_TOP_SRCDIR");

	snprintf(path, sizeof(path), "%s/%s", top != NULL ? top : ".", rel);
	return path;
}

/* Reads path with both readers and requires the same from both: the
 * open's error, or every record (bytes, lengths, time, link) and how
 * the file ended. res says how it ended; returns whether the block
 * reader was the one capture_pcap_open chose. */
static bool
compare(const char *path, struct result *res)
{
	char err_lib[512] = "", err_auto[512] = "";
	struct capture_pcap *lib, *au;
	struct packet pl, pa;
	bool block;
	int rl, ra;

	memset(res, 0, sizeof(*res));
	lib = capture_pcap_open_with(path, CAPTURE_PCAP_READER_LIBPCAP,
	    err_lib, sizeof(err_lib));
	au = capture_pcap_open(path, err_auto, sizeof(err_auto));
	ck_assert_msg((lib == NULL) == (au == NULL), "%s: one reader opened "
	    "it: libpcap '%s', auto '%s'", path, err_lib, err_auto);
	if (lib == NULL) {
		ck_assert_str_eq(err_auto, err_lib);
		snprintf(res->err, sizeof(res->err), "%s", err_lib);
		res->rc = -1;
		return false;
	}
	ck_assert_str_eq(capture_pcap_reader_name(lib), "libpcap");
	block = strcmp(capture_pcap_reader_name(au), "block") == 0;
	ck_assert_int_eq(capture_pcap_linktype(au),
	    capture_pcap_linktype(lib));
	do {
		rl = capture_pcap_next(lib, &pl, err_lib, sizeof(err_lib));
		ra = capture_pcap_next(au, &pa, err_auto, sizeof(err_auto));
		ck_assert_msg(ra == rl, "%s: record %" PRIu64 ": libpcap %d "
		    "'%s', auto %d '%s'", path, res->records + 1, rl,
		    rl == -1 ? err_lib : "", ra, ra == -1 ? err_auto : "");
		if (rl != 1)
			break;
		res->records++;
		ck_assert_uint_eq(pa.len, pl.len);
		ck_assert_uint_eq(pa.wire_len, pl.wire_len);
		ck_assert_int_eq(pa.ts.tv_sec, pl.ts.tv_sec);
		ck_assert_int_eq(pa.ts.tv_nsec, pl.ts.tv_nsec);
		ck_assert_uint_eq(pa.link, pl.link);
		ck_assert_uint_eq(pa.linktype, pl.linktype);
		ck_assert_uint_eq(pa.pcap_cnt, pl.pcap_cnt);
		ck_assert_msg(memcmp(pa.data, pl.data, pl.len) == 0,
		    "%s: record %" PRIu64 ": bytes differ", path,
		    res->records);
	} while (rl == 1);
	res->rc = rl;
	if (rl == -1) {
		ck_assert_str_eq(err_auto, err_lib);
		snprintf(res->err, sizeof(res->err), "%s", err_lib);
	}
	/* and the error stays */
	ck_assert_int_eq(capture_pcap_next(au, &pa, err_auto,
	    sizeof(err_auto)), rl);
	{
		struct capture_pcap_stats sl, sa;

		capture_pcap_stats(lib, &sl);
		capture_pcap_stats(au, &sa);
		ck_assert_uint_eq(sa.packets, sl.packets);
		ck_assert_uint_eq(sa.bytes, sl.bytes);
	}
	capture_pcap_close(lib);
	capture_pcap_close(au);
	return block;
}

START_TEST(test_tree_captures_read_the_same_with_both_readers)
{
	const char *pats[] = { "tests/data/*.pcap", "tests/data/*/*.pcap",
	    "tests/data/*/*.pcapng" };
	struct result res;
	size_t files = 0, block = 0;
	glob_t g;

	memset(&g, 0, sizeof(g));
	for (size_t i = 0; i < QUELL_NITEMS(pats); i++)
		ck_assert_int_ne(glob(src_path(pats[i]),
		    i > 0 ? GLOB_APPEND : 0, NULL, &g), GLOB_ABORTED);
	for (size_t i = 0; i < g.gl_pathc; i++, files++)
		if (compare(g.gl_pathv[i], &res))
			block++;
	globfree(&g);
	/* the tree has about fifty; most are classic pcap */
	ck_assert_uint_ge(files, 40);
	ck_assert_uint_ge(block, 30);
}
END_TEST

START_TEST(test_corrupt_tree_capture_fails_alike)
{
	struct result res;

	ck_assert(compare(src_path("tests/data/verify/bug-6875-corrupt.pcap"),
	    &res));
	ck_assert_int_eq(res.rc, -1);
	ck_assert_ptr_nonnull(strstr(res.err, "record ("));
}
END_TEST

START_TEST(test_microsecond_file_other_byte_order_reads_alike)
{
	struct result res;

	file_header(MAGIC_USEC, true, 2, 4, 65535, LT_RAW);
	record(1700000000, 999999, 40, 40, 40);
	record(0x80000000u, 0x80000001u, 60, 1500, 60);	/* top bits */
	file_write();
	ck_assert(compare(cap_path, &res));
	ck_assert_int_eq(res.rc, 0);
	ck_assert_uint_eq(res.records, 2);
}
END_TEST

START_TEST(test_nanosecond_file_reads_alike)
{
	struct result res;

	file_header(MAGIC_NSEC, false, 2, 4, 65535, LT_ETHERNET);
	record(1700000000, 999999999, 60, 60, 60);
	record(1700000001, 5, 60, 60, 60);
	record(0xfffffff0u, 0x90000000u, 60, 60, 60);	/* odd, read alike */
	file_write();
	ck_assert(compare(cap_path, &res));
	ck_assert_uint_eq(res.records, 3);
}
END_TEST

START_TEST(test_nanosecond_file_other_byte_order_reads_alike)
{
	struct result res;

	file_header(MAGIC_NSEC, true, 2, 4, 0 /* the maximum */, LT_RAW);
	record(1700000000, 123456789, 40, 40, 40);
	file_write();
	ck_assert(compare(cap_path, &res));
	ck_assert_uint_eq(res.records, 1);
}
END_TEST

START_TEST(test_zero_length_file_fails_alike)
{
	struct result res;

	file_write();
	ck_assert(!compare(cap_path, &res));
	ck_assert_int_eq(res.rc, -1);
}
END_TEST

START_TEST(test_truncated_file_header_fails_alike)
{
	struct result res;

	file_header(MAGIC_USEC, false, 2, 4, 65535, LT_RAW);
	flen = 20;
	file_write();
	ck_assert(!compare(cap_path, &res));
	ck_assert_ptr_nonnull(strstr(res.err, "not a readable pcap"));
}
END_TEST

START_TEST(test_unknown_magic_fails_alike)
{
	struct result res;

	file_header(0xa1b2cd34u /* Kuznetzov's: libpcap's alone */, false,
	    2, 4, 65535, LT_RAW);
	file_write();
	ck_assert(!compare(cap_path, &res));
	flen = 0;
	file_header(0x12345678u, false, 2, 4, 65535, LT_RAW);
	file_write();
	ck_assert(!compare(cap_path, &res));
	ck_assert_int_eq(res.rc, -1);
}
END_TEST

START_TEST(test_older_version_is_left_to_libpcap)
{
	struct result res;

	/* 2.2 files have caplen and len the other way round */
	file_header(MAGIC_USEC, false, 2, 2, 65535, LT_RAW);
	record(1, 2, 1500, 40, 40);
	file_write();
	ck_assert(!compare(cap_path, &res));
	ck_assert_uint_eq(res.records, 1);
}
END_TEST

START_TEST(test_unsupported_link_type_fails_alike)
{
	struct result res;

	file_header(MAGIC_USEC, false, 2, 4, 65535, 147 /* USER0 */);
	record(1, 2, 40, 40, 40);
	file_write();
	ck_assert(!compare(cap_path, &res));
	ck_assert_ptr_nonnull(strstr(res.err, "unsupported link type"));
}
END_TEST

START_TEST(test_truncated_record_fails_alike_naming_the_packet)
{
	struct result res;

	file_header(MAGIC_USEC, false, 2, 4, 65535, LT_RAW);
	record(1, 2, 40, 40, 40);
	record(1, 3, 40, 40, 25);
	file_write();
	ck_assert(compare(cap_path, &res));
	ck_assert_uint_eq(res.records, 1);
	ck_assert_ptr_nonnull(strstr(res.err, ": packet 2: truncated record ("));
}
END_TEST

START_TEST(test_truncated_record_header_fails_alike)
{
	struct result res;

	file_header(MAGIC_USEC, false, 2, 4, 65535, LT_RAW);
	record(1, 2, 40, 40, 40);
	emit32(7);		/* 4 bytes of the next header */
	file_write();
	ck_assert(compare(cap_path, &res));
	ck_assert_ptr_nonnull(strstr(res.err, ": packet 2: truncated record ("));
}
END_TEST

START_TEST(test_caplen_over_snaplen_is_cut_alike)
{
	struct result res;

	/* libpcap hands out the first snaplen bytes and skips the rest */
	file_header(MAGIC_USEC, false, 2, 4, 100, LT_RAW);
	record(1, 2, 300, 300, 300);
	record(1, 3, 40, 40, 40);
	file_write();
	ck_assert(compare(cap_path, &res));
	ck_assert_int_eq(res.rc, 0);
	ck_assert_uint_eq(res.records, 2);
}
END_TEST

START_TEST(test_caplen_over_snaplen_cut_short_fails_alike)
{
	struct result res;

	file_header(MAGIC_USEC, false, 2, 4, 100, LT_RAW);
	record(1, 2, 300, 300, 200);
	file_write();
	ck_assert(compare(cap_path, &res));
	ck_assert_ptr_nonnull(strstr(res.err, "truncated record ("));
	flen = 0;
	file_header(MAGIC_USEC, false, 2, 4, 100, LT_RAW);
	record(1, 2, 300, 300, 50);	/* short of the snaplen too */
	file_write();
	ck_assert(compare(cap_path, &res));
	ck_assert_ptr_nonnull(strstr(res.err, "truncated record ("));
}
END_TEST

START_TEST(test_snaplen_past_the_maximum_is_kept_alike)
{
	struct result res;

	/* libpcap 1.10.3 keeps it: a caplen between the maximum and it
	 * is "bigger than maximum", not cut */
	file_header(MAGIC_USEC, false, 2, 4, 8388607, LT_RAW);
	record(1, 2, 40, 40, 40);
	record(1, 2, 262145, 262145, 40);
	file_write();
	ck_assert(compare(cap_path, &res));
	ck_assert_ptr_nonnull(strstr(res.err, "bigger than maximum of 262144"));
}
END_TEST

START_TEST(test_negative_snaplen_means_the_maximum_alike)
{
	struct result res;

	file_header(MAGIC_USEC, true, 2, 4, 0x80000000u, LT_RAW);
	record(1, 2, 70000, 70000, 70000);
	record(1, 2, 262145, 262145, 40);
	file_write();
	ck_assert(compare(cap_path, &res));
	ck_assert_uint_eq(res.records, 1);
	ck_assert_ptr_nonnull(strstr(res.err, "bigger than snaplen of 262144"));
}
END_TEST

START_TEST(test_huge_caplen_is_corrupt_alike)
{
	struct result res;

	file_header(MAGIC_USEC, false, 2, 4, 65535, LT_RAW);
	record(1, 2, 40, 40, 40);
	record(1, 2, 0x7fffffffu, 40, 40);
	file_write();
	ck_assert(compare(cap_path, &res));
	ck_assert_ptr_nonnull(strstr(res.err, ": packet 2: corrupt record ("));
}
END_TEST

START_TEST(test_file_longer_than_the_buffer_reads_alike)
{
	struct result res;
	uint32_t n = 0;

	/* odd sizes, so records straddle every block and buffer wrap */
	file_header(MAGIC_USEC, false, 2, 4, 65535, LT_RAW);
	while (flen < BIG_LEN)
		record(n, n % 1000000, 40 + n % 9001, 9100, 40 + n % 9001),
		    n++;
	file_write();
	ck_assert(compare(cap_path, &res));
	ck_assert_int_eq(res.rc, 0);
	ck_assert_uint_eq(res.records, n);
}
END_TEST

/* Deterministic: the same mutations every run. */
static uint32_t
xorshift(uint32_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 17;
	*x ^= *x << 5;
	return *x;
}

START_TEST(test_mutated_captures_read_the_same_with_both_readers)
{
	static const uint32_t vals[] = { 0, 1, 100, 0xffff, 262144, 262145,
	    0x7fffffffu, 0x80000000u, 0xffffffffu, 0xa1b2c3d4u, 0xd4c3b2a1u,
	    0x4d3cb2a1u, 0x00040002u, 0x02000400u, 101, 113, 276, 147 };
	uint8_t *base;
	size_t blen, block = 0;
	uint32_t x = 16;
	struct result res;

	/* two records of each byte order's kind behind one header */
	file_header(MAGIC_NSEC, false, 2, 4, 200, LT_RAW);
	record(1, 2, 40, 40, 40);
	record(3, 4, 300, 300, 300);
	record(5, 6, 60, 1500, 60);
	base = malloc(flen);
	ck_assert_ptr_nonnull(base);
	memcpy(base, fbuf, flen);
	blen = flen;
	for (int i = 0; i < 2000; i++) {
		memcpy(fbuf, base, blen);
		flen = blen;
		for (uint32_t k = xorshift(&x) % 4 + 1; k > 0; k--) {
			uint32_t r = xorshift(&x), v = vals[r % QUELL_NITEMS(vals)];
			size_t at = (r >> 8) % (flen - 3);

			switch (r >> 28 & 3) {
			case 0:
				fbuf[at] = (uint8_t)(r >> 16);
				break;
			case 1:
				flen = at + 1;
				break;
			default:
				/* a header field, or any aligned word */
				at = r >> 28 & 1 ? (r >> 8) % 6 * 4 : at & ~3u;
				memcpy(fbuf + at, &v, sizeof(v));
				break;
			}
			if (flen < 4)
				break;
		}
		file_write();
		if (compare(cap_path, &res))
			block++;
	}
	free(base);
	/* most keep a header the block reader takes */
	ck_assert_uint_ge(block, 500);
}
END_TEST

START_TEST(test_lent_records_stay_until_released)
{
	struct capture_pcap *cp;
	struct packet p;
	uint8_t first[64];
	const uint8_t *held;
	uint64_t n = 0;
	char err[512];
	int rc;

	file_header(MAGIC_USEC, false, 2, 4, 65535, LT_RAW);
	while (flen < BIG_LEN)
		record(1, 2, 1000, 1000, 1000);
	file_write();
	cp = capture_pcap_open(cap_path, err, sizeof(err));
	ck_assert_ptr_nonnull(cp);
	ck_assert(capture_pcap_lend(cp));
	ck_assert_int_eq(capture_pcap_next(cp, &p, err, sizeof(err)), 1);
	ck_assert_uint_eq(capture_pcap_offset(cp), 24);
	held = p.data;
	memcpy(first, held, sizeof(first));
	/* nothing released: the buffer fills, then AGAIN, and the first
	 * record is still there */
	while ((rc = capture_pcap_next(cp, &p, err, sizeof(err))) == 1)
		n++;
	ck_assert_int_eq(rc, CAPTURE_PCAP_AGAIN);
	ck_assert_uint_gt(n, 1000);
	ck_assert_mem_eq(held, first, sizeof(first));
	ck_assert_int_eq(capture_pcap_next(cp, &p, err, sizeof(err)),
	    CAPTURE_PCAP_AGAIN);
	/* all given back: the rest of the file */
	capture_pcap_release(cp, capture_pcap_offset_next(cp));
	while ((rc = capture_pcap_next(cp, &p, err, sizeof(err))) ==
	    1 || rc == CAPTURE_PCAP_AGAIN) {
		n += rc == 1;
		capture_pcap_release(cp, capture_pcap_offset_next(cp));
	}
	ck_assert_int_eq(rc, 0);
	ck_assert_uint_eq(n + 1, (flen - 24) / 1016);
	capture_pcap_close(cp);
}
END_TEST

/* A record held: where it is, what it held when lent. */
struct held {
	const uint8_t	*data;
	uint64_t	 off;
	uint32_t	 len;
	uint8_t		 head[8];
};

START_TEST(test_lent_records_survive_partial_releases_over_laps)
{
	static struct held q[40000];
	struct capture_pcap *cp;
	struct packet p;
	size_t head = 0, tail = 0;
	uint64_t n = 0, agains = 0;
	uint32_t x = 7, i = 0;
	char err[512];
	int rc;

	/* 30 MiB of records of every size, so the buffer goes round
	 * several times with records of the lap before still held */
	file_header(MAGIC_USEC, false, 2, 4, 0, LT_RAW);
	while (flen < (30u << 20))
		record(i, 0, 40 + i * 7919 % 70000, 70000, 40 + i * 7919 % 70000),
		    i++;
	file_write();
	cp = capture_pcap_open(cap_path, err, sizeof(err));
	ck_assert_ptr_nonnull(cp);
	ck_assert(capture_pcap_lend(cp));
	while ((rc = capture_pcap_next(cp, &p, err, sizeof(err))) == 1 ||
	    rc == CAPTURE_PCAP_AGAIN) {
		uint32_t k;

		if (rc == 1) {
			ck_assert_uint_lt(tail, QUELL_NITEMS(q));
			q[tail].data = p.data;
			q[tail].off = capture_pcap_offset(cp);
			q[tail].len = p.len;
			memcpy(q[tail].head, p.data, sizeof(q[tail].head));
			tail++;
			n++;
			continue;
		}
		/* give back a random part of the oldest, checking each is
		 * as it was lent */
		agains++;
		ck_assert_uint_gt(tail, head);
		k = xorshift(&x) % (uint32_t)(tail - head) + 1;
		while (k-- > 0) {
			ck_assert_mem_eq(q[head].data, q[head].head,
			    sizeof(q[head].head));
			head++;
		}
		capture_pcap_release(cp, head < tail ? q[head].off :
		    capture_pcap_offset_next(cp));
	}
	ck_assert_int_eq(rc, 0);
	ck_assert_uint_eq(n, i);
	ck_assert_uint_gt(agains, 3);
	for (; head < tail; head++)
		ck_assert_mem_eq(q[head].data, q[head].head,
		    sizeof(q[head].head));
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_libpcap_reader_does_not_lend)
{
	struct capture_pcap *cp;
	char err[512];

	cp = capture_pcap_open_with(src_path("tests/data/eve/udp.pcap"),
	    CAPTURE_PCAP_READER_LIBPCAP, err, sizeof(err));
	ck_assert_ptr_nonnull(cp);
	ck_assert(!capture_pcap_lend(cp));
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_fifo_is_read_by_libpcap)
{
	struct capture_pcap *cp;
	char err[512];
	pid_t pid;

	file_header(MAGIC_USEC, false, 2, 4, 65535, LT_RAW);
	record(1, 2, 40, 40, 40);
	ck_assert_int_eq(mkfifo(cap_path, 0600), 0);
	pid = fork();
	ck_assert_int_ne(pid, -1);
	if (pid == 0) {
		FILE *f = fopen(cap_path, "wb");

		_exit(f != NULL && fwrite(fbuf, 1, flen, f) == flen &&
		    fclose(f) == 0 ? 0 : 1);
	}
	cp = capture_pcap_open(cap_path, err, sizeof(err));
	ck_assert_msg(cp != NULL, "%s", err);
	ck_assert_str_eq(capture_pcap_reader_name(cp), "libpcap");
	{
		struct packet p;

		ck_assert_int_eq(capture_pcap_next(cp, &p, err, sizeof(err)),
		    1);
		ck_assert_uint_eq(p.len, 40);
		ck_assert_int_eq(capture_pcap_next(cp, &p, err, sizeof(err)),
		    0);
	}
	capture_pcap_close(cp);
}
END_TEST

static Suite *
capture_pcap_reader_suite(void)
{
	Suite *s = suite_create("capture_pcap_reader");
	TCase *tc = tcase_create("readers");

	tcase_set_timeout(tc, 60);
	tcase_add_unchecked_fixture(tc, dir_setup, dir_teardown);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_tree_captures_read_the_same_with_both_readers);
	tcase_add_test(tc, test_corrupt_tree_capture_fails_alike);
	tcase_add_test(tc, test_microsecond_file_other_byte_order_reads_alike);
	tcase_add_test(tc, test_nanosecond_file_reads_alike);
	tcase_add_test(tc, test_nanosecond_file_other_byte_order_reads_alike);
	tcase_add_test(tc, test_zero_length_file_fails_alike);
	tcase_add_test(tc, test_truncated_file_header_fails_alike);
	tcase_add_test(tc, test_unknown_magic_fails_alike);
	tcase_add_test(tc, test_older_version_is_left_to_libpcap);
	tcase_add_test(tc, test_unsupported_link_type_fails_alike);
	tcase_add_test(tc, test_truncated_record_fails_alike_naming_the_packet);
	tcase_add_test(tc, test_truncated_record_header_fails_alike);
	tcase_add_test(tc, test_caplen_over_snaplen_is_cut_alike);
	tcase_add_test(tc, test_caplen_over_snaplen_cut_short_fails_alike);
	tcase_add_test(tc, test_snaplen_past_the_maximum_is_kept_alike);
	tcase_add_test(tc, test_negative_snaplen_means_the_maximum_alike);
	tcase_add_test(tc, test_huge_caplen_is_corrupt_alike);
	tcase_add_test(tc, test_file_longer_than_the_buffer_reads_alike);
	tcase_add_test(tc, test_mutated_captures_read_the_same_with_both_readers);
	tcase_add_test(tc, test_lent_records_stay_until_released);
	tcase_add_test(tc, test_lent_records_survive_partial_releases_over_laps);
	tcase_add_test(tc, test_libpcap_reader_does_not_lend);
	tcase_add_test(tc, test_fifo_is_read_by_libpcap);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(capture_pcap_reader_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
