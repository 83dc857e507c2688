/* A drawing command's command line (see render_args.h). */
#include "cli/render_args.h"
#include <stdio.h>
#include <string.h>
#include "cli/options.h"
#include "cli/usage.h"

/* Tries argv[*i] as one of own. Returns 1 when it was one (*i moved past it), 0 when it was
 * not, -1 after printing that its value is missing. */
static int own_option(const char *cmd, const struct render_arg *own, int argc, char **argv, int *i)
{
    for (const struct render_arg *o = own; o->name; o++) {
        if (!o->value) {
            if (strcmp(argv[*i], o->name) != 0)
                continue;
            *o->flag = 1;
            (*i)++;
            return 1;
        }
        int m = cli_option(argc, argv, i, o->name, NULL, o->value);
        if (m < 0)
            fprintf(stderr, "xii %s: %s needs a value\n", cmd, o->name);
        if (m != 0)
            return m;
    }
    return 0;
}

int render_args_parse(const char *cmd, const char *const help[], const struct render_arg *own,
                      struct render_options *ro, int argc, char **argv)
{
    for (int i = 1; i < argc;) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            cli_print_help(help);
            return 1;
        }
        int m = own_option(cmd, own, argc, argv, &i);
        if (m < 0)
            return -1;
        if (m > 0)
            continue;
        struct strbuf err = STRBUF_INIT;
        m = render_options_parse(ro, argc, argv, &i, &err);
        if (m < 0)
            fprintf(stderr, "xii %s: %s\n", cmd, strbuf_cstr(&err));
        else if (m == 0)
            cli_unknown_option(cmd, a, help);
        strbuf_free(&err);
        if (m <= 0)
            return -1;
    }
    return 0;
}
