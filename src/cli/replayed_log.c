/* Reading, parsing and replaying a move log for a command (see replayed_log.h). */
#include "cli/replayed_log.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/gamedata_option.h"
#include "core/readfile.h"

int replayed_log_open(struct replayed_log *rl, const char *cmd, const char *path, const char *rules,
                      size_t keep, const struct log_replay_options *opt)
{
    char *src;
    size_t len;
    struct strbuf err = STRBUF_INIT;
    if (readfile(path, LOG_MAX_BYTES, &src, &len, &err) != 0) {
        fprintf(stderr, "xii %s: %s\n", cmd, strbuf_cstr(&err));
        strbuf_free(&err);
        return -1;
    }
    strbuf_free(&err);
    return replayed_log_from(rl, path, src, len, rules, keep, opt);
}

int replayed_log_from(struct replayed_log *rl, const char *path, char *src, size_t len, const char *rules,
                      size_t keep, const struct log_replay_options *opt)
{
    memset(rl, 0, sizeof *rl);
    rl->src = src;
    rl->len = len;
    if (cli_load_gamedata(&rl->gd, rules) != 0) {
        free(rl->src);
        return -1;
    }
    rl->name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    rl->dl.keep = keep;
    rl->ast = log_parse(rl->src, rl->len, rl->name, &rl->dl);
    rl->replay = log_replay_run(&rl->gd, rl->ast, opt, &rl->dl);
    return 0;
}

void replayed_log_free(struct replayed_log *rl)
{
    log_replay_free(rl->replay);
    log_free(rl->ast);
    diag_list_free(&rl->dl);
    gamedata_free(&rl->gd);
    free(rl->src);
    memset(rl, 0, sizeof *rl);
}
