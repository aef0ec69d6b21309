/* What `stability` and `hydrostatics` share: a command line of one scene
 * and options that each take a value, and the body of that scene that
 * moves, with a fluid to float in. */
#ifndef FL_BODY_COMMAND_H
#define FL_BODY_COMMAND_H

#include "flotsam/flotsam.h"
#include "loading.h"

/* Reads argv: one scene (*scene) and the options names[0 .. count), each
 * with a value (into *slots[k]). CLI_OK, CLI_ANSWERED (its help was asked
 * for and printed) or a usage error, said. */
int body_command_args(const char *command, int argc, char **argv, const char *const *names,
                      const char ***slots, int count, const char **scene);

/* Builds the scene and finds the body named `body` (NULL: the first that
 * moves) with the scene's first fluid under it; CLI_OK with *s (the
 * caller's to free) and *b, or the error's status, said. */
int body_command_open(const char *command, const char *scene, const char *body, fl_sim **s,
                      fl_body_id *b);

/* The loading condition `condition` of body b (NULL: none, an empty
 * loading) into *l, with its compartment `damage` open to the sea (NULL:
 * intact): CLI_OK, or CLI_BAD_INPUT said (no such condition or
 * compartment of that body, with the ones it has; too many tanks). */
int body_command_loading(const fl_sim *s, fl_body_id b, const char *condition, const char *damage,
                         loading *l);

#endif
