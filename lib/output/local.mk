lib_libquell_a_SOURCES += \
	lib/output/eve.c lib/output/eve.h \
	$(NULL)
