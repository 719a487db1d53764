// SPDX-License-Identifier: GPL-2.0
/*
 * Capabilities, as Linux's kernel/capability.c and security/commoncap.c for a
 * system where every task is uid 0 (include/capability.h): capget(2),
 * capset(2), the bounding set's prctl()s, and the sets a program gets at
 * execve(). A thread's sets are its own (capset() changes the caller only),
 * copied by fork and clone. A task writes only its own, and under the
 * task-table lock, under which capget() reads another's whole.
 */
#include <asm/uaccess.h>
#include <capability.h>
#include <errno.h>
#include <sched.h>
#include <syscalls.h>
#include <uapi/prctl.h>
#include <user_namespace.h>

bool capable(int cap)
{
	return ns_capable(&init_user_ns, cap);
}

void caps_init(struct task *t)
{
	t->caps = (struct task_caps){ .effective = CAP_VALID_MASK, .permitted = CAP_VALID_MASK,
				      .bset = CAP_VALID_MASK };
}

void caps_exec(struct task *t)
{
	u64 permitted = 0;
	unsigned long flags;

	/*
	 * Linux gives root's sets only where uid 0 is the namespace's root: a user
	 * namespace with no uid map (every one but the initial: none can be
	 * written) maps no root, so a program started in it gets nothing.
	 */
	if (t->signal->user_ns == &init_user_ns)
		permitted = t->caps.inheritable | t->caps.bset;

	if (t->no_new_privs)		/* gain nothing: Linux's LSM_UNSAFE_NO_NEW_PRIVS */
		permitted &= t->caps.permitted;
	tasklist_lock(&flags);
	t->caps.permitted = t->caps.effective = permitted;
	tasklist_unlock(flags);
}

long prctl_capbset(int option, unsigned long cap)
{
	unsigned long flags;

	/* Linux's order: a drop without CAP_SETPCAP is -EPERM whatever the number. */
	if (option == PR_CAPBSET_DROP && !ns_capable(current->signal->user_ns, CAP_SETPCAP))
		return -EPERM;
	if (cap > CAP_LAST_CAP)
		return -EINVAL;
	if (option == PR_CAPBSET_READ)
		return !!(current->caps.bset & BIT(cap));
	tasklist_lock(&flags);
	current->caps.bset &= ~BIT(cap);
	tasklist_unlock(flags);
	return 0;
}

/* capget(2)'s header versions: 32-bit sets (v1), 64-bit sets as two halves (v2, v3). */
#define _LINUX_CAPABILITY_VERSION_1	0x19980330
#define _LINUX_CAPABILITY_VERSION_2	0x20071026
#define _LINUX_CAPABILITY_VERSION_3	0x20080522

struct cap_user_header {
	u32 version;
	int pid;
};

struct cap_user_data {
	u32 effective, permitted, inheritable;
};

/*
 * The header of capget() and capset(): *hdr and how many set words its version
 * has, or -EINVAL for an unknown version, the preferred one written back (how
 * libcap probes it), or -EFAULT.
 */
static long cap_read_header(struct cap_user_header __user *uhdr, struct cap_user_header *hdr,
			    unsigned int *words)
{
	if (copy_from_user(hdr, uhdr, sizeof(*hdr)))
		return -EFAULT;
	if (hdr->version == _LINUX_CAPABILITY_VERSION_1) {
		*words = 1;
	} else if (hdr->version == _LINUX_CAPABILITY_VERSION_2 ||
		   hdr->version == _LINUX_CAPABILITY_VERSION_3) {
		*words = 2;
	} else {
		hdr->version = _LINUX_CAPABILITY_VERSION_3;
		return copy_to_user(uhdr, hdr, sizeof(*hdr)) ? -EFAULT : -EINVAL;
	}
	return 0;
}

/*
 * capget(hdr, data): the sets of the thread hdr->pid names (0: the caller), as
 * many 32-bit words of each as the version has. An unknown version is -EINVAL,
 * an unknown pid -ESRCH; with data NULL, 0 for any version and no lookup.
 */
long sys_capget(struct pt_regs *regs)
{
	struct cap_user_header __user *uhdr = (void __user *)regs->di;
	struct cap_user_data __user *udata = (void __user *)regs->si;
	struct cap_user_data data[2];
	struct cap_user_header hdr;
	struct task_caps caps;
	unsigned long flags;
	unsigned int words;
	struct task *t;
	long ret;

	ret = cap_read_header(uhdr, &hdr, &words);
	if (ret || !udata)		/* no data: a probe of the version (libcap's) */
		return ret == -EINVAL && !udata ? 0 : ret;
	if (hdr.pid < 0)
		return -EINVAL;
	tasklist_lock(&flags);
	t = hdr.pid ? find_task_by_vpid_locked(hdr.pid) : current;
	if (t)
		caps = t->caps;
	tasklist_unlock(flags);
	if (!t)
		return -ESRCH;
	for (unsigned int i = 0; i < 2; i++)
		data[i] = (struct cap_user_data){ .effective = caps.effective >> (32 * i),
						  .permitted = caps.permitted >> (32 * i),
						  .inheritable = caps.inheritable >> (32 * i) };
	return copy_to_user(udata, data, words * sizeof(data[0])) ? -EFAULT : 0;
}

static bool cap_subset(u64 a, u64 b)
{
	return !(a & ~b);
}

/*
 * capset(hdr, data): the caller's own sets only (-EPERM for another pid), with
 * Linux's cap_capset() rules: permitted may only shrink, effective stays within
 * the new permitted, inheritable within the old inheritable and the bounding
 * set, and within the permitted set unless the caller has CAP_SETPCAP. A v1
 * header's sets have no upper half: those capabilities are dropped.
 */
long sys_capset(struct pt_regs *regs)
{
	struct cap_user_header __user *uhdr = (void __user *)regs->di;
	struct cap_user_data data[2] = { 0 };
	struct task_caps *old = &current->caps, new;
	struct cap_user_header hdr;
	unsigned long flags;
	unsigned int words;
	long ret = cap_read_header(uhdr, &hdr, &words);

	if (ret)
		return ret;
	if (hdr.pid && hdr.pid != current->pid)
		return -EPERM;
	if (copy_from_user(data, (const void __user *)regs->si, words * sizeof(data[0])))
		return -EFAULT;
	new = (struct task_caps){
		.effective = (data[0].effective | (u64)data[1].effective << 32) & CAP_VALID_MASK,
		.permitted = (data[0].permitted | (u64)data[1].permitted << 32) & CAP_VALID_MASK,
		.inheritable = (data[0].inheritable | (u64)data[1].inheritable << 32) &
			       CAP_VALID_MASK,
		.bset = old->bset,
	};
	if ((!ns_capable(current->signal->user_ns, CAP_SETPCAP) &&
	     !cap_subset(new.inheritable, old->inheritable | old->permitted)) ||
	    !cap_subset(new.inheritable, old->inheritable | old->bset) ||
	    !cap_subset(new.permitted, old->permitted) ||
	    !cap_subset(new.effective, new.permitted))
		return -EPERM;
	tasklist_lock(&flags);
	current->caps = new;
	tasklist_unlock(flags);
	return 0;
}
