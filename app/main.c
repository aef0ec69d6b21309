/* The flotsam program: the sandbox window without a command, else one of
 * the commands. This file only dispatches. Built without the sandbox
 * (-Dsandbox=disabled: no SDL2), it is the command line alone. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "frames.h"
#include "out_files.h"
#if FLOTSAM_SANDBOX
#include "sandbox.h"
#else
/* What is asked of the window in a build without one. */
static int sandbox_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "flotsam: this flotsam was built without its window (-Dsandbox=disabled); "
                    "the commands are run, replay, stability, hydrostatics and check ('flotsam help')\n");
    return CLI_BAD_INPUT;
}
/* What the window would have opened: a scene or a replay file. */
static bool sandbox_wants(const char *arg)
{
    size_t n = strlen(arg);
    FILE *f = arg[0] != '-' ? fopen(arg, "rb") : NULL;
    if (f)
        fclose(f);
    return f || (n > 6 && !strcmp(arg + n - 6, ".scene")) ||
           (n > 7 && !strcmp(arg + n - 7, ".replay"));
}
#endif

/* `flotsam help [COMMAND]`. */
static int help(int argc, char **argv)
{
    if (argc == 0) {
        cli_help(stdout);
        return CLI_OK;
    }
    if (argc > 1)
        return cli_usage_error("help takes one command, got '%s' and '%s'", argv[0], argv[1]);
    if (!cli_command_help(argv[0], stdout))
        return cli_usage_error("no help for '%s': the commands are run, replay, stability, "
                               "hydrostatics and check", argv[0]);
    return CLI_OK;
}

/* A command's status; CLI_ANSWERED (its help was asked for) is a success. */
static int command(int rc) { return rc == CLI_ANSWERED ? CLI_OK : rc; }

static int dispatch(int argc, char **argv)
{
    if (argc < 2)
        return sandbox_main(0, argv + 1);
    /* A plot takes several bodies and quantities (run and replay). */
    static const char *const plotted[] = {"--body", "--quantity", NULL};
    bool plots = !strcmp(argv[1], "run") || !strcmp(argv[1], "replay");
    int rc = cli_refuse_repeats(argc - 1, argv + 1, plots ? plotted : NULL);
    if (rc)
        return rc;
    const char *cmd = argv[1];
    if (!strcmp(cmd, "run") || !strcmp(cmd, "check") || !strcmp(cmd, "replay") ||
        !strcmp(cmd, "stability") || !strcmp(cmd, "hydrostatics"))
        out_files_on_signals(); /* the window takes them when it opens */
    if (cli_is_help(cmd) || !strcmp(cmd, "help"))
        return help(argc - 2, argv + 2);
    if (!strcmp(cmd, "-V") || !strcmp(cmd, "--version")) {
        cli_version(stdout);
        return CLI_OK;
    }
    if (!strcmp(cmd, "run"))
        return command(cli_run(argc - 2, argv + 2));
    if (!strcmp(cmd, "check"))
        return command(cli_check(argc - 2, argv + 2));
    if (!strcmp(cmd, "replay"))
        return command(cli_replay(argc - 2, argv + 2));
    if (!strcmp(cmd, "stability"))
        return command(cli_stability(argc - 2, argv + 2));
    if (!strcmp(cmd, "hydrostatics"))
        return command(cli_hydrostatics(argc - 2, argv + 2));
    if (!strcmp(cmd, "bench")) {
        if (argc > 2 && cli_is_help(argv[2]))
            return help(1, argv + 1);
        return cli_usage_error("the harbor benchmark is its own program: run 'flotsam-bench'");
    }
    if (sandbox_wants(cmd))
        return sandbox_main(argc - 1, argv + 1);
    if (cmd[0] == '-')
        return cli_usage_error("unknown option '%s'", cmd);
    return cli_usage_error("unknown command '%s'", cmd);
}

int main(int argc, char **argv)
{
    cli_set_program("flotsam");
    cli_quiet_on_closed_pipe();
    cli_buffer_stdout();
    int rc = dispatch(argc, argv);
    frames_release();
    return cli_finish_stdout(rc);
}
