/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ACPI, only as far as finding the CPUs: RSDP -> RSDT or XSDT -> MADT, each
 * checksum verified. The MADT lists one local APIC per processor the firmware
 * knows of, with its APIC ID (the address INIT/SIPI IPIs are sent to) and
 * whether it is enabled; it also lists the I/O APICs, recorded for later use.
 */
#ifndef _ENTRYLAB_ACPI_H
#define _ENTRYLAB_ACPI_H

#include <asm/percpu.h>
#include <compiler.h>

#define ACPI_MAX_IOAPICS	4

struct acpi_cpus {
	unsigned int nr_cpus;			/* enabled local APICs, firmware order */
	u32 apic_ids[NR_CPUS];
	unsigned int nr_skipped;		/* enabled, but beyond NR_CPUS or x2APIC-only */
	phys_addr_t lapic_addr;
	unsigned int nr_ioapics;
	phys_addr_t ioapic_addr[ACPI_MAX_IOAPICS];
};

/* Maps len bytes at physical address pa for reading; NULL if it cannot. */
typedef const void *(*acpi_map_fn)(phys_addr_t pa, size_t len);
/* The firmware's tables: mapped uncached in the ioremap space, never unmapped. */
const void *acpi_map_io(phys_addr_t pa, size_t len);

/**
 * acpi_find_cpus - walk RSDP, RSDT/XSDT and MADT
 * @rsdp: the RSDP (the loader's copy), @rsdp_size bytes of it valid
 * @map: how table addresses become pointers
 * @out: filled on success
 *
 * Returns NULL on success, else one line saying which table is missing or bad.
 */
const char *acpi_find_cpus(const void *rsdp, size_t rsdp_size, acpi_map_fn map,
			   struct acpi_cpus *out);

/* Byte sum of a table: zero for a valid one. */
u8 acpi_checksum(const void *p, size_t len);

#endif
