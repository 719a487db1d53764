// SPDX-License-Identifier: GPL-2.0
/*
 * "key=value" and bare-flag parameters with typed getters: the kernel's command
 * line, and the arguments of the ring-3 programs (lib/ is built for both).
 * Every bad or unknown parameter gets one warning that names the value used.
 */
#include <cmdline.h>
#include <printk.h>
#include <string.h>

/* Stores word (in cl->buf, NUL-terminated) as a parameter, split at its first '='. */
static void add_param(struct cmdline *cl, char *word)
{
	char *eq = strchr(word, '=');

	if (cl->nr == CMDLINE_MAX_PARAMS) {
		cl->truncated = true;
		return;
	}
	if (eq)
		*eq = '\0';
	cl->params[cl->nr].key = word;
	cl->params[cl->nr].value = eq ? eq + 1 : NULL;
	cl->nr++;
}

/*
 * GRUB passes each word of its "multiboot2"/"module2" line on with '\' before
 * every quote and backslash, and in double quotes when it holds a space
 * (grub_create_loader_cmdline). cmdline_next_word() undoes that: it skips blanks
 * at *pp, unquotes the word there in place, NUL-terminates it, moves *pp past it
 * and returns it; NULL when no word is left.
 */
char *cmdline_next_word(char **pp)
{
	char *p = *pp, *word, *out;
	bool quoted = false;

	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p)
		return NULL;
	word = out = p;
	for (; *p && (quoted || (*p != ' ' && *p != '\t')); p++) {
		if (*p == '"') {
			quoted = !quoted;
			continue;
		}
		if (*p == '\\' && p[1])
			p++;
		*out++ = *p;
	}
	if (*p)
		p++;
	*out = '\0';
	*pp = p;
	return word;
}

void cmdline_parse(struct cmdline *cl, const char *who, const char *src)
{
	char *p, *word;

	memset(cl, 0, sizeof(*cl));
	cl->who = who;
	if (strlcpy(cl->buf, src ? src : "", sizeof(cl->buf)) >= sizeof(cl->buf))
		cl->truncated = true;
	for (p = cl->buf; (word = cmdline_next_word(&p));)
		add_param(cl, word);
}

void cmdline_parse_argv(struct cmdline *cl, const char *who, int argc, char **argv)
{
	size_t used = 0;

	memset(cl, 0, sizeof(*cl));
	cl->who = who;
	for (int i = 1; i < argc; i++) {
		size_t len = strlen(argv[i]);

		if (used + len + 1 > sizeof(cl->buf)) {
			cl->truncated = true;
			break;
		}
		memcpy(cl->buf + used, argv[i], len + 1);
		add_param(cl, cl->buf + used);
		used += len + 1;
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
	return cmdline_u64_range(cl, key, def, 0, ~0ULL);
}

u64 cmdline_u64_range(struct cmdline *cl, const char *key, u64 def, u64 min, u64 max)
{
	const char *v = cmdline_str(cl, key, NULL);
	u64 n;

	if (!v)
		return def;
	if (!str_to_u64(v, strlen(v), &n)) {
		printk("%s: warning: %s=%s is not a number, using %lu\n", cl->who, key, v,
		       (unsigned long)def);
		return def;
	}
	if (n < min || n > max) {
		u64 used = n < min ? min : max;

		printk("%s: warning: %s=%s is %s %s %lu, using %lu\n", cl->who, key, v,
		       n < min ? "below" : "above", n < min ? "the minimum" : "the maximum",
		       (unsigned long)used, (unsigned long)used);
		return used;
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
	printk("%s: warning: %s=%s is not on/off, using %s\n", cl->who, key, v,
	       def ? "on" : "off");
	return def;
}

/* "1-3,5" -> bits 1, 2, 3, 5. False for anything else, or a CPU number >= 64. */
static bool parse_cpulist(const char *s, unsigned long *mask)
{
	*mask = 0;
	while (*s) {
		const char *comma = strchr(s, ','), *dash = NULL;
		size_t len = comma ? (size_t)(comma - s) : strlen(s);
		u64 lo, hi;

		for (size_t i = 0; i < len && !dash; i++)
			if (s[i] == '-')
				dash = s + i;
		if (dash) {
			if (!str_to_u64(s, dash - s, &lo) ||
			    !str_to_u64(dash + 1, len - (dash - s) - 1, &hi))
				return false;
		} else if (!str_to_u64(s, len, &lo)) {
			return false;
		} else {
			hi = lo;
		}
		if (lo > hi || hi >= 64)
			return false;
		for (u64 cpu = lo; cpu <= hi; cpu++)
			*mask |= BIT(cpu);
		s += len + (comma ? 1 : 0);
		if (comma && !*s)
			return false;
	}
	return *mask != 0;
}

bool cmdline_cpulist(struct cmdline *cl, const char *key, unsigned long *mask)
{
	const char *v = cmdline_str(cl, key, NULL);

	*mask = 0;
	if (!v) {
		if (cmdline_flag(cl, key))
			printk("%s: warning: %s needs a CPU list (%s=1-3,5): ignored\n", cl->who,
			       key, key);
		return false;
	}
	if (!parse_cpulist(v, mask)) {
		printk("%s: warning: %s=%s is not a CPU list (like 1-3,5): ignored\n", cl->who,
		       key, v);
		return false;
	}
	return true;
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
		printk("%s: warning: unknown parameter '%s' ignored\n", cl->who,
		       cl->params[i].key);
		n++;
	}
	if (cl->truncated)
		printk("%s: warning: more than %u parameters or %u characters, the rest was "
		       "ignored\n", cl->who, CMDLINE_MAX_PARAMS, CMDLINE_MAX - 1);
	return n;
}
