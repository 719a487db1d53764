/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ENTRYLAB_STRING_H
#define _ENTRYLAB_STRING_H

#include <compiler.h>

void *memset(void *s, int c, size_t n);
void *memcpy(void *d, const void *s, size_t n);
void *memmove(void *d, const void *s, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);
char *strstr(const char *haystack, const char *needle);
size_t strlcpy(char *d, const char *s, size_t size);
bool str_to_u64(const char *s, size_t len, u64 *out);

#endif
