# Manual pages, written by hand in roff (man(7) macros). Rendered and
# checked against `quelld -h` and `quelld --dump-config` by
# tests/ops/t_man_render.sh.
dist_man_MANS = \
	man/quellctl.8 \
	man/quelld.8 \
	man/quell.yaml.5 \
	$(NULL)
