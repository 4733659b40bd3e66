lib_libquell_a_SOURCES += \
	lib/capture/nfq.c lib/capture/nfq.h \
	lib/capture/nfq_ids.c lib/capture/nfq_ids.h \
	lib/capture/nfq_msg.c lib/capture/nfq_msg.h \
	lib/capture/nfq_proc.c lib/capture/nfq_proc.h \
	lib/capture/nfq_verdict.c lib/capture/nfq_verdict.h \
	lib/capture/reject.c lib/capture/reject.h \
	$(NULL)
