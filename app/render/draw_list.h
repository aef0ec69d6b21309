/* draw.h's backend that records: every path, fill, stroke, clip and text
 * becomes a command in a list of doubles, which another backend (or the
 * web page, on a canvas) replays. The renderer's picture drawn into a list
 * and replayed on Cairo is the picture drawn on Cairo directly, pixel for
 * pixel (tests/test_render.c).
 *
 * A command is its code and then its operands, all doubles; a colour is
 * one double, r << 24 | g << 16 | b << 8 | a; text is an offset and a
 * length in the list's UTF-8 bytes:
 *   DL_MOVE x y   DL_LINE x y   DL_CLOSE   DL_CIRCLE x y r
 *   DL_FILL colour                DL_FILL_VERTICAL y0 colour0 y1 colour1
 *   DL_STROKE colour width cap    (cap: draw_cap)
 *   DL_CLIP   DL_UNCLIP           DL_TEXT x y size colour offset length
 *   DL_FAST on */
#ifndef FL_DRAW_LIST_H
#define FL_DRAW_LIST_H

#include <stddef.h>
#include "draw.h"

enum {
    DL_MOVE = 1, DL_LINE, DL_CLOSE, DL_CIRCLE, DL_FILL, DL_FILL_VERTICAL, DL_STROKE, DL_CLIP,
    DL_UNCLIP, DL_TEXT, DL_FAST
};

#define DRAW_LIST_CLIPS 16 /* clips inside clips, at most */

typedef struct draw_list {
    double *ops;
    size_t count, cap;
    char *text;
    size_t text_len, text_cap;
    double width, height; /* the target's size in pixels */
    /* How wide s is at `size` pixels, as the replaying target will draw
     * it; NULL: 0.55 size a character. */
    double (*measure)(void *ctx, const char *s, double size);
    void *measure_ctx;
    bool failed; /* out of memory, or clips too deep */
    /* The path's bounds since it was last drawn, and the clips' */
    double path[4];
    bool has_path;
    double clips[DRAW_LIST_CLIPS][4];
    int clip_depth;
} draw_list;

extern const draw_backend draw_list_backend;

/* An empty list for a target of w x h pixels. */
void draw_list_init(draw_list *l, double w, double h);
/* Empties it for the next picture, keeping its memory; the size may change. */
void draw_list_reset(draw_list *l, double w, double h);
void draw_list_free(draw_list *l);

/* Draws the list on another backend's target; false if that target failed
 * or the list is malformed. */
bool draw_list_replay(const draw_list *l, const draw_backend *be, void *target);

#endif
