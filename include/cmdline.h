/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel command line: space-separated "key=value" pairs and bare "flag" words.
 * Getters are typed; every key a getter asks about is marked known, and
 * cmdline_warn_unknown() reports each key nobody asked about, once.
 */
#ifndef _ENTRYLAB_CMDLINE_H
#define _ENTRYLAB_CMDLINE_H

#include <compiler.h>

#define CMDLINE_MAX		1024
#define CMDLINE_MAX_PARAMS	64

struct cmdline {
	char buf[CMDLINE_MAX];
	unsigned int nr;
	struct {
		const char *key;
		const char *value;	/* NULL for a bare flag */
		bool known;
	} params[CMDLINE_MAX_PARAMS];
	bool truncated;
};

void cmdline_parse(struct cmdline *cl, const char *src);
bool cmdline_flag(struct cmdline *cl, const char *key);
const char *cmdline_str(struct cmdline *cl, const char *key, const char *def);
u64 cmdline_u64(struct cmdline *cl, const char *key, u64 def);
bool cmdline_bool(struct cmdline *cl, const char *key, bool def);
unsigned int cmdline_warn_unknown(struct cmdline *cl);

/* The kernel's own command line, parsed once at boot. */
extern struct cmdline boot_cmdline;

#endif
