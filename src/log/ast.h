/* The move-log tree: what log_parse() builds from a .xii file and what the replay walks.
 *
 * One statement per source line, in file order. Every statement and every argument keeps its
 * line, byte column and byte length, so later stages can point at the exact token. Ids keep the
 * text the user wrote and a normalized form; resolving them against the game data (aliases such
 * as `ale` or `stone`) is the replay's job: the parser knows only the statement keywords.
 *
 * Ownership: everything hangs off one struct log_ast; log_free() releases all of it. Strings and
 * lists live in the tree's arena and stay valid until log_free(). */
#ifndef LOG_AST_H
#define LOG_AST_H
#include <stdbool.h>
#include <stddef.h>
#include "core/strbuf.h"

/* Where a token is: 1-based line, 1-based byte column, length in bytes. line == 0: absent. */
struct log_span {
    int line, col, len;
};

/* A word or quoted string. text: as written (quotes removed, \" and \\ resolved). norm: ASCII
 * letters lower-cased, and for ids '_' turned into '-'; player names and titles keep their
 * underscores. Both NUL-terminated; absent words have text == norm == NULL. */
struct log_word {
    struct log_span at;
    bool quoted;
    bool spaced;        /* an id typed as several words ("master builder"): text keeps the
                         * spaces, norm joins them with hyphens; the replay refuses it */
    const char *text;
    const char *norm;
};

/* A non-negative decimal number, already range-checked where the grammar fixes a range. */
struct log_num {
    struct log_span at;
    int value;
};

enum log_kind {
    LOG_INVALID,      /* a line with a syntax error: `invalid.attempted` says what it tried to be */
    LOG_VERSION,      /* xii 1 */
    LOG_GAME,         /* game "title" */
    LOG_PLAYERS,      /* players Jack Tom ... */
    LOG_TOWN,         /* town Jack Oakham */
    LOG_DIFFICULTY,   /* difficulty normal */
    LOG_EVENTS,       /* events 7 fire, 8 2 */
    LOG_SOLO,         /* solo merchant */
    LOG_VARIANT,      /* variant famine-halves-farms */
    LOG_ROUND,        /* round 3 */
    LOG_SHARED,       /* shared 5 6 */
    LOG_OUTLAWS,      /* outlaws Tom 4, Martha 5 2 */
    LOG_TURN,         /* turn Jack 3 1 */
    LOG_SPEND,        /* [reserve] 6 food | 1 attract witch b | 3 influence quarry | 4 store */
    LOG_SHERIFF,      /* sheriff [own|shared] 3 4 */
    LOG_COURT,        /* court [own|shared] 2 4 */
    LOG_COURT_REROLL, /* court reroll [own|shared] 3 5 */
    LOG_SPLIT,        /* split 5 1 monks 4 food */
    LOG_MARKET,       /* market 3 supply */
    LOG_WAR,          /* war Jack support 1, Tom avoid */
    LOG_COLLECT,      /* collect Jack grassland food, forest supply */
    LOG_CHECK,        /* check Jack food 12 people blacksmith */
    LOG_KIND_COUNT
};

/* One `events` entry: the round and either an event name or its die value. */
struct log_event {
    struct log_num round;
    struct log_word name; /* text NULL when the event is given by its die value */
    struct log_num die;   /* at.line 0 when the event is given by name */
};

/* A player and the 1d6 bonus rolls listed after the name (`outlaws`, `war ... support`). */
struct log_rolls {
    struct log_word player;
    struct log_num *rolls;
    size_t count;
};

enum log_action {
    LOG_ACT_ASSET,     /* DIE ASSET: target is the asset id */
    LOG_ACT_ATTRACT,   /* DIE attract PERSON [a|b] */
    LOG_ACT_BUILD,     /* DIE build INFRASTRUCTURE [a|b] */
    LOG_ACT_INFLUENCE, /* DIE influence LOCATION */
    LOG_ACT_STORE      /* DIE store: no target */
};

struct log_spend {
    bool reserve;             /* the line starts with `reserve` */
    struct log_span reserve_at;
    struct log_num die;       /* 1-6 */
    enum log_action action;
    struct log_span action_at; /* the action keyword; for LOG_ACT_ASSET the asset word */
    struct log_word target;   /* absent for LOG_ACT_STORE */
    char perk;                /* 'a', 'b', or 0 when no letter was written */
    struct log_span perk_at;
};

/* Which die a sheriff or court line means when an own and a shared die show the same value. */
enum log_which { LOG_WHICH_ANY, LOG_WHICH_OWN, LOG_WHICH_SHARED };

/* sheriff, court and court reroll: a die showing `from` now shows `to` (both 1-6). */
struct log_change {
    enum log_which which;
    struct log_span which_at;  /* absent for LOG_WHICH_ANY */
    struct log_span reroll_at; /* the `reroll` keyword (LOG_COURT_REROLL only) */
    struct log_num from, to;
};

/* split X P A Q B: the die X is spent as P on asset A and Q on asset B (P, Q >= 1, P + Q = X). */
struct log_split {
    struct log_num die, first_part, second_part;
    struct log_word first_asset, second_asset;
};

struct log_market {
    struct log_num amount; /* >= 1 */
    struct log_word into;  /* what the amount is turned into: supply or food (resolved later) */
};

enum log_war_choice { LOG_WAR_AVOID, LOG_WAR_SUPPORT };

struct log_war_entry {
    struct log_word player;
    enum log_war_choice choice;
    struct log_span choice_at;
    struct log_num *rolls; /* only after support */
    size_t count;
};

/* A location whose bonus has a choice, and the choice taken. */
struct log_pick {
    struct log_word location, take;
};

enum log_check_kind {
    LOG_CHECK_VALUE,   /* ID NUMBER: an asset, a location, reputation, pow, score ... */
    LOG_CHECK_PEOPLE,  /* people ID...: compared as a set */
    LOG_CHECK_INFRAS,  /* infrastructures ID...: compared as a set */
    LOG_CHECK_RESERVE  /* reserve DIE...: the unspent reserve dice */
};

struct log_check_item {
    enum log_check_kind kind;
    struct log_word what;   /* the id (LOG_CHECK_VALUE) or the keyword as written */
    struct log_num value;   /* LOG_CHECK_VALUE */
    struct log_word *ids;   /* LOG_CHECK_PEOPLE, LOG_CHECK_INFRAS (may be empty) */
    struct log_num *values; /* LOG_CHECK_RESERVE (may be empty) */
    size_t count;           /* entries in ids or values */
};

struct log_stmt {
    enum log_kind kind;
    struct log_span at; /* first token to last token of the statement (for LOG_INVALID: to the
                           token where the error was found) */
    union {
        struct { enum log_kind attempted; } invalid; /* LOG_INVALID if the first word is unknown */
        struct log_num version;
        struct log_word game;
        struct { struct log_word *names; size_t count; } players; /* 1-5 names */
        struct { struct log_word player, name; } town;
        struct log_word difficulty;
        struct { struct log_event *items; size_t count; } events; /* may be empty */
        struct log_word solo;
        struct { struct log_word *items; size_t count; } variant; /* at least one */
        struct log_num round; /* 1-10 */
        struct { struct log_num dice[2]; } shared;
        struct { struct log_rolls *items; size_t count; } outlaws; /* >= 1 player, >= 1 roll */
        struct { struct log_word player; struct log_num dice[2]; } turn;
        struct log_spend spend;
        struct log_change change; /* LOG_SHERIFF, LOG_COURT, LOG_COURT_REROLL */
        struct log_split split;
        struct log_market market;
        struct { struct log_war_entry *items; size_t count; } war; /* >= 1 */
        struct { struct log_word player; struct log_pick *items; size_t count; } collect;
        struct { struct log_word player; struct log_check_item *items; size_t count; } check;
    };
};

struct log_chunk;

struct log_ast {
    char *file;             /* the file name given to log_parse (owned) */
    struct log_stmt *stmts; /* in file order */
    size_t count;
    size_t cap;
    bool stopped;           /* parsing stopped after too many errors */
    int stop_line;          /* the line where it stopped (0 when not stopped) */
    struct log_chunk *arena;
    size_t arena_bytes;     /* the arena's blocks, headers included */
    size_t arena_first;     /* the size of its first block (log_ast_expect) */
};

/* Frees the tree and everything it owns. log_free(NULL) does nothing. */
void log_free(struct log_ast *ast);

/* Whether a statement kind belongs to the header (version, title, players, towns,
 * difficulty, events, solo, variants): the kinds before LOG_ROUND. */
int log_is_header_kind(enum log_kind k);

/* Whether the tree holds a game statement (round, turn...; an invalid statement counts by
 * what it attempted): the header is over. */
int log_game_started(const struct log_ast *ast);

/* The keyword-like name of a statement kind ("turn", "court-reroll", "invalid"...). */
const char *log_kind_name(enum log_kind kind);

/* Whether statements of this kind belong to a turn's body, the lines under a turn line that
 * spend its dice (spend, sheriff, court, court reroll, split, market): the one list of them. */
bool log_kind_is_turn_body(enum log_kind kind);

/* Appends a canonical dump of the tree to out: one line per statement, "LINE:COL+LEN kind"
 * and then each argument in normalized form with "@COL" (see docs/move-log-format.md). */
void log_dump(const struct log_ast *ast, struct strbuf *out);

/* Arena for the parser (internal to src/log): memory freed by log_free(). */
void *log_ast_alloc(struct log_ast *ast, size_t size);
/* Copies n bytes into the arena and adds a NUL. */
char *log_ast_strndup(struct log_ast *ast, const char *s, size_t n);
/* Sizes the arena's first block to about `bytes` (before anything is allocated in it; at most
 * 64 kB, at least 256 bytes, the least when never called): a tree kept for each statement
 * takes memory in proportion to it, a whole log's tree a few big blocks. */
void log_ast_expect(struct log_ast *ast, size_t bytes);

/* The bytes the tree takes on the heap: the tree, its statements' array and its arena. */
size_t log_ast_bytes(const struct log_ast *ast);

#endif
