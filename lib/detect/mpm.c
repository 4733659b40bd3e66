#include "core/base.h"

#include "detect/mpm.h"

const struct mpm_ops *
mpm_lookup(const char *name)
{
	if (name == NULL || strcmp(name, "auto") == 0) {
#ifdef HAVE_HYPERSCAN
		if (mpm_hs_ops.usable())
			return &mpm_hs_ops;
#endif
		return &mpm_ac_ops;
	}
	if (strcmp(name, "ac") == 0)
		return &mpm_ac_ops;
#ifdef HAVE_HYPERSCAN
	if (strcmp(name, "hs") == 0)
		return &mpm_hs_ops;
#endif
	return NULL;
}
