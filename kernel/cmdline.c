// SPDX-License-Identifier: GPL-2.0
/* Kernel command-line parser: "key=value" and bare flags, typed getters. */
#include <cmdline.h>
#include <printk.h>
#include <string.h>

struct cmdline boot_cmdline;

void cmdline_parse(struct cmdline *cl, const char *src)
{
	char *p;

	memset(cl, 0, sizeof(*cl));
	if (strlcpy(cl->buf, src ? src : "", sizeof(cl->buf)) >= sizeof(cl->buf))
		cl->truncated = true;

	for (p = cl->buf; *p;) {
		char *key, *eq;

		while (*p == ' ' || *p == '\t')
			*p++ = '\0';
		if (!*p)
			break;
		key = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
		if (*p)
			*p++ = '\0';
		if (cl->nr == CMDLINE_MAX_PARAMS) {
			cl->truncated = true;
			break;
		}
		eq = strchr(key, '=');
		if (eq)
			*eq = '\0';
		cl->params[cl->nr].key = key;
		cl->params[cl->nr].value = eq ? eq + 1 : NULL;
		cl->nr++;
	}
}

/* The last occurrence wins, as on Linux; every occurrence counts as known. */
static int cmdline_find(struct cmdline *cl, const char *key)
{
	int found = -1;

	for (unsigned int i = 0; i < cl->nr; i++) {
		if (strcmp(cl->params[i].key, key))
			continue;
		cl->params[i].known = true;
		found = (int)i;
	}
	return found;
}

bool cmdline_flag(struct cmdline *cl, const char *key)
{
	return cmdline_find(cl, key) >= 0;
}

const char *cmdline_str(struct cmdline *cl, const char *key, const char *def)
{
	int i = cmdline_find(cl, key);

	return i >= 0 && cl->params[i].value ? cl->params[i].value : def;
}

u64 cmdline_u64(struct cmdline *cl, const char *key, u64 def)
{
	const char *v = cmdline_str(cl, key, NULL);
	u64 n;

	if (!v)
		return def;
	if (!str_to_u64(v, strlen(v), &n)) {
		printk("cmdline: %s=%s is not a number, using %lu\n", key, v, (unsigned long)def);
		return def;
	}
	return n;
}

/* "key" alone, key=on|1|yes|true -> true; key=off|0|no|false -> false. */
bool cmdline_bool(struct cmdline *cl, const char *key, bool def)
{
	static const char *const yes[] = { "on", "1", "yes", "true" };
	static const char *const no[] = { "off", "0", "no", "false" };
	int i = cmdline_find(cl, key);
	const char *v;

	if (i < 0)
		return def;
	v = cl->params[i].value;
	if (!v)
		return true;
	for (unsigned int k = 0; k < ARRAY_SIZE(yes); k++) {
		if (!strcmp(v, yes[k]))
			return true;
		if (!strcmp(v, no[k]))
			return false;
	}
	printk("cmdline: %s=%s is not on/off, using %s\n", key, v, def ? "on" : "off");
	return def;
}

unsigned int cmdline_warn_unknown(struct cmdline *cl)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < cl->nr; i++) {
		bool seen_before = false;

		if (cl->params[i].known)
			continue;
		for (unsigned int j = 0; j < i; j++)
			if (!strcmp(cl->params[j].key, cl->params[i].key))
				seen_before = true;
		if (seen_before)
			continue;
		printk("cmdline: warning: unknown parameter '%s' ignored\n", cl->params[i].key);
		n++;
	}
	if (cl->truncated)
		printk("cmdline: warning: command line too long, the rest was ignored\n");
	return n;
}
