// SPDX-License-Identifier: GPL-2.0
/*
 * A function of the vDSO by name, found as a dynamic linker finds it: the ELF
 * header at AT_SYSINFO_EHDR, its PT_DYNAMIC, and there the symbol table, the
 * string table and the SysV hash table, whose chain count is the number of
 * symbols. The vDSO is linked at 0 (arch/x86/vdso/vdso.lds), so a symbol's value
 * plus the vDSO's address is where it is. One version exists (LINUX_2.6), so
 * none is checked; glibc checks it, and tests/programs/vdso-glibc.c uses glibc.
 */
#include <elf.h>
#include <libc.h>

void *vdso_sym(const char *name)
{
	const u8 *base = (const u8 *)getauxval(AT_SYSINFO_EHDR);
	const struct elf64_ehdr *eh = (const void *)base;
	const struct elf64_phdr *ph;
	const struct elf64_dyn *dyn = NULL;
	const struct elf64_sym *sym = NULL;
	const u32 *hash = NULL;
	const char *str = NULL;

	if (!base)
		return NULL;
	ph = (const void *)(base + eh->e_phoff);
	for (unsigned int i = 0; i < eh->e_phnum; i++)
		if (ph[i].p_type == PT_DYNAMIC)
			dyn = (const void *)(base + ph[i].p_vaddr);
	for (; dyn && dyn->d_tag != DT_NULL; dyn++) {
		if (dyn->d_tag == DT_HASH)
			hash = (const void *)(base + dyn->d_val);
		else if (dyn->d_tag == DT_SYMTAB)
			sym = (const void *)(base + dyn->d_val);
		else if (dyn->d_tag == DT_STRTAB)
			str = (const void *)(base + dyn->d_val);
	}
	if (!hash || !sym || !str)
		return NULL;
	for (u32 i = 1; i < hash[1]; i++)	/* hash[1]: nchain, one per symbol */
		if (sym[i].st_shndx && !strcmp(str + sym[i].st_name, name))
			return (void *)(base + sym[i].st_value);
	return NULL;
}
