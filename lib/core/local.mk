lib_libquell_a_SOURCES += \
	lib/core/addr_table.c lib/core/addr_table.h \
	lib/core/base.h \
	lib/core/bug.h \
	lib/core/counters.h \
	lib/core/diag.c lib/core/diag.h \
	lib/core/doorbell.c lib/core/doorbell.h \
	lib/core/exception.c lib/core/exception.h \
	lib/core/hash.c lib/core/hash.h \
	lib/core/hex.h \
	lib/core/jtext.c lib/core/jtext.h \
	lib/core/log.c lib/core/log.h \
	lib/core/packet.h \
	lib/core/ring.c lib/core/ring.h \
	$(NULL)
