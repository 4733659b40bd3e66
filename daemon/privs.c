#include "core/base.h"

#include <sys/prctl.h>
#include <sys/types.h>

#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <unistd.h>

#include <cap-ng.h>

#include "privs.h"

/* getpwnam_r() and friends say ERANGE until the buffer is big enough; a
 * passwd or group entry beyond this is not one we want to trust. */
#define PRIVS_BUF_MAX	(1024 * 1024)

static bool	parse_id(const char *, unsigned long *);
static int	lookup_user(const char *, uid_t *, gid_t *, char *, size_t);
static int	lookup_group(const char *, gid_t *, char *, size_t);
static int	thread_count(void);
static const char *change_id_reason(int);

/* A uid or gid written as a number: digits only, not -1. */
static bool
parse_id(const char *s, unsigned long *out)
{
	char *end;
	unsigned long n;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	n = strtoul(s, &end, 10);
	if (errno != 0 || *end != '\0' || n >= UINT32_MAX)
		return false;
	*out = n;
	return true;
}

static int
lookup_user(const char *name, uid_t *uid, gid_t *gid, char *err,
    size_t errlen)
{
	struct passwd pw, *res = NULL;
	unsigned long id = 0;
	bool numeric = parse_id(name, &id);
	size_t len = 1024;
	char *buf = NULL;
	int rc;

	for (;;) {
		char *nbuf = realloc(buf, len);

		if (nbuf == NULL) {
			rc = ENOMEM;
			break;
		}
		buf = nbuf;
		if (numeric)
			rc = getpwuid_r((uid_t)id, &pw, buf, len, &res);
		else
			rc = getpwnam_r(name, &pw, buf, len, &res);
		if (rc != ERANGE || len >= PRIVS_BUF_MAX)
			break;
		len *= 2;
	}
	if (rc == 0 && res != NULL) {
		*uid = pw.pw_uid;
		*gid = pw.pw_gid;
		free(buf);
		return 0;
	}
	free(buf);
	/* glibc reports "not found" as 0 with no result; other libcs
	 * and NSS modules use one of these. */
	if (rc == 0 || rc == ENOENT || rc == ESRCH || rc == EBADF ||
	    rc == EPERM)
		snprintf(err, errlen, "user '%s': no such user", name);
	else
		snprintf(err, errlen, "user '%s': cannot look up: %s", name,
		    strerror(rc));
	return -1;
}

static int
lookup_group(const char *name, gid_t *gid, char *err, size_t errlen)
{
	struct group gr, *res = NULL;
	unsigned long id = 0;
	bool numeric = parse_id(name, &id);
	size_t len = 1024;
	char *buf = NULL;
	int rc;

	for (;;) {
		char *nbuf = realloc(buf, len);

		if (nbuf == NULL) {
			rc = ENOMEM;
			break;
		}
		buf = nbuf;
		if (numeric)
			rc = getgrgid_r((gid_t)id, &gr, buf, len, &res);
		else
			rc = getgrnam_r(name, &gr, buf, len, &res);
		if (rc != ERANGE || len >= PRIVS_BUF_MAX)
			break;
		len *= 2;
	}
	if (rc == 0 && res != NULL) {
		*gid = gr.gr_gid;
		free(buf);
		return 0;
	}
	free(buf);
	if (rc == 0 || rc == ENOENT || rc == ESRCH || rc == EBADF ||
	    rc == EPERM)
		snprintf(err, errlen, "group '%s': no such group", name);
	else
		snprintf(err, errlen, "group '%s': cannot look up: %s", name,
		    strerror(rc));
	return -1;
}

int
privs_resolve(const char *user, const char *group, uid_t *uid, gid_t *gid,
    char *err, size_t errlen)
{
	bool have_group = group != NULL && *group != '\0';

	*uid = (uid_t)-1;
	*gid = (gid_t)-1;
	if (user == NULL || *user == '\0') {
		if (!have_group)
			return 0;
		snprintf(err, errlen, "group '%s' given without a user to "
		    "run as", group);
		return -1;
	}
	if (lookup_user(user, uid, gid, err, errlen) == -1)
		return -1;
	if (have_group && lookup_group(group, gid, err, errlen) == -1)
		return -1;
	return 0;
}

/* Threads of this process per /proc/self/status; 0 when unknown. */
static int
thread_count(void)
{
	char line[256];
	FILE *fp;
	int n = 0;

	if ((fp = fopen("/proc/self/status", "re")) == NULL)
		return 0;
	while (fgets(line, sizeof(line), fp) != NULL)
		if (sscanf(line, "Threads: %d", &n) == 1)
			break;
	fclose(fp);
	return n;
}

/* What capng_change_id()'s negative return codes mean. */
static const char *
change_id_reason(int rc)
{
	switch (rc) {
	case -2:
		return "prctl(PR_SET_KEEPCAPS)";
	case -3:
		return "cannot raise CAP_SETUID and CAP_SETGID (start quelld "
		    "as root)";
	case -4:
		return "setresgid";
	case -5:
		return "setgroups";
	case -6:
		return "setresuid";
	case -7:
		return "prctl(PR_SET_KEEPCAPS, 0)";
	case -8:
		return "cannot clear the capability bounding set";
	case -9:
		return "cannot apply the final capability set";
	default:
		return "libcap-ng is not initialised";
	}
}

int
privs_drop(const char *user, const char *group, char *err, size_t errlen)
{
	capng_flags_t flags = CAPNG_DROP_SUPP_GRP;
	char who[512];
	uid_t uid;
	gid_t gid;
	int n, rc;

	if (privs_resolve(user, group, &uid, &gid, err, errlen) == -1)
		return -1;
	if (uid == (uid_t)-1)
		return 0;
	if (group != NULL && *group != '\0')
		snprintf(who, sizeof(who), "user '%s' (uid %lu) and group "
		    "'%s' (gid %lu)", user, (unsigned long)uid, group,
		    (unsigned long)gid);
	else
		snprintf(who, sizeof(who), "user '%s' (uid %lu) and its "
		    "group (gid %lu)", user, (unsigned long)uid,
		    (unsigned long)gid);

	if ((n = thread_count()) > 1) {
		snprintf(err, errlen, "cannot switch to %s: %d threads run "
		    "already; privileges must be dropped before threads "
		    "start", who, n);
		return -1;
	}
	if (capng_get_caps_process() != 0) {
		snprintf(err, errlen, "cannot switch to %s: cannot read the "
		    "capabilities of the process: %s", who, strerror(errno));
		return -1;
	}
	if (capng_have_capability(CAPNG_PERMITTED, CAP_NET_ADMIN) != 1) {
		snprintf(err, errlen, "cannot switch to %s: the process does "
		    "not have CAP_NET_ADMIN to keep (start quelld as root)",
		    who);
		return -1;
	}
	/* Clearing the bounding set needs CAP_SETPCAP; under systemd the
	 * unit's CapabilityBoundingSet= has limited it already. */
	if (capng_have_capability(CAPNG_EFFECTIVE, CAP_SETPCAP) == 1)
		flags |= CAPNG_CLEAR_BOUNDING;

	capng_clear(CAPNG_SELECT_BOTH);
	if (capng_update(CAPNG_ADD, CAPNG_EFFECTIVE | CAPNG_PERMITTED,
	    CAP_NET_ADMIN) != 0) {
		snprintf(err, errlen, "cannot switch to %s: capng_update "
		    "failed", who);
		return -1;
	}
	errno = 0;
	if ((rc = capng_change_id((int)uid, (int)gid, flags)) != 0) {
		if (errno != 0 && rc >= -9 && rc <= -2 && rc != -3)
			snprintf(err, errlen, "cannot switch to %s: %s: %s",
			    who, change_id_reason(rc), strerror(errno));
		else
			snprintf(err, errlen, "cannot switch to %s: %s", who,
			    change_id_reason(rc));
		return -1;
	}
	/* Nothing may come back through exec or an ambient set: quelld
	 * never executes a program. Old kernels lack the ambient set. */
	if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) == -1 &&
	    errno != EINVAL) {
		snprintf(err, errlen, "switched to %s, but cannot clear the "
		    "ambient capabilities: %s", who, strerror(errno));
		return -1;
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == -1) {
		snprintf(err, errlen, "switched to %s, but cannot set "
		    "no_new_privs: %s", who, strerror(errno));
		return -1;
	}

	/* Trust, but verify: a library or kernel surprise here would leave
	 * a root process behind a log line saying otherwise. */
	if (getuid() != uid || geteuid() != uid || getgid() != gid ||
	    getegid() != gid) {
		snprintf(err, errlen, "switched to %s, but the process runs "
		    "as uid %lu/%lu gid %lu/%lu", who,
		    (unsigned long)getuid(), (unsigned long)geteuid(),
		    (unsigned long)getgid(), (unsigned long)getegid());
		return -1;
	}
	if (capng_get_caps_process() != 0) {
		snprintf(err, errlen, "switched to %s, but cannot read the "
		    "capabilities back: %s", who, strerror(errno));
		return -1;
	}
	for (unsigned cap = 0; cap < 64; cap++) {
		int want = cap == CAP_NET_ADMIN;

		if (capng_have_capability(CAPNG_EFFECTIVE, cap) != want ||
		    capng_have_capability(CAPNG_PERMITTED, cap) != want ||
		    capng_have_capability(CAPNG_INHERITABLE, cap) != 0) {
			const char *name = capng_capability_to_name(cap);

			snprintf(err, errlen, "switched to %s, but capability "
			    "%s is %s", who, name != NULL ? name : "?",
			    want ? "missing" : "still held");
			return -1;
		}
	}
	return 0;
}
