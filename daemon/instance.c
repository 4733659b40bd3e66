#include "core/base.h"

#include <stdio.h>

#include "instance.h"

bool
instance_name_valid(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || n >= INSTANCE_NAME_MAX)
		return false;
	for (; *s != '\0'; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		    (*s >= '0' && *s <= '9') || *s == '.' || *s == '_' ||
		    *s == '-' || *s == ','))
			return false;
	return true;
}

void
instance_name_from_queues(const uint16_t *q, size_t n, char *buf, size_t len)
{
	size_t off = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n;) {
		size_t j = i;
		int w;

		while (j + 1 < n && q[j + 1] == q[j] + 1)
			j++;
		if (j > i)
			w = snprintf(buf + off, len - off, "%s%u-%u",
			    i == 0 ? "q" : ",", q[i], q[j]);
		else
			w = snprintf(buf + off, len - off, "%s%u",
			    i == 0 ? "q" : ",", q[i]);
		if (w < 0 || (size_t)w >= len - off) {
			/* Too many queues for a name: the first one and a
			 * marker still tell instances apart in practice. */
			snprintf(buf, len, "q%u+", q[0]);
			return;
		}
		off += (size_t)w;
		i = j + 1;
	}
}

void
instance_rundir(char *buf, size_t len)
{
	const char *rt = getenv("RUNTIME_DIRECTORY");

	if (rt != NULL && rt[0] == '/') {
		size_t n = strcspn(rt, ":");

		snprintf(buf, len, "%.*s", (int)n, rt);
		return;
	}
	snprintf(buf, len, "%s/quell", RUNSTATEDIR);
}

void
instance_socket_path(const char *name, char *buf, size_t len)
{
	char dir[512];

	instance_rundir(dir, sizeof(dir));
	if (name[0] == '\0')
		snprintf(buf, len, "%s/quell.socket", dir);
	else
		snprintf(buf, len, "%s/quell-%s.socket", dir, name);
}
