/* SPDX-License-Identifier: GPL-2.0 */
/* kcmp(2)'s object types, Linux's values (uapi/linux/kcmp.h). */
#ifndef _ENTRYLAB_UAPI_KCMP_H
#define _ENTRYLAB_UAPI_KCMP_H

enum kcmp_type {
	KCMP_FILE,
	KCMP_VM,
	KCMP_FILES,
	KCMP_FS,
	KCMP_SIGHAND,
	KCMP_IO,
	KCMP_SYSVSEM,
	KCMP_EPOLL_TFD,
	KCMP_TYPES,
};

#endif
