// SPDX-License-Identifier: GPL-2.0
/*
 * Self-tests of the ACPI walk (arch/x86/firmware/acpi.c): the firmware's own tables, then a
 * small RSDP -> RSDT -> MADT set built here, whole and with one thing broken at a
 * time. Each broken set must be refused for its own reason.
 */
#include <acpi.h>
#include <asm/apic.h>
#include <asm/cpufeature.h>
#include <asm/page.h>
#include <asm/processor.h>
#include <multiboot2.h>
#include <selftest.h>
#include <smp.h>
#include <string.h>

#include "fadt.h"

#define MAX_ENTRIES	12

/* RSDP -> RSDT -> MADT, FADT and DMAR; the MADT's entries added by the test. */
struct fake_tables {
	u8 rsdp[36];
	u8 rsdt[36 + 3 * 4] __aligned(8);
	u8 madt[44 + MAX_ENTRIES * 16] __aligned(8);
	u8 fadt[offsetof(struct acpi_fadt, minor_revision) + 1] __aligned(8);
	u8 dmar[sizeof(struct acpi_dmar)] __aligned(8);
	u32 madt_len;
};

static struct fake_tables fake;

static const void *map_direct(phys_addr_t pa, size_t len)
{
	return phys_to_virt(pa);
}

static void put32(u8 *p, u32 v)
{
	memcpy(p, &v, 4);
}

static void fix_checksum(u8 *table, size_t len, size_t at)
{
	table[at] = 0;
	table[at] = -acpi_checksum(table, len);
}

static void header(u8 *h, const char *sig, u32 len)
{
	memcpy(h, sig, 4);
	put32(h + 4, len);
	h[8] = 1;
}

/* The MADT's length and checksum after its entries changed. */
static void seal_madt(void)
{
	put32(fake.madt + 4, fake.madt_len);
	fix_checksum(fake.madt, fake.madt_len, 9);
}

static u8 *add_entry(u8 type, u8 len)
{
	u8 *e = fake.madt + fake.madt_len;

	e[0] = type, e[1] = len;
	fake.madt_len += len;
	return e;			/* the caller fills it in, then seal_madt() */
}

static void add_lapic(u8 apic_id, u32 flags)
{
	u8 *e = add_entry(0, 8);

	e[2] = apic_id, e[3] = apic_id;			/* ACPI processor ID, APIC ID */
	put32(e + 4, flags);
	seal_madt();
}

static void add_x2apic(u32 apic_id, u32 flags)
{
	u8 *e = add_entry(9, 16);

	put32(e + 4, apic_id);
	put32(e + 8, flags);
	put32(e + 12, apic_id);				/* ACPI processor UID */
	seal_madt();
}

/* The FADT says ACPI revision.minor: from 6.3 on, the online-capable flag counts. */
static void set_fadt_revision(u8 revision, u8 minor)
{
	fake.fadt[8] = revision;
	fake.fadt[offsetof(struct acpi_fadt, minor_revision)] = minor;
	fix_checksum(fake.fadt, sizeof(fake.fadt), 9);
}

/* An empty MADT (no entries), an ACPI 6.2 FADT and a DMAR with no flags set. */
static void build_empty(void)
{
	memset(&fake, 0, sizeof(fake));
	memcpy(fake.rsdp, "RSD PTR ", 8);
	put32(fake.rsdp + 16, virt_to_phys(fake.rsdt));
	fix_checksum(fake.rsdp, 20, 8);

	header(fake.rsdt, "RSDT", sizeof(fake.rsdt));
	put32(fake.rsdt + 36, virt_to_phys(fake.madt));
	put32(fake.rsdt + 40, virt_to_phys(fake.fadt));
	put32(fake.rsdt + 44, virt_to_phys(fake.dmar));
	fix_checksum(fake.rsdt, sizeof(fake.rsdt), 9);

	header(fake.dmar, "DMAR", sizeof(fake.dmar));
	fix_checksum(fake.dmar, sizeof(fake.dmar), 9);

	header(fake.fadt, "FACP", sizeof(fake.fadt));
	set_fadt_revision(6, 2);

	header(fake.madt, "APIC", 44);
	put32(fake.madt + 36, 0xfee00000);
	fake.madt_len = 44;
	seal_madt();
}

/* Two enabled CPUs (APIC IDs 0 and 3), one I/O APIC. */
static void build_fake(void)
{
	u8 *e;

	build_empty();
	add_lapic(0, 1);
	add_lapic(3, 1);
	e = add_entry(1, 12);
	e[2] = 9, put32(e + 4, 0xfec00000);	/* I/O APIC 9 */
	seal_madt();
}

static const char *walk_max(u32 max_apic_id, struct acpi_cpus *out)
{
	return acpi_find_cpus(fake.rsdp, sizeof(fake.rsdp), map_direct, max_apic_id, out);
}

static const char *walk(struct acpi_cpus *out)
{
	return walk_max(XAPIC_MAX_ID, out);
}

/* A walk's error for EXPECT_STREQ, which takes no NULL. */
static const char *said(const char *err)
{
	return err ? err : "no error: the tables parsed";
}

static u32 own_apic_id[NR_CPUS];

/* On each CPU: the ID its own local APIC reports, which the MADT did not give it. */
static void read_own_apic_id(void *arg)
{
	own_apic_id[smp_processor_id()] = lapic_id();
}

/*
 * The firmware's MADT against what each running CPU says of itself: every
 * online CPU's local APIC ID is in the list, and the boot CPU's is also what
 * CPUID reports (cpuid_apic_id()).
 */
SELFTEST(acpi, firmware_tables_list_every_online_cpu)
{
	struct acpi_cpus cpus;
	const char *err;
	unsigned int cpu;

	if (!boot_info.acpi_rsdp)
		SKIP(t, "the loader passed no RSDP");
	err = acpi_find_cpus(boot_info.acpi_rsdp, boot_info.acpi_rsdp_size,
			     acpi_map_io, apic_max_id(), &cpus);
	ASSERT_EQ(t, err, NULL);
	EXPECT_EQ(t, cpus.lapic_addr, 0xfee00000UL);
	on_each_cpu(read_own_apic_id, NULL);
	EXPECT_EQ(t, own_apic_id[0], cpuid_apic_id());
	for_each_online_cpu(cpu) {
		bool listed = false;

		for (unsigned int i = 0; i < cpus.nr_cpus; i++)
			listed |= cpus.apic_ids[i] == own_apic_id[cpu];
		if (!listed)
			test_fail(t, __FILE__, __LINE__, "CPU %u's APIC ID %u is not in the MADT",
				  cpu, own_apic_id[cpu]);
	}
}

SELFTEST(acpi, well_formed_tables_parsed)
{
	struct acpi_cpus cpus;

	build_fake();
	ASSERT_EQ(t, walk(&cpus), NULL);
	EXPECT_EQ(t, cpus.nr_cpus, 2U);
	EXPECT_EQ(t, cpus.apic_ids[0], 0U);
	EXPECT_EQ(t, cpus.apic_ids[1], 3U);
	EXPECT_EQ(t, cpus.nr_ioapics, 1U);
	EXPECT_EQ(t, cpus.ioapic_addr[0], 0xfec00000UL);
}

SELFTEST(acpi, corrupt_tables_refused_each_for_its_reason)
{
	struct acpi_cpus cpus;

	build_fake();
	fake.rsdp[0] = 'X';
	EXPECT_STREQ(t, said(walk(&cpus)), "the RSDP has no \"RSD PTR \" signature");

	build_fake();
	fake.rsdp[10] ^= 1;
	EXPECT_STREQ(t, said(walk(&cpus)), "the RSDP checksum is wrong");

	build_fake();
	fake.rsdt[20] ^= 1;
	EXPECT_STREQ(t, said(walk(&cpus)),
		     "no valid RSDT or XSDT (missing, or its checksum is wrong)");

	build_fake();
	fake.madt[50] ^= 1;
	EXPECT_STREQ(t, said(walk(&cpus)), "no valid MADT (missing, or its checksum is wrong)");

	build_fake();
	fake.madt[44 + 1] = 200;		/* first entry's length runs past the end */
	seal_madt();
	EXPECT_STREQ(t, said(walk(&cpus)), "MADT entry runs past the table");

	build_fake();
	put32(fake.madt + 44 + 4, 0);		/* both CPUs disabled */
	put32(fake.madt + 52 + 4, 0);
	seal_madt();
	EXPECT_STREQ(t, said(walk(&cpus)), "MADT lists no enabled CPU");

	build_empty();
	add_entry(9, 12);			/* an x2APIC entry 4 bytes short */
	seal_madt();
	EXPECT_STREQ(t, said(walk(&cpus)), "MADT x2APIC entry too short");

	EXPECT_STREQ(t, said(acpi_find_cpus(NULL, 0, map_direct, XAPIC_MAX_ID, &cpus)),
		     "no RSDP from the loader (no ACPI tables?)");
}

static bool ids_are(const struct acpi_cpus *cpus, unsigned int n, const u32 *ids)
{
	if (cpus->nr_cpus != n)
		return false;
	for (unsigned int i = 0; i < n; i++)
		if (cpus->apic_ids[i] != ids[i])
			return false;
	return true;
}

#define EXPECT_IDS(t, cpus, ...)						\
	do {									\
		static const u32 _want[] = { __VA_ARGS__ };			\
										\
		EXPECT_TRUE(t, ids_are(cpus, ARRAY_SIZE(_want), _want));	\
	} while (0)

/* A local APIC entry's ID 0xff is no CPU: an INIT to it would reset every other CPU. */
SELFTEST(acpi, lapic_id_0xff_is_no_cpu)
{
	struct acpi_cpus cpus;

	build_empty();
	add_lapic(0, 1);
	add_lapic(0xff, 1);
	add_lapic(2, 1);
	ASSERT_EQ(t, walk(&cpus), NULL);
	EXPECT_IDS(t, &cpus, 0, 2);
	ASSERT_EQ(t, walk_max(X2APIC_MAX_ID, &cpus), NULL);
	EXPECT_IDS(t, &cpus, 0, 2);

	build_empty();
	add_lapic(0xff, 1);
	EXPECT_STREQ(t, said(walk(&cpus)), "MADT lists no enabled CPU");
}

/* Each APIC ID is one CPU however often it is listed: started once, never reset again. */
SELFTEST(acpi, an_apic_id_listed_twice_is_one_cpu)
{
	struct acpi_cpus cpus;

	build_empty();
	add_lapic(0, 1);
	add_lapic(3, 1);
	add_lapic(3, 1);
	add_lapic(0, 1);
	ASSERT_EQ(t, walk(&cpus), NULL);
	EXPECT_IDS(t, &cpus, 0, 3);
	EXPECT_EQ(t, cpus.nr_duplicates, 2U);

	build_empty();				/* x2APIC entries only, twice */
	add_x2apic(0x100, 1);
	add_x2apic(0x100, 1);
	add_x2apic(7, 1);
	ASSERT_EQ(t, walk_max(X2APIC_MAX_ID, &cpus), NULL);
	EXPECT_IDS(t, &cpus, 0x100, 7);
	EXPECT_EQ(t, cpus.nr_duplicates, 1U);
}

/*
 * Firmware that lists each CPU in a local APIC entry and again in an x2APIC entry:
 * the x2APIC entries below 0xff are the same CPUs, ignored; those from 0xff on are
 * CPUs of their own. Without local APIC entries (or with only unusable ones) the
 * x2APIC entries below 0xff are the CPUs.
 */
SELFTEST(acpi, x2apic_entries_below_0xff_with_lapic_entries_are_ignored)
{
	struct acpi_cpus cpus;

	build_empty();
	add_lapic(0, 1);
	add_lapic(1, 1);
	add_x2apic(0, 1);
	add_x2apic(1, 1);
	add_x2apic(2, 1);			/* below 0xff: the local APIC entries' kind */
	add_x2apic(0xff, 1);
	add_x2apic(0x1234, 1);
	ASSERT_EQ(t, walk_max(X2APIC_MAX_ID, &cpus), NULL);
	EXPECT_IDS(t, &cpus, 0, 1, 0xff, 0x1234);
	EXPECT_EQ(t, cpus.nr_duplicates, 0U);

	build_empty();
	add_lapic(0, 0);			/* disabled, not online-capable: unusable */
	add_x2apic(0, 1);
	add_x2apic(2, 1);
	ASSERT_EQ(t, walk_max(X2APIC_MAX_ID, &cpus), NULL);
	EXPECT_IDS(t, &cpus, 0, 2);
	ASSERT_EQ(t, walk(&cpus), NULL);	/* and reachable in xAPIC mode */
	EXPECT_IDS(t, &cpus, 0, 2);
}

/* An x2APIC ID above 254 needs x2APIC mode; 0xffffffff is no CPU in either mode. */
SELFTEST(acpi, x2apic_ids_above_254_need_x2apic_mode)
{
	struct acpi_cpus cpus;

	build_empty();
	add_x2apic(0, 1);
	add_x2apic(0xff, 1);
	add_x2apic(0x100, 1);
	add_x2apic(0x100000, 0);		/* disabled: not counted either way */
	add_x2apic(0xffffffff, 1);
	add_x2apic(0xfffffffe, 1);
	ASSERT_EQ(t, walk(&cpus), NULL);
	EXPECT_IDS(t, &cpus, 0);
	EXPECT_EQ(t, cpus.nr_unaddressable, 3U);
	ASSERT_EQ(t, walk_max(X2APIC_MAX_ID, &cpus), NULL);
	EXPECT_IDS(t, &cpus, 0, 0xff, 0x100, 0xfffffffe);
	EXPECT_EQ(t, cpus.nr_unaddressable, 0U);
}

/*
 * Disabled entries are no CPUs; an online-capable one (flags bit 1) is a CPU that
 * may be hot-added, from ACPI 6.3 (the FADT's revision) on: never started here, but
 * a local APIC entry of that kind makes the x2APIC entries below 0xff repeats.
 */
SELFTEST(acpi, disabled_and_online_capable_entries)
{
	struct acpi_cpus cpus;

	build_empty();
	add_lapic(0, 1);
	add_lapic(1, 0);
	add_lapic(2, 2);			/* online-capable */
	add_x2apic(0x300, 2);
	ASSERT_EQ(t, walk_max(X2APIC_MAX_ID, &cpus), NULL);
	EXPECT_IDS(t, &cpus, 0);
	EXPECT_EQ(t, cpus.nr_not_present, 0U);	/* ACPI 6.2: bit 1 means nothing */
	set_fadt_revision(6, 3);
	ASSERT_EQ(t, walk_max(X2APIC_MAX_ID, &cpus), NULL);
	EXPECT_IDS(t, &cpus, 0);
	EXPECT_EQ(t, cpus.nr_not_present, 2U);

	build_empty();
	add_lapic(5, 2);			/* online-capable, the one local APIC entry */
	add_x2apic(0, 1);
	add_x2apic(1, 1);
	ASSERT_EQ(t, walk(&cpus), NULL);	/* ACPI 6.2: no usable local APIC */
	EXPECT_IDS(t, &cpus, 0, 1);
	set_fadt_revision(7, 0);
	EXPECT_STREQ(t, said(walk(&cpus)), "MADT lists no enabled CPU");
	EXPECT_EQ(t, cpus.nr_not_present, 1U);
}

/* The \\_S5_ scan of arch/x86/firmware/acpi_power.c on hand-written AML. */
SELFTEST(acpi, s5_sleep_type_from_aml)
{
	/* Name (_S5, Package (4) { 5, One, Zero, Zero }), after some other bytes */
	static const u8 name[] = { 0x10, 0x08, 0x08, '_', 'S', '5', '_', 0x12, 0x08, 0x04,
				   0x0a, 0x05, 0x01, 0x00, 0x00 };
	/* the same with a root prefix: Name (\\_S5, ...) */
	static const u8 rooted[] = { 0x08, '\\', '_', 'S', '5', '_', 0x12, 0x06, 0x04,
				     0x00, 0x0a, 0x07, 0x00, 0x00 };
	static const u8 wide[] = { 0x08, '_', 'S', '5', '_', 0x12, 0x08, 0x02,
				   0x0b, 0x00, 0x01, 0x00, 0x00 };
	static const u8 reference_only[] = { 0x70, '_', 'S', '5', '_', 0x60 };
	u16 a = 99, b = 99;

	EXPECT_TRUE(t, acpi_find_s5(name, sizeof(name), &a, &b) == NULL);
	EXPECT_EQ(t, a, 5);
	EXPECT_EQ(t, b, 1);
	EXPECT_TRUE(t, acpi_find_s5(rooted, sizeof(rooted), &a, &b) == NULL);
	EXPECT_EQ(t, a, 0);
	EXPECT_EQ(t, b, 7);
	EXPECT_STREQ(t, acpi_find_s5(wide, sizeof(wide), &a, &b),
		     "\\_S5_'s sleep types are not small integers: not understood");
	EXPECT_STREQ(t, acpi_find_s5(reference_only, sizeof(reference_only), &a, &b),
		     "no \\_S5_ in the DSDT");
	EXPECT_STREQ(t, acpi_find_s5(name, 4, &a, &b), "no \\_S5_ in the DSDT");
}

/* An ACPI 2.0+ FADT long enough for the X_ registers, or an ACPI 1.0 one that ends before. */
static struct acpi_fadt test_fadt;

static void build_fadt(u32 length)
{
	memset(&test_fadt, 0, sizeof(test_fadt));
	header((u8 *)&test_fadt, "FACP", length);
	test_fadt.pm1a_cnt_blk = 0x604;
	test_fadt.pm_tmr_blk = 0x608;
}

/* ACPICA's rule: the X_ field where the table holds it and its address is set, else the port. */
SELFTEST(acpi, fadt_registers_resolved_as_acpica)
{
	struct acpi_reg r;

	build_fadt(sizeof(test_fadt));
	r = fadt_reg(&test_fadt, pm1a_cnt_blk, x_pm1a_cnt_blk);
	EXPECT_EQ(t, r.space_id, ACPI_SPACE_IO);
	EXPECT_EQ(t, r.address, 0x604UL);		/* X_ address 0: the 32-bit port */

	test_fadt.x_pm1a_cnt_blk = (struct acpi_gas){ .space_id = ACPI_SPACE_MEMORY,
						      .bit_width = 16, .address = 0xfed80804 };
	r = fadt_reg(&test_fadt, pm1a_cnt_blk, x_pm1a_cnt_blk);
	EXPECT_EQ(t, r.space_id, ACPI_SPACE_MEMORY);
	EXPECT_EQ(t, r.address, 0xfed80804UL);		/* both set: the 64-bit one */

	test_fadt.header.length = offsetof(struct acpi_fadt, x_pm1a_cnt_blk) + 11;
	r = fadt_reg(&test_fadt, pm1a_cnt_blk, x_pm1a_cnt_blk);
	EXPECT_EQ(t, r.address, 0x604UL);		/* the table ends inside the field */

	build_fadt(offsetof(struct acpi_fadt, x_dsdt));	/* ACPI 1.0: no X_ fields */
	test_fadt.pm1a_cnt_blk = 0;
	r = fadt_reg(&test_fadt, pm1a_cnt_blk, x_pm1a_cnt_blk);
	EXPECT_EQ(t, r.address, 0UL);			/* none at all */
}

/* SLP_TYP and SLP_EN replaced, SCI_EN (bit 0) and every other bit kept, as ACPICA writes it. */
SELFTEST(acpi, s5_write_keeps_the_other_pm1_control_bits)
{
	EXPECT_EQ(t, pm1_cnt_sleep_value(0x0001, 5, false), 0x1401);
	EXPECT_EQ(t, pm1_cnt_sleep_value(0x0001, 5, true), 0x3401);
	EXPECT_EQ(t, pm1_cnt_sleep_value(0x3c07, 0, false), 0x0007);	/* old type cleared */
	EXPECT_EQ(t, pm1_cnt_sleep_value(0x0200, 7, true), 0x3e00);
	EXPECT_EQ(t, pm1_cnt_sleep_value(0x0001, 0xffff, false), 0x1c01);	/* 3 bits only */
}

static bool dmar_opt_out(void)
{
	return acpi_dmar_x2apic_opt_out(fake.rsdp, sizeof(fake.rsdp), map_direct);
}

/*
 * The DMAR's X2APIC_OPT_OUT flag, which keeps an APIC that firmware handed over in
 * xAPIC mode there (apic_mode_choose()): read where set, and not where the table
 * sets only interrupt remapping, is too short, or fails its checksum.
 */
SELFTEST(acpi, dmar_x2apic_opt_out_read_only_from_a_valid_table)
{
	struct acpi_dmar *dmar = (struct acpi_dmar *)fake.dmar;

	build_fake();
	EXPECT_FALSE(t, dmar_opt_out());
	dmar->flags = ACPI_DMAR_INTR_REMAP;
	fix_checksum(fake.dmar, sizeof(fake.dmar), 9);
	EXPECT_FALSE(t, dmar_opt_out());
	dmar->flags = ACPI_DMAR_INTR_REMAP | ACPI_DMAR_X2APIC_OPT_OUT;
	fix_checksum(fake.dmar, sizeof(fake.dmar), 9);
	EXPECT_TRUE(t, dmar_opt_out());
	dmar->flags = ACPI_DMAR_X2APIC_OPT_OUT;		/* the checksum now wrong */
	EXPECT_FALSE(t, dmar_opt_out());
	put32(fake.dmar + 4, offsetof(struct acpi_dmar, flags));	/* no flags byte */
	fix_checksum(fake.dmar, offsetof(struct acpi_dmar, flags), 9);
	EXPECT_FALSE(t, dmar_opt_out());
}
