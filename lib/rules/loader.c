#include "core/base.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "core/diag.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"
#include "rules/ruleset.h"

/* Assembles logical rules from physical lines: '\' at the end of a line
 * joins the next one, '#' lines and blank lines are skipped, CR before LF
 * is a blank. Input arrives in chunks of any size; only RULES_RULE_MAX
 * bytes of a rule are kept, so a huge line costs no more memory than a
 * long one. */
struct loader {
	struct ruleset	*rs;
	struct rules_parse_env env;
	struct diag_list *diags;
	const char	*file;
	char		*buf;		/* RULES_RULE_MAX + 1 bytes */
	size_t		 len;		/* bytes kept in buf */
	size_t		 total;		/* bytes of the rule, also past the cap */
	unsigned	 line;		/* current physical line */
	unsigned	 first_line;	/* where the current rule started */
	bool		 cont;		/* the previous line ended in '\' */
	char		 first;		/* first non-blank of this line, or 0 */
	char		 last;		/* last non-blank of this line, or 0 */
	size_t		 last_pos;	/* its offset in the rule */
	bool		 nomem;
};

static int	loader_init(struct loader *, struct ruleset *, const char *,
		    const struct rules_vars *, struct diag_list *);
static void	loader_feed(struct loader *, const char *, size_t);
static void	loader_end_line(struct loader *, bool);
static void	loader_finish(struct loader *);
static void	loader_rule(struct loader *);
static void	loader_add(struct loader *, struct rule *);

static int
loader_init(struct loader *ld, struct ruleset *rs, const char *file,
    const struct rules_vars *vars, struct diag_list *diags)
{
	memset(ld, 0, sizeof(*ld));
	ld->rs = rs;
	ld->env.vars = vars;
	ld->env.classes = rules_ruleset_classes(rs);
	ld->env.refs = rules_ruleset_refs(rs);
	ld->diags = diags;
	ld->file = file;
	ld->line = 1;
	if ((ld->buf = malloc(RULES_RULE_MAX + 1)) == NULL) {
		diag_add(diags, DIAG_ERROR, file, 0, 0, NULL, "out of memory");
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

static void
loader_feed(struct loader *ld, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		if (c == '\n') {
			loader_end_line(ld, false);
			continue;
		}
		if (ld->total < RULES_RULE_MAX)
			ld->buf[ld->len++] = c;
		if (!rules_lexer_is_blank(c)) {
			if (ld->first == 0)
				ld->first = c;
			ld->last = c;
			ld->last_pos = ld->total;
		}
		ld->total++;
	}
}

static void
loader_end_line(struct loader *ld, bool eof)
{
	bool skip = !ld->cont && (ld->first == 0 || ld->first == '#');

	if (!ld->cont)
		ld->first_line = ld->line;
	if (skip) {
		ld->len = ld->total = 0;
	} else if (ld->last == '\\' && !eof) {
		/* drop the backslash and what trails it; join the next line */
		ld->total = ld->last_pos;
		if (ld->len > ld->total)
			ld->len = ld->total;
		ld->cont = true;
	} else {
		if (ld->last == '\\') {
			ld->total = ld->last_pos;
			if (ld->len > ld->total)
				ld->len = ld->total;
		}
		loader_rule(ld);
		ld->len = ld->total = 0;
		ld->cont = false;
	}
	ld->first = ld->last = 0;
	ld->line++;
}

static void
loader_finish(struct loader *ld)
{
	if (ld->cont || ld->total > 0)
		loader_end_line(ld, true);
	free(ld->buf);
	ld->buf = NULL;
}

static void
loader_add(struct loader *ld, struct rule *r)
{
	const struct rule *dup;
	char sid[16];

	if (rules_ruleset_add(ld->rs, r, &dup) == 0)
		return;
	rules_ruleset_count_failed(ld->rs);
	if (dup != NULL) {
		snprintf(sid, sizeof(sid), "%u", r->sid);
		diag_add(ld->diags, DIAG_ERROR, ld->file, r->line, r->sid_col,
		    sid, "duplicate sid %u (gid %u), first defined at %s:%u",
		    r->sid, r->gid, dup->file, dup->line);
	} else {
		ld->nomem = true;
		diag_add(ld->diags, DIAG_ERROR, ld->file, r->line, 0, NULL,
		    "out of memory");
	}
	rules_rule_free(r);
}

static void
loader_rule(struct loader *ld)
{
	struct rule *r;
	const char *nul;
	char why[RULES_UNSUPPORTED_MAX];

	while (ld->len > 0 && rules_lexer_is_blank(ld->buf[ld->len - 1]))
		ld->len--;
	if (ld->total > RULES_RULE_MAX) {
		diag_add(ld->diags, DIAG_ERROR, ld->file, ld->first_line, 0,
		    NULL, "rule longer than %d bytes", RULES_RULE_MAX);
		rules_ruleset_count_failed(ld->rs);
		return;
	}
	if ((nul = memchr(ld->buf, '\0', ld->len)) != NULL) {
		diag_add(ld->diags, DIAG_ERROR, ld->file, ld->first_line,
		    (unsigned)(nul - ld->buf) + 1, NULL, "NUL byte in rule");
		rules_ruleset_count_failed(ld->rs);
		return;
	}
	ld->buf[ld->len] = '\0';
	switch (rules_parser_parse(ld->file, ld->first_line, ld->buf, ld->len,
	    &ld->env, ld->diags, &r, why)) {
	case RULES_PARSE_OK:
		loader_add(ld, r);
		break;
	case RULES_PARSE_FAILED:
		rules_ruleset_count_failed(ld->rs);
		break;
	case RULES_PARSE_UNSUPPORTED:
		rules_ruleset_count_unsupported(ld->rs, why);
		break;
	}
}

int
rules_load_string(struct ruleset *rs, const char *name, const char *text,
    const struct rules_vars *vars, struct diag_list *diags)
{
	struct loader ld;

	if (rs == NULL || text == NULL || diags == NULL) {
		errno = EINVAL;
		return -1;
	}
	if (loader_init(&ld, rs, name != NULL ? name : "<string>", vars,
	    diags) == -1)
		return -1;
	loader_feed(&ld, text, strlen(text));
	loader_finish(&ld);
	if (ld.nomem) {
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

int
rules_load_file(struct ruleset *rs, const char *path,
    const struct rules_vars *vars, struct diag_list *diags)
{
	struct loader ld;
	char *chunk;
	ssize_t n;
	int fd, saved;

	if (rs == NULL || path == NULL || diags == NULL) {
		errno = EINVAL;
		return -1;
	}
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1) {
		saved = errno;
		diag_add(diags, DIAG_ERROR, path, 0, 0, NULL,
		    "cannot open rule file: %s", strerror(saved));
		errno = saved;
		return -1;
	}
	if ((chunk = malloc(RULES_RULE_MAX)) == NULL) {
		diag_add(diags, DIAG_ERROR, path, 0, 0, NULL, "out of memory");
		close(fd);
		errno = ENOMEM;
		return -1;
	}
	if (loader_init(&ld, rs, path, vars, diags) == -1) {
		free(chunk);
		close(fd);
		errno = ENOMEM;
		return -1;
	}
	for (;;) {
		n = read(fd, chunk, RULES_RULE_MAX);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		loader_feed(&ld, chunk, (size_t)n);
	}
	saved = errno;
	loader_finish(&ld);
	free(chunk);
	close(fd);
	if (n == -1) {
		diag_add(diags, DIAG_ERROR, path, 0, 0, NULL,
		    "cannot read rule file: %s", strerror(saved));
		errno = saved;
		return -1;
	}
	if (ld.nomem) {
		errno = ENOMEM;
		return -1;
	}
	return 0;
}
