/* The program's --help and --version. */
#include <stdio.h>
#include "cli.h"
#include "flotsam/flotsam.h"

static const char usage[] =
    "usage: flotsam [SCENE] [--save-as FILE] [--frames DIR] [--size WxH]\n"
    "       flotsam COMMAND [ARGS]\n"
    "\n"
    "A 2D rigid-body simulator whose bodies float, tilt, right themselves and\n"
    "capsize as hydrostatics says.\n"
    "\n"
    "Without a command, flotsam opens SCENE (default: the built-in harbour\n"
    "scene) in an interactive window: drag bodies with the mouse, spawn and\n"
    "delete them, raise the water, save the world (Ctrl+S) and capture frames\n"
    "(C); F1 lists every key. It needs a display; without one, use 'run'.\n"
    "        --save-as FILE where Ctrl+S saves (default: NAME-saved.scene here)\n"
    "        --frames DIR   where C captures frames (default: frames-N here)\n"
    "        --size WxH     the window's first size (default 1280x720)\n"
    "\n"
    "commands:\n"
    "  run [SCENE] [--steps N] [--state-out FILE]\n"
    "      [--frames DIR [--every K] [--size WxH] [--overlay LIST]]\n"
    "        simulate SCENE (default: the built-in harbour scene) without a\n"
    "        window for N steps (default 600) at the scene's rate; print a\n"
    "        summary, or write the state JSON to FILE ('-' for stdout)\n"
    "        --frames DIR   also draw PNG frames DIR/frame-000001.png, ...: the\n"
    "                       start, then one every K steps (DIR is created)\n"
    "        --every K      steps between frames (default: 30 frames per\n"
    "                       simulated second, 2 steps at 60 Hz)\n"
    "        --size WxH     frame size in pixels, 16 to 8192 (default 960x540)\n"
    "        --overlay LIST what to draw over the scene, a comma list of com,\n"
    "                       cb, submerged, forces, contacts, ropes, hud, or all\n"
    "                       or none (default: hud,ropes)\n"
    "  check SCENE\n"
    "        read SCENE and report every problem as FILE:LINE:COLUMN: message\n"
    "\n"
    "The harbor benchmark is its own program, flotsam-bench.\n"
    "\n"
    "options:\n"
    "  -h, --help     show this help and exit\n"
    "  -V, --version  show the version and exit\n"
    "\n"
    "exit status: 0 success, 1 failure while running, 2 bad input\n";

void cli_help(FILE *f) { fputs(usage, f); }

void cli_version(FILE *f) { fprintf(f, "flotsam %s\n", FL_VERSION_STRING); }
