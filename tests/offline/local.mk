# Offline-mode tests (quelld -r on generated captures); no root needed.
OFFLINE_TESTS = tests/offline/t_offline.sh tests/offline/t_gen_rules.sh
TESTS += $(OFFLINE_TESTS)
EXTRA_DIST += $(OFFLINE_TESTS)
