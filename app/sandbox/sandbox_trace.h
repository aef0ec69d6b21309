/* The sandbox's trace, for a program that drives the window (the tests,
 * scripts/monkey) to know what it has done instead of guessing how long to
 * wait: when FLOTSAM_SANDBOX_TRACE names a file, a line is appended to it
 * for every event handled, every frame begun and shown, every file loaded
 * or saved, the banner's changes and the HUD's messages, each flushed as it
 * is written (docs/sandbox.md lists them). Off, each call only looks at one
 * pointer. The main thread alone writes it. */
#ifndef FL_SANDBOX_TRACE_H
#define FL_SANDBOX_TRACE_H

#include <SDL.h>
#include "sandbox_parts.h"

/* Opens the file FLOTSAM_SANDBOX_TRACE names, if set (appending; a message
 * on stderr when it cannot). */
void sandbox_trace_open(void);
/* Says "end" and closes it. */
void sandbox_trace_close(void);
/* "WORD WHAT HASH": a hash of the world's whole scene text (bodies,
 * densities, fluids, holes), for a test to see it come back exactly. */
void sandbox_trace_world(const char *word, const char *what, const fl_sim *s);
/* One line. */
void sandbox_trace_line(const char *fmt, ...) SANDBOX_PRINTF(1, 2);
/* An event the window is about to handle (what it does follows the line). */
void sandbox_trace_event(const SDL_Event *e);
/* A frame of sb handed to the painter ("draw N", after "banner TEXT" when
 * the banner changed since the last); the one the painter finished and
 * painter_take gave back; that one on the screen ("frame N step S bodies B
 * paused P", of the world as it was handed over). */
void sandbox_trace_frame_begun(const sandbox *sb);
void sandbox_trace_frame_taken(void);
void sandbox_trace_frame_shown(void);

#endif
