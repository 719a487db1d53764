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

struct fake_tables {
	u8 rsdp[36];
	u8 rsdt[36 + 4] __aligned(8);
	u8 madt[44 + 8 + 8 + 12] __aligned(8);
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

/* Two enabled CPUs (APIC IDs 0 and 3), one disabled (5), one I/O APIC. */
static void build_fake(void)
{
	u8 *e = fake.madt + 44;

	memset(&fake, 0, sizeof(fake));
	memcpy(fake.rsdp, "RSD PTR ", 8);
	put32(fake.rsdp + 16, virt_to_phys(fake.rsdt));
	fix_checksum(fake.rsdp, 20, 8);

	header(fake.rsdt, "RSDT", sizeof(fake.rsdt));
	put32(fake.rsdt + 36, virt_to_phys(fake.madt));
	fix_checksum(fake.rsdt, sizeof(fake.rsdt), 9);

	header(fake.madt, "APIC", sizeof(fake.madt));
	put32(fake.madt + 36, 0xfee00000);
	e[0] = 0, e[1] = 8, e[2] = 0, e[3] = 0, put32(e + 4, 1);	/* enabled */
	e += 8;
	e[0] = 0, e[1] = 8, e[2] = 1, e[3] = 3, put32(e + 4, 1);	/* enabled */
	e += 8;
	e[0] = 1, e[1] = 12, e[2] = 9, put32(e + 4, 0xfec00000);	/* I/O APIC */
	fix_checksum(fake.madt, sizeof(fake.madt), 9);
}

static const char *walk(struct acpi_cpus *out)
{
	return acpi_find_cpus(fake.rsdp, sizeof(fake.rsdp), map_direct, out);
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
 * CPUID leaf 1 reports (bits 31:24 of EBX, its initial APIC ID).
 */
SELFTEST(acpi, firmware_tables_list_every_online_cpu)
{
	struct acpi_cpus cpus;
	const char *err;
	unsigned int cpu;

	if (!boot_info.acpi_rsdp)
		SKIP(t, "the loader passed no RSDP");
	err = acpi_find_cpus(boot_info.acpi_rsdp, boot_info.acpi_rsdp_size,
			     acpi_map_io, &cpus);
	ASSERT_EQ(t, err, NULL);
	EXPECT_EQ(t, cpus.lapic_addr, 0xfee00000UL);
	on_each_cpu(read_own_apic_id, NULL);
	EXPECT_EQ(t, own_apic_id[0], cpuid(1).ebx >> 24);
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
	EXPECT_STREQ(t, walk(&cpus), "the RSDP has no \"RSD PTR \" signature");

	build_fake();
	fake.rsdp[10] ^= 1;
	EXPECT_STREQ(t, walk(&cpus), "the RSDP checksum is wrong");

	build_fake();
	fake.rsdt[20] ^= 1;
	EXPECT_STREQ(t, walk(&cpus), "no valid RSDT or XSDT (missing, or its checksum is wrong)");

	build_fake();
	fake.madt[50] ^= 1;
	EXPECT_STREQ(t, walk(&cpus), "no valid MADT (missing, or its checksum is wrong)");

	build_fake();
	fake.madt[44 + 1] = 200;		/* first entry's length runs past the end */
	fix_checksum(fake.madt, sizeof(fake.madt), 9);
	EXPECT_STREQ(t, walk(&cpus), "MADT entry runs past the table");

	build_fake();
	put32(fake.madt + 44 + 4, 0);		/* both CPUs disabled */
	put32(fake.madt + 52 + 4, 0);
	fix_checksum(fake.madt, sizeof(fake.madt), 9);
	EXPECT_STREQ(t, walk(&cpus), "MADT lists no enabled CPU");

	EXPECT_STREQ(t, acpi_find_cpus(NULL, 0, map_direct, &cpus),
		     "no RSDP from the loader (no ACPI tables?)");
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
