#include "core/base.h"

#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>

#include <yaml.h>

#include "config/yaml.h"

/* Deep YAML nesting is never a valid config; the bound keeps recursion
 * (and a hostile file) in check. */
#define CFG_MAX_DEPTH	32
/* A configuration file is a few KiB; the cap keeps a mistaken include:
 * (a log, a device, a pipe that never ends) from being read forever. */
#define CFG_FILE_MAX	(4u << 20)

struct yaml_root {
	struct cfg_node	 node;
	char		*file;
};

static struct cfg_node *convert(yaml_document_t *, yaml_node_t *, const char *,
	    unsigned, struct diag_list *);
static void node_free(struct cfg_node *);

static struct cfg_node *
node_new(enum cfg_node_type type, const yaml_node_t *yn, const char *file)
{
	struct cfg_node *n = calloc(1, sizeof(*n));

	if (n == NULL)
		return NULL;
	n->type = type;
	n->line = yn->start_mark.line + 1;
	n->col = yn->start_mark.column + 1;
	n->file = file;
	return n;
}

static int
node_add_child(struct cfg_node *parent, struct cfg_node *child)
{
	struct cfg_node **n;

	n = realloc(parent->children, (parent->nchildren + 1) * sizeof(*n));
	if (n == NULL)
		return -1;
	parent->children = n;
	parent->children[parent->nchildren++] = child;
	return 0;
}

static struct cfg_node *
convert(yaml_document_t *doc, yaml_node_t *yn, const char *file,
    unsigned depth, struct diag_list *dl)
{
	struct cfg_node *n = NULL;

	if (depth > CFG_MAX_DEPTH) {
		diag_add(dl, DIAG_ERROR, file, yn->start_mark.line + 1,
		    yn->start_mark.column + 1, NULL,
		    "nesting deeper than %d levels", CFG_MAX_DEPTH);
		return NULL;
	}
	switch (yn->type) {
	case YAML_SCALAR_NODE:
		if ((n = node_new(CFG_NODE_SCALAR, yn, file)) == NULL)
			goto nomem;
		n->value = strndup((const char *)yn->data.scalar.value,
		    yn->data.scalar.length);
		if (n->value == NULL)
			goto nomem;
		return n;
	case YAML_SEQUENCE_NODE:
		if ((n = node_new(CFG_NODE_SEQ, yn, file)) == NULL)
			goto nomem;
		for (yaml_node_item_t *it = yn->data.sequence.items.start;
		    it < yn->data.sequence.items.top; it++) {
			yaml_node_t *c = yaml_document_get_node(doc, *it);
			struct cfg_node *cn;

			if (c == NULL)
				continue;
			if ((cn = convert(doc, c, file, depth + 1, dl)) == NULL)
				goto fail;
			if (node_add_child(n, cn) == -1) {
				node_free(cn);
				goto nomem;
			}
		}
		return n;
	case YAML_MAPPING_NODE:
		if ((n = node_new(CFG_NODE_MAP, yn, file)) == NULL)
			goto nomem;
		for (yaml_node_pair_t *p = yn->data.mapping.pairs.start;
		    p < yn->data.mapping.pairs.top; p++) {
			yaml_node_t *k = yaml_document_get_node(doc, p->key);
			yaml_node_t *v = yaml_document_get_node(doc, p->value);
			struct cfg_node *cn;

			if (k == NULL || v == NULL)
				continue;
			if (k->type != YAML_SCALAR_NODE) {
				diag_add(dl, DIAG_ERROR, file,
				    k->start_mark.line + 1,
				    k->start_mark.column + 1, NULL,
				    "mapping key is not a scalar");
				goto fail;
			}
			if ((cn = convert(doc, v, file, depth + 1, dl)) == NULL)
				goto fail;
			cn->key = strndup((const char *)k->data.scalar.value,
			    k->data.scalar.length);
			/* The key's position is where a reader looks. */
			cn->line = k->start_mark.line + 1;
			cn->col = k->start_mark.column + 1;
			if (cn->key == NULL || node_add_child(n, cn) == -1) {
				node_free(cn);
				goto nomem;
			}
		}
		return n;
	default:
		return node_new(CFG_NODE_MAP, yn, file);
	}
nomem:
	diag_add(dl, DIAG_ERROR, file, 0, 0, NULL, "out of memory");
fail:
	node_free(n);
	return NULL;
}

static void
node_free(struct cfg_node *n)
{
	if (n == NULL)
		return;
	for (size_t i = 0; i < n->nchildren; i++)
		node_free(n->children[i]);
	free(n->children);
	free(n->key);
	free(n->value);
	free(n);
}

static struct cfg_node *
load(yaml_parser_t *parser, const char *name, struct diag_list *dl)
{
	yaml_document_t doc;
	yaml_node_t *top;
	struct yaml_root *root = NULL;
	struct cfg_node *tree = NULL;

	if (!yaml_parser_load(parser, &doc)) {
		diag_add(dl, DIAG_ERROR, name,
		    (unsigned)parser->problem_mark.line + 1,
		    (unsigned)parser->problem_mark.column + 1, NULL,
		    "YAML syntax: %s%s%s",
		    parser->problem ? parser->problem : "error",
		    parser->context ? " " : "",
		    parser->context ? parser->context : "");
		return NULL;
	}
	if ((root = calloc(1, sizeof(*root))) == NULL ||
	    (root->file = strdup(name)) == NULL) {
		diag_add(dl, DIAG_ERROR, name, 0, 0, NULL, "out of memory");
		goto done;
	}
	top = yaml_document_get_root_node(&doc);
	if (top == NULL) {
		root->node.type = CFG_NODE_MAP;
		root->node.line = 1;
		root->node.col = 1;
	} else {
		if (top->type != YAML_MAPPING_NODE) {
			diag_add(dl, DIAG_ERROR, name, top->start_mark.line + 1,
			    top->start_mark.column + 1, NULL,
			    "top level must be a mapping of sections");
			goto done;
		}
		tree = convert(&doc, top, root->file, 0, dl);
		if (tree == NULL)
			goto done;
		/* Move the converted top node into the root wrapper so the
		 * file name lives exactly as long as the tree. */
		root->node = *tree;
		free(tree);
	}
	root->node.file = root->file;
	yaml_document_delete(&doc);
	return &root->node;
done:
	yaml_document_delete(&doc);
	if (root != NULL)
		free(root->file);
	free(root);
	return NULL;
}

struct bounded_input {
	FILE		*fp;
	size_t		 left;		/* bytes still allowed */
};

/* libyaml read handler: at most CFG_FILE_MAX bytes, even from a file
 * that is not regular (a FIFO, a device) and so has no size to check. */
static int
bounded_read(void *data, unsigned char *buf, size_t size, size_t *nread)
{
	struct bounded_input *in = data;

	*nread = 0;
	if (in->left == 0)
		return fgetc(in->fp) == EOF && !ferror(in->fp);
	if (size > in->left)
		size = in->left;
	*nread = fread(buf, 1, size, in->fp);
	in->left -= *nread;
	return !ferror(in->fp);
}

struct cfg_node *
config_yaml_load_file(const char *path, struct diag_list *dl)
{
	struct bounded_input in = { .left = CFG_FILE_MAX };
	yaml_parser_t parser;
	struct cfg_node *n;
	struct stat st;
	FILE *fp;

	if ((fp = fopen(path, "r")) == NULL) {
		diag_add(dl, DIAG_ERROR, path, 0, 0, NULL, "cannot open: %s",
		    strerror(errno));
		return NULL;
	}
	if (fstat(fileno(fp), &st) == 0 && S_ISREG(st.st_mode) &&
	    (uintmax_t)st.st_size > CFG_FILE_MAX) {
		diag_add(dl, DIAG_ERROR, path, 0, 0, NULL,
		    "larger than %u MiB", CFG_FILE_MAX >> 20);
		fclose(fp);
		return NULL;
	}
	in.fp = fp;
	yaml_parser_initialize(&parser);
	yaml_parser_set_input(&parser, bounded_read, &in);
	n = load(&parser, path, dl);
	yaml_parser_delete(&parser);
	fclose(fp);
	return n;
}

struct cfg_node *
config_yaml_load_string(const char *name, const char *text, size_t len,
    struct diag_list *dl)
{
	yaml_parser_t parser;
	struct cfg_node *n;

	yaml_parser_initialize(&parser);
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	n = load(&parser, name, dl);
	yaml_parser_delete(&parser);
	return n;
}

void
config_yaml_free(struct cfg_node *n)
{
	struct yaml_root *root;

	if (n == NULL)
		return;
	root = (struct yaml_root *)n;
	for (size_t i = 0; i < n->nchildren; i++)
		node_free(n->children[i]);
	free(n->children);
	free(n->key);
	free(n->value);
	free(root->file);
	free(root);
}
