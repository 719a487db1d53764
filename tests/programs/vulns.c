/*
 * Prints what the kernel says in /sys/devices/system/cpu/vulnerabilities/, one
 * "vuln NAME: TEXT" line per file Linux 6.12 has (ENOENT where the kernel has no
 * such file), after a "cpu" line with the CPUID facts the choice rests on. A stock
 * static glibc program, booted as init of entrylab (tests/run.py's vulnerabilities
 * cases) and of Debian's Linux 6.12 (scripts/vulnerabilities.py), which mounts no
 * sysfs for its init: it is mounted here if /sys has no such file, and a kernel
 * without mkdir or mount is asked the same and answers for itself.
 */
#define _GNU_SOURCE
#include <cpuid.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIR "/sys/devices/system/cpu/vulnerabilities/"

static const char *const names[] = {
	"gather_data_sampling", "indirect_target_selection", "itlb_multihit", "l1tf", "mds",
	"meltdown", "mmio_stale_data", "reg_file_data_sampling", "retbleed",
	"spec_rstack_overflow", "spec_store_bypass", "spectre_v1", "spectre_v2", "srbds", "tsa",
	"tsx_async_abort", "vmscape",
};

/* Vendor, family, model, stepping, and the feature words the mitigations read. */
static void print_cpu(void)
{
	unsigned int a, b, c, d, vendor[4] = { 0 }, fam, model, step;
	unsigned int l7d = 0, l7_2d = 0, e8b = 0;

	__cpuid(0, a, vendor[0], vendor[2], vendor[1]);
	if (a >= 7) {
		__cpuid_count(7, 0, a, b, c, l7d);
		__cpuid_count(7, 2, a, b, c, l7_2d);
	}
	__cpuid(1, a, b, c, d);
	step = a & 0xf;
	fam = (a >> 8) & 0xf;
	model = (a >> 4) & 0xf;
	if (fam == 0xf)
		fam += (a >> 20) & 0xff;
	if (fam >= 6)
		model |= ((a >> 16) & 0xf) << 4;
	__cpuid(0x80000000, a, b, c, d);
	if (a >= 0x80000008)
		__cpuid(0x80000008, a, e8b, c, d);
	printf("cpu %s family %#x model %#x stepping %u leaf7.edx %#x leaf7.2.edx %#x "
	       "ext8.ebx %#x\n", (char *)vendor, fam, model, step, l7d, l7_2d, e8b);
}

int main(void)
{
	char path[128], text[512];

	if (access(DIR "meltdown", F_OK)) {
		mkdir("/sys", 0555);
		mount("sysfs", "/sys", "sysfs", 0, NULL);
	}
	print_cpu();
	for (unsigned int i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		int fd, n;

		snprintf(path, sizeof(path), DIR "%s", names[i]);
		fd = open(path, O_RDONLY);
		if (fd < 0) {
			printf("vuln %s: (%s)\n", names[i], strerrorname_np(errno));
			continue;
		}
		n = read(fd, text, sizeof(text) - 1);
		close(fd);
		text[n > 0 ? n : 0] = 0;
		text[strcspn(text, "\n")] = 0;
		printf("vuln %s: %s\n", names[i], n < 0 ? "(read failed)" : text);
	}
	printf("vulns: done\n");
	return 0;
}
