/* The web page's calls into flotsam (web/app.js uses them through the
 * WebAssembly module; flotsam_web.c says what each does). One `web` is one
 * world on one canvas: a scene or a replay opened, stepped, drawn as a
 * command list (draw_list.h), changed by inputs that are recorded. */
#ifndef FL_FLOTSAM_WEB_H
#define FL_FLOTSAM_WEB_H

#include <emscripten/emscripten.h>

#define FW_API EMSCRIPTEN_KEEPALIVE

typedef struct web web;

FW_API web *fw_create(void);
FW_API const char *fw_error(web *w);
FW_API void fw_view(web *w, int px_w, int px_h);
FW_API int fw_open(web *w, const char *text);
FW_API int fw_playing(web *w);
FW_API int fw_step(web *w, int n);
FW_API double fw_steps(web *w);
FW_API const char *fw_hash(web *w);
FW_API int fw_body_count(web *w);
FW_API double fw_rate(web *w);
FW_API int fw_draw(web *w, const char *overlays, double step_ms);
FW_API const double *fw_ops(web *w);
FW_API const char *fw_text(web *w);
FW_API int fw_text_length(web *w);
FW_API int fw_grab(web *w, double px, double py);
FW_API void fw_drag(web *w, double px, double py);
FW_API void fw_release(web *w);
FW_API int fw_spawn(web *w, double px, double py, int kind, double density);
FW_API int fw_water(web *w, double density, double wave_amplitude, double wave_length);
FW_API int fw_level(web *w, double surface);
FW_API const char *fw_fluid(web *w);
FW_API int fw_select(web *w, double px, double py);
FW_API const char *fw_inspect(web *w);
FW_API char *fw_replay(web *w);
FW_API void fw_free(void *p);

#endif
