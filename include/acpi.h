/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ACPI, only as far as finding the CPUs: RSDP -> RSDT or XSDT -> MADT, each
 * checksum verified. The MADT lists one local APIC per processor the firmware
 * knows of (a local APIC entry for an 8-bit APIC ID, an x2APIC entry for a 32-bit
 * one), with its APIC ID (the address INIT/SIPI IPIs are sent to) and whether it
 * is enabled; it also lists the I/O APICs, recorded for later use.
 */
#ifndef _ENTRYLAB_ACPI_H
#define _ENTRYLAB_ACPI_H

#include <asm/percpu.h>
#include <compiler.h>

#define ACPI_MAX_IOAPICS	4

struct acpi_cpus {
	unsigned int nr_cpus;			/* enabled local APICs, firmware order */
	u32 apic_ids[NR_CPUS];			/* each APIC ID once */
	unsigned int nr_skipped;		/* enabled, but beyond NR_CPUS */
	unsigned int nr_unaddressable;		/* enabled, ID above the mode's maximum */
	unsigned int nr_duplicates;		/* an APIC ID listed again */
	unsigned int nr_not_present;		/* online-capable: hot-pluggable, not started */
	phys_addr_t lapic_addr;
	unsigned int nr_ioapics;
	phys_addr_t ioapic_addr[ACPI_MAX_IOAPICS];
};

struct acpi_header {
	char signature[4];
	u32 length;			/* header included */
	u8 revision;
	u8 checksum;
	char oem_id[6];
	char oem_table_id[8];
	u32 oem_revision;
	u32 creator_id;
	u32 creator_revision;
} __packed;

/* Maps len bytes at physical address pa for reading; NULL if it cannot. */
typedef const void *(*acpi_map_fn)(phys_addr_t pa, size_t len);
/* The firmware's tables: mapped uncached in the ioremap space, never unmapped. */
const void *acpi_map_io(phys_addr_t pa, size_t len);

/**
 * acpi_find_cpus - walk RSDP, RSDT/XSDT and MADT
 * @rsdp: the RSDP (the loader's copy), @rsdp_size bytes of it valid
 * @map: how table addresses become pointers
 * @max_apic_id: the largest APIC ID the APIC's mode can send an IPI to
 *		 (apic_max_id()); entries above it are counted, not listed
 * @out: filled on success
 *
 * Returns NULL on success, else one line saying which table is missing or bad.
 */
const char *acpi_find_cpus(const void *rsdp, size_t rsdp_size, acpi_map_fn map,
			   u32 max_apic_id, struct acpi_cpus *out);

/* A whole table at pa, its length and checksum checked: NULL if absent or corrupt. */
const struct acpi_header *acpi_map_table(phys_addr_t pa, acpi_map_fn map);
/* A table by signature ("FACP", ...), or NULL in *table; the error: RSDP/RSDT/XSDT. */
const char *acpi_find_table(const void *rsdp, size_t rsdp_size, acpi_map_fn map,
			    const char *sig, const void **table);

/* The DMAR table (Intel VT-d) and its flags' bit that asks the OS to keep xAPIC mode. */
struct acpi_dmar {
	struct acpi_header header;
	u8 host_address_width;
	u8 flags;
	u8 reserved[10];
} __packed;
#define ACPI_DMAR_INTR_REMAP		BIT(0)
#define ACPI_DMAR_X2APIC_OPT_OUT	BIT(1)

/* Does the firmware's DMAR table set X2APIC_OPT_OUT? False without a (valid) DMAR. */
bool acpi_dmar_x2apic_opt_out(const void *rsdp, size_t rsdp_size, acpi_map_fn map);

/*
 * arch/x86/firmware/acpi_power.c: the FADT's power-off (PM1 control blocks, \_S5_'s sleep
 * type from the DSDT) and reset (its reset register, else port 0xcf9, else the
 * keyboard controller). acpi_power_init() once at boot, after paging.
 */
void acpi_power_init(void);
/* The ACPI PM timer's port, and whether it has 32 bits (else 24); NULL, or why none. */
const char *acpi_pm_timer(u32 *port, bool *ext);
/* SLP_TYPa/b from the \_S5_ package in a DSDT's AML; NULL, or why not. */
const char *acpi_find_s5(const u8 *aml, size_t len, u16 *typa, u16 *typb);
/* IRQs off, other CPUs stopped. Return only if the machine is still on. */
void acpi_power_off(void);
void acpi_reset(void);

/* Byte sum of a table: zero for a valid one. */
u8 acpi_checksum(const void *p, size_t len);

#endif
