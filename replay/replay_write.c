/* Replays as text ("flotsam-replay 1", docs/replay-format.md): the scenes
 * verbatim, then the inputs and checkpoints in step order, then the end.
 * Numbers are printed with the fewest digits that read back as the same
 * double, so a replay read back applies exactly what was recorded. */
#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include "check.h"
#include "flotsam/flotsam.h"
#include "format.h"
#include "replay_state.h"

static void write_scene(FILE *f, const replay_scene *s)
{
    int lines = 0;
    for (size_t i = 0; i < s->len; i++)
        lines += s->text[i] == '\n';
    bool open_end = s->len > 0 && s->text[s->len - 1] != '\n';
    fprintf(f, "scene lines=%d\n", lines + (open_end ? 1 : 0));
    fwrite(s->text, 1, s->len, f);
    if (open_end)
        fputc('\n', f);
}

static void write_input(FILE *f, const fl_replay *r, const fl_input *in)
{
    fprintf(f, "at %" PRIu64, in->step);
    switch (in->kind) {
    case FL_INPUT_SPAWN:
        fputs(" spawn\n", f);
        write_scene_body(f, &r->spawns[in->spawn]);
        fputc('\n', f);
        return;
    case FL_INPUT_REMOVE: fprintf(f, " remove body=%" PRIu32, in->body); break;
    case FL_INPUT_GRAB:
        fprintf(f, " grab body=%" PRIu32, in->body);
        format_point(f, "anchor", in->anchor);
        format_point(f, "target", in->target);
        if (in->force > 0.0)
            format_num(f, "force", in->force);
        break;
    case FL_INPUT_DRAG:
        fputs(" drag", f);
        format_point(f, "target", in->target);
        break;
    case FL_INPUT_RELEASE: fputs(" release", f); break;
    case FL_INPUT_FLUID:
        fprintf(f, " fluid index=%d", in->fluid);
        format_num(f, "surface", in->surface);
        break;
    case FL_INPUT_DENSITY:
        fprintf(f, " density body=%" PRIu32, in->body);
        format_num(f, "value", in->density);
        break;
    case FL_INPUT_BUILD: fprintf(f, " build scene=%d", in->scene); break;
    case FL_INPUT_WATER:
        fprintf(f, " water index=%d", in->fluid);
        format_num(f, "density", in->density);
        format_num(f, "linear-drag", in->linear_drag);
        format_num(f, "angular-drag", in->angular_drag);
        format_num(f, "wave-amplitude", in->wave_amplitude);
        format_num(f, "wave-length", in->wave_length);
        break;
    case FL_INPUT_GRAVITY:
        fputs(" gravity", f);
        format_point(f, "vector", in->gravity);
        break;
    case FL_INPUT_HOLE:
        fprintf(f, " hole body=%" PRIu32, in->body);
        format_point(f, "from", in->anchor);
        format_point(f, "to", in->target);
        break;
    }
    fputc('\n', f);
}

bool fl_replay_write(FILE *f, const fl_replay *r, char *err, size_t err_size)
{
    FL_ASSERT(f && r && (err || err_size == 0));
    if (!r->ended || r->check_count == 0) {
        snprintf(err, err_size, "the replay has no end yet");
        return false;
    }
    errno = 0;
    fputs("flotsam-replay 1\n# written by flotsam: the scenes, then what was done, step by step\n", f);
    for (int i = 0; i < r->scene_count; i++)
        write_scene(f, &r->scenes[i]);
    int c = 0, last = r->check_count - 1;
    for (int i = 0; i < r->input_count; i++) {
        /* A checkpoint after s steps comes before the inputs at s. */
        for (; c < last && r->checks[c].step <= r->inputs[i].step; c++)
            fprintf(f, "check %" PRIu64 " %016" PRIx64 "\n", r->checks[c].step, r->checks[c].hash);
        write_input(f, r, &r->inputs[i]);
    }
    for (; c < last; c++)
        fprintf(f, "check %" PRIu64 " %016" PRIx64 "\n", r->checks[c].step, r->checks[c].hash);
    fprintf(f, "end %" PRIu64 " %016" PRIx64 "\n", r->steps, r->checks[last].hash);
    if (fflush(f) != 0 || ferror(f)) {
        snprintf(err, err_size, "%s", strerror(errno ? errno : EIO));
        return false;
    }
    return true;
}
