#ifndef FOTOFOLIO_SPAWN_SHIM_H
#define FOTOFOLIO_SPAWN_SHIM_H

#include <spawn.h>
#include <unistd.h>

/* glibc declares these two only under _GNU_SOURCE, which Swift's Glibc module is not built
   with, so Swift cannot see them. Both are in every glibc we run on (closefrom_np since
   2.34); the declarations repeat glibc's own. */
#if defined(__linux__)
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
extern int pipe2(int fildes[2], int flags);
#endif

#endif
