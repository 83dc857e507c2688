/* The shared recorder over the game interface: a game's decisions applied by its engine and
 * written once, line by line, to a locked and flushed game file (record/gamefile.h). */
#include "record/gsession.h"
#include <stdlib.h>
#include <string.h>
#include "core/xalloc.h"
#include "record/gamefile.h"

/* Most decisions a line read may make (the steps left implicit before it included). */
#define LINE_DECISIONS 256

/* A line of FILE: where it begins and the decisions it carries [first, first + count). */
struct gline {
    size_t offset;
    size_t first, count;
};

struct gsession {
    const struct game *g;
    const void *data;
    struct record_gamefile file;
    struct strbuf text;             /* FILE's content */
    unsigned char *start;           /* the state before the first decision */
    unsigned char *state;           /* the state now */
    unsigned char *dec;             /* every decision applied, in order */
    size_t ndec, deccap;
    size_t nwritten;                /* the decisions carried by FILE's lines */
    struct strbuf waiting;          /* the text of a line not yet whole */
    struct gline *lines;
    size_t nlines, linecap;
    int over;                       /* the closing lines are in FILE */
    size_t end_offset;              /* where the line that carries them begins */
};

static void *dec_at(const struct gsession *s, size_t i)
{
    return s->dec + i * s->g->decision_size;
}

static void push_decision(struct gsession *s, const void *d)
{
    void *p = s->dec;
    xgrow(&p, &s->deccap, s->ndec + 1, s->g->decision_size);
    s->dec = p;
    memcpy(dec_at(s, s->ndec++), d, s->g->decision_size);
}

static void push_line(struct gsession *s, size_t offset, size_t first, size_t count)
{
    void *p = s->lines;
    xgrow(&p, &s->linecap, s->nlines + 1, sizeof *s->lines);
    s->lines = p;
    s->lines[s->nlines++] = (struct gline){offset, first, count};
}

/* The state after the first n decisions, rebuilt from the start. */
static void replay_to(struct gsession *s, size_t n)
{
    memcpy(s->state, s->start, s->g->state_size);
    for (size_t i = 0; i < n; i++)
        s->g->apply(s->state, dec_at(s, i), NULL);
    s->ndec = n;
}

/* The number of FILE's lines so far. */
static int lines_in(const struct strbuf *text)
{
    int n = 0;
    for (size_t i = 0; i < text->len; i++)
        n += text->data[i] == '\n';
    if (text->len && text->data[text->len - 1] != '\n')
        n++;
    return n;
}

/* Appends out to FILE (after a line feed, when FILE's last line has none). */
static int append(struct gsession *s, struct strbuf *out, struct strbuf *err)
{
    if (s->text.len && s->text.data[s->text.len - 1] != '\n') {
        struct strbuf both = STRBUF_INIT;
        strbuf_printf(&both, "\n%s", strbuf_cstr(out));
        strbuf_free(out);
        *out = both;
    }
    if (record_gamefile_append(&s->file, out->data, out->len, err) != 0)
        return -1;
    strbuf_append(&s->text, out->data, out->len);
    return 0;
}

/* Replays FILE's lines through the game's reader (the audit found them clean). The game's
 * closing lines right after the decision that ended the game belong to its line. */
static int replay_file(struct gsession *s, struct strbuf *err)
{
    const struct game *g = s->g;
    void *room = xcalloc(LINE_DECISIONS, g->decision_size);
    const char *text = strbuf_cstr(&s->text);
    int lineno = 0, rc = 0, started = 0;
    struct strbuf line = STRBUF_INIT, why = STRBUF_INIT, end = STRBUF_INIT, note = STRBUF_INIT;
    for (size_t at = 0; at < s->text.len && rc == 0;) {
        size_t width = strcspn(text + at, "\n");
        lineno++;
        strbuf_reset(&line);
        strbuf_append(&line, text + at, width);
        size_t n = 0;
        strbuf_reset(&note);
        enum game_line kind = g->read(s->state, strbuf_cstr(&line), s->file.path, lineno, room, LINE_DECISIONS, &n,
                                      &note, &why);
        size_t next = at + width + (text[at + width] == '\n');
        if (kind == GAME_LINE_REFUSED) {
            strbuf_append(err, why.data, why.len);
            rc = 1;
        } else if (kind == GAME_LINE_START && started++) {
            strbuf_printf(err, "%s:%d: the opening statement comes once\n", s->file.path, lineno);
            rc = 1;
        } else if (kind == GAME_LINE_DECISIONS) {
            size_t first = s->ndec;
            for (size_t i = 0; i < n; i++) {
                push_decision(s, (char *)room + i * g->decision_size);
                g->apply(s->state, dec_at(s, s->ndec - 1), NULL);
            }
            push_line(s, at, first, n);
            s->nwritten = s->ndec;
        } else if (kind == GAME_LINE_END && !s->over && s->nlines > 0) {
            /* With the end of building it closes, if any: else it belongs to the line before. */
            size_t first = s->ndec;
            for (size_t i = 0; i < n; i++) {
                push_decision(s, (char *)room + i * g->decision_size);
                g->apply(s->state, dec_at(s, s->ndec - 1), NULL);
            }
            s->nwritten = s->ndec;
            if (n > 0)
                push_line(s, at, first, n);
            s->over = 1;
            s->end_offset = s->lines[s->nlines - 1].offset;
            strbuf_reset(&end);
            g->write_end(s->state, &end);
            if (s->text.len - at >= end.len && memcmp(text + at, end.data, end.len) == 0) {
                for (size_t i = 0; i < end.len; i++)
                    lineno += end.data[i] == '\n';
                lineno--;
                next = at + end.len;
            }
        } else {
            push_line(s, at, s->ndec, 0);
        }
        at = next;
    }
    strbuf_free(&line);
    strbuf_free(&why);
    strbuf_free(&end);
    strbuf_free(&note);
    free(room);
    return rc;
}

int gsession_open(struct gsession **sp, const struct game *g, const void *data, const char *path,
                  const char *comment, struct strbuf *err)
{
    struct gsession *s = xcalloc(1, sizeof *s);
    *sp = s;
    s->g = g;
    s->data = data;
    s->file.fd = -1;
    s->text = (struct strbuf)STRBUF_INIT;
    s->waiting = (struct strbuf)STRBUF_INIT;
    if (!g->read || !g->prompt || !g->narrate || !g->warn || !g->check_log) {
        strbuf_printf(err, "the recorder does not take %s games yet", g->title);
        return -3;
    }
    s->start = xcalloc(1, g->state_size);
    s->state = xcalloc(1, g->state_size);
    g->init(s->start, data, g->min_seats);
    memcpy(s->state, s->start, g->state_size);
    int rc = record_gamefile_open(&s->file, path, &s->text, err);
    if (rc != 0)
        return rc;
    if (s->text.len == 0) {
        struct strbuf open = STRBUF_INIT;
        g->write_start(s->state, comment, &open);
        rc = append(s, &open, err);
        if (rc == 0)
            push_line(s, 0, 0, 0);
        strbuf_free(&open);
        return rc == 0 ? 0 : -2;
    }
    if (g->check_log(data, s->text.data, s->text.len, path, err) != 0)
        return 1;
    return replay_file(s, err);
}

void gsession_free(struct gsession *s)
{
    if (!s)
        return;
    record_gamefile_close(&s->file);
    strbuf_free(&s->text);
    strbuf_free(&s->waiting);
    free(s->start);
    free(s->state);
    free(s->dec);
    free(s->lines);
    free(s);
}

static void result_init(struct gsession_result *res)
{
    memset(res, 0, sizeof *res);
    res->written = (struct strbuf)STRBUF_INIT;
    res->message = (struct strbuf)STRBUF_INIT;
    res->narration = (struct strbuf)STRBUF_INIT;
    res->warnings = (struct strbuf)STRBUF_INIT;
}

void gsession_result_free(struct gsession_result *res)
{
    strbuf_free(&res->written);
    strbuf_free(&res->message);
    strbuf_free(&res->narration);
    strbuf_free(&res->warnings);
}

/* Applies the decisions d[0..n) (the game's reader or the caller vouches for none), written
 * with write_decision; the line, once whole, goes to FILE with the closing lines when the
 * game ends. All or nothing: a refusal or a failed write leaves the session as it was. */
static void take(struct gsession *s, const void *d, size_t n, const char *note, struct gsession_result *res)
{
    const struct game *g = s->g;
    size_t ndec0 = s->ndec, wait0 = s->waiting.len;
    unsigned char *before = xmalloc(g->state_size);
    memcpy(before, s->state, g->state_size);
    struct strbuf why = STRBUF_INIT;
    for (size_t i = 0; i < n; i++) {
        const void *di = (const char *)d + i * g->decision_size;
        if (g->current(s->state) == GAME_OVER) {
            strbuf_puts(&res->message, "the game is over: nothing more is decided\n");
            goto refused;
        }
        unsigned char *copy = xmalloc(g->state_size);
        memcpy(copy, s->state, g->state_size);
        strbuf_reset(&why);
        int rc = g->apply(copy, di, &why);
        free(copy);
        if (rc != 0) {
            strbuf_printf(&res->message, "%s\n", strbuf_cstr(&why));
            goto refused;
        }
        g->narrate(s->state, di, &res->narration);
        g->warn(s->state, di, &res->warnings);
        g->write_decision(s->state, di, &s->waiting);
        g->apply(s->state, di, NULL);
        push_decision(s, di);
    }
    if (note && *note) {
        /* After the line the decisions end (the first one ended since they began). */
        const char *eol = memchr(s->waiting.data + wait0, '\n', s->waiting.len - wait0);
        if (eol) {
            size_t at = (size_t)(eol - s->waiting.data);
            struct strbuf rest = STRBUF_INIT;
            strbuf_append(&rest, s->waiting.data + at, s->waiting.len - at);
            s->waiting.len = at;
            strbuf_printf(&s->waiting, "  # %s", note);
            strbuf_append(&s->waiting, rest.data, rest.len);
            strbuf_free(&rest);
        }
    }
    int ends = g->current(s->state) == GAME_OVER && !s->over;
    if (ends || (s->waiting.len && s->waiting.data[s->waiting.len - 1] == '\n')) {
        if (ends)
            g->write_end(s->state, &s->waiting);
        struct strbuf out = STRBUF_INIT;
        strbuf_append(&out, s->waiting.data, s->waiting.len);
        size_t offset = s->text.len + (size_t)(s->text.len && s->text.data[s->text.len - 1] != '\n');
        if (append(s, &out, &res->message) != 0) {
            strbuf_free(&out);
            res->outcome = GSESSION_WRITE_FAILED;
            goto undo;
        }
        strbuf_append(&res->written, out.data, out.len);
        strbuf_free(&out);
        push_line(s, offset, s->nwritten, s->ndec - s->nwritten);
        s->nwritten = s->ndec;
        strbuf_reset(&s->waiting);
        if (ends) {
            s->over = 1;
            s->end_offset = offset;
        }
    }
    res->outcome = GSESSION_ACCEPTED;
    res->decisions = n;
    free(before);
    strbuf_free(&why);
    return;
refused:
    res->outcome = GSESSION_REFUSED;
undo:
    memcpy(s->state, before, g->state_size);
    s->ndec = ndec0;
    s->waiting.len = wait0;
    if (s->waiting.data)
        s->waiting.data[wait0] = 0;
    strbuf_reset(&res->narration);
    strbuf_reset(&res->warnings);
    free(before);
    strbuf_free(&why);
}

void gsession_decide(struct gsession *s, const void *decision, struct gsession_result *res)
{
    result_init(res);
    take(s, decision, 1, NULL, res);
}

void gsession_submit(struct gsession *s, const char *line, struct gsession_result *res)
{
    result_init(res);
    const struct game *g = s->g;
    void *room = xcalloc(LINE_DECISIONS, g->decision_size);
    size_t n = 0;
    int lineno = lines_in(&s->text) + 1;
    struct strbuf note = STRBUF_INIT;
    enum game_line kind = g->read(s->state, line, s->file.path, lineno, room, LINE_DECISIONS, &n, &note,
                                  &res->message);
    switch (kind) {
    case GAME_LINE_EMPTY:
        res->outcome = GSESSION_EMPTY;
        break;
    case GAME_LINE_REFUSED:
        res->outcome = GSESSION_REFUSED;
        break;
    case GAME_LINE_START:
        /* A log piped whole into a new FILE: its opening is the one written already. */
        if (s->ndec == 0) {
            res->outcome = GSESSION_EMPTY;
            break;
        }
        res->outcome = GSESSION_REFUSED;
        strbuf_puts(&res->message, "the opening statement is the file's first, written by the recorder: nothing written\n");
        break;
    case GAME_LINE_END:
        /* The result that closes the game (its implicit steps end it): they are taken, and the
         * game's own closing lines written with them. */
        if (n > 0 && n <= LINE_DECISIONS && !s->waiting.len) {
            take(s, room, n, NULL, res);
            break;
        }
        res->outcome = GSESSION_REFUSED;
        strbuf_puts(&res->message, "the result is written by the recorder with the decision that ends the game: "
                                   "nothing written\n");
        break;
    case GAME_LINE_NOTE: {
        if (s->ndec > s->nwritten) {
            /* FILE read back would put the note before those decisions (a check line would
             * then see another stock). */
            res->outcome = GSESSION_REFUSED;
            strbuf_puts(&res->message, "decisions wait for the line that writes them (done is written with the next "
                                       "line): the note comes after that line\n");
            break;
        }
        struct strbuf out = STRBUF_INIT;
        size_t lead = strspn(line, " \t"), width = strlen(line + lead);
        while (width > 0 && (line[lead + width - 1] == ' ' || line[lead + width - 1] == '\t'))
            width--;
        strbuf_append(&out, line + lead, width);
        strbuf_putc(&out, '\n');
        size_t offset = s->text.len + (size_t)(s->text.len && s->text.data[s->text.len - 1] != '\n');
        /* What the state alone cannot tell (a second names line): FILE with the note must
         * still audit clean, or it could not be continued. */
        struct strbuf all = STRBUF_INIT;
        strbuf_append(&all, s->text.data, s->text.len);
        if (offset > s->text.len)
            strbuf_putc(&all, '\n');
        strbuf_append(&all, out.data, out.len);
        int clean = s->g->check_log(s->data, all.data, all.len, s->file.path, &res->message) == 0;
        strbuf_free(&all);
        if (!clean) {
            res->outcome = GSESSION_REFUSED;
        } else if (append(s, &out, &res->message) != 0) {
            res->outcome = GSESSION_WRITE_FAILED;
        } else {
            push_line(s, offset, s->nwritten, 0);
            strbuf_append(&res->written, out.data, out.len);
            res->outcome = GSESSION_ACCEPTED;
        }
        strbuf_free(&out);
        break;
    }
    case GAME_LINE_DECISIONS:
        if (n > LINE_DECISIONS) {
            res->outcome = GSESSION_REFUSED;
            strbuf_printf(&res->message, "the line makes more than %d decisions\n", LINE_DECISIONS);
        } else {
            take(s, room, n, strbuf_cstr(&note), res);
        }
        break;
    }
    strbuf_free(&note);
    free(room);
}

int gsession_undo(struct gsession *s, struct strbuf *undone, struct strbuf *err)
{
    if (s->ndec > s->nwritten) {
        int n = (int)(s->ndec - s->nwritten);
        strbuf_reset(&s->waiting);
        replay_to(s, s->nwritten);
        return n;
    }
    /* The opening lines stay: the first line record of FILE is never cut. */
    if (s->nlines <= 1)
        return 0;
    const struct gline *last = &s->lines[s->nlines - 1];
    if (record_gamefile_cut(&s->file, last->offset, err) != 0)
        return -1;
    strbuf_append(undone, s->text.data + last->offset, s->text.len - last->offset);
    s->text.len = last->offset;
    s->text.data[s->text.len] = 0;
    int n = (int)last->count;
    s->nwritten = last->first;
    replay_to(s, last->first);
    s->nlines--;
    if (last->offset <= s->end_offset)
        s->over = 0;
    return n > 0 ? n : 1;
}

const struct game *gsession_game(const struct gsession *s) { return s->g; }
const void *gsession_state(const struct gsession *s) { return s->state; }
int gsession_current(const struct gsession *s) { return s->g->current(s->state); }
size_t gsession_decisions(const struct gsession *s) { return s->ndec; }
int gsession_waiting(const struct gsession *s) { return s->ndec > s->nwritten; }
int gsession_over(const struct gsession *s) { return s->over; }
const char *gsession_path(const struct gsession *s) { return s->file.path; }
const struct strbuf *gsession_text(const struct gsession *s) { return &s->text; }

size_t gsession_legal(const struct gsession *s, void *out, double *p, size_t cap)
{
    return s->g->legal(s->state, out, p, cap);
}

void gsession_prompt(const struct gsession *s, struct strbuf *out)
{
    s->g->prompt(s->state, out);
}

int gsession_audit(const struct gsession *s, struct strbuf *out)
{
    return s->g->check_log(s->data, s->text.data ? s->text.data : "", s->text.len, s->file.path, out) == 0;
}
