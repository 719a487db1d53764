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
#define MADT_LAPIC_ENABLED	BIT(0)

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

static void add_cpu(struct acpi_cpus *out, u32 apic_id)
{
	if (out->nr_cpus < NR_CPUS)
		out->apic_ids[out->nr_cpus++] = apic_id;
	else
		out->nr_skipped++;
}

static const char *parse_madt(const struct acpi_madt *madt, struct acpi_cpus *out)
{
	const u8 *p = (const u8 *)(madt + 1), *end = (const u8 *)madt + madt->header.length;

	if (madt->header.length < sizeof(*madt))
		return "MADT too short";
	out->lapic_addr = madt->lapic_addr;
	for (; p + 2 <= end; p += p[1]) {
		u32 flags, id;

		if (p[1] < 2 || p + p[1] > end)
			return "MADT entry runs past the table";
		switch (p[0]) {
		case MADT_LAPIC:		/* acpi_id, apic_id, u32 flags */
			if (p[1] < 8)
				return "MADT local APIC entry too short";
			memcpy(&flags, p + 4, 4);
			if (flags & MADT_LAPIC_ENABLED)
				add_cpu(out, p[3]);
			break;
		case MADT_X2APIC:		/* u16 reserved, u32 x2apic_id, u32 flags */
			if (p[1] < 16)
				return "MADT x2APIC entry too short";
			memcpy(&id, p + 4, 4);
			memcpy(&flags, p + 8, 4);
			/* xAPIC mode addresses IPIs with 8 bits: a larger ID is unreachable. */
			if ((flags & MADT_LAPIC_ENABLED) && id > 0xff)
				out->nr_skipped++;
			else if (flags & MADT_LAPIC_ENABLED)
				add_cpu(out, id);
			break;
		case MADT_IOAPIC:		/* id, reserved, u32 address, u32 gsi_base */
			if (p[1] < 12)
				return "MADT I/O APIC entry too short";
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

const char *acpi_find_cpus(const void *rsdp_copy, size_t rsdp_size, acpi_map_fn map,
			   struct acpi_cpus *out)
{
	const void *madt;
	const char *err;

	memset(out, 0, sizeof(*out));
	err = acpi_find_table(rsdp_copy, rsdp_size, map, "APIC", &madt);
	if (err)
		return err;
	if (!madt)
		return "no valid MADT (missing, or its checksum is wrong)";
	return parse_madt(madt, out);
}
