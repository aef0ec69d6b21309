/* Drawing a shape with the mouse: P, a left click for each corner, Enter
 * (or a click on the first corner) makes it a body of the spawn density;
 * Esc drops it, Backspace its last corner, T makes it a hollow hull. Shift + a left drag makes a box.
 * The shape is read as a scene statement would be (drawn_shape.c), so the
 * window refuses what a scene file would, and it spawns through
 * sandbox_spawn_body: saved by Ctrl+S and recorded in replays. */
#include "drawn_shape.h"
#include "sandbox_parts.h"

#define CLOSE_PX 10.0 /* a click this near the first corner closes the shape */
#define WALL 0.1      /* m: a hollow hull's wall, times the spawn size */

void sandbox_toggle_hollow(sandbox *sb)
{
    sb->drawing.hollow = !sb->drawing.hollow;
    if (sb->drawing.hollow)
        sandbox_say(sb, "a hollow hull: a wall %.2f m thick, open along its top edge",
                    WALL * sb->spawn_scale);
    else
        sandbox_say(sb, "a solid shape");
}

void sandbox_start_drawing(sandbox *sb)
{
    sb->drawing.on = true;
    sb->drawing.count = 0;
    sandbox_say(sb, "drawing: click the corners, Enter or the first corner closes, Esc drops");
}

void sandbox_cancel_drawing(sandbox *sb)
{
    if (sb->drawing.on)
        sandbox_say(sb, "drawing dropped");
    sb->drawing.on = false;
    sb->drawing.count = 0;
}

void sandbox_drawing_undo(sandbox *sb)
{
    if (sb->drawing.count > 0)
        sb->drawing.count--;
}

void sandbox_finish_drawing(sandbox *sb)
{
    sandbox_drawing *d = &sb->drawing;
    if (!d->on)
        return;
    char msg[SANDBOX_TEXT_MAX];
    fl_scene_body b;
    fl_scene_body_room room;
    bool ok = d->hollow ? drawn_hull_body(d->points, d->count, sandbox_spawn_density(sb),
                                          WALL * sb->spawn_scale, &b, &room, msg, sizeof msg)
                        : drawn_shape_body(d->points, d->count, sandbox_spawn_density(sb), &b,
                                           &room, msg, sizeof msg);
    if (!ok) {
        sandbox_say(sb, "%s", msg); /* still drawing: mend it, or Esc */
        return;
    }
    if (sandbox_spawn_body(sb, &b))
        sandbox_say(sb, "a %d-cornered shape of %.0f kg/m2", d->count, sandbox_spawn_density(sb));
    d->on = false;
    d->count = 0;
}

void sandbox_drawing_click(sandbox *sb, fl_vec2 world)
{
    sandbox_drawing *d = &sb->drawing;
    if (d->count >= 3) {
        camera cam = sandbox_camera(sb);
        fl_vec2 first = camera_to_screen(&cam, d->points[0]);
        if (fl_length(fl_sub(first, sb->mouse.at)) <= CLOSE_PX * sb->view.px_per_point) {
            sandbox_finish_drawing(sb);
            return;
        }
    }
    if (d->count == FL_SCENE_MAX_POINTS) {
        sandbox_say(sb, "a shape has at most %d corners: Enter closes it", FL_SCENE_MAX_POINTS);
        return;
    }
    d->points[d->count++] = world;
}

void sandbox_box_from(sandbox *sb, fl_vec2 world)
{
    sb->drawing.boxing = true;
    sb->drawing.box_from = world;
}

void sandbox_box_to(sandbox *sb, fl_vec2 world)
{
    sandbox_drawing *d = &sb->drawing;
    if (!d->boxing)
        return;
    d->boxing = false;
    char msg[SANDBOX_TEXT_MAX];
    fl_scene_body b;
    if (!drawn_box_body(d->box_from, world, sandbox_spawn_density(sb), &b, msg, sizeof msg))
        sandbox_say(sb, "%s", msg);
    else
        sandbox_spawn_body(sb, &b);
}
