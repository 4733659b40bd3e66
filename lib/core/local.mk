lib_libquell_a_SOURCES += \
	lib/core/base.h \
	lib/core/bug.h \
	lib/core/diag.c lib/core/diag.h \
	lib/core/log.c lib/core/log.h \
	lib/core/packet.h \
	$(NULL)
