lib_libquell_a_SOURCES += \
	lib/defrag/defrag.c lib/defrag/defrag.h \
	lib/defrag/policy.c lib/defrag/policy.h \
	$(NULL)
