/* What `flotsam run` and `replay` make while they simulate: PNG frames, an
 * animation, a snapshot, a trace CSV, and the options that ask for them. */
#ifndef FL_PICTURES_H
#define FL_PICTURES_H

#include <stdbool.h>
#include "frames.h"
#include "overlays.h"
#include "plot.h"
#include "trace.h"

typedef struct picture_options {
    const char *frames;     /* folder for PNG frames; NULL: none */
    const char *animation;  /* .gif, .webp, .mp4 or .webm; NULL: none */
    const char *snapshot;   /* .png, .svg or .pdf; NULL: none */
    const char *trace;      /* .csv of every body every `every` steps; NULL: none */
    const char *plot;       /* .png, .svg chart or .csv of quantities; NULL: none */
    const char *quantities[PLOT_MOST]; /* ... its quantities (plot.h) */
    int quantity_count;
    const char *bodies[PLOT_MOST]; /* ... of these bodies (none: the first that moves) */
    int body_count;
    long at;                /* the snapshot's step; -1: the last */
    long every;             /* steps between frames; 0: about 30 per simulated second */
    long from;              /* the first step drawn */
    double fps;             /* the animation's playback; 0: real time */
    bool overwrite;         /* remove the frames the folder holds */
    int width, height;      /* picture size */
    render_options overlay;
    bool shaping;           /* --every, --size, --overlay or --from was given */
} picture_options;

picture_options picture_options_default(void);
/* Reads the option at argv[*i] if it is one of these (moving *i past its
 * value): returns CLI_OK, a usage error's status, or -1 for none of them. */
int picture_option(int argc, char **argv, int *i, picture_options *o);
/* Checks how the options go together for a run of `steps` steps. */
int picture_options_check(const picture_options *o, long steps);

/* A run's pictures as they are being taken. */
typedef struct pictures {
    picture_options o;
    frames *fr;             /* frames, animation, snapshot; NULL: none */
    long every;
    trace tr;               /* the trace, when asked for */
    plot_series pl;         /* the plot's points, when asked for */
    char label[128];        /* the HUD's line: the scene's name */
} pictures;

/* Prepares what was asked for (refusing a folder with old frames: exit 2),
 * printing what goes wrong; returns CLI_OK or an exit status. */
int pictures_open(pictures *p, const picture_options *o, const char *scene_name, fl_sim *s);
/* After `done` steps: the frame or snapshot that is due. False on failure
 * (printed). */
bool pictures_step(pictures *p, fl_sim *s, long done);
/* Finishes the animation (ok: the run went well) or drops it; false on
 * failure (printed). */
bool pictures_close(pictures *p, bool ok);

#endif
