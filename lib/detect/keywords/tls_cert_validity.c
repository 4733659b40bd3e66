#include "core/base.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "applayer/tls/tls.h"
#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/keywords/tls_cert_validity.h"
#include "detect/kwparse.h"
#include "detect/txmatch.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

enum tls_validity_mode { TV_EQ, TV_LT, TV_GT, TV_RANGE, TV_NONE };

struct tls_validity_data {
	enum tls_validity_kind kind;
	enum tls_validity_mode mode;
	int64_t		 a, b;
};

/* YYYY-MM[-DD[THH[:MM[:SS]]]] as UTC, or epoch seconds (digits only:
 * "2015" is 2015 seconds after the epoch, as Suricata 7.0.6 reads it). */
static bool
parse_date(const char *s, size_t len, int64_t *out)
{
	int f[6] = { 0, 1, 1, 0, 0, 0 };
	static const char seps[] = "--T::";
	static const int ndig[] = { 4, 2, 2, 2, 2, 2 };
	size_t i = 0, k;
	struct tm tm;
	time_t t;

	for (k = 0; k < len && isdigit((unsigned char)s[k]); k++)
		;
	if (k == len && len > 0) {
		uint64_t v;

		if (!kwparse_u64(s, len, INT64_MAX, &v))
			return false;
		*out = (int64_t)v;
		return true;
	}
	for (k = 0; k < 6; k++) {
		int v = 0;

		if (k > 0) {
			if (i == len)
				break;
			if (s[i] != seps[k - 1])
				return false;
			i++;
		}
		for (int d = 0; d < ndig[k]; d++, i++) {
			if (i >= len || !isdigit((unsigned char)s[i]))
				return false;
			v = v * 10 + (s[i] - '0');
		}
		f[k] = v;
	}
	if (i != len || f[1] < 1 || f[1] > 12 || f[2] < 1 || f[2] > 31 ||
	    f[3] > 23 || f[4] > 59 || f[5] > 60)
		return false;
	memset(&tm, 0, sizeof(tm));
	tm.tm_year = f[0] - 1900;
	tm.tm_mon = f[1] - 1;
	tm.tm_mday = f[2];
	tm.tm_hour = f[3];
	tm.tm_min = f[4];
	tm.tm_sec = f[5];
	if ((t = timegm(&tm)) == (time_t)-1)
		return false;
	*out = (int64_t)t;
	return true;
}

static void
trim(const char **s, size_t *len)
{
	while (*len > 0 && isspace((unsigned char)(*s)[0])) {
		(*s)++;
		(*len)--;
	}
	while (*len > 0 && isspace((unsigned char)(*s)[*len - 1]))
		(*len)--;
}

int
tls_validity_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt, const struct keyword *kw,
    enum tls_validity_kind kind)
{
	struct tls_validity_data *d;
	struct kwparse_arg a;
	const char *s, *rng;
	size_t len;

	if ((d = calloc(1, sizeof(*d))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	d->kind = kind;
	d->mode = TV_NONE;
	if (kind == TLS_VALIDITY_EXPIRED || kind == TLS_VALIDITY_VALID)
		return detect_txmatch_attach(p, r, opt, kw,
		    APPLAYER_PROTO_TLS, d);
	detect_txmatch_value(opt, &a);
	s = a.s;
	len = a.len;
	rng = NULL;
	for (size_t i = 0; i + 1 < len; i++)
		if (s[i] == '<' && s[i + 1] == '>')
			rng = s + i;
	if (rng != NULL) {
		const char *s2 = rng + 2;
		size_t l1 = (size_t)(rng - s), l2 = len - l1 - 2;

		trim(&s, &l1);
		trim(&s2, &l2);
		d->mode = TV_RANGE;
		if (!parse_date(s, l1, &d->a) || !parse_date(s2, l2, &d->b) ||
		    d->a > d->b)
			goto bad;
	} else {
		d->mode = TV_EQ;
		if (len > 0 && (s[0] == '<' || s[0] == '>')) {
			d->mode = s[0] == '<' ? TV_LT : TV_GT;
			s++;
			len--;
			trim(&s, &len);
		}
		if (!parse_date(s, len, &d->a))
			goto bad;
	}
	return detect_txmatch_attach(p, r, opt, kw, APPLAYER_PROTO_TLS, d);
bad:
	kwparse_error(p, &a, "invalid %s '%.*s' (expected [<|>]date or "
	    "date<>date, the date as YYYY-MM[-DD[THH[:MM[:SS]]]] or epoch "
	    "seconds)", kw->name, (int)(a.len > 64 ? 64 : a.len), a.s);
	free(d);
	return -1;
}

bool
tls_validity_match(struct detect_inspect *in, const void *data)
{
	const struct tls_validity_data *d = data;
	time_t nb, na;
	int64_t v, now;

	/* the server's certificate, to the client only: Suricata inspects
	 * these keywords in that direction alone */
	if (in->tx == NULL || detect_txmatch_dir(in) != APPLAYER_TOCLIENT ||
	    !applayer_tls_cert_validity(in->tx, APPLAYER_TOCLIENT, &nb, &na))
		return false;
	now = (int64_t)in->pkt->ts.tv_sec;
	switch (d->kind) {
	case TLS_VALIDITY_EXPIRED:
		return now > (int64_t)na;
	case TLS_VALIDITY_VALID:
		return now >= (int64_t)nb && now <= (int64_t)na;
	case TLS_VALIDITY_NOTBEFORE:
		v = (int64_t)nb;
		break;
	default:
		v = (int64_t)na;
		break;
	}
	switch (d->mode) {
	case TV_EQ:
		return v == d->a;
	case TV_LT:
		return v <= d->a;
	case TV_GT:
		return v >= d->a;
	case TV_RANGE:
		return v >= d->a && v <= d->b;
	default:
		return false;
	}
}
