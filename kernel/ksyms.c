// SPDX-License-Identifier: GPL-2.0
/* Symbol lookup over the sorted table that the build generates. */
#include <ksyms.h>

const char *ksym_lookup(unsigned long addr, unsigned long *offset)
{
	unsigned int lo = 0, hi = ksyms_count;

	if (!ksyms_count || addr < ksyms[0].addr)
		return NULL;
	while (hi - lo > 1) {	/* the last entry with .addr <= addr */
		unsigned int mid = lo + (hi - lo) / 2;

		if (ksyms[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	*offset = addr - ksyms[lo].addr;
	return ksyms[lo].name;
}
