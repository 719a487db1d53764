// SPDX-License-Identifier: GPL-2.0
/*
 * Multiboot2 boot information: command line, loader name, memory map, modules,
 * framebuffer and the loader's copy of the ACPI RSDP. Called before paging_init(),
 * while the boot page tables map the first 4 GiB at PAGE_OFFSET (BOOT_MAPPED_LIMIT:
 * the loader's 32-bit addresses, wherever it put the information); the strings and
 * the RSDP copy it keeps pointers to stay reachable through the direct map
 * afterwards, and pmm_init() never hands out their frames.
 */
#include <asm/page.h>
#include <multiboot2.h>

struct boot_info boot_info;

struct mb2_tag {
	u32 type;
	u32 size;
};

struct mb2_tag_module {
	struct mb2_tag tag;
	u32 mod_start;
	u32 mod_end;
	char cmdline[];
};

struct mb2_mmap_entry {
	u64 base;
	u64 len;
	u32 type;
	u32 reserved;
};

struct mb2_tag_mmap {
	struct mb2_tag tag;
	u32 entry_size;
	u32 entry_version;
};

/* GRUB's layout: a 16-bit reserved field, then (type RGB) where each colour's bits are. */
struct mb2_tag_framebuffer {
	struct mb2_tag tag;
	u64 addr;
	u32 pitch, width, height;
	u8 bpp, type;
	u16 reserved;
	struct fb_rgb_layout rgb;
} __packed;

static void parse_mmap(const struct mb2_tag_mmap *t)
{
	const u8 *p = (const u8 *)(t + 1), *end = (const u8 *)t + t->tag.size;

	/* Entries smaller than the spec's would overlap (0 would never advance): no map. */
	if (t->entry_size < sizeof(struct mb2_mmap_entry))
		return;
	for (; p + t->entry_size <= end; p += t->entry_size) {
		const struct mb2_mmap_entry *e = (const void *)p;
		struct boot_memrange *r;

		if (boot_info.nr_memranges == BOOT_MAX_MEMRANGES) {
			boot_info.memranges_dropped++;
			continue;
		}
		r = &boot_info.memranges[boot_info.nr_memranges++];
		r->start = e->base;
		r->end = e->base + e->len;
		r->usable = e->type == MB2_MEMORY_AVAILABLE;
	}
}

const char *multiboot2_parse(u32 magic, phys_addr_t info)
{
	const u8 *base = phys_to_virt(info);
	u32 total;

	if (magic != MULTIBOOT2_BOOTLOADER_MAGIC)
		return "bad multiboot2 magic";
	if (info + 8 > BOOT_MAPPED_LIMIT || (info & 7))
		return "boot information at an unusable address";
	total = *(const u32 *)base;
	if (total < 16 || info + total > BOOT_MAPPED_LIMIT)
		return "boot information has an absurd size";

	boot_info.info_start = info;
	boot_info.info_end = info + total;

	for (u32 off = 8; off + sizeof(struct mb2_tag) <= total;) {
		const struct mb2_tag *tag = (const void *)(base + off);

		if (tag->size < sizeof(*tag) || off + tag->size > total)
			return "malformed boot information tag";
		switch (tag->type) {
		case MB2_TAG_END:
			return boot_info.nr_memranges ? NULL : "no memory map from the loader";
		case MB2_TAG_CMDLINE:
			boot_info.cmdline = (const char *)(tag + 1);
			break;
		case MB2_TAG_LOADER:
			boot_info.loader = (const char *)(tag + 1);
			break;
		case MB2_TAG_MODULE: {
			const struct mb2_tag_module *m = (const void *)tag;
			struct boot_module *bm;

			if (boot_info.nr_modules == BOOT_MAX_MODULES)
				break;
			/* 32-bit addresses: below BOOT_MAPPED_LIMIT, whatever they are. */
			if (m->mod_end < m->mod_start)
				return "module ends before it starts";
			bm = &boot_info.modules[boot_info.nr_modules++];
			bm->start = m->mod_start;
			bm->end = m->mod_end;
			bm->cmdline = m->cmdline;
			break;
		}
		case MB2_TAG_MMAP:
			parse_mmap((const void *)tag);
			break;
		case MB2_TAG_ACPI_OLD:
		case MB2_TAG_ACPI_NEW:
			/* Prefer the 2.0 copy: it has the XSDT. The tag order is the loader's. */
			if (!boot_info.acpi_rsdp || tag->type == MB2_TAG_ACPI_NEW) {
				boot_info.acpi_rsdp = tag + 1;
				boot_info.acpi_rsdp_size = tag->size - sizeof(*tag);
			}
			break;
		case MB2_TAG_FRAMEBUFFER: {
			const struct mb2_tag_framebuffer *fb = (const void *)tag;

			boot_info.have_framebuffer = true;
			boot_info.fb_addr = fb->addr;
			boot_info.fb_type = fb->type;
			boot_info.fb_width = fb->width;
			boot_info.fb_height = fb->height;
			boot_info.fb_pitch = fb->pitch;
			boot_info.fb_bpp = fb->bpp;
			if (fb->type == MB2_FB_TYPE_RGB && tag->size >= sizeof(*fb))
				boot_info.fb_rgb = fb->rgb;
			break;
		}
		}
		off += ALIGN_UP(tag->size, 8);
	}
	return "boot information has no end tag";
}
