lib_libquell_a_SOURCES += \
	lib/capture/nfq.c lib/capture/nfq.h \
	lib/capture/nfq_msg.c lib/capture/nfq_msg.h \
	$(NULL)
