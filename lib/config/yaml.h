/* A YAML document as a small tree with source positions, so the typed
 * config loader can report file:line:col without knowing libyaml. */
#ifndef QUELL_CONFIG_YAML_H
#define QUELL_CONFIG_YAML_H

#include "core/base.h"
#include "core/diag.h"

enum cfg_node_type {
	CFG_NODE_SCALAR,
	CFG_NODE_MAP,
	CFG_NODE_SEQ,
};

struct cfg_node {
	enum cfg_node_type type;
	char		*key;		/* set on map children */
	char		*value;		/* scalars only */
	unsigned	 line;		/* 1-based */
	unsigned	 col;		/* 1-based */
	const char	*file;		/* owned by the root */
	struct cfg_node	**children;	/* map entries or seq items */
	size_t		 nchildren;
};

/* Parses a whole YAML file. Syntax errors are added to dl with their
 * position and NULL is returned. The empty document is an empty map. */
struct cfg_node *config_yaml_load_file(const char *path, struct diag_list *dl);
struct cfg_node *config_yaml_load_string(const char *name, const char *text,
	    size_t len, struct diag_list *dl);
void	config_yaml_free(struct cfg_node *);

#endif
