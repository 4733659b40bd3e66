# lib/applayer/http: HTTP/1.x on libhtp (glue, config, bodies, files,
# buffers, events, eve logger, inflate). libhtp, libmagic, libcrypto and
# zlib are used only here.
lib_libquell_a_SOURCES += \
	lib/applayer/txdata.c \
	lib/applayer/http/body.c lib/applayer/http/body.h \
	lib/applayer/http/buffers.c lib/applayer/http/buffers.h \
	lib/applayer/http/config.c lib/applayer/http/config.h \
	lib/applayer/http/events.c lib/applayer/http/events.h \
	lib/applayer/http/file.c lib/applayer/http/file.h \
	lib/applayer/http/glue.c lib/applayer/http/http.h \
	lib/applayer/http/inflate.c lib/applayer/http/inflate.h \
	lib/applayer/http/logger.c lib/applayer/http/logger.h \
	lib/applayer/http/state.h \
	$(NULL)
lib_libquell_a_CFLAGS += $(HTP_CFLAGS) $(MAGIC_CFLAGS) $(CRYPTO_CFLAGS) $(ZLIB_CFLAGS)
QUELL_LIBS += $(HTP_LIBS) $(MAGIC_LIBS) $(CRYPTO_LIBS) $(ZLIB_LIBS)

check_PROGRAMS += tests/unit/applayer/http/check_http
TESTS += tests/unit/applayer/http/check_http
tests_unit_applayer_http_check_http_SOURCES = \
	tests/unit/applayer/http/check_http.c \
	tests/unit/applayer/http/suites.h \
	tests/unit/applayer/http/feed.c tests/unit/applayer/http/feed.h \
	tests/unit/applayer/http/chunks.h \
	tests/unit/applayer/http/test_parse.c \
	tests/unit/applayer/http/test_buffers.c \
	tests/unit/applayer/http/test_bodies.c \
	tests/unit/applayer/http/test_events.c \
	tests/unit/applayer/http/test_logger.c \
	tests/unit/applayer/http/test_config.c \
	$(NULL)
tests_unit_applayer_http_check_http_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(HTP_CFLAGS) $(JANSSON_CFLAGS)
tests_unit_applayer_http_check_http_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)

FUZZ_REPLAYS_HTTP = tests/fuzz/fuzz_http_replay
check_PROGRAMS += $(FUZZ_REPLAYS_HTTP)
TESTS += $(FUZZ_REPLAYS_HTTP)
tests_fuzz_fuzz_http_replay_SOURCES = tests/fuzz/fuzz_http.c tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_fuzz_http_replay_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_TARGET='"http"'
tests_fuzz_fuzz_http_replay_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_http_replay_LDADD = $(FUZZ_LDADD)
if ENABLE_FUZZ
noinst_PROGRAMS += tests/fuzz/fuzz_http
tests_fuzz_fuzz_http_SOURCES = tests/fuzz/fuzz_http.c $(FUZZ_COMMON)
tests_fuzz_fuzz_http_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_fuzz_http_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_http_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_http_LDADD = $(FUZZ_LDADD)
endif
