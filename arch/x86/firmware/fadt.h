/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The FADT (signature "FACP"), as far as power-off, reset and the PM timer read it,
 * and its registers resolved as ACPICA resolves them (acpi_tb_convert_fadt()): the
 * 64-bit X_ Generic Address when the table is long enough to hold it and its address
 * is not zero, else the ACPI 1.0 field, which is always an I/O port. Only
 * arch/x86/firmware/ reads it: acpi_power.c, acpi.c (the ACPI
 * version) and their self-tests.
 */
#ifndef _ENTRYLAB_FADT_H
#define _ENTRYLAB_FADT_H

#include <acpi.h>
#include <compiler.h>

struct acpi_gas {			/* Generic Address Structure */
	u8 space_id;			/* ACPI_SPACE_* */
	u8 bit_width, bit_offset, access_size;
	u64 address;
} __packed;

#define ACPI_SPACE_MEMORY	0
#define ACPI_SPACE_IO		1

struct acpi_fadt {
	struct acpi_header header;
	u32 firmware_ctrl;
	u32 dsdt;
	u8 reserved0, pm_profile;
	u16 sci_int;
	u32 smi_cmd;
	u8 acpi_enable, acpi_disable, s4bios_req, pstate_cnt;
	u32 pm1a_evt_blk, pm1b_evt_blk;
	u32 pm1a_cnt_blk, pm1b_cnt_blk;		/* offset 64 */
	u32 pm2_cnt_blk, pm_tmr_blk;		/* offset 72, 76 */
	u32 gpe0_blk, gpe1_blk;			/* offset 80, 84: I/O ports */
	u8 pm1_evt_len, pm1_cnt_len, pm2_cnt_len, pm_tmr_len;
	u8 gpe0_blk_len, gpe1_blk_len;		/* offset 92, 93: bytes, status then enable */
	u8 unused[112 - 94];
	u32 flags;				/* offset 112 */
	struct acpi_gas reset_reg;		/* offset 116 */
	u8 reset_value;				/* offset 128 */
	u8 arm_boot_flags[2];
	u8 minor_revision;			/* offset 131, ACPI 5.1: ACPI's minor version */
	u8 unused2[140 - 132];
	u64 x_dsdt;				/* offset 140, ACPI 2.0 */
	struct acpi_gas x_pm1a_evt_blk, x_pm1b_evt_blk;
	struct acpi_gas x_pm1a_cnt_blk, x_pm1b_cnt_blk;	/* offset 172, 184 */
	struct acpi_gas x_pm2_cnt_blk, x_pm_tmr_blk;	/* offset 196, 208 */
	struct acpi_gas x_gpe0_blk, x_gpe1_blk;		/* offset 220, 232 */
} __packed;

#define FADT_TMR_VAL_EXT	BIT(8)		/* the PM timer has 32 bits, not 24 */
#define FADT_RESET_REG_SUP	BIT(10)
#define FADT_HW_REDUCED_ACPI	BIT(20)		/* no PM1 blocks, no PM timer, no SMI_CMD */

/* A FADT register: where it is, in which space; address 0: the FADT has none. */
struct acpi_reg {
	u8 space_id;
	u64 address;
};

/*
 * The FADT's register given by its 32-bit field (at offsetof legacy) and its X_ field
 * (at offsetof x): the X_ one where the table holds it and its address is not zero.
 */
#define fadt_reg(fadt, legacy, x)						\
	fadt_reg_at(fadt, (fadt)->legacy,					\
		    offsetof(struct acpi_fadt, x) + sizeof(struct acpi_gas),	\
		    &(fadt)->x)
struct acpi_reg fadt_reg_at(const struct acpi_fadt *fadt, u32 legacy, size_t x_end,
			    const struct acpi_gas *x);

/* PM1 control: SLP_TYPx and SLP_EN replaced, SCI_EN and every other bit kept (ACPICA's). */
u16 pm1_cnt_sleep_value(u16 old, u16 slp_typ, bool slp_en);

#endif
