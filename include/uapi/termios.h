/* SPDX-License-Identifier: GPL-2.0 */
/* The terminal ioctls the console answers: Linux's x86-64 struct termios and winsize. */
#ifndef _UAPI_TERMIOS_H
#define _UAPI_TERMIOS_H

#define TCGETS		0x5401
#define TCSETS		0x5402
#define TCSETSW		0x5403
#define TCSETSF		0x5404
#define TIOCGWINSZ	0x5413
#define TIOCSWINSZ	0x5414

struct kernel_termios {
	unsigned int c_iflag, c_oflag, c_cflag, c_lflag;
	unsigned char c_line;
	unsigned char c_cc[19];
};

struct winsize {
	unsigned short ws_row, ws_col, ws_xpixel, ws_ypixel;
};

#endif
