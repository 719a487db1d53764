/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Parameters: space-separated "key=value" pairs and bare "flag" words, from the
 * kernel command line or from a ring-3 program's argv. Getters are typed; a bad
 * value gets one warning naming the value used instead; every key a getter asks
 * about is marked known, and cmdline_warn_unknown() reports each key nobody asked
 * about, once. Warnings start with the parser's "who" ("cmdline", "init", ...).
 */
#ifndef _ENTRYLAB_CMDLINE_H
#define _ENTRYLAB_CMDLINE_H

#include <compiler.h>

#define CMDLINE_MAX		1024
#define CMDLINE_MAX_PARAMS	64

struct cmdline {
	const char *who;		/* prefix of every warning */
	char buf[CMDLINE_MAX];
	unsigned int nr;
	struct {
		const char *key;
		const char *value;	/* NULL for a bare flag */
		bool known;
	} params[CMDLINE_MAX_PARAMS];
	bool truncated;
};

void cmdline_parse(struct cmdline *cl, const char *who, const char *src);
/* The next blank-separated word at *pp, GRUB's quoting undone in place; or NULL. */
char *cmdline_next_word(char **pp);
/* argv[1..argc-1], each one parameter. */
void cmdline_parse_argv(struct cmdline *cl, const char *who, int argc, char **argv);
bool cmdline_flag(struct cmdline *cl, const char *key);
const char *cmdline_str(struct cmdline *cl, const char *key, const char *def);
u64 cmdline_u64(struct cmdline *cl, const char *key, u64 def);
/* Out of [min, max]: a warning, and the nearer bound. */
u64 cmdline_u64_range(struct cmdline *cl, const char *key, u64 def, u64 min, u64 max);
bool cmdline_bool(struct cmdline *cl, const char *key, bool def);
/* key=1-3,5: CPU numbers 0-63 as a mask. False (and a warning if key is given) if absent or bad. */
bool cmdline_cpulist(struct cmdline *cl, const char *key, unsigned long *mask);
unsigned int cmdline_warn_unknown(struct cmdline *cl);

/* The kernel's own command line, parsed once at boot. */
extern struct cmdline boot_cmdline;

#endif
