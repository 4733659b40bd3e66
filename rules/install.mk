# Installed rules: quell.rules is what the default configuration loads
# (rule-files: [quell.rules] under default-rule-path, which is
# $(sysconfdir)/quell/rules). demo.rules (rules/local.mk) is not installed.
quellrulesdir = $(sysconfdir)/quell/rules
dist_quellrules_DATA = rules/quell.rules
