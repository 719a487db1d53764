/* SPDX-License-Identifier: GPL-2.0 */
/* The parts of the multiboot2 boot information that entrylab reads. */
#ifndef _ENTRYLAB_MULTIBOOT2_H
#define _ENTRYLAB_MULTIBOOT2_H

#include <compiler.h>

#define MULTIBOOT2_BOOTLOADER_MAGIC	0x36d76289

#define MB2_TAG_END		0
#define MB2_TAG_CMDLINE		1
#define MB2_TAG_LOADER		2
#define MB2_TAG_MODULE		3
#define MB2_TAG_MMAP		6
#define MB2_TAG_FRAMEBUFFER	8
#define MB2_TAG_ACPI_OLD	14	/* a copy of the ACPI 1.0 RSDP */
#define MB2_TAG_ACPI_NEW	15	/* a copy of the ACPI 2.0+ RSDP */

#define MB2_MEMORY_AVAILABLE	1

#define MB2_FB_TYPE_RGB		1	/* a linear framebuffer: kernel/printk/fbcon.c */
#define MB2_FB_TYPE_EGA_TEXT	2	/* VGA text mode: arch/x86/drivers/vga.c */

#define BOOT_MAX_MODULES	8
/*
 * Memory-map entries kept: a PC's firmware gives tens, a large server's hundreds.
 * More are not dropped silently: the banner counts them (boot_info.memranges_dropped).
 */
#define BOOT_MAX_MEMRANGES	1024

struct boot_module {
	phys_addr_t start, end;	/* [start, end) */
	const char *cmdline;	/* "init arg..." from grub.cfg's module2 line */
};

/* A direct-colour framebuffer's layout: where each colour's bits are, and how many. */
struct fb_rgb_layout {
	u8 red_pos, red_size, green_pos, green_size, blue_pos, blue_size;
};

struct boot_memrange {
	phys_addr_t start, end;
	bool usable;
};

struct boot_info {
	phys_addr_t info_start, info_end;
	const char *cmdline;
	const char *loader;
	unsigned int nr_modules;
	struct boot_module modules[BOOT_MAX_MODULES];
	unsigned int nr_memranges, memranges_dropped;
	struct boot_memrange memranges[BOOT_MAX_MEMRANGES];
	bool have_framebuffer;
	u32 fb_type, fb_width, fb_height, fb_pitch, fb_bpp;
	struct fb_rgb_layout fb_rgb;	/* type MB2_FB_TYPE_RGB */
	phys_addr_t fb_addr;
	/* The loader's copy of the RSDP (inside the boot information), or NULL. */
	const void *acpi_rsdp;
	u32 acpi_rsdp_size;
};

extern struct boot_info boot_info;

/* Returns NULL on success, else what is wrong with the information. */
const char *multiboot2_parse(u32 magic, phys_addr_t info);

#endif
