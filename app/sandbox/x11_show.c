/* Showing frames from the painter's thread on X11: a display connection of
 * its own (SDL's is the main thread's, and SDL's window surface cannot be
 * used from another thread: its X11 code waits for events holding Xlib's
 * lock while the main thread's XSync waits for that lock), and an MIT-SHM
 * image of the window's size that the changed parts of each frame are
 * copied into and put from. The window is SDL's; this connection only
 * draws into it. */
#include "x11_show.h"

#ifdef FLOTSAM_X11

#include <SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>

struct x11_show {
    Display *dpy;
    Window win;
    GC gc;
    Visual *visual;
    int depth;
    XImage *image;          /* NULL until the first frame (and after a resize) */
    XShmSegmentInfo shm;
    int w, h;
};

static void drop_image(x11_show *x)
{
    if (!x->image)
        return;
    XShmDetach(x->dpy, &x->shm);
    XSync(x->dpy, False);
    XDestroyImage(x->image);
    shmdt(x->shm.shmaddr);
    x->image = NULL;
}

/* An image of w x h whose pixels are Cairo's RGB24 as they are (a 24-bit
 * TrueColor visual at 32 bits a pixel, red highest). */
static bool make_image(x11_show *x, int w, int h)
{
    drop_image(x);
    x->image = XShmCreateImage(x->dpy, x->visual, (unsigned)x->depth, ZPixmap, NULL, &x->shm,
                               (unsigned)w, (unsigned)h);
    if (!x->image)
        return false;
    XImage *im = x->image;
    bool fits = im->bits_per_pixel == 32 && im->red_mask == 0xff0000 &&
                im->green_mask == 0xff00 && im->blue_mask == 0xff && im->byte_order == LSBFirst;
    x->shm.shmid = fits ? shmget(IPC_PRIVATE, (size_t)im->bytes_per_line * (size_t)h,
                                 IPC_CREAT | 0600)
                        : -1;
    if (x->shm.shmid < 0) {
        XDestroyImage(im);
        x->image = NULL;
        return false;
    }
    x->shm.shmaddr = im->data = shmat(x->shm.shmid, NULL, 0);
    shmctl(x->shm.shmid, IPC_RMID, NULL); /* gone once both sides let go */
    x->shm.readOnly = False;
    if (x->shm.shmaddr == (char *)-1 || !XShmAttach(x->dpy, &x->shm)) {
        if (x->shm.shmaddr != (char *)-1)
            shmdt(x->shm.shmaddr);
        im->data = NULL;
        XDestroyImage(im);
        x->image = NULL;
        return false;
    }
    XSync(x->dpy, False);
    x->w = w;
    x->h = h;
    return true;
}

x11_show *x11_show_open(SDL_Window *window)
{
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo(window, &info) || info.subsystem != SDL_SYSWM_X11)
        return NULL;
    /* The window must exist on the server before another connection
     * names it: SDL's connection may not have sent its creation yet. */
    XSync(info.info.x11.display, False);
    x11_show *x = calloc(1, sizeof *x);
    if (!x)
        return NULL;
    x->dpy = XOpenDisplay(DisplayString(info.info.x11.display));
    XWindowAttributes attr;
    if (!x->dpy || !XShmQueryExtension(x->dpy) ||
        !XGetWindowAttributes(x->dpy, info.info.x11.window, &attr) || attr.depth != 24) {
        if (x->dpy)
            XCloseDisplay(x->dpy);
        free(x);
        return NULL;
    }
    x->win = info.info.x11.window;
    x->visual = attr.visual;
    x->depth = attr.depth;
    x->gc = XCreateGC(x->dpy, x->win, 0, NULL);
    return x;
}

void x11_show_close(x11_show *x)
{
    if (!x)
        return;
    drop_image(x);
    XFreeGC(x->dpy, x->gc);
    XCloseDisplay(x->dpy);
    free(x);
}

bool x11_show_frame(x11_show *x, cairo_surface_t *s, const SDL_Rect *damage, int count)
{
    int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
    if (!x->image || x->w != w || x->h != h) {
        if (!make_image(x, w, h))
            return false;
        count = -1;
    }
    if (count == 0)
        return true;
    SDL_Rect whole = {0, 0, w, h};
    int stride = cairo_image_surface_get_stride(s), line = x->image->bytes_per_line;
    const unsigned char *src = cairo_image_surface_get_data(s);
    for (int i = 0; i < (count < 0 ? 1 : count); i++) {
        SDL_Rect r = count < 0 ? whole : damage[i];
        for (int y = r.y; y < r.y + r.h; y++)
            memcpy(x->image->data + (size_t)y * line + 4 * r.x, src + (size_t)y * stride + 4 * r.x,
                   4 * (size_t)r.w);
        XShmPutImage(x->dpy, x->win, x->gc, x->image, r.x, r.y, r.x, r.y, (unsigned)r.w,
                     (unsigned)r.h, False);
    }
    XSync(x->dpy, False); /* the image is ours again once the server has it */
    return true;
}

#else

x11_show *x11_show_open(SDL_Window *window)
{
    (void)window;
    return NULL;
}

void x11_show_close(x11_show *x) { (void)x; }

bool x11_show_frame(x11_show *x, cairo_surface_t *s, const SDL_Rect *damage, int count)
{
    (void)x, (void)s, (void)damage, (void)count;
    return false;
}

#endif
