lib_libquell_a_SOURCES += \
	lib/config/compat.c lib/config/compat.h \
	lib/config/config.c lib/config/config.h \
	lib/config/yaml.c lib/config/yaml.h \
	$(NULL)
