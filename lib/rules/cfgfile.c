#include "core/base.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "core/diag.h"
#include "rules/cfgfile.h"
#include "rules/lexer.h"

void
rules_cfgfile_lines(const char *name, const char *text, size_t len,
    rules_cfgfile_line_fn fn, void *arg)
{
	size_t pos = 0;
	unsigned line = 0;

	while (pos < len) {
		const char *s = text + pos, *nl = memchr(s, '\n', len - pos);
		size_t n = nl != NULL ? (size_t)(nl - s) : len - pos;

		pos += n + 1;
		line++;
		while (n > 0 && rules_lexer_is_blank(s[n - 1]))
			n--;
		while (n > 0 && rules_lexer_is_blank(s[0])) {
			s++;
			n--;
		}
		if (n == 0 || s[0] == '#')
			continue;
		fn(arg, name, line, s, n);
	}
}

int
rules_cfgfile_load(const char *path, rules_cfgfile_line_fn fn, void *arg,
    struct diag_list *diags)
{
	char *buf = NULL;
	size_t len = 0;
	ssize_t n;
	int fd, saved;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		goto fail;
	if ((buf = malloc(RULES_CFGFILE_MAX)) == NULL)
		goto fail;
	for (;;) {
		n = read(fd, buf + len, RULES_CFGFILE_MAX - len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			goto fail;
		if (n == 0)
			break;
		len += (size_t)n;
		if (len == RULES_CFGFILE_MAX) {
			errno = EFBIG;
			goto fail;
		}
	}
	close(fd);
	rules_cfgfile_lines(path, buf, len, fn, arg);
	free(buf);
	return 0;
fail:
	saved = errno;
	diag_add(diags, DIAG_ERROR, path, 0, 0, NULL, "cannot read: %s",
	    strerror(saved));
	if (fd != -1)
		close(fd);
	free(buf);
	errno = saved;
	return -1;
}
