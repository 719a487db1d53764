; entry/entry_64.asm - the 64-bit SYSCALL entry, from the SYSCALL instruction to
; SYSRET or IRET. docs/entry.md follows one syscall through this file.
;
; On SYSCALL the CPU has done only this:
;   RCX = user RIP (the instruction after SYSCALL), R11 = user RFLAGS,
;   RFLAGS &= ~MSR_SYSCALL_MASK (IF, TF, DF, AC, NT, IOPL, RF ... now clear),
;   CS = __KERNEL_CS and SS = __KERNEL_DS (from MSR_STAR), CPL = 0.
; RSP is still the user's and GS_BASE still the user's: until the stack switch no
; memory may be touched except through GS after SWAPGS. IRQs are off (SFMASK
; cleared IF) and stay off until do_syscall_64() enables them.
;
; ENTRY_SYSCALL_64 is instantiated twice per entry variant, for every name in
; include/entry-variants.h (ENTRY_VARIANT_NAMES, through asm-offsets): the plain
; stub, and entry_SYSCALL_64_<name>_mitigated with the speculation mitigations'
; patch sites (entry/mitigations.inc), which MSR_LSTAR names when any of them is
; on (bench/variants.c). So mitigations=off runs exactly the plain stub, and
; each mitigation that is on costs what it does and no more. The variants differ
; only in the C function they call (see include/entry-common.h).

%include "calling.inc"

bits 64
default rel
section .entry.text progbits alloc exec nowrite align=64

extern return_via_iret

; SYSCALL_FRAME: the start of struct pt_regs on the kernel stack, a fake IRET
; frame so that the IRET exit and every other entry see the same layout, then
; orig_ax and di. RSP is the stack's top, the user's RSP parked in the entry page.
%macro SYSCALL_FRAME 0
	push __USER_DS			; pt_regs->ss
	push qword [gs:PERCPU_user_rsp]	; pt_regs->sp
	push r11			; pt_regs->flags: the user's RFLAGS
	push __USER_CS			; pt_regs->cs
	push rcx			; pt_regs->ip: the user's return address
	push rax			; pt_regs->orig_ax: the syscall number
	push rdi			; pt_regs->di
%endmacro

; ENTRY_SYSCALL_64 name, mitigated (0 or 1)
%macro ENTRY_SYSCALL_64 2
%if %2
%define %%stub entry_SYSCALL_64_%1_mitigated
%else
%define %%stub entry_SYSCALL_64_%1
%endif
extern do_syscall_64_%1
extern do_syscall_64_%1_retpoline
global %%stub
align 64
%%stub:
	swapgs				; GS_BASE = this CPU's struct percpu
	mov [gs:PERCPU_user_rsp], rsp	; park the user RSP: we need RSP for a stack
%if %2
	SKIP_UNLESS MIT_PTI
	SWITCH_TO_KERNEL_CR3 rsp	; RSP is the scratch register: nothing else is free
	SKIP_END
%endif
	mov rsp, [gs:PERCPU_top_of_stack]	; RSP = top of the current task's kernel stack

	SYSCALL_FRAME			; the fake IRET frame, orig_ax and di
	PUSH_REGS -ENOSYS		; pt_regs->si .. r15; pt_regs->ax = -ENOSYS
	SYSCALL_64_C %1, %2
%endmacro

; SYSCALL_64_C name, mitigated: the second half of a SYSCALL entry, from a
; complete pt_regs at RSP, RAX = the syscall number, IRQs off, to SYSRET or IRET.
%macro SYSCALL_64_C 2
	mov rdi, rsp			; arg 0: struct pt_regs *
	mov rsi, rax			; arg 1: the syscall number (C reads ESI: an int)
%if %2
	IBRS_ENTER			; EAX, ECX, EDX are saved: WRMSR may have them
	CLEAR_BRANCH_HISTORY		; before the first indirect branch: the dispatch
%endif
	CLEAR_REGS			; no other user value reaches C in a register
%if %2
	; the dispatcher built with retpolines (spectre_v2=retpoline) or without
	CALL_IF MIT_RETPOLINE, do_syscall_64_%1_retpoline, do_syscall_64_%1
%else
	call do_syscall_64_%1		; IRQs off on return; AL = may use SYSRET
%endif
	test al, al
	jz return_via_iret		; no: IRET, which restores any state
%if %2
	IBRS_EXIT			; EAX, ECX, EDX are still to be popped
%endif

	; SYSRET. do_syscall_64 checked: pt_regs->cx == ip, r11 == flags, user CS
	; and SS, ip < TASK_SIZE_MAX, no RF or TF. IRQs are off.
	POP_REGS			; every GPR as in pt_regs; RCX = RIP, R11 = RFLAGS
	mov rsp, [rsp + PT_SP - PT_ORIG_AX] ; RSP = user RSP (RSP was at orig_ax)
	EXIT_TO_USER {o64 sysret}, %2	; RIP = RCX, RFLAGS = R11, CPL 3
%endmacro

%macro ENTRY_SYSCALL_64_BOTH 1
	ENTRY_SYSCALL_64 %1, 0
	ENTRY_SYSCALL_64 %1, 1
%endmacro

FOR_EACH ENTRY_SYSCALL_64_BOTH ENTRY_VARIANT_NAMES

; The floor: the least a correct SYSCALL entry can do, and the benchmark's reference
; row. It switches GS and stacks like the real entry and returns -ENOSYS for every
; number except __NR_entrylab_bench, which goes to the default entry so that the
; benchmark can leave the floor again. No C, no pt_regs, no context tracking. It
; touches only the entry page, so it is correct with PTI too (it never reads the
; stack it switches to); its _mitigated twin leaves for the default's.
; ENTRY_SYSCALL_64_FLOOR suffix, default stub
%macro ENTRY_SYSCALL_64_FLOOR 2
global entry_SYSCALL_64_floor%1
align 64
entry_SYSCALL_64_floor%1:
	cmp eax, __NR_entrylab_bench	; the control call? (an int, as in the full entry)
	je %2				; yes: take the default variant's full path
	swapgs				; GS_BASE = this CPU's struct percpu
	mov [gs:PERCPU_user_rsp], rsp	; park the user RSP
	mov rsp, [gs:PERCPU_top_of_stack]	; on the kernel stack: nothing to do here
	mov rax, -ENOSYS		; the result
	mov rsp, [gs:PERCPU_user_rsp]	; user RSP back
	EXIT_TO_USER {o64 sysret}, 0	; SWAPGS, SYSRET: RCX and R11 were never touched
%endmacro

ENTRY_SYSCALL_64_FLOOR , ENTRY_SYSCALL_64_DEFAULT
ENTRY_SYSCALL_64_FLOOR _mitigated, ENTRY_SYSCALL_64_DEFAULT_MITIGATED

; entry=asm-fastpath: the design Linux had before its entry moved to C, the
; system_call_fastpath of up to 4.0 (and, trimmed, entry_SYSCALL_64_fastpath
; to 4.15). A syscall with nothing to do runs here in assembly: it saves only
; the registers a C call may clobber, calls the table itself and returns with
; SYSRET. Everything else goes to the full C path of the default variant: any
; syscall work (a tracer), TF, context tracking being on (Linux marked every
; task TIF_NOHZ for that, so that it took the slow path), a call that reads or
; rewrites all of pt_regs (sys_call_ptregs[]), and any exit work. No register
; clearing: the preserved half still holds the user's values in the handler,
; unsaved. Without the SYSCALL path's mitigations only (bench/variants.c).
; docs/entry.md, "A timeline", says what this path cost Linux and why it went.
extern context_tracking_key
extern sys_call_table
extern sys_call_ptregs
extern irqentry_exit_to_user_mode_irqoff
global entry_SYSCALL_64_asm_fastpath
align 64
entry_SYSCALL_64_asm_fastpath:
	swapgs				; GS_BASE = this CPU's struct percpu
	mov [gs:PERCPU_user_rsp], rsp	; park the user RSP: we need RSP for a stack
	mov rsp, [gs:PERCPU_top_of_stack]	; RSP = top of the task's kernel stack
	SYSCALL_FRAME			; the fake IRET frame, orig_ax and di
	PUSH_REGS_CLOBBERED -ENOSYS	; pt_regs->si .. r11; pt_regs->ax = -ENOSYS
	sub rsp, PT_R11			; RSP = pt_regs; bx .. r15 reserved, not written
	test qword [gs:PERCPU_syscall_work], SYSCALL_WORK_ENTER	; a tracer's entry stop?
	jnz .full			; yes: the C path stops for it
	test r11d, X86_EFLAGS_TF	; single-stepped? (the C path reports the step)
	jnz .full
	; context tracking (Linux: TIF_NOHZ)? The fast path cannot track: C does.
	STATIC_JUMP_IF_ON context_tracking_key, .full, 1
	cmp eax, NR_syscalls		; an int past the table, or negative?
	jae .done			; -ENOSYS, in pt_regs->ax already
	sbb ecx, ecx			; ECX = -1 (CF set: in range): array_index_nospec
	and eax, ecx			; RAX = the number, zero-extended, never past the table
	cmp byte [abs sys_call_ptregs + rax], 0	; does the call need all of pt_regs?
	jne .full			; yes: C, which saves it
	sti				; IRQs on for the handler, as in C
	mov rdi, rsp			; arg 0: struct pt_regs * (its upper half unwritten)
	call [abs sys_call_table + rax * 8]	; the handler; RBX, RBP, R12-R15 preserved
	mov [rsp + PT_AX], rax		; pt_regs->ax = the result
	cli				; IRQs off from the flags test to SYSRET
.done:
	mov rcx, [gs:PERCPU_current_task]	; RCX = current (its thread_info first)
	test qword [rcx + TI_flags], EXIT_TO_USER_MODE_SLOW	; signals, resched, ...?
	jnz .exit_work			; yes: C, with all of pt_regs
	; turned on by this call (the benchmark)? Then C's exit tells it: user mode from here
	STATIC_JUMP_IF_ON context_tracking_key, .exit_work, 1
	add rsp, PT_R11			; RSP = &pt_regs->r11: skip the unwritten half
	POP_REGS_CLOBBERED		; R11 = user RFLAGS, RCX = user RIP, RAX = result
	mov rsp, [rsp + PT_SP - PT_ORIG_AX] ; RSP = user RSP (RSP was at orig_ax)
	EXIT_TO_USER {o64 sysret}, 0	; RIP = RCX, RFLAGS = R11, CPL 3
.exit_work:
	SAVE_REGS_PRESERVED		; all of pt_regs: a signal frame copies it
	mov rdi, rsp			; arg 0: struct pt_regs *
	call irqentry_exit_to_user_mode_irqoff	; the exit work; IRQs off on return
	jmp return_via_iret		; as Linux's int_ret_from_sys_call: IRET
.full:
	SAVE_REGS_PRESERVED		; all of pt_regs, as the default entry has it
	SYSCALL_64_C ENTRY_VARIANT_DEFAULT_NAME, 0	; IRQs still off: its C from the top

; A new task's first return to user mode. switch_to() "returns" here on the
; task's kernel stack with IRQs off and RSP = the task's struct pt_regs, which
; task_start() or fork filled in. Exit through the same hooks as every return.
extern ret_from_fork
extern fred_exit_user_mitigated
global ret_from_fork_asm
ret_from_fork_asm:
	mov rdi, rsp			; arg 0: struct pt_regs *
	call ret_from_fork		; entry/irq.c: the exit work; IRQs stay off
	SKIP_UNLESS PATCH_FEATURE_FRED
	jmp fred_exit_user_mitigated	; FRED: ERETU, from the same pt_regs
	SKIP_END
	jmp return_via_iret		; a first entry always uses IRET
