// The control panel (panel.h): Dear ImGui draws the table of controls
// (controls.h) as widgets in a window docked along the left edge. ImGui
// runs on the main thread only; what it draws is copied out as plain
// triangles for the painter thread.
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <imgui.h>
#include <backends/imgui_impl_sdl.h>
#include "controls.h"
#include "panel.h"

extern "C" void sandbox_trace_line(const char *fmt, ...);

#define MOST_CONTROLS 64

struct panel {
    ImGuiContext *ctx;
    panel_picture pic;
    int width_px;          // the panel's width at the last build
    double px_per_point;
    char typed[64];        // a value being typed, and the control it is for
    int typing = -1;
    // Where each control's widgets were last said to be (the trace's
    // "panel" lines, for whoever drives the window from outside).
    float placed[2 * MOST_CONTROLS][4];
    // The mouse as the window's own events have it (points): ImGui's SDL
    // backend asks SDL where it is only while the window has the
    // keyboard's focus, which a window driven from outside may not. A
    // press and its release between two frames still count as a click.
    ImVec2 mouse = ImVec2(-FLT_MAX, -FLT_MAX);
    bool pressed[3] = {false, false, false}, held[3] = {false, false, false};
    bool text_on = false;  // SDL sends typed text while a box is being typed in
};

static const char *const FONT_PATHS[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
};
#define FONT_POINTS 15.0f

// Grows *array to hold `need` items of `size` bytes.
static bool grow(void **array, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return true;
    int n = *cap > 0 ? *cap : 256;
    while (n < need)
        n *= 2;
    void *p = realloc(*array, (size_t)n * size);
    if (!p)
        return false;
    *array = p;
    *cap = n;
    return true;
}

static bool make_atlas(panel *p, double px_per_point, char *err, size_t err_size)
{
    ImGuiIO &io = ImGui::GetIO();
    float px = (float)(FONT_POINTS * px_per_point);
    bool found = false;
    for (const char *path : FONT_PATHS) {
        std::FILE *f = found ? nullptr : std::fopen(path, "rb");
        if (f) { // ImGui stops the program on a font it cannot open
            std::fclose(f);
            found = io.Fonts->AddFontFromFileTTF(path, px) != nullptr;
        }
    }
    if (!found) { // ImGui's own, scaled
        ImFontConfig cfg;
        cfg.SizePixels = px;
        io.Fonts->AddFontDefault(&cfg);
    }
    unsigned char *pixels;
    int w, h;
    io.Fonts->GetTexDataAsAlpha8(&pixels, &w, &h);
    int stride = cairo_format_stride_for_width(CAIRO_FORMAT_A8, w);
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_A8, w, h);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(s);
        snprintf(err, err_size, "out of memory for the panel's font");
        return false;
    }
    cairo_surface_flush(s);
    unsigned char *dst = cairo_image_surface_get_data(s);
    for (int y = 0; y < h; y++)
        std::memcpy(dst + (size_t)y * stride, pixels + (size_t)y * w, (size_t)w);
    cairo_surface_mark_dirty(s);
    io.Fonts->SetTexID((ImTextureID)s);
    p->pic.atlas = s;
    p->pic.atlas_w = w;
    p->pic.atlas_h = h;
    p->pic.white_u = io.Fonts->TexUvWhitePixel.x;
    p->pic.white_v = io.Fonts->TexUvWhitePixel.y;
    return true;
}

extern "C" panel *panel_open(SDL_Window *window, double px_per_point, char *err, size_t err_size)
{
    panel *p = new (std::nothrow) panel();
    if (!p) {
        snprintf(err, err_size, "out of memory for the panel");
        return nullptr;
    }
    p->ctx = ImGui::CreateContext();
    ImGuiIO &io = ImGui::GetIO();
    io.IniFilename = nullptr; // nothing written beside the scenes
    io.LogFilename = nullptr;
    ImGuiStyle &style = ImGui::GetStyle();
    ImGui::StyleColorsDark(&style);
    // Cairo smooths the edges itself: ImGui's own fringes would be drawn
    // as triangles of their own, seams and all.
    style.AntiAliasedLines = style.AntiAliasedLinesUseTex = style.AntiAliasedFill = false;
    style.WindowRounding = 0.0f;
    // The font is made at the drawable's pixels and shown at a point's
    // size: sharp on a screen of more pixels than points.
    io.FontGlobalScale = (float)(1.0 / px_per_point);
    if (!make_atlas(p, px_per_point, err, err_size) ||
        !ImGui_ImplSDL2_InitForSDLRenderer(window)) {
        if (!err[0])
            snprintf(err, err_size, "the panel cannot take the window's input");
        panel_close(p);
        return nullptr;
    }
    p->px_per_point = px_per_point;
    return p;
}

extern "C" void panel_close(panel *p)
{
    if (!p)
        return;
    ImGui::SetCurrentContext(p->ctx);
    if (ImGui::GetIO().BackendPlatformUserData)
        ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext(p->ctx);
    if (p->pic.atlas)
        cairo_surface_destroy(p->pic.atlas);
    free(p->pic.vtx);
    free(p->pic.idx);
    free(p->pic.runs);
    delete p;
}

extern "C" bool panel_event(panel *p, const SDL_Event *e)
{
    ImGui::SetCurrentContext(p->ctx);
    ImGui_ImplSDL2_ProcessEvent(e);
    const ImGuiIO &io = ImGui::GetIO();
    if (e->type == SDL_MOUSEMOTION)
        p->mouse = ImVec2((float)e->motion.x, (float)e->motion.y);
    if (e->type == SDL_MOUSEBUTTONDOWN || e->type == SDL_MOUSEBUTTONUP) {
        p->mouse = ImVec2((float)e->button.x, (float)e->button.y);
        int b = e->button.button == SDL_BUTTON_LEFT    ? 0
                : e->button.button == SDL_BUTTON_RIGHT ? 1
                : e->button.button == SDL_BUTTON_MIDDLE ? 2
                                                        : -1;
        if (b >= 0) {
            p->held[b] = e->type == SDL_MOUSEBUTTONDOWN;
            p->pressed[b] = p->pressed[b] || p->held[b];
        }
    }
    if (e->type == SDL_WINDOWEVENT && e->window.event == SDL_WINDOWEVENT_LEAVE)
        p->mouse = ImVec2(-FLT_MAX, -FLT_MAX);
    // Window coordinates are points: the panel is the strip left of its width.
    double edge = p->width_px / p->px_per_point;
    switch (e->type) {
    case SDL_MOUSEMOTION:
        return e->motion.x < edge || (io.WantCaptureMouse && ImGui::IsAnyItemActive());
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        return e->button.x < edge || (io.WantCaptureMouse && ImGui::IsAnyItemActive());
    case SDL_MOUSEWHEEL: {
        int x, y;
        SDL_GetMouseState(&x, &y);
        return x < edge;
    }
    case SDL_KEYDOWN:
    case SDL_KEYUP:
    case SDL_TEXTINPUT:
        // A box being typed in has the keys, from the frame it is clicked
        // to the one that takes its Enter (ImGui's WantTextInput says so a
        // frame late at both ends: the first keys would be lost, a
        // shortcut just after Enter swallowed).
        return p->typing >= 0;
    default:
        return false;
    }
}

// The label a control shows: its name, and its key in brackets.
static void label_of(const control *c, char *out, size_t size)
{
    if (c->key[0])
        snprintf(out, size, "%s  (%s)", c->name, c->key);
    else
        snprintf(out, size, "%s", c->name);
}

// Its sentence, and its key (which a narrow button's label leaves out).
static void help_of(const control *c)
{
    if (!ImGui::IsItemHovered() || (!c->help[0] && !c->key[0]))
        return;
    if (c->key[0])
        ImGui::SetTooltip("%s%s(%s)", c->help, c->help[0] ? "  " : "", c->key);
    else
        ImGui::SetTooltip("%s", c->help);
}

// Says in the trace where the last widget is (window points), when that
// changed: "panel NAME[ typed] X0 Y0 X1 Y1".
static void say_where(panel *p, const control *c, int slot, const char *part)
{
    if (slot >= 2 * MOST_CONTROLS)
        return;
    ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    float *was = p->placed[slot];
    if (was[0] == lo.x && was[1] == lo.y && was[2] == hi.x && was[3] == hi.y)
        return;
    was[0] = lo.x, was[1] = lo.y, was[2] = hi.x, was[3] = hi.y;
    sandbox_trace_line("panel %s%s %d %d %d %d", c->name, part, (int)lo.x, (int)lo.y, (int)hi.x,
                       (int)hi.y);
}

// One control's widgets; the control's own function runs when it is used.
// width: a button's (-FLT_MIN: the whole row).
static void show(panel *p, const control *c, int index, sandbox *sb, float width)
{
    char label[96];
    label_of(c, label, sizeof label);
    ImGui::PushID(index);
    bool usable = control_usable(c, sb);
    if (!usable)
        ImGui::BeginDisabled();
    switch (c->kind) {
    case CONTROL_ACTION:
        // A button too narrow for its key too shows its name alone.
        if (width > 0 && ImGui::CalcTextSize(label).x + 2 * ImGui::GetStyle().FramePadding.x > width)
            snprintf(label, sizeof label, "%s", c->name);
        if (ImGui::Button(label, ImVec2(width, 0))) {
            sandbox_trace_line("control %s", c->name);
            c->run(sb);
        }
        say_where(p, c, 2 * index, "");
        help_of(c);
        break;
    case CONTROL_TOGGLE: {
        bool on = c->get(sb) != 0.0;
        if (ImGui::Checkbox(label, &on)) {
            sandbox_trace_line("control %s %s", c->name, on ? "on" : "off");
            c->set(sb, on ? 1.0 : 0.0);
        }
        say_where(p, c, 2 * index, "");
        help_of(c);
        break;
    }
    case CONTROL_CHOICE: {
        int now = (int)c->get(sb);
        ImGui::TextUnformatted(label);
        for (int k = 0; k <= (int)c->max; k++) {
            if (k > 0)
                ImGui::SameLine();
            if (ImGui::RadioButton(c->choices[k], now == k)) {
                sandbox_trace_line("control %s %s", c->name, c->choices[k]);
                c->set(sb, k);
            }
            if (k == 0)
                say_where(p, c, 2 * index, "");
        }
        break;
    }
    case CONTROL_VALUE: {
        double v = c->get(sb), lo = c->min, hi = c->max;
        char format[32];
        snprintf(format, sizeof format, "%s %s", c->format, c->unit);
        ImGui::TextUnformatted(label);
        help_of(c);
        // The slider for a quick change; the box beside it for a number
        // typed exactly (Enter gives it).
        ImGui::SetNextItemWidth(-FLT_MIN);
        ImGuiSliderFlags flags = ImGuiSliderFlags_NoRoundToFormat |
                                 (c->log ? ImGuiSliderFlags_Logarithmic : 0);
        if (ImGui::SliderScalar("##slider", ImGuiDataType_Double, &v, &lo, &hi, format, flags)) {
            sandbox_trace_line("control %s %.17g", c->name, v);
            c->set(sb, v);
        }
        say_where(p, c, 2 * index, "");
        if (p->typing != index)
            snprintf(p->typed, sizeof p->typed, c->format, c->get(sb));
        ImGui::SetNextItemWidth(-FLT_MIN);
        bool entered = ImGui::InputText("##typed", p->typed, sizeof p->typed,
                                        ImGuiInputTextFlags_CharsScientific |
                                            ImGuiInputTextFlags_EnterReturnsTrue |
                                            ImGuiInputTextFlags_AutoSelectAll);
        say_where(p, c, 2 * index + 1, " typed");
        if (entered) {
            char *end;
            double typed = std::strtod(p->typed, &end);
            if (end != p->typed && std::isfinite(typed)) {
                sandbox_trace_line("control %s %.17g", c->name, typed);
                c->set(sb, std::fmin(std::fmax(typed, lo), hi));
            }
            p->typing = -1;
        } else if (ImGui::IsItemActive()) {
            if (p->typing != index) // from the next event on, keys are the box's
                sandbox_trace_line("panel typing %s", c->name);
            p->typing = index;
        } else if (p->typing == index) {
            p->typing = -1;
        }
        break;
    }
    }
    if (!usable)
        ImGui::EndDisabled();
    ImGui::PopID();
}

// Keeps what ImGui drew, in drawable pixels, for the painter.
static void keep_picture(panel *p, const ImDrawData *d)
{
    panel_picture *pic = &p->pic;
    pic->vtx_count = pic->idx_count = pic->run_count = 0;
    if (!d)
        return;
    float sx = d->FramebufferScale.x, sy = d->FramebufferScale.y;
    for (int l = 0; l < d->CmdListsCount; l++) {
        const ImDrawList *list = d->CmdLists[l];
        int base = pic->vtx_count;
        if (!grow((void **)&pic->vtx, &pic->vtx_cap, base + list->VtxBuffer.Size, sizeof *pic->vtx))
            return;
        for (int i = 0; i < list->VtxBuffer.Size; i++) {
            const ImDrawVert &v = list->VtxBuffer[i];
            pic->vtx[base + i] = {(v.pos.x - d->DisplayPos.x) * sx, (v.pos.y - d->DisplayPos.y) * sy,
                                  v.uv.x, v.uv.y, v.col};
        }
        pic->vtx_count += list->VtxBuffer.Size;
        for (int c = 0; c < list->CmdBuffer.Size; c++) {
            const ImDrawCmd &cmd = list->CmdBuffer[c];
            if (cmd.UserCallback)
                continue;
            int first = pic->idx_count, n = (int)cmd.ElemCount;
            if (!grow((void **)&pic->idx, &pic->idx_cap, first + n, sizeof *pic->idx) ||
                !grow((void **)&pic->runs, &pic->run_cap, pic->run_count + 1, sizeof *pic->runs))
                return;
            for (int i = 0; i < n; i++)
                pic->idx[first + i] =
                    (uint32_t)(base + (int)cmd.VtxOffset + list->IdxBuffer[(int)cmd.IdxOffset + i]);
            pic->idx_count += n;
            pic->runs[pic->run_count++] = {{(cmd.ClipRect.x - d->DisplayPos.x) * sx,
                                            (cmd.ClipRect.y - d->DisplayPos.y) * sy,
                                            (cmd.ClipRect.z - d->DisplayPos.x) * sx,
                                            (cmd.ClipRect.w - d->DisplayPos.y) * sy},
                                           first, n};
        }
    }
}

extern "C" void panel_build(panel *p, sandbox *sb, int width_px, int height_px,
                            double px_per_point)
{
    ImGui::SetCurrentContext(p->ctx);
    p->width_px = width_px;
    p->px_per_point = px_per_point;
    ImGui_ImplSDL2_NewFrame();
    ImGuiIO &io = ImGui::GetIO();
    io.MousePos = p->mouse;
    for (int b = 0; b < 3; b++) {
        io.MouseDown[b] = p->pressed[b] || p->held[b];
        p->pressed[b] = false;
    }
    ImGui::NewFrame();
    float w = (float)(width_px / px_per_point), h = (float)(height_px / px_per_point);
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(w, h));
    ImGui::Begin("Controls", nullptr,
                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                     ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
    ImGui::TextWrapped("F1: every key. Tab: hide this panel.");
    // The HUD, where the world's view is too narrow for it.
    char readings[PANEL_READING_LINES][PANEL_READING_MAX];
    int shown = sandbox_panel_readings(sb, readings);
    if (shown > 0) {
        ImGui::Separator();
        for (int i = 0; i < shown; i++)
            ImGui::TextWrapped("%s", readings[i]);
        ImGui::Separator();
    }
    int count;
    const control *table = sandbox_controls(&count);
    const char *group = "";
    bool open = true;
    int in_row = 0; // buttons on this row so far: two actions of a group share one
    float row_half = 0;
    for (int i = 0; i < count; i++) {
        const control *c = &table[i];
        if (std::strcmp(c->group, group) != 0) {
            group = c->group;
            open = ImGui::CollapsingHeader(group, ImGuiTreeNodeFlags_DefaultOpen);
            in_row = 0;
        }
        if (!open)
            continue;
        bool action = c->kind == CONTROL_ACTION;
        bool next_action = i + 1 < count && table[i + 1].kind == CONTROL_ACTION &&
                           std::strcmp(table[i + 1].group, group) == 0;
        // Half the row less half the space between: two buttons side by side.
        float half = 0.5f * (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x);
        if (action && in_row == 1)
            ImGui::SameLine();
        else if (action && next_action)
            row_half = half;
        show(p, c, i, sb, action && (in_row == 1 || next_action) ? row_half : -FLT_MIN);
        in_row = action && in_row == 0 ? 1 : 0;
    }
    ImGui::End();
    ImGui::Render();
    keep_picture(p, ImGui::GetDrawData());
    // Typed text only while a box wants it (the window reads none otherwise,
    // but for the picker's filter).
    bool wants_text = p->typing >= 0;
    if (wants_text && !p->text_on) {
        SDL_StartTextInput();
        p->text_on = true;
    } else if (!wants_text && p->text_on) {
        p->text_on = false;
        if (!sandbox_reads_text(sb))
            SDL_StopTextInput();
    }
}

extern "C" const panel_picture *panel_picture_of(const panel *p)
{
    return &p->pic;
}
