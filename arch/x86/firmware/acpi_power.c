// SPDX-License-Identifier: GPL-2.0
/*
 * Powering off and resetting a PC through ACPI, for the end of a run with no
 * isa-debug-exit device (a real PC, or QEMU without one).
 *
 * Power-off is sleep state S5: write SLP_TYPx | SLP_EN to the PM1a (and PM1b, if
 * any) control register, whose ports the FADT gives. SLP_TYPx is a value the
 * firmware chose; it lives only in AML, as the package \_S5_ in the DSDT. Running
 * AML needs an interpreter; finding one named package does not: the AML for
 *
 *	Name (_S5, Package (n) { a, b, ... })
 *
 * is the bytes NameOp (0x08), "_S5_", PackageOp (0x12), a PkgLength (1 to 4
 * bytes), the element count, then the elements, of which the first two (SLP_TYPa,
 * SLP_TYPb) are ZeroOp (0x00), OneOp (0x01) or BytePrefix (0x0a) and a byte. This
 * scan handles exactly that form, with or without a root prefix ("\_S5_"), which
 * is what firmware emits; a _S5_ built any other way (a method, a wider integer)
 * is reported as not understood, and power-off is not attempted.
 *
 * On hardware that boots in legacy mode, ACPI mode must be entered first (SCI_EN
 * in PM1a_CNT): writing ACPI_ENABLE to the SMI command port asks the firmware to,
 * and the wait for it is bounded.
 *
 * Reset: the FADT's reset register when it says it has one (I/O space), else the
 * PCI reset control port 0xcf9, else the keyboard controller's reset line.
 */
#include <acpi.h>
#include <asm/apic.h>
#include <asm/io.h>
#include <kernel.h>
#include <multiboot2.h>
#include <printk.h>
#include <string.h>

struct acpi_gas {			/* Generic Address Structure */
	u8 space_id;			/* 0 memory, 1 I/O */
	u8 bit_width, bit_offset, access_size;
	u64 address;
} __packed;

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
	u8 unused[112 - 80];
	u32 flags;				/* offset 112 */
	struct acpi_gas reset_reg;		/* offset 116 */
	u8 reset_value;				/* offset 128 */
	u8 unused2[140 - 129];
	u64 x_dsdt;				/* offset 140, ACPI 2.0 */
} __packed;

#define FADT_TMR_VAL_EXT	BIT(8)
#define FADT_RESET_REG_SUP	BIT(10)
#define GAS_IO			1
#define PM1_SCI_EN		BIT(0)
#define PM1_SLP_TYP_SHIFT	10
#define PM1_SLP_EN		BIT(13)
#define AML_NAME_OP		0x08
#define AML_PACKAGE_OP		0x12
#define AML_ZERO_OP		0x00
#define AML_ONE_OP		0x01
#define AML_BYTE_PREFIX		0x0a
#define ACPI_ENABLE_WAIT_MS	300

static struct {
	u16 pm1a_cnt, pm1b_cnt;
	u16 slp_typa, slp_typb;
	bool can_power_off;
	u32 smi_cmd;
	u8 acpi_enable;
	bool reset_reg;			/* FADT reset register, I/O space */
	u16 reset_port;
	u8 reset_value;
} pm;

/* One element of _S5_'s package: ZeroOp, OneOp or a byte. -1: another form. */
static int aml_small_int(const u8 **p, const u8 *end)
{
	if (*p >= end)
		return -1;
	switch (*(*p)++) {
	case AML_ZERO_OP:
		return 0;
	case AML_ONE_OP:
		return 1;
	case AML_BYTE_PREFIX:
		return *p < end ? *(*p)++ : -1;
	}
	return -1;
}

/**
 * acpi_find_s5 - SLP_TYPa and SLP_TYPb from the DSDT's \_S5_ package
 * @aml: the DSDT's AML (after its header), @len bytes
 *
 * Returns NULL, or why the values could not be read.
 */
const char *acpi_find_s5(const u8 *aml, size_t len, u16 *typa, u16 *typb)
{
	const u8 *end = aml + len;

	for (const u8 *p = aml; p + 5 <= end; p++) {
		const u8 *q;
		int a, b;

		if (memcmp(p, "_S5_", 4))
			continue;
		if (p == aml || (p[-1] != AML_NAME_OP && !(p[-1] == '\\' && p - 1 > aml &&
							 p[-2] == AML_NAME_OP)))
			continue;		/* a reference to _S5_, not its definition */
		q = p + 4;
		if (*q++ != AML_PACKAGE_OP)
			return "\\_S5_ is not a package (a method?): not understood";
		q += 1 + (*q >> 6);			/* PkgLength: lead byte + 0..3 more */
		q++;					/* NumElements */
		a = aml_small_int(&q, end);
		b = aml_small_int(&q, end);
		if (a < 0 || b < 0)
			return "\\_S5_'s sleep types are not small integers: not understood";
		*typa = a;
		*typb = b;
		return NULL;
	}
	return "no \\_S5_ in the DSDT";
}

/* The FADT, through to its flags; NULL and *err if there is none that long. */
static const struct acpi_fadt *find_fadt(const char **err)
{
	const struct acpi_fadt *fadt;

	*err = acpi_find_table(boot_info.acpi_rsdp, boot_info.acpi_rsdp_size, acpi_map_io, "FACP",
			       (const void **)&fadt);
	if (!*err && !fadt)
		*err = "no valid FADT";
	if (!*err && fadt->header.length < offsetof(struct acpi_fadt, flags) + 4)
		*err = "the FADT is too short";
	return *err ? NULL : fadt;
}

void acpi_power_init(void)
{
	const struct acpi_header *dsdt = NULL;
	const struct acpi_fadt *fadt;
	const char *err;
	u64 dsdt_pa;

	fadt = find_fadt(&err);
	if (!fadt) {
		printk("acpi: %s: no ACPI power-off or reset; the keyboard controller resets\n",
		       err);
		return;
	}
	pm.pm1a_cnt = fadt->pm1a_cnt_blk;
	pm.pm1b_cnt = fadt->pm1b_cnt_blk;
	pm.smi_cmd = fadt->smi_cmd;
	pm.acpi_enable = fadt->acpi_enable;
	if (fadt->header.length > offsetof(struct acpi_fadt, reset_value) &&
	    (fadt->flags & FADT_RESET_REG_SUP) && fadt->reset_reg.space_id == GAS_IO) {
		pm.reset_reg = true;
		pm.reset_port = fadt->reset_reg.address;
		pm.reset_value = fadt->reset_value;
	}
	dsdt_pa = fadt->dsdt;
	if (fadt->header.length >= offsetof(struct acpi_fadt, x_dsdt) + 8 && fadt->x_dsdt)
		dsdt_pa = fadt->x_dsdt;
	dsdt = acpi_map_table(dsdt_pa, acpi_map_io);
	if (!dsdt)
		err = "no valid DSDT";
	else if (!pm.pm1a_cnt)
		err = "the FADT has no PM1a control block";
	else
		err = acpi_find_s5((const u8 *)(dsdt + 1), dsdt->length - sizeof(*dsdt),
				   &pm.slp_typa, &pm.slp_typb);
	pm.can_power_off = !err;
	if (err)
		printk("acpi: %s: no ACPI power-off\n", err);
	else
		printk("acpi: power-off: PM1a_CNT 0x%x%s, SLP_TYP %u/%u (\\_S5_); reset: %s 0x%x\n",
		       pm.pm1a_cnt, pm.pm1b_cnt ? " and PM1b_CNT" : "", pm.slp_typa, pm.slp_typb,
		       pm.reset_reg ? "FADT reset register, port" : "port", pm.reset_reg ?
		       pm.reset_port : 0xcf9);
}

/*
 * The ACPI PM timer (3.579545 MHz, 24 or 32 bits): a clock to calibrate the TSC
 * against when the PIT does not count (apic.c). Before acpi_power_init(), so it
 * looks the FADT up itself. False if there is none.
 */
bool acpi_pm_timer(u32 *port, bool *ext)
{
	const char *err;
	const struct acpi_fadt *fadt = find_fadt(&err);

	if (!fadt || !fadt->pm_tmr_blk)
		return false;
	*port = fadt->pm_tmr_blk;
	*ext = fadt->flags & FADT_TMR_VAL_EXT;
	return true;
}

/* Legacy mode to ACPI mode, if the firmware left the machine in legacy mode. */
static bool acpi_mode_on(void)
{
	if (inw(pm.pm1a_cnt) & PM1_SCI_EN)
		return true;
	if (!pm.smi_cmd || !pm.acpi_enable)
		return false;
	outb(pm.smi_cmd, pm.acpi_enable);
	for (unsigned int ms = 0; ms < ACPI_ENABLE_WAIT_MS; ms++) {
		if (inw(pm.pm1a_cnt) & PM1_SCI_EN)
			return true;
		udelay(1000);
	}
	printk("acpi: the firmware did not enter ACPI mode in %u ms\n", ACPI_ENABLE_WAIT_MS);
	return false;
}

void acpi_power_off(void)
{
	if (!pm.can_power_off)
		return;
	if (!acpi_mode_on())
		printk("acpi: trying S5 without ACPI mode\n");
	printk("acpi: powering off (S5)\n");
	outw(pm.pm1a_cnt, (pm.slp_typa << PM1_SLP_TYP_SHIFT) | PM1_SLP_EN);
	if (pm.pm1b_cnt)
		outw(pm.pm1b_cnt, (pm.slp_typb << PM1_SLP_TYP_SHIFT) | PM1_SLP_EN);
	udelay(100000);		/* the machine is off by now, or will not be */
	printk("acpi: still running 100 ms after the S5 write\n");
}

void acpi_reset(void)
{
	if (pm.reset_reg) {
		printk("acpi: resetting through the FADT reset register\n");
		outb(pm.reset_port, pm.reset_value);
		udelay(100000);
	}
	printk("acpi: resetting through port 0xcf9\n");
	outb(0xcf9, 0x02);	/* "system reset" selected ... */
	udelay(10);
	outb(0xcf9, 0x06);	/* ... and done (hard reset) */
	udelay(100000);
	printk("acpi: resetting through the keyboard controller\n");
	outb(0x64, 0xfe);	/* pulse the CPU reset line */
	udelay(100000);
}
