/* The recorders' shared arguments. */
#include "cli/recorder_args.h"
#include <stdio.h>
#include <string.h>
#include "cli/options.h"
#include "cli/usage.h"
#include "core/text.h"

const char *recorder_shown(struct strbuf *sb, const char *s)
{
    strbuf_reset(sb);
    text_escape(sb, s, strlen(s));
    return strbuf_cstr(sb);
}

/* Reads argv[*i] when it is one of opts: 1 read, 0 another argument, -1 after printing why. */
static int read_option(const char *cmd, int argc, char **argv, int *i, const struct recorder_option *opts)
{
    const char *a = argv[*i];
    for (const struct recorder_option *o = opts; o->name; o++) {
        if (o->flag) {
            if (strcmp(a, o->name) != 0 && !(o->short_name && strcmp(a, o->short_name) == 0))
                continue;
            *o->flag = 1;
            (*i)++;
            return 1;
        }
        const char *v = NULL;
        int m = cli_option(argc, argv, i, o->name, o->short_name, &v);
        if (m == 0)
            continue;
        if (m < 0 || !*v) {
            fprintf(stderr, "xii %s: %s needs a value\n", cmd, o->name);
            return -1;
        }
        *o->value = v;
        return 1;
    }
    return 0;
}

int recorder_args_parse(const char *cmd, const char *usage, int argc, char **argv, const struct recorder_option *opts,
                        const char **file)
{
    *file = NULL;
    int i = 1;
    while (i < argc) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage, stdout);
            return 1;
        }
        int m = read_option(cmd, argc, argv, &i, opts);
        if (m < 0)
            return -1;
        if (m > 0)
            continue;
        if (a[0] == '-' && a[1] != 0) {
            const char *const help[] = {usage, NULL};
            cli_unknown_option(cmd, a, help);
            return -1;
        }
        if (*file) {
            struct strbuf x = STRBUF_INIT, y = STRBUF_INIT;
            fprintf(stderr, "xii %s: one file at a time ('%s' and '%s' given)\n", cmd, recorder_shown(&x, *file),
                    recorder_shown(&y, a));
            strbuf_free(&x);
            strbuf_free(&y);
            return -1;
        }
        *file = a;
        i++;
    }
    if (!*file || strcmp(*file, "-") == 0) {
        fprintf(stderr, "xii %s: which file should the game be recorded in? (give its name)\n", cmd);
        cli_see_help(cmd);
        return -1;
    }
    return 0;
}
