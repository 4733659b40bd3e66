dist_noinst_DATA += etc/quell.yaml
