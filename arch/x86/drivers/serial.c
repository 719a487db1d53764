// SPDX-License-Identifier: GPL-2.0
/*
 * COM1 16550 UART, 115200 8N1, polled. The serial log is what tests read. A
 * character takes 87 us at this rate: a UART that is still busy after
 * THRE_POLL_LIMIT reads of its status is broken or absent in a way that reads as
 * busy, and serial output stops (the screen still shows everything).
 */
#include <asm/io.h>
#include <asm/processor.h>
#include <printk.h>

#define COM1		0x3f8
#define UART_THR	0	/* transmit holding register */
#define UART_IER	1
#define UART_FCR	2
#define UART_LCR	3
#define UART_MCR	4
#define UART_LSR	5
#define UART_LSR_THRE	0x20
#define UART_LCR_DLAB	0x80
#define THRE_POLL_LIMIT	100000UL

static bool serial_stuck;

void serial_init(void)
{
	outb(COM1 + UART_IER, 0x00);		/* polled: no UART interrupts */
	outb(COM1 + UART_LCR, UART_LCR_DLAB);
	outb(COM1 + 0, 1);			/* divisor 1 = 115200 baud */
	outb(COM1 + 1, 0);
	outb(COM1 + UART_LCR, 0x03);		/* 8 data bits, no parity, 1 stop */
	outb(COM1 + UART_FCR, 0xc7);		/* FIFOs on and cleared */
	outb(COM1 + UART_MCR, 0x03);		/* DTR, RTS */
}

static void serial_putc(char c)
{
	unsigned long polls = 0;

	while (!(inb(COM1 + UART_LSR) & UART_LSR_THRE)) {
		if (++polls > THRE_POLL_LIMIT) {
			static const char msg[] = "serial: COM1 never ready to send: off\n";

			serial_stuck = true;
			vga_write(msg, sizeof(msg) - 1);
			return;
		}
		cpu_relax();
	}
	outb(COM1 + UART_THR, c);
}

void serial_write(const char *s, size_t len)
{
	for (size_t i = 0; i < len && !serial_stuck; i++) {
		if (s[i] == '\n')
			serial_putc('\r');
		serial_putc(s[i]);
	}
}
