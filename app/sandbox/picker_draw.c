/* The scene picker on the screen: a panel in the middle of the window,
 * as tall as the window lets it be, with its title, the filter, the rows
 * in view of the entries the filter lets through (the highlighted one in
 * yellow) and, above and below them, how many more there are. */
#include <stdio.h>
#include <string.h>
#include "sandbox_parts.h"

#define WIDEST 460.0 /* text units */

picker_box sandbox_picker_box(const sandbox *sb)
{
    camera cam = sandbox_camera(sb);
    double u = render_text_unit(&cam), row = TEXT_LINE_UNITS * u, pad = 6 * u, margin = 8 * u;
    double w = fmin(sb->view.px_w - 2 * margin, WIDEST * u);
    /* Its lines: the title, the filter, "more above", the rows, "more below". */
    int fit = (int)floor((sb->view.px_h - 2 * margin - 2 * pad) / row) - PICKER_FIRST_ROW - 1;
    int rows = sb->picker.count < fit ? sb->picker.count : fit;
    rows = rows < 1 ? 1 : rows;
    /* Placed for the whole list; as tall as the rows the filter leaves. */
    double whole = (rows + PICKER_FIRST_ROW + 1) * row + 2 * pad;
    int shown = sb->picker.shown_count < rows ? sb->picker.shown_count : rows;
    double h = ((shown < 1 ? 1 : shown) + PICKER_FIRST_ROW + 1) * row + 2 * pad;
    return (picker_box){(sb->view.px_w - w) / 2, fmax(margin, (sb->view.px_h - whole) / 2), w,
                        h, pad, row, u, rows};
}

/* s drawn at `at`, its start cut off (an ellipsis for it) where it would
 * be wider than w: a path's end says most. */
static void draw_fitted(draw_batch *b, const char *s, fl_vec2 at, double w, double u, rgba c)
{
    char line[PICKER_PATH + 8];
    snprintf(line, sizeof line, "%s", s);
    while (text_width(b, line, u) > w && *s) {
        s += text_char_length(s);
        snprintf(line, sizeof line, "\xe2\x80\xa6%s", s); /* U+2026 */
    }
    text_draw(b, line, at, u, c);
}

static void rect(draw_batch *b, double x, double y, double w, double h, rgba c)
{
    fl_vec2 p[4] = {fl_v2(x, y), fl_v2(x + w, y), fl_v2(x + w, y + h), fl_v2(x, y + h)};
    draw_polygon(b, p, 4, c);
}

/* The filter's line: what was typed, or how to. */
static void draw_filter(draw_batch *b, const sandbox_picker *p, fl_vec2 at, double w, double u)
{
    char line[PICKER_FILTER + 64];
    if (!p->filter[0]) {
        text_draw(b, "type to filter the list", at, u, rgba_hex(0x8aa0b4, 255));
        return;
    }
    snprintf(line, sizeof line, "filter: %s_", p->filter);
    draw_fitted(b, line, at, w, u, rgba_hex(0xffd866, 255));
    if (p->shown_count == 0)
        text_draw(b, "no name holds it (Backspace, Esc)",
                  fl_v2(at.x, at.y + 2 * TEXT_LINE_UNITS * u), u, rgba_hex(0xffb4a8, 255));
}

void sandbox_draw_picker(draw_batch *batch, const sandbox *sb)
{
    const sandbox_picker *p = &sb->picker;
    if (!p->on)
        return;
    picker_box b = sandbox_picker_box(sb);
    double x = b.x + b.pad + 2 * b.u, w = b.w - 2 * b.pad - 4 * b.u;
    double line0 = b.y + b.pad + 0.15 * b.row; /* the text's top in the first line */
    rect(batch, b.x, b.y, b.w, b.h, rgba_hex(SANDBOX_PANEL_COLOR, 250)); /* over the HUD */
    rgba grey = rgba_hex(0xb0c4d4, 255);
    draw_fitted(batch, "open: arrows, Page Up/Down, Home/End, wheel; Enter or a click; Esc",
                fl_v2(x, line0), w, b.u, grey);
    draw_filter(batch, p, fl_v2(x, line0 + b.row), w, b.u);
    int top = sandbox_picker_top(p, b.rows);
    int below = p->shown_count - top - b.rows;
    char more[64];
    if (top > 0) {
        snprintf(more, sizeof more, "\xe2\x96\xb2 %d more", top); /* U+25B2 */
        text_draw(batch, more, fl_v2(x, line0 + (PICKER_FIRST_ROW - 1) * b.row), b.u, grey);
    }
    if (below > 0) {
        snprintf(more, sizeof more, "\xe2\x96\xbc %d more", below); /* U+25BC */
        text_draw(batch, more, fl_v2(x, line0 + (PICKER_FIRST_ROW + b.rows) * b.row), b.u,
                  grey);
    }
    for (int r = 0; r < b.rows && top + r < p->shown_count; r++) {
        int i = p->shown[top + r];
        double y = b.y + b.pad + (PICKER_FIRST_ROW + r) * b.row;
        if (top + r == p->cursor)
            rect(batch, b.x + 4 * b.u, y, b.w - 8 * b.u, b.row,
                 rgba_hex(SANDBOX_SELECT_COLOR, 90));
        const char *open = "  (open)";
        double tag = i == p->open ? text_width(batch, open, b.u) : 0.0;
        draw_fitted(batch, p->names[i], fl_v2(x, y + 0.15 * b.row), w - tag, b.u,
                    rgba_hex(0xffffff, 255));
        if (i == p->open)
            text_draw(batch, open, fl_v2(x + w - tag, y + 0.15 * b.row), b.u, grey);
    }
}
