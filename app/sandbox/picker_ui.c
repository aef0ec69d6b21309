/* Choosing from the scene picker's list: the highlight moved by the arrows,
 * Page Up and Page Down, Home and End or the wheel, the list scrolled so
 * that it stays in view; what is typed filters the list (the names that
 * hold it, in any case), Backspace takes back a character and Esc clears
 * the filter, or closes the picker; Enter or a click opens the entry. Each
 * change is a line in the trace ("picker ..."). */
#define _POSIX_C_SOURCE 200809L /* strncasecmp */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "sandbox_parts.h"
#include "sandbox_trace.h"

#define WHEEL_ROWS 3 /* rows a click of the wheel scrolls */

/* The highlight and what is in view, for a program that drives the window. */
static void note(const sandbox *sb)
{
    const sandbox_picker *p = &sb->picker;
    int rows = sandbox_picker_box(sb).rows, top = sandbox_picker_top(p, rows);
    int last = top + rows < p->shown_count ? top + rows : p->shown_count;
    sandbox_trace_line("picker %d of %d rows %d-%d filter %s", p->shown_count ? p->cursor + 1 : 0,
                       p->shown_count, p->shown_count ? top + 1 : 0, last, p->filter);
}

int sandbox_picker_top(const sandbox_picker *p, int rows)
{
    int top = p->top;
    if (p->cursor < top)
        top = p->cursor;
    if (p->cursor >= top + rows)
        top = p->cursor - rows + 1;
    int most = p->shown_count > rows ? p->shown_count - rows : 0;
    return top < 0 ? 0 : top > most ? most : top;
}

/* The highlight to shown entry i (kept in the list), and the list scrolled
 * to it. */
static void move_to(sandbox *sb, int i)
{
    sandbox_picker *p = &sb->picker;
    p->cursor = i >= p->shown_count ? p->shown_count - 1 : i;
    p->cursor = p->cursor < 0 ? 0 : p->cursor;
    p->top = sandbox_picker_top(p, sandbox_picker_box(sb).rows);
}

static bool holds(const char *name, const char *part)
{
    size_t n = strlen(part);
    for (const char *s = name; *s; s++)
        if (!strncasecmp(s, part, n))
            return true;
    return n == 0;
}

/* The entries the filter lets through; the highlighted one stays so when
 * it is among them, else the first is. */
static void refilter(sandbox *sb)
{
    sandbox_picker *p = &sb->picker;
    int was = p->shown_count > 0 ? p->shown[p->cursor] : -1, cursor = 0;
    p->shown_count = 0;
    for (int i = 0; i < p->count; i++)
        if (holds(p->names[i], p->filter)) {
            if (i == was)
                cursor = p->shown_count;
            p->shown[p->shown_count++] = i;
        }
    p->top = 0;
    move_to(sb, cursor);
}

void sandbox_picker_show(sandbox *sb)
{
    sandbox_picker *p = &sb->picker;
    p->filter[0] = '\0';
    p->shown_count = 0;
    refilter(sb);
    p->on = true;
    SDL_StartTextInput(); /* what is typed comes as text from here on */
    for (int i = 0; i < p->count; i++)
        sandbox_trace_line("listed %s", p->names[i]);
    note(sb);
}

static void close_picker(sandbox *sb)
{
    sb->picker.on = false;
    SDL_StopTextInput();
}

static void choose(sandbox *sb, int i)
{
    char path[PICKER_PATH];
    memcpy(path, sb->picker.paths[i], sizeof path);
    close_picker(sb);
    sandbox_leave_to(sb, SANDBOX_LEAVE_OPEN, path);
}

/* Backspace: the filter's last character (not byte) taken back. */
static void unfilter(char *filter)
{
    size_t n = strlen(filter);
    if (n == 0)
        return;
    do
        n--;
    while (n > 0 && (filter[n] & 0xc0) == 0x80);
    filter[n] = '\0';
}

bool sandbox_picker_key(sandbox *sb, SDL_Keycode k)
{
    sandbox_picker *p = &sb->picker;
    if (!p->on)
        return false;
    int rows = sandbox_picker_box(sb).rows, page = rows > 1 ? rows - 1 : 1;
    int last = p->shown_count - 1;
    switch (k) {
    case SDLK_UP: move_to(sb, p->cursor > 0 ? p->cursor - 1 : last); break;
    case SDLK_DOWN: move_to(sb, p->cursor < last ? p->cursor + 1 : 0); break;
    case SDLK_PAGEUP: move_to(sb, p->cursor - page); break;
    case SDLK_PAGEDOWN: move_to(sb, p->cursor + page); break;
    case SDLK_HOME: move_to(sb, 0); break;
    case SDLK_END: move_to(sb, last); break;
    case SDLK_BACKSPACE: unfilter(p->filter); refilter(sb); break;
    case SDLK_RETURN: case SDLK_KP_ENTER:
        if (p->shown_count > 0)
            choose(sb, p->shown[p->cursor]);
        return true;
    case SDLK_ESCAPE:
        if (!p->filter[0]) {
            close_picker(sb);
            return true;
        }
        p->filter[0] = '\0';
        refilter(sb);
        break;
    default: return true; /* the list has the keyboard while it is open */
    }
    note(sb);
    return true;
}

void sandbox_picker_text(sandbox *sb, const char *text)
{
    sandbox_picker *p = &sb->picker;
    size_t n = strlen(p->filter), more = strlen(text);
    if (!p->on || n + more >= sizeof p->filter)
        return;
    memcpy(p->filter + n, text, more + 1);
    refilter(sb);
    note(sb);
}

bool sandbox_picker_wheel(sandbox *sb, int clicks)
{
    sandbox_picker *p = &sb->picker;
    if (!p->on)
        return false;
    int rows = sandbox_picker_box(sb).rows, most = p->shown_count - rows;
    int top = sandbox_picker_top(p, rows) - WHEEL_ROWS * clicks;
    p->top = top > most ? most : top;
    p->top = p->top < 0 ? 0 : p->top;
    /* The highlight stays in view: it moves with the rows it was on. */
    if (p->cursor < p->top)
        p->cursor = p->top;
    if (p->cursor >= p->top + rows)
        p->cursor = p->top + rows - 1;
    note(sb);
    return true;
}

bool sandbox_picker_click(sandbox *sb, fl_vec2 at)
{
    sandbox_picker *p = &sb->picker;
    if (!p->on)
        return false;
    picker_box b = sandbox_picker_box(sb);
    int line = (int)floor((at.y - b.y - b.pad) / b.row);
    int top = sandbox_picker_top(p, b.rows);
    if (at.x < b.x || at.x > b.x + b.w || at.y < b.y || line > PICKER_FIRST_ROW + b.rows) {
        close_picker(sb); /* a click outside closes it */
        return true;
    }
    int row = line - PICKER_FIRST_ROW;
    if (row == -1) /* the "more above" line */
        move_to(sb, top - b.rows);
    else if (row == b.rows) /* ... and "more below" */
        move_to(sb, top + 2 * b.rows - 1);
    else if (row >= 0 && top + row < p->shown_count)
        choose(sb, p->shown[top + row]);
    if (p->on)
        note(sb);
    return true;
}
