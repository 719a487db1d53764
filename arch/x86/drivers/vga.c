// SPDX-License-Identifier: GPL-2.0
/*
 * VGA text-mode mirror of the console, for real PCs without a serial cable. Used
 * only when GRUB left the screen in EGA text mode (or reported no framebuffer).
 */
#include <asm/io.h>
#include <asm/page.h>
#include <multiboot2.h>
#include <printk.h>
#include <string.h>

#define VGA_COLS	80
#define VGA_ROWS	25
#define VGA_ATTR	0x0700		/* light grey on black */

static volatile u16 *vga;
static unsigned int row, col;

void vga_init(void)
{
	if (boot_info.have_framebuffer && boot_info.fb_type != MB2_FB_TYPE_EGA_TEXT)
		return;
	vga = phys_to_virt(0xb8000);
	for (unsigned int i = 0; i < VGA_COLS * VGA_ROWS; i++)
		vga[i] = VGA_ATTR | ' ';
	row = col = 0;
}

static void vga_newline(void)
{
	col = 0;
	if (++row < VGA_ROWS)
		return;
	for (unsigned int i = 0; i < VGA_COLS * (VGA_ROWS - 1); i++)
		vga[i] = vga[i + VGA_COLS];
	for (unsigned int i = 0; i < VGA_COLS; i++)
		vga[(VGA_ROWS - 1) * VGA_COLS + i] = VGA_ATTR | ' ';
	row = VGA_ROWS - 1;
}

void vga_write(const char *s, size_t len)
{
	if (!vga)
		return;
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\n') {
			vga_newline();
			continue;
		}
		vga[row * VGA_COLS + col] = VGA_ATTR | (u8)s[i];
		if (++col == VGA_COLS)
			vga_newline();
	}
}
