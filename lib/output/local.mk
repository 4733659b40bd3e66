lib_libquell_a_SOURCES += \
	lib/output/addr.c lib/output/addr.h \
	lib/output/anomaly.c lib/output/anomaly.h \
	lib/output/eve.c lib/output/eve.h \
	lib/output/eve_stats.c lib/output/eve_stats.h \
	lib/output/fastlog.c lib/output/fastlog.h \
	lib/output/json_line.c lib/output/json_line.h \
	lib/output/protoname.c lib/output/protoname.h \
	lib/output/statslog.c lib/output/statslog.h \
	lib/output/applayer_counters.c lib/output/applayer_counters.h \
	lib/output/sink.c lib/output/sink.h \
	lib/output/sink_file.c \
	lib/output/sink_syslog.c lib/output/sink_syslog.h \
	lib/output/sink_unix.c \
	lib/output/writer.c lib/output/writer.h \
	lib/output/xff.c lib/output/xff.h \
	$(NULL)
if HAVE_HIREDIS
lib_libquell_a_SOURCES += lib/output/sink_redis.c
endif
