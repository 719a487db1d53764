/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The task table, shared by task lifetime (task.c) and the scheduler (sched/core.c)
 * and by no one else: the rest of the kernel walks it with for_each_task() and
 * finds tasks with find_process_by_vpid_locked() and find_task_by_vpid_locked()
 * (include/sched.h).
 */
#ifndef _ENTRYLAB_TASK_TABLE_H
#define _ENTRYLAB_TASK_TABLE_H

#include <sched.h>
#include <spinlock.h>

/*
 * task_table_size slots, sized at boot (task_table_init()); slot i owns kernel stack
 * slot i; NULL: free. The slots under sched_lock; the array and its size never change.
 */
extern struct task **tasks;
extern unsigned int task_table_size;
/*
 * Every slot in use is below it, so a scan stops there: with few tasks a scan
 * costs what a small table's would. Raised as a slot is taken, lowered when
 * the next one is (slots freed at the top meanwhile). Under sched_lock.
 */
extern unsigned int nr_task_slots;
/* What a slot holds while a task is created or freed there: never runnable. */
extern struct task slot_reserved;
/* The table's and every task state's lock. IRQs off: schedule() holds it across the switch. */
extern spinlock_t sched_lock;

#define KSTACK_BASE	0xffffc98000000000UL
#define KSTACK_SLOT	(KERNEL_STACK_SIZE + PAGE_SIZE)	/* stack + guard page */

/* The slot of tasks[] that t occupies (and whose kernel stack it uses); not an idle task. */
static inline unsigned int task_slot(const struct task *t)
{
	return ((unsigned long)t->stack - KSTACK_BASE - PAGE_SIZE) / KSTACK_SLOT;
}

/* Sizes the table to threads-max and maps every kernel-stack slot's page tables, at boot. */
void task_table_init(void);

#endif
