/* The program's --help, each command's help, and --version. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "flotsam/flotsam.h"

static const char intro[] =
    "usage: flotsam [SCENE | REPLAY] [--save-as FILE] [--replay-out FILE]\n"
    "               [--frames DIR] [--capture-video FORMAT] [--out-dir DIR]\n"
    "               [--size WxH] [--report-speed] [--no-panel]\n"
    "       flotsam COMMAND [ARGS]\n"
    "       flotsam help COMMAND | flotsam COMMAND --help\n"
    "\n"
    "A 2D rigid-body simulator whose bodies float, tilt, right themselves and\n"
    "capsize as hydrostatics says.\n"
    "\n"
    "Without a command, flotsam opens SCENE (default: the built-in harbour\n"
    "scene) in an interactive window: drag bodies with the mouse, spawn and\n"
    "delete them, raise the water, save the world (Ctrl+S), record a replay of\n"
    "what you do (C) and capture frames (Shift+C), from the keys or the\n"
    "control panel beside the world (Tab hides it); F1 lists every key. A\n"
    "REPLAY file (.replay) plays in the window; '-' reads either from stdin.\n"
    "It needs a display; without one, use 'run' or 'replay'.\n"
    "        --save-as FILE where Ctrl+S saves (default: NAME-saved.scene)\n"
    "        --replay-out FILE  where C's replay goes (default: NAME-N.replay,\n"
    "                       the first N free); its path is printed\n"
    "        --frames DIR   where Shift+C captures frames (default: frames-N);\n"
    "                       once DIR holds frames, the next free DIR-2, DIR-3...\n"
    "        --capture-video FORMAT  the capture's video beside its folder,\n"
    "                       DIR.FORMAT: mp4 (default), webm, gif, webp or none\n"
    "        --out-dir DIR  where the files named by default go (made when\n"
    "                       missing; default: the current folder)\n"
    "        --size WxH     the window's first size (default 1280x720)\n"
    "        --report-speed print frames a second and the speed against real\n"
    "                       time on stdout, once a second\n"
    "        --no-panel     start with the control panel hidden (Tab shows it)\n"
    "\n"
    "commands:\n";

static const char run_help[] =
    "  run [SCENE] [--steps N] [--state-out FILE]\n"
    "      [--frames DIR] [--animation FILE | --video FILE]\n"
    "      [--snapshot FILE [--at STEP]] [--trace FILE.csv]\n"
    "      [--plot FILE --quantity Q... [--body NAME...]]\n"
    "      [--every K] [--from STEP] [--size WxH]\n"
    "      [--overlay LIST] [--fps F] [--overwrite]\n"
    "        simulate SCENE (default: the built-in harbour scene; '-': stdin)\n"
    "        without a window for N steps (default 600) at the scene's rate;\n"
    "        print a summary, or write the state JSON to FILE ('-' for stdout)\n";

/* The picture and output options run and replay share. */
static const char picture_help[] =
    "        --frames DIR   also draw PNG frames DIR/frame-000001.png, ...: the\n"
    "                       start, then one every K steps (DIR is created; one\n"
    "                       that holds frames already is refused)\n"
    "        --animation FILE  also write the frames as an animated .gif or\n"
    "                       .webp, or a video, .mp4 (H.264) or .webm (VP9),\n"
    "                       playing in real time unless --fps says\n"
    "        --video FILE   the same, for .mp4 and .webm alone\n"
    "        --snapshot FILE  also draw the picture at step --at STEP (default:\n"
    "                       the last) as .png, .svg or .pdf\n"
    "        --trace FILE.csv  also write every moving body every K steps\n"
    "                       (default 1), step 0 included: position, angle,\n"
    "                       velocities, submerged fraction, draft, heel, GM,\n"
    "                       kinetic energy\n"
    "        --plot FILE    also draw quantities of bodies through the run as\n"
    "                       a chart (.png or .svg: a panel per quantity, a\n"
    "                       line per body) or write them as .csv, sampled\n"
    "                       every K steps\n"
    "        --quantity Q   draft, heel, vertical-speed, kinetic-energy,\n"
    "                       submerged, gm, gm-fluid, x or y (repeatable)\n"
    "        --body NAME    whose (repeatable; default: the first that moves)\n"
    "        --every K      steps between frames (default: 30 frames per\n"
    "                       simulated second, 2 steps at 60 Hz) and rows\n"
    "        --from STEP    the first step drawn (default 0)\n"
    "        --size WxH     frame size in pixels, 16 to 8192 (default 960x540)\n"
    "        --overlay LIST what to draw over the scene, a comma list of com,\n"
    "                       cb, submerged, forces, contacts, ropes, hud, labels,\n"
    "                       or all or none (default: hud,ropes)\n"
    "        --fps F        the animation's frames a second, 0.1 to 100\n"
    "        --overwrite    remove the frames DIR holds first\n"
    "        Every output is checked before the first step: one that cannot\n"
    "        be written stops the command at once (exit 1), naming it.\n";

static const char replay_help[] =
    "  replay REPLAY [--state-out FILE] [--frames DIR]\n"
    "      [--animation FILE | --video FILE] [--snapshot FILE [--at STEP]]\n"
    "      and the picture options of run\n"
    "        simulate a recorded replay ('-': stdin) again from its start,\n"
    "        checking its state against the recording every 60 steps; a step\n"
    "        that differs is named (exit 1); then as run: a summary, or the\n"
    "        state JSON\n";

static const char hydrostatics_help[] =
    "  hydrostatics SCENE [--body NAME] [--condition NAME] [--drafts N]\n"
    "            [--csv FILE] [--plot FILE]\n"
    "        one body's curves of form, upright in the scene's first fluid, per\n"
    "        metre of its length: at N drafts (default 20) from light to its\n"
    "        deck, the displaced area and mass, KB, BM, KM, GM at its own KG,\n"
    "        the waterline's breadth and the mass per cm of immersion, and the\n"
    "        row at its own displacement; SCENE '-': stdin\n"
    "        --condition NAME  GM at KG and the row at the displacement of\n"
    "                       that loading condition (the scene's item and\n"
    "                       tank statements)\n"
    "        --csv FILE     the table as CSV ('-': stdout)\n"
    "        --plot FILE    the curves as a chart (.png or .svg)\n";

static const char stability_help[] =
    "  stability SCENE [--body NAME] [--condition NAME] [--damage NAME] [--kg M]\n"
    "            [--cross-curves N]\n"
    "            [--criteria is2008] [--report FILE.pdf] [--csv FILE] [--plot FILE]\n"
    "        the curve of statical stability of one body (default: the first\n"
    "        that moves) at its own mass and centre of mass in the scene's\n"
    "        first fluid: the righting arm GZ every degree of heel from -180\n"
    "        to 180 (GZ > 0 rights it); prints where it rests and GM there,\n"
    "        GM upright, KG, the largest GZ and the angles of vanishing\n"
    "        stability either way, the equilibria and the areas under GZ;\n"
    "        SCENE '-': stdin\n"
    "        --condition NAME  loaded as that loading condition (the scene's\n"
    "                       item and tank statements): its masses where they\n"
    "                       are stowed, its tanks' liquid level as it heels;\n"
    "                       prints each tank's free-surface correction and GM\n"
    "                       solid and fluid\n"
    "        --damage NAME  that compartment of the hull (the scene's\n"
    "                       compartment statements) open to the sea: the\n"
    "                       buoyancy it lost, where the hull then rests (heel,\n"
    "                       draft) and the residual curve\n"
    "        --kg M         G at M metres above the keel (the hull's lowest\n"
    "                       point upright) instead of its own\n"
    "        --cross-curves N  KN every 10 deg to 90 at N displacements over\n"
    "                       the hull's: GZ = KN - KG sin(heel) for any KG\n"
    "        --criteria is2008  the IMO's intact stability criteria (IS Code\n"
    "                       2008, Part A 2.2): each value, limit and margin;\n"
    "                       exit 1 when any fails\n"
    "        --report FILE.pdf  a stability booklet: the section and its\n"
    "                       waterlines with the criteria, the GZ curve, the\n"
    "                       curves of form, a page each\n"
    "        --csv FILE     the curve as heel_deg,gz_m,b_x_m,b_y_m ('-': stdout)\n"
    "        --plot FILE    the curve as a chart (.png or .svg), with GM's\n"
    "                       tangent, the largest GZ and where GZ vanishes\n";

static const char check_help[] =
    "  check SCENE | REPLAY\n"
    "        read a scene or a replay ('-': stdin) and report every problem\n"
    "        in one pass, each on its own line as FILE:LINE:COLUMN: message\n"
    "        (exit 2), else print FILE: ok and what it holds. A replay is a\n"
    "        file whose first line is 'flotsam-replay ...' (or one named\n"
    "        .replay): its own lines, its scenes and spawned bodies (at the\n"
    "        replay's lines), and the inputs that playing would refuse, all\n"
    "        without simulating; a scene block that runs past the end stops it\n";

static const char outro[] =
    "\n"
    "The harbor benchmark is its own program, flotsam-bench.\n"
    "\n"
    "options:\n"
    "  -h, --help     show this help and exit\n"
    "  -V, --version  show the version and exit\n";

static const char files_help[] =
    "\n"
    "Files are written beside their final name (NAME.XXXXXX.part), synced and\n"
    "renamed into place; a symbolic link is written through to its target.\n"
    "A run ended by SIGINT, SIGTERM, SIGHUP or SIGPIPE removes its .part files;\n"
    "one left by a killed run is removed by the next run that writes NAME.\n"
    "\n"
    "exit status: 0 success, 1 failure while running (stdout too: a full disk),\n"
    "2 bad input; a reader that goes away (| head) ends flotsam by SIGPIPE\n";

void cli_help(FILE *f)
{
    fputs(intro, f);
    fputs(run_help, f);
    fputs(picture_help, f);
    fputs(replay_help, f);
    fputs(stability_help, f);
    fputs(hydrostatics_help, f);
    fputs(check_help, f);
    fputs(outro, f);
    fputs(files_help, f);
}

bool cli_command_help(const char *command, FILE *f)
{
    static const struct {
        const char *name, *text;
        bool pictures;
    } commands[] = {{"run", run_help, true},
                    {"replay", replay_help, true},
                    {"stability", stability_help, false},
                    {"hydrostatics", hydrostatics_help, false},
                    {"check", check_help, false}};
    if (!strcmp(command, "bench")) {
        fputs("The harbor benchmark is its own program: see 'flotsam-bench --help'.\n", f);
        return true;
    }
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++) {
        if (strcmp(command, commands[k].name) != 0)
            continue;
        fprintf(f, "usage: flotsam %s", commands[k].text + 2); /* past its indent */
        if (commands[k].pictures)
            fputs(picture_help, f);
        fputs(files_help, f);
        return true;
    }
    return false;
}

int cli_answer_help(const char *command)
{
    cli_command_help(command, stdout);
    return CLI_ANSWERED;
}

void cli_version(FILE *f) { fprintf(f, "flotsam %s\n", FL_VERSION_STRING); }
