# Shipped rule files. demo.rules drives `./quickstart demo`; it is
# distributed, not installed.
dist_noinst_DATA += rules/demo.rules
