/* SPDX-License-Identifier: GPL-2.0 */
/* sysinfo(2)'s structure, as Linux x86-64 lays it out (112 bytes). */
#ifndef _UAPI_ENTRYLAB_SYSINFO_H
#define _UAPI_ENTRYLAB_SYSINFO_H

struct sysinfo {
	long uptime;			/* seconds since boot */
	unsigned long loads[3];		/* 1, 5 and 15 minute loads: entrylab keeps none */
	unsigned long totalram, freeram, sharedram, bufferram, totalswap, freeswap;
	unsigned short procs;		/* threads */
	unsigned short pad;
	unsigned long totalhigh, freehigh;
	unsigned int mem_unit;		/* the memory figures are in these bytes */
	char _f[4];
};

#endif
