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
#include <asm/pgtable.h>
#include <asm/apic.h>
#include <asm/io.h>
#include <kernel.h>
#include <multiboot2.h>
#include <printk.h>
#include <string.h>

#include "fadt.h"

#define PM1_SCI_EN		BIT(0)
#define PM1_SLP_TYP_SHIFT	10
#define PM1_SLP_TYP_MASK	(7 << PM1_SLP_TYP_SHIFT)
#define PM1_SLP_EN		BIT(13)
/*
 * PM1 status, write 1 to clear: the timer, bus master, global lock, power and
 * sleep button, RTC, PCIe wake and WAK_STS bits (ACPICA's ALL_FIXED_STATUS).
 */
#define PM1_ALL_FIXED_STATUS	0xc731
#define AML_NAME_OP		0x08
#define AML_PACKAGE_OP		0x12
#define AML_ZERO_OP		0x00
#define AML_ONE_OP		0x01
#define AML_BYTE_PREFIX		0x0a
#define ACPI_ENABLE_WAIT_MS	300

/* A PM1 register, by port or mapped memory; neither: absent. */
struct pm_io {
	u64 address;			/* as the FADT gives it, for the banner */
	u16 port;
	volatile u16 *mmio;
};

/* A GPE block in I/O space: len bytes of status, then len of enable; len 0: none. */
struct gpe_blk {
	u16 port;
	u8 len;
};

static struct {
	struct pm_io pm1a_cnt, pm1b_cnt;
	struct pm_io pm1a_sts, pm1b_sts;	/* the first half of each PM1 event block */
	struct gpe_blk gpe[2];
	u16 slp_typa, slp_typb;
	bool can_power_off;
	u32 smi_cmd;
	u8 acpi_enable;
	bool reset_reg;			/* FADT reset register, I/O space */
	u16 reset_port;
	u8 reset_value;
} pm;

struct acpi_reg fadt_reg_at(const struct acpi_fadt *fadt, u32 legacy, size_t x_end,
			    const struct acpi_gas *x)
{
	if (fadt->header.length >= x_end && x->address)
		return (struct acpi_reg){ .space_id = x->space_id, .address = x->address };
	return (struct acpi_reg){ .space_id = ACPI_SPACE_IO, .address = legacy };
}

u16 pm1_cnt_sleep_value(u16 old, u16 slp_typ, bool slp_en)
{
	return (old & ~(PM1_SLP_TYP_MASK | PM1_SLP_EN)) |
	       ((slp_typ << PM1_SLP_TYP_SHIFT) & PM1_SLP_TYP_MASK) | (slp_en ? PM1_SLP_EN : 0);
}

/* Where a PM1 register is reached; NULL, or why it cannot be. */
static const char *pm_io_init(struct pm_io *io, struct acpi_reg r)
{
	if (!r.address)
		return NULL;
	io->address = r.address;
	if (r.space_id == ACPI_SPACE_IO && r.address <= 0xfffe) {
		io->port = r.address;
		return NULL;
	}
	if (r.space_id == ACPI_SPACE_MEMORY && !(r.address & 1)) {
		u8 *page = ioremap(r.address & PAGE_MASK & PTE_ADDR_MASK, PAGE_SIZE);

		io->mmio = page ? (volatile u16 *)(page + (r.address & ~PAGE_MASK)) : NULL;
		return io->mmio ? NULL : "its PM1 control block cannot be mapped";
	}
	return "its PM1 control block is in an address space entrylab does not reach";
}

static bool pm_io_present(const struct pm_io *io)
{
	return io->port || io->mmio;
}

static u16 pm_read(const struct pm_io *io)
{
	return io->mmio ? *io->mmio : inw(io->port);
}

static void pm_write(const struct pm_io *io, u16 v)
{
	if (io->mmio)
		*io->mmio = v;
	else
		outw(io->port, v);
}

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

/* A GPE block the FADT names in I/O space (its status half and its enable half). */
static void gpe_blk_init(struct gpe_blk *b, struct acpi_reg r, u8 len)
{
	if (r.space_id == ACPI_SPACE_IO && r.address && r.address + len <= 0x10000 && len >= 2)
		*b = (struct gpe_blk){ .port = r.address, .len = len / 2 };
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
	err = pm_io_init(&pm.pm1a_cnt, fadt_reg(fadt, pm1a_cnt_blk, x_pm1a_cnt_blk));
	if (!err)
		err = pm_io_init(&pm.pm1b_cnt, fadt_reg(fadt, pm1b_cnt_blk, x_pm1b_cnt_blk));
	/* Where these cannot be reached, power-off goes on without clearing them. */
	pm_io_init(&pm.pm1a_sts, fadt_reg(fadt, pm1a_evt_blk, x_pm1a_evt_blk));
	pm_io_init(&pm.pm1b_sts, fadt_reg(fadt, pm1b_evt_blk, x_pm1b_evt_blk));
	gpe_blk_init(&pm.gpe[0], fadt_reg(fadt, gpe0_blk, x_gpe0_blk), fadt->gpe0_blk_len);
	gpe_blk_init(&pm.gpe[1], fadt_reg(fadt, gpe1_blk, x_gpe1_blk), fadt->gpe1_blk_len);
	pm.smi_cmd = fadt->smi_cmd;
	pm.acpi_enable = fadt->acpi_enable;
	if (fadt->header.length > offsetof(struct acpi_fadt, reset_value) &&
	    (fadt->flags & FADT_RESET_REG_SUP) && fadt->reset_reg.space_id == ACPI_SPACE_IO) {
		pm.reset_reg = true;
		pm.reset_port = fadt->reset_reg.address;
		pm.reset_value = fadt->reset_value;
	}
	dsdt_pa = fadt->dsdt;
	if (fadt->header.length >= offsetof(struct acpi_fadt, x_dsdt) + 8 && fadt->x_dsdt)
		dsdt_pa = fadt->x_dsdt;
	dsdt = acpi_map_table(dsdt_pa, acpi_map_io);
	if (err)
		;
	else if (!dsdt)
		err = "no valid DSDT";
	else if (!pm_io_present(&pm.pm1a_cnt))
		err = fadt->flags & FADT_HW_REDUCED_ACPI ?
		      "hardware-reduced ACPI (no PM1 control block; entrylab has no sleep "
		      "control register support)" : "the FADT has no PM1a control block";
	else
		err = acpi_find_s5((const u8 *)(dsdt + 1), dsdt->length - sizeof(*dsdt),
				   &pm.slp_typa, &pm.slp_typb);
	pm.can_power_off = !err;
	if (err)
		printk("acpi: %s: no ACPI power-off\n", err);
	else
		printk("acpi: power-off: PM1a_CNT %s 0x%lx%s, SLP_TYP %u/%u (\\_S5_); reset: %s "
		       "0x%x\n", pm.pm1a_cnt.mmio ? "at" : "port",
		       (unsigned long)pm.pm1a_cnt.address,
		       pm_io_present(&pm.pm1b_cnt) ? " and PM1b_CNT" : "", pm.slp_typa, pm.slp_typb,
		       pm.reset_reg ? "FADT reset register, port" : "port", pm.reset_reg ?
		       pm.reset_port : 0xcf9);
}

/*
 * The ACPI PM timer (3.579545 MHz, 24 or 32 bits): a clock to calibrate the TSC
 * against when the PIT does not count (apic.c). Before acpi_power_init(), so it
 * looks the FADT up itself. NULL, or why there is none to read.
 */
const char *acpi_pm_timer(u32 *port, bool *ext)
{
	const char *err;
	const struct acpi_fadt *fadt = find_fadt(&err);
	struct acpi_reg r;

	if (!fadt)
		return err;
	r = fadt_reg(fadt, pm_tmr_blk, x_pm_tmr_blk);
	if (!r.address)
		return fadt->flags & FADT_HW_REDUCED_ACPI ?
		       "hardware-reduced ACPI: the FADT lists no PM timer" :
		       "the FADT lists no PM timer";
	if (r.space_id != ACPI_SPACE_IO || r.address > 0xfffc)
		return "the FADT's PM timer is not an I/O port: entrylab reads it only by port";
	*port = r.address;
	*ext = fadt->flags & FADT_TMR_VAL_EXT;
	return NULL;
}

/* PM1 control as ACPICA reads it: PM1a's and PM1b's bits together. */
static u16 pm1_cnt_read(void)
{
	return pm_read(&pm.pm1a_cnt) | (pm_io_present(&pm.pm1b_cnt) ? pm_read(&pm.pm1b_cnt) : 0);
}

/* Legacy mode to ACPI mode, if the firmware left the machine in legacy mode. */
static bool acpi_mode_on(void)
{
	if (pm_read(&pm.pm1a_cnt) & PM1_SCI_EN)
		return true;
	if (!pm.smi_cmd || !pm.acpi_enable)
		return false;
	outb(pm.smi_cmd, pm.acpi_enable);
	for (unsigned int ms = 0; ms < ACPI_ENABLE_WAIT_MS; ms++) {
		if (pm_read(&pm.pm1a_cnt) & PM1_SCI_EN)
			return true;
		udelay(1000);
	}
	printk("acpi: the firmware did not enter ACPI mode in %u ms\n", ACPI_ENABLE_WAIT_MS);
	return false;
}

/*
 * What ACPICA does before it writes SLP_EN (acpi_hw_legacy_sleep()): every GPE
 * disabled (no device of entrylab's is armed to wake the machine), then every GPE
 * and fixed event status bit cleared, WAK_STS among them. A status bit left set
 * may wake the machine again the moment it is off.
 */
static void acpi_clear_wake_sources(void)
{
	printk("acpi: clearing wake sources: PM1 status %s 0x%lx (0x%x set), GPE0 %u and GPE1 %u "
	       "registers\n", pm.pm1a_sts.mmio ? "at" : "port", (unsigned long)pm.pm1a_sts.address,
	       pm_io_present(&pm.pm1a_sts) ? pm_read(&pm.pm1a_sts) : 0, pm.gpe[0].len,
	       pm.gpe[1].len);
	for (int i = 0; i < 2; i++) {
		for (int n = 0; n < pm.gpe[i].len; n++)
			outb(pm.gpe[i].port + pm.gpe[i].len + n, 0);		/* enable */
		for (int n = 0; n < pm.gpe[i].len; n++)
			outb(pm.gpe[i].port + n, 0xff);			/* status */
	}
	if (pm_io_present(&pm.pm1a_sts))
		pm_write(&pm.pm1a_sts, PM1_ALL_FIXED_STATUS);
	if (pm_io_present(&pm.pm1b_sts))
		pm_write(&pm.pm1b_sts, PM1_ALL_FIXED_STATUS);
}

/*
 * S5 as ACPICA enters a sleep state (acpi_hw_legacy_sleep()): wake sources cleared,
 * PM1 control read, SLP_TYPx written with every other bit (SCI_EN among them)
 * kept, then written again with SLP_EN. Firmware may act on the first write.
 */
void acpi_power_off(void)
{
	u16 cnt;

	if (!pm.can_power_off)
		return;
	if (!acpi_mode_on())
		printk("acpi: trying S5 without ACPI mode\n");
	printk("acpi: powering off (S5)\n");
	acpi_clear_wake_sources();
	cnt = pm1_cnt_read();
	for (int enable = 0; enable <= 1; enable++) {
		pm_write(&pm.pm1a_cnt, pm1_cnt_sleep_value(cnt, pm.slp_typa, enable));
		if (pm_io_present(&pm.pm1b_cnt))
			pm_write(&pm.pm1b_cnt, pm1_cnt_sleep_value(cnt, pm.slp_typb, enable));
	}
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
