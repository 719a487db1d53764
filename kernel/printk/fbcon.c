// SPDX-License-Identifier: GPL-2.0
/*
 * The framebuffer console: the kernel's output drawn as text on the linear
 * framebuffer GRUB sets up under UEFI (the multiboot2 framebuffer tag), where
 * there is no VGA text mode. 8x16 glyphs (GNU Unifont, build/font8x16.c, made
 * at build time by scripts/gen-font.py), light grey on black, at 24 or 32 bits
 * per pixel with each colour where the tag says it is.
 *
 * The framebuffer is mapped write-combining (ioremap_wc()): writes stream to
 * the device in bursts, but reads are uncached and slow, so nothing is read
 * back. What is on the screen lives in two arrays of characters: shadow[] (what
 * should be there) and shown[] (what was drawn). Scrolling moves shadow[] up by
 * half a screen and redraws only the cells whose character changed: two redraws
 * per screenful of output instead of one per line.
 *
 * It starts after paging_init() (the mapping needs the final page tables); the
 * lines printed before it are replayed from the log buffer (kernel/printk/printk.c),
 * so the screen shows the whole boot. Called with the console lock held.
 */
#include <asm/page.h>
#include <asm/pgtable.h>
#include <multiboot2.h>
#include <printk.h>
#include <string.h>

#define CELL_W		8
#define CELL_H		16
#define MAX_COLS	240		/* 1920 pixels; a wider screen uses its left part */
#define MAX_ROWS	135		/* 2160 pixels */
#define FONT_FIRST	0x20
#define FONT_LAST	0x7e
#define TAB_WIDTH	8

extern const u8 font8x16[FONT_LAST - FONT_FIRST + 1][CELL_H];

static u8 *fb;			/* NULL: no framebuffer console */
static u32 pitch, bytes_per_pixel, fg, bg;
static unsigned int cols, rows, col, row;
static char shadow[MAX_ROWS][MAX_COLS], shown[MAX_ROWS][MAX_COLS];

/* An 8-bit-per-channel colour in the framebuffer's layout. */
static u32 rgb(u8 r, u8 g, u8 b)
{
	const struct fb_rgb_layout *l = &boot_info.fb_rgb;

	return (u32)(r >> (8 - l->red_size)) << l->red_pos |
	       (u32)(g >> (8 - l->green_size)) << l->green_pos |
	       (u32)(b >> (8 - l->blue_size)) << l->blue_pos;
}

/* Each colour 1 to 8 bits wide, inside the pixel: else the tag is not to be trusted. */
static bool layout_ok(const struct fb_rgb_layout *l, u32 bpp)
{
	const u8 pos[] = { l->red_pos, l->green_pos, l->blue_pos };
	const u8 size[] = { l->red_size, l->green_size, l->blue_size };

	for (unsigned int c = 0; c < ARRAY_SIZE(pos); c++)
		if (!size[c] || size[c] > 8 || pos[c] + size[c] > bpp)
			return false;
	return true;
}

static void put_pixel(u8 *p, u32 colour)
{
	if (bytes_per_pixel == 4) {
		*(volatile u32 *)p = colour;
		return;
	}
	p[0] = colour;
	p[1] = colour >> 8;
	p[2] = colour >> 16;
}

static void draw_cell(unsigned int r, unsigned int c)
{
	char ch = shadow[r][c];
	const u8 *glyph = font8x16[(ch >= FONT_FIRST && ch <= FONT_LAST ? ch : '?') - FONT_FIRST];
	u8 *line = fb + (r * CELL_H) * pitch + c * CELL_W * bytes_per_pixel;

	for (unsigned int y = 0; y < CELL_H; y++, line += pitch)
		for (unsigned int x = 0; x < CELL_W; x++)
			put_pixel(line + x * bytes_per_pixel, glyph[y] & (0x80 >> x) ? fg : bg);
	shown[r][c] = ch;
}

/* Draws every cell whose character is not the one on the screen. */
static void redraw(void)
{
	for (unsigned int r = 0; r < rows; r++)
		for (unsigned int c = 0; c < cols; c++)
			if (shadow[r][c] != shown[r][c])
				draw_cell(r, c);
}

static void newline(void)
{
	unsigned int keep = rows / 2;

	col = 0;
	if (++row < rows)
		return;
	memmove(shadow[0], shadow[rows - keep], sizeof(shadow[0]) * keep);
	memset(shadow[keep], ' ', sizeof(shadow[0]) * (rows - keep));
	redraw();
	row = keep;
}

static void put_char(char ch)
{
	shadow[row][col] = ch;
	draw_cell(row, col);
	if (++col == cols)
		newline();
}

void fbcon_write(const char *s, size_t len)
{
	if (!fb)
		return;
	for (size_t i = 0; i < len; i++) {
		switch (s[i]) {
		case '\n':
			newline();
			break;
		case '\r':
			col = 0;
			break;
		case '\t':
			do
				put_char(' ');
			while (col % TAB_WIDTH);
			break;
		default:
			put_char(s[i]);
			break;
		}
	}
}

/*
 * After paging_init(), on the boot CPU: only a direct-colour framebuffer of 24
 * or 32 bits per pixel is drawn on (what GRUB sets up under UEFI); VGA text
 * mode is arch/x86/drivers/vga.c's.
 */
void fbcon_init(void)
{
	const struct boot_info *i = &boot_info;

	if (!i->have_framebuffer || i->fb_type != MB2_FB_TYPE_RGB)
		return;
	if ((i->fb_bpp != 24 && i->fb_bpp != 32) || i->fb_pitch < i->fb_width * (i->fb_bpp / 8) ||
	    i->fb_width < CELL_W || i->fb_height < CELL_H || !layout_ok(&i->fb_rgb, i->fb_bpp)) {
		printk("fbcon: a %ux%u framebuffer of %u bits per pixel (pitch %u): "
		       "no console on it\n",
		       i->fb_width, i->fb_height, i->fb_bpp, i->fb_pitch);
		return;
	}
	pitch = i->fb_pitch;
	bytes_per_pixel = i->fb_bpp / 8;
	cols = MIN(i->fb_width / CELL_W, MAX_COLS);
	rows = MIN(i->fb_height / CELL_H, MAX_ROWS);
	fg = rgb(0xaa, 0xaa, 0xaa);
	bg = rgb(0, 0, 0);
	fb = ioremap_wc(i->fb_addr, (size_t)pitch * i->fb_height);
	/* All of it, margins too: GRUB's menu may still be there. */
	for (unsigned int y = 0; y < i->fb_height; y++)
		for (unsigned int x = 0; x < i->fb_width; x++)
			put_pixel(fb + y * pitch + x * bytes_per_pixel, bg);
	memset(shadow, ' ', sizeof(shadow));
	memset(shown, ' ', sizeof(shown));
	console_replay(fbcon_write);
	printk("fbcon: %ux%u, %u bits per pixel, %ux%u characters\n", i->fb_width, i->fb_height,
	       i->fb_bpp, cols, rows);
}
