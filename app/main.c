/* The flotsam program: the sandbox window without a command, else one of
 * the commands. This file only dispatches. */
#include <string.h>
#include "cli.h"
#include "sandbox.h"
#include "text.h"

static int dispatch(int argc, char **argv)
{
    if (argc < 2)
        return sandbox_main(0, argv + 1);
    const char *cmd = argv[1];
    if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
        cli_help(stdout);
        return CLI_OK;
    }
    if (!strcmp(cmd, "-V") || !strcmp(cmd, "--version")) {
        cli_version(stdout);
        return CLI_OK;
    }
    if (!strcmp(cmd, "run"))
        return cli_run(argc - 2, argv + 2);
    if (!strcmp(cmd, "check"))
        return cli_check(argc - 2, argv + 2);
    if (!strcmp(cmd, "replay"))
        return cli_replay(argc - 2, argv + 2);
    if (!strcmp(cmd, "stability"))
        return cli_stability(argc - 2, argv + 2);
    if (sandbox_wants(cmd))
        return sandbox_main(argc - 1, argv + 1);
    if (cmd[0] == '-')
        return cli_usage_error("unknown option '%s'", cmd);
    return cli_usage_error("unknown command '%s'", cmd);
}

int main(int argc, char **argv)
{
    cli_set_program("flotsam");
    int rc = dispatch(argc, argv);
    text_release_fonts();
    return rc;
}
