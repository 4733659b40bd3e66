lib_libquell_a_SOURCES += \
	lib/output/eve.c lib/output/eve.h \
	lib/output/fastlog.c lib/output/fastlog.h \
	lib/output/statslog.c lib/output/statslog.h \
	lib/output/writer.c lib/output/writer.h \
	$(NULL)
