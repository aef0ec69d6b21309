/* The interactive sandbox: a window on a running scene that a person can
 * poke with the mouse and keyboard (see help.c for every key). */
#ifndef FL_SANDBOX_H
#define FL_SANDBOX_H

#include <stdbool.h>

/* True when `arg`, as the program's first argument, means the sandbox: a
 * scene or replay file (an existing file, or a name ending in .scene or
 * .replay) or one of the sandbox's own options. */
bool sandbox_wants(const char *arg);

/* `flotsam [SCENE | REPLAY] [--save-as FILE] [--replay-out FILE] [--frames
 * DIR] [--size WxH]`: opens the window and runs until it is closed. Returns an exit status: 2 for bad
 * arguments or a bad scene, 1 when no window can be opened. */
int sandbox_main(int argc, char **argv);

#endif
