/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The SYSCALL entry variants: the one list that everything else reads. The C code
 * expands it below and in bench/variants.c; entry_64.asm gets it through
 * asm-offsets (ENTRY_VARIANT_NAMES) and instantiates one stub per name; the
 * Makefile compiles entry/common.c once per name; tests/run.py reads the names.
 *
 *   ENTRY_VARIANT(name, what)
 *	name	the C and NASM symbol suffix. Its words say what it is:
 *		irqsave  context tracking through user_exit()/user_enter(), which
 *			 save RFLAGS, cli and popf (the design before 2016);
 *		irqoff   through user_exit_irqoff()/user_enter_irqoff();
 *		outline  enter_from_user_mode() and syscall_exit_to_user_mode() are
 *			 noinline functions (before the inlining patches);
 *		inline   they are __always_inline;
 *		sti      local_irq_restore() is "if (flags & IF) sti", not popf
 *			 (asm/irqflags.h); every other row restores with popf;
 *		split    context tracking's split state: a store of the context
 *			 and a locked add of RCU's counter, as before Linux 6.0
 *			 (context_tracking.h); every other row moves both with one
 *			 locked add.
 *		The boot parameter and the benchmark spell it with '-' for '_'.
 *	what	one line for the benchmark table.
 *
 * Benchmark-table order: the oldest design first (the table's baseline), the
 * default last. The floor (entry_64.asm) is not in this list: it has no C half.
 */
#ifndef _ENTRYLAB_ENTRY_VARIANTS_H
#define _ENTRYLAB_ENTRY_VARIANTS_H

#define ENTRY_VARIANTS(ENTRY_VARIANT)						\
	ENTRY_VARIANT(irqsave_outline,						\
		      "pushf/cli/popf hooks, out-of-line enter/exit (before 2016)")	\
	ENTRY_VARIANT(irqsave_inline, "pushf/cli/popf hooks, inlined enter/exit")	\
	ENTRY_VARIANT(irqsave_outline_sti,					\
		      "pushf/cli/conditional sti hooks, out-of-line enter/exit")	\
	ENTRY_VARIANT(irqsave_inline_sti,					\
		      "pushf/cli/conditional sti hooks, inlined enter/exit")		\
	ENTRY_VARIANT(irqoff_outline, "_irqoff hooks, out-of-line enter/exit")	\
	ENTRY_VARIANT(irqoff_inline_split,					\
		      "the default with the split context-tracking state (before 6.0)")	\
	ENTRY_VARIANT(irqoff_inline,						\
		      "_irqoff hooks, inlined, merged state (2016 + 2022 + 2023: the default)")

#define ENTRY_VARIANT_DEFAULT	irqoff_inline

#endif
