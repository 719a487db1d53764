// SPDX-License-Identifier: GPL-2.0
/*
 * Finding the CPUs through ACPI: the RSDP (which the loader copies into the
 * multiboot2 information) points to the RSDT (32-bit entries) and, from ACPI 2.0,
 * the XSDT (64-bit entries); one of their entries is the MADT ("APIC"). Every
 * structure carries a checksum: its bytes sum to zero. A table that fails it is
 * not used, and the caller boots on one CPU.
 */
#include <acpi.h>
#include <asm/pgtable.h>
#include <string.h>

#include "fadt.h"

struct acpi_rsdp {
	char signature[8];		/* "RSD PTR " */
	u8 checksum;			/* over the first 20 bytes */
	char oem_id[6];
	u8 revision;			/* 0: ACPI 1.0; 2: the fields below exist */
	u32 rsdt_addr;
	u32 length;
	u64 xsdt_addr;
	u8 ext_checksum;		/* over length bytes */
	u8 reserved[3];
} __packed;

struct acpi_madt {
	struct acpi_header header;
	u32 lapic_addr;
	u32 flags;
	/* then entries: u8 type, u8 length, ... */
} __packed;

#define RSDP_V1_SIZE		20
#define ACPI_TABLE_MAX		(1U << 20)	/* no sane MADT or XSDT is larger */

#define MADT_LAPIC		0
#define MADT_IOAPIC		1
#define MADT_X2APIC		9
#define MADT_ENABLED		BIT(0)		/* both entries' flags: the CPU is there */
#define MADT_ONLINE_CAPABLE	BIT(1)		/* ACPI 6.3: absent, can be hot-added */
#define LAPIC_ID_INVALID	0xff		/* a local APIC entry's "no CPU" */
#define X2APIC_ID_INVALID	0xffffffff

struct madt_lapic {
	u8 type, length;
	u8 acpi_id, apic_id;
	u32 flags;
} __packed;

struct madt_x2apic {
	u8 type, length;
	u16 reserved;
	u32 apic_id, flags, acpi_uid;
} __packed;

const void *acpi_map_io(phys_addr_t pa, size_t len)
{
	return ioremap(pa, len);
}

u8 acpi_checksum(const void *p, size_t len)
{
	const u8 *b = p;
	u8 sum = 0;

	while (len--)
		sum += *b++;
	return sum;
}

/* Maps a whole table after checking its header: NULL if absent, short or corrupt. */
const struct acpi_header *acpi_map_table(phys_addr_t pa, acpi_map_fn map)
{
	const struct acpi_header *h = pa ? map(pa, sizeof(*h)) : NULL;
	u32 len;

	if (!h)
		return NULL;
	len = h->length;
	if (len < sizeof(*h) || len > ACPI_TABLE_MAX)
		return NULL;
	h = map(pa, len);
	return h && !acpi_checksum(h, len) ? h : NULL;
}

/* The table with this signature among the RSDT's or XSDT's entries, checked whole. */
static const struct acpi_header *find_table(const struct acpi_header *sdt, bool xsdt,
					    acpi_map_fn map, const char *sig)
{
	size_t entry_size = xsdt ? 8 : 4;
	size_t n = (sdt->length - sizeof(*sdt)) / entry_size;
	const u8 *entries = (const u8 *)(sdt + 1);

	for (size_t i = 0; i < n; i++) {
		u64 pa = 0;
		const struct acpi_header *h;

		memcpy(&pa, entries + i * entry_size, entry_size);
		h = map(pa, sizeof(*h));
		if (h && !memcmp(h->signature, sig, 4))
			return acpi_map_table(pa, map);
	}
	return NULL;
}

/*
 * A usable entry's CPU, as Linux's topology_register_apic(): each APIC ID once
 * (firmware that lists a CPU twice must not get it started twice, the second
 * INIT resetting it), only enabled ones to be started; an online-capable one
 * would be hot-added, which entrylab does not do.
 */
static void register_cpu(struct acpi_cpus *out, u32 apic_id, bool enabled)
{
	if (!enabled) {
		out->nr_not_present++;
		return;
	}
	for (unsigned int i = 0; i < out->nr_cpus; i++) {
		if (out->apic_ids[i] == apic_id) {
			out->nr_duplicates++;
			return;
		}
	}
	if (out->nr_cpus < NR_CPUS)
		out->apic_ids[out->nr_cpus++] = apic_id;
	else
		out->nr_skipped++;
}

/*
 * Linux's acpi_is_processor_usable(), without its last rule: under a hypervisor it
 * counts disabled entries as CPUs that may be hot-added, which changes nothing
 * here but its has_lapic_cpus rule, and that for tables no hypervisor writes.
 */
static bool processor_usable(u32 flags, bool online_capable)
{
	return (flags & MADT_ENABLED) || (online_capable && (flags & MADT_ONLINE_CAPABLE));
}

/* Every entry's length within the table and enough for its type; NULL if so. */
static const char *madt_check_entries(const u8 *p, const u8 *end)
{
	for (; p + 2 <= end; p += p[1]) {
		if (p[1] < 2 || p + p[1] > end)
			return "MADT entry runs past the table";
		if (p[0] == MADT_LAPIC && p[1] < sizeof(struct madt_lapic))
			return "MADT local APIC entry too short";
		if (p[0] == MADT_X2APIC && p[1] < sizeof(struct madt_x2apic))
			return "MADT x2APIC entry too short";
		if (p[0] == MADT_IOAPIC && p[1] < 12)
			return "MADT I/O APIC entry too short";
	}
	return NULL;
}

/*
 * The MADT's CPUs, by Linux's acpi_parse_lapic() and acpi_parse_x2apic(), in table
 * order: a local APIC entry with ID 0xff is no CPU (and an INIT to 0xff would be
 * xAPIC's broadcast); an x2APIC entry below 0xff repeats a CPU the local APIC
 * entries list when there are any (ACPI 6.5, 5.2.12.12), as firmware that lists
 * each CPU twice does; an ID above max_apic_id cannot be reached in the APIC mode
 * in use (x2APIC's above 254 in xAPIC mode), and is counted in nr_unaddressable.
 */
static const char *parse_madt(const struct acpi_madt *madt, bool online_capable, u32 max_apic_id,
			      struct acpi_cpus *out)
{
	const u8 *p = (const u8 *)(madt + 1), *end = (const u8 *)madt + madt->header.length;
	bool has_lapic_cpus = false;
	const char *err;

	if (madt->header.length < sizeof(*madt))
		return "MADT too short";
	err = madt_check_entries(p, end);
	if (err)
		return err;
	out->lapic_addr = madt->lapic_addr;
	/* Linux's acpi_check_lapic(): a first pass, for the x2APIC entries' rule. */
	for (const u8 *e = p; e + 2 <= end; e += e[1]) {
		const struct madt_lapic *l = (const void *)e;

		if (e[0] == MADT_LAPIC && l->apic_id != LAPIC_ID_INVALID &&
		    processor_usable(l->flags, online_capable))
			has_lapic_cpus = true;
	}
	for (; p + 2 <= end; p += p[1]) {
		const struct madt_lapic *l = (const void *)p;
		const struct madt_x2apic *x = (const void *)p;

		switch (p[0]) {
		case MADT_LAPIC:
			if (l->apic_id == LAPIC_ID_INVALID ||
			    !processor_usable(l->flags, online_capable))
				break;
			register_cpu(out, l->apic_id, l->flags & MADT_ENABLED);
			break;
		case MADT_X2APIC:
			if (x->apic_id == X2APIC_ID_INVALID ||
			    !processor_usable(x->flags, online_capable) ||
			    (has_lapic_cpus && x->apic_id < 0xff))
				break;
			if (x->apic_id > max_apic_id) {
				out->nr_unaddressable += !!(x->flags & MADT_ENABLED);
				break;
			}
			register_cpu(out, x->apic_id, x->flags & MADT_ENABLED);
			break;
		case MADT_IOAPIC:		/* id, reserved, u32 address, u32 gsi_base */
			if (out->nr_ioapics < ACPI_MAX_IOAPICS) {
				u32 addr;

				memcpy(&addr, p + 4, 4);
				out->ioapic_addr[out->nr_ioapics++] = addr;
			}
			break;
		}
	}
	return out->nr_cpus ? NULL : "MADT lists no enabled CPU";
}

/**
 * acpi_find_table - a table by signature: RSDP -> XSDT (or RSDT) -> the table
 * @sig: four characters ("APIC", "FACP", ...)
 * @table: the table, mapped and its checksum verified; NULL if there is none
 *	   (or its checksum is wrong)
 *
 * Returns NULL when the root tables were usable, else one line saying which
 * one is missing or bad.
 */
const char *acpi_find_table(const void *rsdp_copy, size_t rsdp_size, acpi_map_fn map,
			    const char *sig, const void **table)
{
	const struct acpi_rsdp *rsdp = rsdp_copy;
	const struct acpi_header *sdt = NULL;
	bool xsdt = false;

	*table = NULL;
	if (!rsdp)
		return "no RSDP from the loader (no ACPI tables?)";
	if (rsdp_size < RSDP_V1_SIZE || memcmp(rsdp->signature, "RSD PTR ", 8))
		return "the RSDP has no \"RSD PTR \" signature";
	if (acpi_checksum(rsdp, RSDP_V1_SIZE))
		return "the RSDP checksum is wrong";
	if (rsdp->revision >= 2 && rsdp_size >= sizeof(*rsdp) && rsdp->length >= sizeof(*rsdp) &&
	    rsdp->length <= rsdp_size && !acpi_checksum(rsdp, rsdp->length) && rsdp->xsdt_addr) {
		sdt = acpi_map_table(rsdp->xsdt_addr, map);
		xsdt = sdt && !memcmp(sdt->signature, "XSDT", 4);
	}
	if (!xsdt) {
		sdt = acpi_map_table(rsdp->rsdt_addr, map);
		if (!sdt || memcmp(sdt->signature, "RSDT", 4))
			return "no valid RSDT or XSDT (missing, or its checksum is wrong)";
	}
	*table = find_table(sdt, xsdt, map, sig);
	return NULL;
}

/*
 * Firmware sets X2APIC_OPT_OUT when its own code (SMM handlers, say) drives the
 * APIC in xAPIC mode: Linux (dmar_x2apic_optout()) then leaves an APIC that
 * firmware handed over in xAPIC mode there, and apic.c does the same.
 */
bool acpi_dmar_x2apic_opt_out(const void *rsdp, size_t rsdp_size, acpi_map_fn map)
{
	const struct acpi_dmar *dmar;

	if (acpi_find_table(rsdp, rsdp_size, map, "DMAR", (const void **)&dmar) || !dmar ||
	    dmar->header.length < offsetof(struct acpi_dmar, reserved))
		return false;
	return dmar->flags & ACPI_DMAR_X2APIC_OPT_OUT;
}

/*
 * The online-capable flag means something from ACPI 6.3 on, which the FADT's
 * revision and minor revision say (Linux 6.12's acpi_parse_madt()).
 */
static bool fadt_online_capable(const void *rsdp, size_t rsdp_size, acpi_map_fn map)
{
	const struct acpi_fadt *fadt;
	u8 minor;

	if (acpi_find_table(rsdp, rsdp_size, map, "FACP", (const void **)&fadt) || !fadt)
		return false;
	minor = fadt->header.length > offsetof(struct acpi_fadt, minor_revision) ?
		fadt->minor_revision : 0;
	return fadt->header.revision > 6 || (fadt->header.revision == 6 && minor >= 3);
}

const char *acpi_find_cpus(const void *rsdp_copy, size_t rsdp_size, acpi_map_fn map,
			   u32 max_apic_id, struct acpi_cpus *out)
{
	const void *madt;
	const char *err;

	memset(out, 0, sizeof(*out));
	err = acpi_find_table(rsdp_copy, rsdp_size, map, "APIC", &madt);
	if (err)
		return err;
	if (!madt)
		return "no valid MADT (missing, or its checksum is wrong)";
	return parse_madt(madt, fadt_online_capable(rsdp_copy, rsdp_size, map), max_apic_id, out);
}
