// SPDX-License-Identifier: GPL-2.0
/*
 * The PC's CMOS real-time clock, read once at boot for the wall-clock time. Its
 * registers (behind ports 0x70/0x71) hold the date in BCD or binary, 12- or
 * 24-hour, as status register B says; entrylab takes them as UTC, which is what
 * QEMU gives by default (a PC set to local time would be off by its zone).
 */
#include <asm/io.h>
#include <asm/processor.h>
#include <time.h>

#define CMOS_INDEX	0x70
#define CMOS_DATA	0x71
#define RTC_SECONDS	0x00
#define RTC_MINUTES	0x02
#define RTC_HOURS	0x04
#define RTC_DAY		0x07
#define RTC_MONTH	0x08
#define RTC_YEAR	0x09
#define RTC_STATUS_A	0x0a
#define RTC_STATUS_B	0x0b
#define RTC_UIP		BIT(7)	/* A: an update is in progress, the values may be torn */
#define RTC_24H		BIT(1)	/* B: 24-hour mode */
#define RTC_BINARY	BIT(2)	/* B: binary, not BCD */
#define RTC_PM		0x80	/* in the hours register, 12-hour mode */

static u8 cmos_read(u8 reg)
{
	outb(CMOS_INDEX, reg);
	return inb(CMOS_DATA);
}

struct rtc_time {
	u8 sec, min, hour, day, month, year;
};

static struct rtc_time rtc_read_raw(void)
{
	while (cmos_read(RTC_STATUS_A) & RTC_UIP)
		cpu_relax();
	return (struct rtc_time){
		cmos_read(RTC_SECONDS), cmos_read(RTC_MINUTES), cmos_read(RTC_HOURS),
		cmos_read(RTC_DAY), cmos_read(RTC_MONTH), cmos_read(RTC_YEAR),
	};
}

static unsigned int bcd(u8 v)
{
	return (v & 0xf) + (v >> 4) * 10;
}

/* Days from 1970-01-01 to y-m-d (proleptic Gregorian; Howard Hinnant's algorithm). */
long days_from_civil(long y, unsigned int m, unsigned int d)
{
	long era;
	unsigned int yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = (unsigned int)(y - era * 400);
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + (long)doe - 719468;
}

/**
 * rtc_read_seconds - the wall-clock time now, in seconds since the Unix epoch
 *
 * Reads until two reads agree (an update may land between two registers).
 * Returns 0 if the RTC holds no valid date (none present: all ones).
 */
u64 rtc_read_seconds(void)
{
	struct rtc_time a, b;
	unsigned int hour, month, day, year;
	u8 status = cmos_read(RTC_STATUS_B);

	do {
		a = rtc_read_raw();
		b = rtc_read_raw();
	} while (a.sec != b.sec || a.min != b.min || a.hour != b.hour || a.day != b.day ||
		 a.month != b.month || a.year != b.year);
	hour = a.hour & ~RTC_PM;
	if (!(status & RTC_BINARY)) {
		a.sec = bcd(a.sec);
		a.min = bcd(a.min);
		hour = bcd(hour);
		a.day = bcd(a.day);
		a.month = bcd(a.month);
		a.year = bcd(a.year);
	}
	if (!(status & RTC_24H) && (a.hour & RTC_PM))
		hour = (hour % 12) + 12;
	else if (!(status & RTC_24H) && hour == 12)
		hour = 0;
	month = a.month;
	day = a.day;
	year = 2000 + a.year;	/* the RTC keeps two digits; this kernel postdates 2000 */
	if (a.sec > 59 || a.min > 59 || hour > 23 || !day || day > 31 || !month || month > 12)
		return 0;
	return (u64)days_from_civil(year, month, day) * 86400 + hour * 3600 + a.min * 60 + a.sec;
}
