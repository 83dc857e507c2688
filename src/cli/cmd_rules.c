/* xii rules [--game xii|kingdom] [--ids] [--json] [--rules FILE]: prints the game data the
 * engine uses, or the table of rule ids. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "cli/audit_kingdom.h"
#include "cli/games.h"
#include "kingdom/game.h"
#include "cli/commands.h"
#include "cli/gamedata_option.h"
#include "cli/options.h"
#include "cli/usage.h"
#include "core/rule_table.h"
#include "kingdom/data_print.h"
#include "rules/gamedata_print.h"
#include "rules/rule_ids.h"

static const char usage[] =
    "usage: xii rules [--game xii|kingdom] [--ids] [--json] [--rules FILE]\n"
    "Prints the game data the rules engine uses. Values reconstructed from an illegible source\n"
    "are marked [I] (inferred), [G] (guessed) or [X] (lost: a placeholder).\n"
    "  --game NAME   xii (XII Century, the default) or kingdom (docs/kingdom.md): whose data\n"
    "                and rule ids\n"
    "  --ids         the rule ids errors carry instead: id, rulebook section, meaning\n"
    "  --json        JSON instead of the listing (with --ids: an array of {id, section, summary})\n"
    "  --rules FILE  read this game-data file instead of the built-in one\n"
    "  -h, --help    this help\n"
    "Exit status: 0 printed, 2 bad options or game data, 3 standard output could not be\n"
    "written.\n";

static const char *const help_text[] = {usage, NULL};

static struct rule_row xii_rule_row(int id)
{
    const struct rule_info *r = rule_info((enum rule_id)id);
    struct rule_row row = {r->id, r->section, r->summary};
    return row;
}

/* The kingdom's data or rule ids into out; 0, or -1 when the data cannot be read. */
static int print_kingdom(int ids, int json, const char *rules, struct strbuf *out)
{
    if (ids) {
        if (json)
            krule_print_json(out);
        else
            krule_print_text(out);
        return 0;
    }
    struct kdata d;
    if (cli_load_kingdom_data(&d, rules) != 0)
        return -1;
    if (json)
        kdata_print_json(&d, out);
    else
        kdata_print_text(&d, out);
    kdata_free(&d);
    return 0;
}

int cmd_rules(int argc, char **argv)
{
    int json = 0, ids = 0, kingdom = 0;
    const char *rules = NULL, *game = NULL;
    for (int i = 1; i < argc;) {
        int m = cli_option(argc, argv, &i, "--rules", NULL, &rules);
        if (m > 0)
            continue;
        if (m < 0) {
            fputs("xii rules: --rules needs a value\n", stderr);
            return EXIT_USAGE;
        }
        if ((m = cli_option(argc, argv, &i, "--game", NULL, &game)) != 0) {
            const struct game *g = m > 0 ? cli_game_named(game) : NULL;
            if (!g) {
                fprintf(stderr, "xii rules: --game takes %s%s%s%s\n", cli_game_names(), m < 0 ? "" : ", not '",
                        m < 0 ? "" : game, m < 0 ? "" : "'");
                return EXIT_USAGE;
            }
            kingdom = g == &kingdom_game;
            continue;
        }
        if (strcmp(argv[i], "--json") == 0) {
            json = 1;
            i++;
        } else if (strcmp(argv[i], "--ids") == 0) {
            ids = 1;
            i++;
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage, stdout);
            return EXIT_OK;
        } else {
            cli_unknown_option("rules", argv[i], help_text);
            return EXIT_USAGE;
        }
    }
    struct strbuf out = STRBUF_INIT;
    if (kingdom) {
        if (print_kingdom(ids, json, rules, &out) != 0)
            return EXIT_USAGE;
    } else if (ids && json) {
        rule_table_json(RULE_NONE + 1, RULE_COUNT, xii_rule_row, &out);
    } else if (ids) {
        rule_table_text(RULE_NONE + 1, RULE_COUNT, xii_rule_row, 24, 40, &out);
    } else {
        struct gamedata gd;
        if (cli_load_gamedata(&gd, rules) != 0)
            return EXIT_USAGE;
        if (json)
            gamedata_print_json(&gd, &out);
        else
            gamedata_print_text(&gd, &out);
        gamedata_free(&gd);
    }
    errno = 0;
    fwrite(out.data, 1, out.len, stdout);
    strbuf_free(&out);
    /* ferror: a failed fwrite of a large listing leaves nothing for fflush to report. */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "xii rules: cannot write to standard output: %s\n", strerror(errno ? errno : EIO));
        return EXIT_OUTPUT;
    }
    return EXIT_OK;
}
