# entrylab - see README.md. Everything built goes to build/.
#
#   make            build build/entrylab.iso and the ring-3 programs
#   make run        boot it under QEMU: self-tests, then init (the benchmark)
#   make test       build, boot every test configuration, check the results
#   make bench      the syscall benchmark alone: every entry variant, one boot
#   make compare    Linux 6.1 and 6.12 measured the same way (BOCHS=: and 6.12 with FRED)
#   make rcu-demo   RCU grace periods vs a nohz_full CPU in user mode (docs/smp-rcu.md)
#   make micro      ring-0 micro-benchmarks: single instructions, the PIR drain
#   make fuzz       long fuzzer runs, one boot per seed (FUZZ_SEEDS=, FUZZ_COUNT=, FUZZ_FRAMES=,
#                   FUZZ_PROGRESS=; docs/testing.md)
#   make selftests-x86  Linux's x86 entry selftests, unmodified, as init (docs/testing.md)
#   make selftests-linux  Linux's other selftests entrylab runs, unmodified, as init
#   make plot       the last benchmark's tables as figures (LOG=file: any run's)
#   make trace      one syscall instruction by instruction (VARIANT=, OP=, MITIGATIONS=; I386=
#                   an i386 getpid's door; VARIANT=fred under BOCHS=; OP=fault-read: one
#                   #PF from ring 3, faulting load to the instruction after it), and the
#                   summaries in docs/entry.md and docs/benchmarks.md refreshed
#   make usb DEV=/dev/sdX  write the ISO to a USB stick (docs/bare-metal.md)
#   make disasm     refresh docs/entry.md's annotated do_syscall_64, its booted SYSCALL stubs,
#                   the walkthrough's pieces of both and its drawing of pt_regs
#   make callgraph  the kernel's recursion (each cycle must say its bound), deepest call chain
#   make bochs-models  the self-tests and the ring-3 suite under Bochs, every model (1 and 2 CPUs)
#   make debug      boot halted with a gdb stub on :1234
#   make clean
#
# Variables (docs/reference.md, "Make variables"): CMDLINE, INIT, INIT_ARGS, BENCH_ARGS,
# ICOUNT, KVM, CPU, SMP, TCG_THREAD, GUI, TIMEOUT, FIRMWARE, EXIT_DEVICE, QEMU_EXTRA,
# BOCHS_CPU, BOCHS, DEBUG_ENTRY, V; make usb takes DEV, make trace VARIANT, OP,
# MITIGATIONS and I386, make fuzz FUZZ_SEEDS, FUZZ_COUNT, FUZZ_FRAMES and FUZZ_PROGRESS.
# A run's outcome is its status (0 success, 1 failure, 2 bad boot, 3 init exited
# non-zero, 4 init killed by a signal, 124 timed out, 125 no status): scripts/qemu.sh
# and scripts/bochs.sh exit with it, so a failed run fails its make target and make
# names it ("Error 3").

BUILD		?= build
.DEFAULT_GOAL	:= all
# No built-in rules: "%: %.o" would otherwise try to rebuild the .d files.
MAKEFLAGS	+= --no-builtin-rules
.SUFFIXES:
# Keep every intermediate object (user/lib objects are built through pattern chains).
.SECONDARY:
CC		:= gcc
LD		:= ld
NASM		:= nasm

# The run's configuration reaches the scripts through the environment, never
# through the shell's parser: CMDLINE="it's" is a command line like any other.
# make run boots the self-tests by default; make bench boots none unless asked.
ifeq ($(origin CMDLINE),undefined)
RUN_CMDLINE	:= selftest
BENCH_CMDLINE	:=
else
RUN_CMDLINE	:= $(CMDLINE)
BENCH_CMDLINE	:= $(CMDLINE)
endif
INIT		?= $(BUILD)/user/init.elf
INIT_ARGS	?=
BENCH_ARGS	?= iters=10000 reps=5
QEMU_EXTRA	?=
SMP		?= 1
FUZZ_SEEDS	?= 20261130
FUZZ_COUNT	?= 20000000
FUZZ_FRAMES	?= 0
FUZZ_PROGRESS	?= 1000000
export RUN_CMDLINE BENCH_CMDLINE INIT INIT_ARGS BENCH_ARGS FUZZ_SEEDS

# V=1 shows full commands.
ifeq ($(V),1)
Q :=
else
Q := @
endif

# Installs missing packages once per build tree (scripts/setup.sh is idempotent).
# Every rule that runs a tool depends on it, so even with -j nothing runs first.
TOOLS_OK := $(BUILD)/.tools-ok
$(TOOLS_OK): scripts/setup.sh
	@mkdir -p $(BUILD)
	@bash scripts/setup.sh
	@touch $@

# Expanded when a recipe runs (=, not :=), after scripts/setup.sh has installed gcc.
GCC_INCLUDE = $(shell $(CC) -print-file-name=include)
KERNEL_CFLAGS = -std=gnu11 -O2 -g -ffreestanding -nostdinc -isystem $(GCC_INCLUDE) \
	-Iinclude -Iarch/x86/include -Ibench \
	-mcmodel=kernel -mno-red-zone -mgeneral-regs-only -mno-mmx -mno-sse -mno-sse2 \
	-mno-avx -mpreferred-stack-boundary=3 -fno-pic -fno-pie -fno-stack-protector \
	-fno-omit-frame-pointer -fno-asynchronous-unwind-tables -fcf-protection=none \
	-fno-strict-aliasing -Wall -Wextra -Werror -Wno-unused-parameter -MMD -MP
NASMFLAGS := -f elf64 -g -F dwarf -Ientry/ -I$(BUILD)/ -I./
KERNEL_LDFLAGS := -nostdlib -static -z max-page-size=0x1000 -z noexecstack --build-id=none \
	-T linker.ld

ifeq ($(DEBUG_ENTRY),1)
KERNEL_CFLAGS += -DDEBUG_ENTRY
endif

# CALLGRAPH=1: each object's call graph and frame sizes beside it (NAME.ci), which
# scripts/callgraph.py reads (make callgraph).
ifeq ($(CALLGRAPH),1)
KERNEL_CFLAGS += -fcallgraph-info=su
endif

KERNEL_C := $(filter-out arch/x86/asm-offsets.c entry/common.c, \
	$(wildcard arch/x86/*.c arch/x86/mm/*.c arch/x86/drivers/*.c arch/x86/firmware/*.c \
	arch/x86/vdso/vma.c kernel/*.c kernel/*/*.c lib/*.c bench/*.c entry/*.c))
KERNEL_ASM := $(wildcard boot/*.asm entry/*.asm arch/x86/*.asm) arch/x86/vdso/vdso-image.asm

# entry/common.c is compiled once per entry variant, for each name in
# include/entry-variants.h. A name's words are its build flags: irqsave_* use
# the pushf/cli/popf context-tracking hooks, *_outline keep the hooks out of line,
# *_sti restore IRQs with a conditional sti instead of popf, *_split keep context
# tracking's state split (include/context_tracking.h).
variant_names := s/^[[:space:]]*ENTRY_VARIANT(\([a-z_]*\),.*/\1/p
ENTRY_VARIANTS := $(shell sed -n '$(variant_names)' include/entry-variants.h)
# Each is built twice: plainly, and for spectre_v2=retpoline with its indirect
# branches through arch/x86/retpoline.asm's thunks (symbols ending _retpoline).
# Once more as the default variant's FRED form, do_syscall_64_fred, which has no
# SYSRET decision (entry/fred.c calls it).
ENTRY_VARIANT_DEFAULT := $(shell sed -n 's/^\#define ENTRY_VARIANT_DEFAULT[[:space:]]*//p' \
	include/entry-variants.h)
ENTRY_OBJS := $(ENTRY_VARIANTS:%=$(BUILD)/entry/common-%.o) \
	$(ENTRY_VARIANTS:%=$(BUILD)/entry/common-%-retpoline.o) \
	$(BUILD)/entry/common-fred.o $(BUILD)/entry/common-fred-retpoline.o
RETPOLINE_CFLAGS := -mindirect-branch=thunk-extern -mindirect-branch-register
variant_flags = -DENTRY_VARIANT=$(1) $(call hook_flags,$(1))
fred_flags = -DENTRY_VARIANT=$(1) -DENTRY_FRED $(call hook_flags,$(ENTRY_VARIANT_DEFAULT))
hook_flags = -DENTRY_HOOKS_IRQSAVE=$(if $(findstring irqsave,$(1)),1,0) \
	-DENTRY_HOOKS_OUTLINE=$(if $(findstring outline,$(1)),1,0) \
	-DIRQ_RESTORE_$(if $(findstring _sti,$(1)),STI,POPF) \
	-DCT_STATE_SPLIT=$(if $(findstring _split,$(1)),1,0)

KERNEL_OBJS := $(KERNEL_C:%.c=$(BUILD)/%.o) $(KERNEL_ASM:%.asm=$(BUILD)/%.o) $(ENTRY_OBJS) \
	$(BUILD)/font8x16.o

# $(call compile_c,FLAGS,NOTE) and $(call assemble,FLAGS): the one recipe of each
# kind. The build line names the object, so a build/debug line says so.
define compile_c
	@mkdir -p $(dir $@)
	@echo "  CC      $@$(2)"
	$(Q)$(CC) $(1) -c -o $@ $<
endef
define assemble
	@mkdir -p $(dir $@)
	@echo "  NASM    $@"
	$(Q)$(NASM) $(1) -o $@ $<
endef

# The vDSO (arch/x86/vdso/): ring-3 code the kernel maps into every process, so
# position-independent, with no data and no relocations (checked after the link:
# the pages are shared, read-execute, by every process at any address). The
# stripped image is embedded in the kernel's .rodata by vdso-image.asm.
VDSO_CFLAGS = -std=gnu11 -O2 -g -ffreestanding -nostdinc -isystem $(GCC_INCLUDE) \
	-Iinclude -Iarch/x86/include -fPIC -mgeneral-regs-only -fno-stack-protector \
	-fcf-protection=none -fasynchronous-unwind-tables -fno-strict-aliasing \
	-Wall -Wextra -Werror -Wno-unused-parameter -MMD -MP
VDSO_LDFLAGS := -shared -soname=linux-vdso.so.1 --hash-style=both --eh-frame-hdr \
	-z max-page-size=4096 -z noexecstack --build-id=none -Bsymbolic --no-undefined

$(BUILD)/arch/x86/vdso/%.o: arch/x86/vdso/%.c $(TOOLS_OK)
	$(call compile_c,$(VDSO_CFLAGS))
$(BUILD)/arch/x86/vdso/%-32.o: arch/x86/vdso/%.c $(TOOLS_OK)
	$(call compile_c,$(VDSO_CFLAGS) -m32, [i386])
$(BUILD)/arch/x86/vdso/vdso.so: $(BUILD)/arch/x86/vdso/vclock_gettime.o arch/x86/vdso/vdso.lds
	@echo "  VDSO    $@"
	$(Q)$(LD) $(VDSO_LDFLAGS) -T arch/x86/vdso/vdso.lds -o $@.dbg $<
	$(Q)if readelf -rW $@.dbg | grep -q R_X86_64; then \
		echo "$@: the vDSO must not need relocations:" >&2; \
		readelf -rW $@.dbg >&2; exit 1; fi
	$(Q)objcopy -S $@.dbg $@
# The 32-bit vDSO, for i386 programs: vdso32.asm's entry and signal trampolines and
# the clocks compiled for i386. The same checks, and the offsets of its symbols,
# local ones too, for the kernel (arch/x86/vdso/vma.c).
VDSO32_SYMS := __kernel_vsyscall __kernel_sigreturn __kernel_rt_sigreturn vsyscall_fast \
	int80_landing_pad sigreturn_landing_pad rt_sigreturn_landing_pad
# Its trampolines' syscall numbers, from the header that defines them.
VDSO32_NRS = $(shell sed -n \
	's/^\#define[[:space:]]*\(__NR_ia32_\(rt_\)*sigreturn\)[[:space:]]*\([0-9]*\).*/-D\1=\3/p' \
	include/uapi/unistd_32.h)
$(BUILD)/arch/x86/vdso/vdso32.o: arch/x86/vdso/vdso32.asm include/uapi/unistd_32.h $(TOOLS_OK)
	$(call assemble,-f elf32 $(VDSO32_NRS))
$(BUILD)/arch/x86/vdso/vdso32.so: $(BUILD)/arch/x86/vdso/vdso32.o \
		$(BUILD)/arch/x86/vdso/vclock_gettime-32.o arch/x86/vdso/vdso32.lds
	@echo "  VDSO    $@"
	$(Q)$(LD) -m elf_i386 $(VDSO_LDFLAGS:linux-vdso.so.1=linux-gate.so.1) \
		-T arch/x86/vdso/vdso32.lds -o $@.dbg $(filter %.o,$^)
	$(Q)if readelf -rW $@.dbg | grep -q R_386; then \
		echo "$@: the vDSO must not need relocations:" >&2; \
		readelf -rW $@.dbg >&2; exit 1; fi
	$(Q)objcopy -S $@.dbg $@
$(BUILD)/arch/x86/vdso/vdso32-syms.h: $(BUILD)/arch/x86/vdso/vdso32.so
	@echo "  GEN     $@"
	$(Q)nm $<.dbg | awk '$$3 ~ /^($(shell echo $(VDSO32_SYMS) | tr ' ' '|'))$$/ \
		{ printf "#define VDSO32_%s 0x%s\n", $$3, $$1 }' > $@
	$(Q)test $$(wc -l < $@) -eq $(words $(VDSO32_SYMS)) || \
		{ echo "$@: a symbol of $(VDSO32_SYMS) is missing" >&2; rm $@; exit 1; }
# The kernel's half, which maps the images into every process, is kernel code.
$(BUILD)/arch/x86/vdso/vma.o: arch/x86/vdso/vma.c $(BUILD)/arch/x86/vdso/vdso32-syms.h $(TOOLS_OK)
	$(call compile_c,$(KERNEL_CFLAGS) -I$(BUILD)/arch/x86/vdso)
$(BUILD)/arch/x86/vdso/vdso-image.o: $(BUILD)/arch/x86/vdso/vdso.so $(BUILD)/arch/x86/vdso/vdso32.so

# Ring-3 programs: freestanding, static, linked at 0x400000 by user/user.ld; init and the
# probe link the benchmark's ring-3 half (bench/user/).
# lib/ (vsnprintf, string functions, the parameter parser, the KTAP runner)
# is compiled for ring 3 too.
USER_CFLAGS = -std=gnu11 -O2 -g -ffreestanding -nostdinc -isystem $(GCC_INCLUDE) \
	-Iuser/lib -Ibench/user -Iinclude -Iarch/x86/include \
	-fno-pic -fno-pie -fno-stack-protector -fcf-protection=none \
	-fno-asynchronous-unwind-tables \
	-fno-strict-aliasing -fno-builtin -Wall -Wextra -Werror -Wno-unused-parameter -MMD -MP
USER_LIB_OBJS := $(BUILD)/user/lib/crt0.o $(BUILD)/user/lib/sigsetjmp.o $(BUILD)/user/lib/clone.o \
	$(BUILD)/user/lib/libc.o $(BUILD)/user/lib/string.o $(BUILD)/user/lib/vsprintf.o \
	$(BUILD)/user/lib/cmdline.o $(BUILD)/user/lib/selftest.o $(BUILD)/user/lib/vdso.o
USER_PROGS := $(BUILD)/user/init.elf $(BUILD)/user/probe.elf $(BUILD)/user/entrytests.elf \
	$(BUILD)/user/fuzz.elf

$(BUILD)/user/%.o: user/%.c $(TOOLS_OK)
	$(call compile_c,$(USER_CFLAGS))
$(BUILD)/user/%.o: user/tests/%.c $(TOOLS_OK)
	$(call compile_c,$(USER_CFLAGS))
$(BUILD)/bench/user/%.o: bench/user/%.c $(TOOLS_OK)
	$(call compile_c,$(USER_CFLAGS))
$(BUILD)/user/lib/%.o: lib/%.c $(TOOLS_OK)
	$(call compile_c,$(USER_CFLAGS))
$(BUILD)/user/lib/%.o: user/lib/%.asm $(TOOLS_OK)
	$(call assemble,-f elf64)
$(BUILD)/user/%.o: user/tests/%.asm $(TOOLS_OK)
	$(call assemble,-f elf64)
$(BUILD)/user/init.elf $(BUILD)/user/probe.elf: $(BUILD)/bench/user/bench.o \
	$(BUILD)/bench/user/bench_filters.o
$(BUILD)/user/entrytests.elf: \
	$(patsubst user/tests/%.c,$(BUILD)/user/%.o,$(wildcard user/tests/*.c)) \
	$(patsubst user/tests/%.asm,$(BUILD)/user/%.o,$(wildcard user/tests/*.asm))
$(BUILD)/user/%.elf: $(BUILD)/user/%.o $(USER_LIB_OBJS) user/user.ld
	@echo "  LD      $@"
	$(Q)$(LD) -static -nostdlib -z max-page-size=0x1000 -z noexecstack --build-id=none \
		-T user/user.ld -o $@ $(USER_LIB_OBJS) \
		$(sort $(filter-out $(USER_LIB_OBJS),$(filter %.o,$^)))

ISO := $(BUILD)/entrylab.iso
KERNEL := $(BUILD)/entrylab.elf
PROBE := $(BUILD)/user/probe.elf

.PHONY: all run test bench compare plot rcu-demo micro trace usb selftests-x86 selftests-linux \
	disasm callgraph bochs-models debug clean fuzz FORCE
all: $(ISO) $(USER_PROGS)

# -MT: the dependency file names the .inc, so a header change regenerates it.
$(BUILD)/asm-offsets.inc: arch/x86/asm-offsets.c $(TOOLS_OK)
	@mkdir -p $(dir $@)
	@echo "  GEN     $@"
	$(Q)$(CC) $(KERNEL_CFLAGS) -MT $@ -S -o $(BUILD)/asm-offsets.s $<
	$(Q)sed -n 's/^[[:space:]]*\.ascii "->\([A-Za-z_0-9]*\) \(.*\)"$$/%define \1 \2/p' \
		$(BUILD)/asm-offsets.s > $@

$(BUILD)/%.o: %.c $(TOOLS_OK)
	$(call compile_c,$(KERNEL_CFLAGS))
# The i386 dispatch is a switch (entry/syscall_32.c): compares and direct calls,
# never a jump table's indirect JMP.
$(BUILD)/entry/syscall_32.o: KERNEL_CFLAGS += -fno-jump-tables

$(BUILD)/entry/common-fred.o: entry/common.c $(TOOLS_OK)
	$(call compile_c,$(KERNEL_CFLAGS) $(call fred_flags,fred))
$(BUILD)/entry/common-fred-retpoline.o: entry/common.c $(TOOLS_OK)
	$(call compile_c,$(KERNEL_CFLAGS) $(RETPOLINE_CFLAGS) $(call fred_flags,fred_retpoline))
$(BUILD)/entry/common-%.o: entry/common.c $(TOOLS_OK)
	$(call compile_c,$(KERNEL_CFLAGS) $(call variant_flags,$*))
$(BUILD)/entry/common-%-retpoline.o: entry/common.c $(TOOLS_OK)
	$(call compile_c,$(KERNEL_CFLAGS) $(RETPOLINE_CFLAGS) $(call variant_flags,$*_retpoline))

# NASM 2.16's -MD lists only the source file, not what it includes: -M does.
$(BUILD)/%.o: %.asm $(BUILD)/asm-offsets.inc $(TOOLS_OK)
	@mkdir -p $(dir $@)
	$(Q)$(NASM) $(NASMFLAGS) -M -MP -MT $@ -MF $(@:.o=.d) $<
	$(call assemble,$(NASMFLAGS))

# Two links: the first without symbol names, the second with the table that
# scripts/gen-ksyms.sh makes from the first. The table sits in .rodata after
# .text, so no text address changes between the two.
$(BUILD)/ksyms-empty.c: scripts/gen-ksyms.sh $(TOOLS_OK)
	@mkdir -p $(dir $@)
	$(Q)bash scripts/gen-ksyms.sh > $@
$(BUILD)/entrylab.pass1.elf: $(KERNEL_OBJS) $(BUILD)/ksyms-empty.o linker.ld
	@echo "  LD      $@"
	$(Q)$(LD) $(KERNEL_LDFLAGS) -o $@ $(KERNEL_OBJS) $(BUILD)/ksyms-empty.o
$(BUILD)/ksyms.c: $(BUILD)/entrylab.pass1.elf scripts/gen-ksyms.sh
	@echo "  KSYMS   $@"
	$(Q)bash scripts/gen-ksyms.sh $< > $@
$(KERNEL): $(KERNEL_OBJS) $(BUILD)/ksyms.o linker.ld
	@echo "  LD      $@"
	$(Q)$(LD) $(KERNEL_LDFLAGS) -o $@ $(KERNEL_OBJS) $(BUILD)/ksyms.o
	$(Q)grub-file --is-x86-multiboot2 $@ || { echo "$@: not a multiboot2 kernel" >&2; exit 1; }

# The framebuffer console's 8x16 font: GNU Unifont's ASCII glyphs, from the copy
# GRUB's own package installs (kernel/printk/fbcon.c).
FONT_PF2 := /usr/share/grub/ascii.pf2
$(BUILD)/font8x16.c: scripts/gen-font.py $(TOOLS_OK)
	@echo "  FONT    $@"
	$(Q)python3 scripts/gen-font.py $(FONT_PF2) > $@.tmp && mv $@.tmp $@

$(BUILD)/ksyms.o $(BUILD)/ksyms-empty.o $(BUILD)/font8x16.o: $(BUILD)/%.o: $(BUILD)/%.c
	$(call compile_c,$(KERNEL_CFLAGS))

# The ISO is rebuilt when the command line, init (its name or its contents) or the
# installed GRUB platforms change, not only the kernel.
GRUB_PLATFORMS = $(notdir $(wildcard /usr/lib/grub/i386-pc /usr/lib/grub/x86_64-efi \
				   /usr/lib/grub/i386-efi))
$(BUILD)/iso-config: FORCE
	@mkdir -p $(BUILD)
	@printf '%s|%s|%s|%s\n' "$$RUN_CMDLINE" "$$INIT" "$$INIT_ARGS" "$(GRUB_PLATFORMS)" | \
		cmp -s - $@ || printf '%s|%s|%s|%s\n' "$$RUN_CMDLINE" "$$INIT" "$$INIT_ARGS" \
		"$(GRUB_PLATFORMS)" > $@

$(ISO): $(KERNEL) $(USER_PROGS) $(wildcard $(INIT)) $(BUILD)/iso-config scripts/mkiso.sh
	@echo "  ISO     $@"
	$(Q)bash scripts/mkiso.sh $(KERNEL) $@ "$$RUN_CMDLINE" $(PROBE) "$$INIT" "$$INIT_ARGS"

# ICOUNT unset: KVM where it is usable, else instructions under icount (qemu.sh).
# BOCHS_CPU=model: under Bochs as that CPU model instead (bochs.sh).
ifneq ($(BOCHS_CPU),)
BOOT_ISO	= SMP=$(SMP) bash scripts/bochs.sh
else
BOOT_ISO	= ICOUNT=$${ICOUNT:-auto} SMP=$(SMP) bash scripts/qemu.sh
endif
export BOCHS_CPU

run: $(ISO)
	$(Q)$(BOOT_ISO) $(ISO) $(if $(BOCHS_CPU),,$(QEMU_EXTRA))

# One boot, every entry variant, mitigations off: the kernel prints the tables; then
# one boot per row of the mitigation table (scripts/bench_mitigations.py;
# docs/benchmarks.md); then the i386 rows (scripts/bench_i386.sh).
bench: $(KERNEL) $(USER_PROGS) $(BUILD)/user/i386/bench.elf
	@echo "  ISO     $(BUILD)/bench.iso"
	$(Q)bash scripts/mkiso.sh $(KERNEL) $(BUILD)/bench.iso "mitigations=off $$BENCH_CMDLINE" \
		$(PROBE) "$$INIT" "$$BENCH_ARGS"
ifneq ($(BOCHS_CPU),)
	@# A FRED boot measures the legacy rows too, FRED switched off for them at run
	@# time (arch/x86/fred.c; docs/benchmarks.md): one boot, as on a PC.
	$(Q)bash -o pipefail -c 'SMP=$(SMP) bash scripts/bochs.sh $(BUILD)/bench.iso | \
		tee $(BUILD)/bench.log'
	@echo "bench: under Bochs the boots above only: the mitigation and i386 tables" \
		"boot QEMU's models"
else
	$(Q)bash -o pipefail -c 'SMP=$(SMP) bash scripts/qemu.sh $(BUILD)/bench.iso \
		$(QEMU_EXTRA) | tee $(BUILD)/bench.log'
	$(Q)bash -o pipefail -c 'SMP=$(SMP) python3 scripts/bench_mitigations.py --build $(BUILD) \
		--args "$$BENCH_ARGS" --cmdline "$$BENCH_CMDLINE" | tee -a $(BUILD)/bench.log'
	@echo "  ISO     $(BUILD)/bench-i386.iso"
	$(Q)bash scripts/mkiso.sh $(KERNEL) $(BUILD)/bench-i386.iso \
		"mitigations=off $$BENCH_CMDLINE" $(PROBE) $(BUILD)/user/i386/bench.elf \
		"$$BENCH_ARGS"
	$(Q)bash -o pipefail -c 'bash scripts/bench_i386.sh $(BUILD)/bench-i386.iso | \
		tee -a $(BUILD)/bench.log'
endif

# Linux measured as make bench measures entrylab (scripts/bench_linux.py; docs/benchmarks.md,
# "Linux measured the same way"): tests/programs/syscall-loop.c as pid 1 of Debian's Linux 6.1
# and 6.12 under QEMU icount, each with its default mitigations and mitigations=off, one boot
# at a time, beside the boot row of the last make bench; with BOCHS=, Linux 6.12 built with FRED
# (LINUX_FRED_BUILD) under that Bochs too.
LINUX_FRED_BUILD ?= ../shared/tools/linux-fred/build.sh
compare: $(BUILD)/tests/syscall-loop.elf
	$(Q)bash -o pipefail -c 'python3 scripts/bench_linux.py --program $< --args "$$BENCH_ARGS" \
		--log $(BUILD)/bench.log $(if $(BOCHS),--bochs "$$BOCHS" \
		--fred-build $(LINUX_FRED_BUILD)) | tee $(BUILD)/compare.log'

# The tables of a benchmark run as figures (scripts/plot.py): LOG= the run's log
# (default: the last make bench's), COMPARE= make compare's (default: its last, when
# there is one) for Linux's reference lines, DOCS=1 into docs/figures/.
plot: $(TOOLS_OK)
	$(Q)bash scripts/setup.sh python3-matplotlib
	$(Q)/usr/bin/python3 scripts/plot.py --log "$(or $(LOG),$(BUILD)/bench.log)" \
		--compare "$(or $(COMPARE),$(BUILD)/compare.log)" \
		--out $(BUILD)/plots $(if $(filter 1,$(DOCS)),--docs)

# The fuzzer, one boot per seed, one after another (scripts/fuzz.py): no self-tests
# unless CMDLINE asks, plain TCG unless ICOUNT or KVM say otherwise; TIMEOUT per seed.
fuzz: $(KERNEL) $(USER_PROGS)
	$(Q)SMP=$(SMP) python3 scripts/fuzz.py --build $(BUILD) --seeds "$$FUZZ_SEEDS" \
		--count $(FUZZ_COUNT) --frames $(FUZZ_FRAMES) --progress $(FUZZ_PROGRESS) \
		--cmdline "$$BENCH_CMDLINE" --timeout $(or $(TIMEOUT),0)

# Linux's own tools/testing/selftests/x86, unmodified, each booted as init; the
# expected results are in tests/selftests-x86.expect (docs/testing.md).
selftests-x86: $(KERNEL) $(USER_PROGS)
	$(Q)python3 tests/selftests_x86.py --build $(BUILD)

# Linux's selftests beyond x86/ that tests/selftests-linux.expect names.
selftests-linux: $(KERNEL) $(USER_PROGS)
	$(Q)python3 tests/selftests_linux.py --build $(BUILD)

# The self-tests and the ring-3 suite under Bochs as every CPU model entrylab supports,
# on one CPU and on two, and the benchmark on one (tests/run.py's bochs-cpu-models).
bochs-models: $(KERNEL) $(USER_PROGS)
	$(Q)BOCHS_SMP="1 2" python3 tests/run.py --build $(BUILD) --only bochs-cpu-models

# docs/smp-rcu.md: grace periods while ring 3 spins on a nohz_full CPU, with the RCU
# tracker on and off. Two CPUs unless SMP= says more; every CPU but 0 is nohz_full.
ifeq ($(filter command line environment,$(origin SMP)),)
rcu-demo: SMP := 2
endif
rcu-demo: $(KERNEL) $(USER_PROGS)
	@echo "  ISO     $(BUILD)/rcu-demo.iso"
	$(Q)bash scripts/mkiso.sh $(KERNEL) $(BUILD)/rcu-demo.iso \
		"rcu_demo nohz_full=1-$$(($(SMP) - 1)) noinit $$BENCH_CMDLINE" $(PROBE)
	$(Q)SMP=$(SMP) bash scripts/qemu.sh $(BUILD)/rcu-demo.iso $(QEMU_EXTRA)

# docs/benchmarks.md: instructions and the posted-interrupt drain, timed in ring 0.
micro: $(KERNEL) $(USER_PROGS)
	@echo "  ISO     $(BUILD)/micro.iso"
	$(Q)bash scripts/mkiso.sh $(KERNEL) $(BUILD)/micro.iso "micro noinit $$BENCH_CMDLINE" \
		$(PROBE)
	$(Q)SMP=$(SMP) bash scripts/qemu.sh $(BUILD)/micro.iso $(QEMU_EXTRA)

# The dynamic trace of one syscall under QEMU's gdb stub (scripts/trace.py), then
# the summaries docs/entry.md quotes: every variant's kill(), and an i386
# program's getpid() through each door; and docs/benchmarks.md's budgets, the
# invalid syscall's and a fault-read's. I386=int80, syscall or sysenter traces
# that getpid() instead of the probe's OP; OP=fault-read, a read of an untouched
# anonymous page, from the load through its #PF to the instruction after it.
# VARIANT=fred traces the FRED path under a Bochs with its gdb stub, built once into
# $(BUILD)/bochs-gdbstub from the source
# beside BOCHS= (a FRED-capable Bochs, as ../shared/tools/bochs); with BOCHS= the
# summaries get FRED's row and the budgets FRED's columns too.
VARIANT ?= irqoff-inline
OP ?= kill
MITIGATIONS ?= off
TRACE_BOCHS = $(if $(BOCHS),--bochs $(BOCHS))
trace: $(KERNEL) $(USER_PROGS) $(BUILD)/user/i386/bench.elf
	$(Q)python3 scripts/trace.py --build $(BUILD) --variant $(VARIANT) --op $(OP) \
		--mitigations $(MITIGATIONS) $(if $(I386),--i386 $(I386)) $(TRACE_BOCHS)
	$(Q)python3 scripts/trace.py --build $(BUILD) --docs docs/entry.md \
		--budget-docs docs/benchmarks.md $(TRACE_BOCHS)

# The ISO onto a USB stick for a PC: only a removable, unmounted whole disk that
# does not hold this system's root, and only after asking (scripts/usb.sh).
usb: $(ISO)
	$(Q)bash scripts/usb.sh $(ISO) "$(DEV)"

# docs/entry.md quotes the built do_syscall_64 and the SYSCALL stub as booted (one boot with
# mitigations=off, one with every entry mitigation forced on, read through QEMU's gdb stub);
# this refreshes both.
disasm: $(KERNEL) $(USER_PROGS)
	$(Q)python3 scripts/entry-disasm.py $(KERNEL) --update docs/entry.md

# The same kernel built with CALLGRAPH=1 in its own tree, for its .ci files.
callgraph: $(TOOLS_OK)
	$(Q)$(MAKE) --no-print-directory BUILD=$(BUILD)/callgraph CALLGRAPH=1 \
		$(BUILD)/callgraph/entrylab.elf
	$(Q)python3 scripts/callgraph.py $(BUILD)/callgraph

debug: $(ISO)
	@echo "QEMU waits for gdb; in another terminal run:"
	@echo "  gdb $(KERNEL) -ex 'target remote :1234'"
	$(Q)SMP=$(SMP) KVM=0 TIMEOUT=0 bash scripts/qemu.sh $(ISO) -s -S $(QEMU_EXTRA)

# A program built with the host toolchain and glibc, to show INIT= takes any
# static executable (tests/programs/), static-PIE ones too; and the same program
# linked dynamically, which the kernel must refuse with a reason.
$(BUILD)/tests/%.elf: tests/programs/%.c $(TOOLS_OK)
	@mkdir -p $(dir $@)
	@echo "  HOSTCC  $@ [static glibc]"
	$(Q)$(CC) -static -O2 -idirafter include -o $@ $<
$(BUILD)/tests/hello-pie.elf: tests/programs/hello-glibc.c $(TOOLS_OK)
	@mkdir -p $(dir $@)
	@echo "  HOSTCC  $@ [static-pie glibc]"
	$(Q)$(CC) -static-pie -O2 -o $@ $<
$(BUILD)/tests/threads-glibc.elf: tests/programs/threads.c $(TOOLS_OK)
	@mkdir -p $(dir $@)
	@echo "  HOSTCC  $@ [static glibc]"
	$(Q)$(CC) -static -O2 -pthread -o $@ $<
$(BUILD)/tests/threads-glibc-i386.elf: tests/programs/threads.c $(TOOLS_OK)
	@mkdir -p $(dir $@)
	@echo "  HOSTCC  $@ [static glibc, i386]"
	$(Q)$(CC) -m32 -static -O2 -pthread -o $@ $<
$(BUILD)/tests/vdso-glibc-i386.elf: tests/programs/vdso-glibc.c $(TOOLS_OK)
	@mkdir -p $(dir $@)
	@echo "  HOSTCC  $@ [static glibc, i386]"
	$(Q)$(CC) -m32 -static -O2 -idirafter include -o $@ $<
# include/math64.h's i386 way, run as init (tests/run.py compares it with the host's x86-64 way).
$(BUILD)/tests/math64-i386.elf: tests/programs/math64.c include/math64.h $(TOOLS_OK)
	@mkdir -p $(dir $@)
	@echo "  HOSTCC  $@ [static glibc, i386]"
	$(Q)$(CC) -m32 -static -ffreestanding -O2 -Wall -Werror -Iinclude -o $@ $<
# The benchmark's i386 rows (scripts/bench_i386.sh): a stock glibc program too.
$(BUILD)/user/i386/bench.elf: bench/user/i386/bench.c $(TOOLS_OK)
	@mkdir -p $(dir $@)
	@echo "  HOSTCC  $@ [static glibc, i386]"
	$(Q)$(CC) -m32 -static -fno-pie -no-pie -O2 -Wall -o $@ $<
$(BUILD)/tests/i386-suite.elf: tests/programs/i386.c $(TOOLS_OK)
	@mkdir -p $(dir $@)
	@echo "  HOSTCC  $@ [static glibc, i386]"
	$(Q)$(CC) -m32 -static -fno-pie -no-pie -O2 -pthread -Wall -o $@ $<
$(BUILD)/tests/threads-musl.elf: tests/programs/threads.c $(TOOLS_OK)
	@mkdir -p $(dir $@)
	@echo "  MUSLCC  $@ [static musl]"
	$(Q)musl-gcc -static -O2 -o $@ $<
# The same built as an i386 program, with Debian's i386 musl unpacked under build/
# (scripts/musl-i386.sh: Debian installs it only beside an i686 cross compiler).
MUSL_I386 := $(BUILD)/musl-i386
$(MUSL_I386)/musl-gcc.specs: scripts/musl-i386.sh $(TOOLS_OK)
	@echo "  GET     Debian's musl-dev:i386 into $(MUSL_I386)"
	$(Q)bash scripts/musl-i386.sh $(MUSL_I386)
$(BUILD)/tests/threads-musl-i386.elf: tests/programs/threads.c $(MUSL_I386)/musl-gcc.specs
	@mkdir -p $(dir $@)
	@echo "  MUSLCC  $@ [static musl, i386]"
	$(Q)$(CC) -m32 -specs=$(MUSL_I386)/musl-gcc.specs -Wl,-melf_i386 -static -O2 -o $@ $<
# Rust's std, with the distribution's rustc: static-PIE (its default with
# crt-static), and position-dependent.
$(BUILD)/tests/threads-rust-pie.elf: tests/programs/threads.rs $(TOOLS_OK)
	@mkdir -p $(dir $@)
	@echo "  RUSTC   $@ [static-pie]"
	$(Q)MAKEFLAGS= rustc -O -C target-feature=+crt-static -o $@ $<
$(BUILD)/tests/threads-rust.elf: tests/programs/threads.rs $(TOOLS_OK)
	@mkdir -p $(dir $@)
	@echo "  RUSTC   $@ [static, not PIE]"
	$(Q)MAKEFLAGS= rustc -O -C target-feature=+crt-static -C relocation-model=static -o $@ $<
# Go, with the distribution's go: static without cgo, its caches in the build tree.
$(BUILD)/tests/goroutines-go.elf: tests/programs/goroutines.go $(TOOLS_OK)
	@mkdir -p $(dir $@)
	@echo "  GO      $@ [static, CGO_ENABLED=0]"
	$(Q)CGO_ENABLED=0 GOCACHE=$(abspath $(BUILD))/go-cache GOPATH=$(abspath $(BUILD))/go-path \
		go build -o $@ $<
$(BUILD)/tests/hello-dynamic.elf: tests/programs/hello-glibc.c $(TOOLS_OK)
	@mkdir -p $(dir $@)
	@echo "  HOSTCC  $@ [dynamic glibc, not PIE]"
	$(Q)$(CC) -no-pie -O2 -o $@ $<

test: $(KERNEL) $(USER_PROGS) $(BUILD)/tests/hello-glibc.elf $(BUILD)/tests/hello-dynamic.elf \
	$(BUILD)/tests/vulns.elf \
	$(BUILD)/tests/hello-pie.elf \
	$(BUILD)/tests/threads-glibc.elf $(BUILD)/tests/threads-glibc-i386.elf \
	$(BUILD)/tests/i386-suite.elf \
	$(BUILD)/tests/vdso-glibc.elf $(BUILD)/tests/vdso-glibc-i386.elf \
	$(BUILD)/tests/math64-i386.elf \
	$(BUILD)/tests/threads-musl.elf $(BUILD)/tests/threads-musl-i386.elf \
	$(BUILD)/tests/threads-rust.elf $(BUILD)/tests/threads-rust-pie.elf \
	$(BUILD)/tests/goroutines-go.elf
	$(Q)$(MAKE) --no-print-directory BUILD=$(BUILD)/debug DEBUG_ENTRY=1 \
		$(BUILD)/debug/entrylab.elf
	$(Q)python3 tests/run.py --build $(BUILD)

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
