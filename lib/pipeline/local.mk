# lib/pipeline: one packet's way from flow lookup to its verdict, for
# the inline workers, offline mode and the benchmarks.
lib_libquell_a_SOURCES += \
	lib/pipeline/pipeline.c lib/pipeline/pipeline.h \
	lib/pipeline/app.c lib/pipeline/app.h \
	$(NULL)
