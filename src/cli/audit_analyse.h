/* xii audit --analyse: runs the game analysis (advisor/advice_analyse.h) with the advisor options, a
 * progress bar on a terminal, and adds it to the audit's text, JSON and PDF. */
#ifndef CLI_AUDIT_ANALYSE_H
#define CLI_AUDIT_ANALYSE_H
#include "cli/advisor_options.h"
#include "draw/canvas.h"
#include "layout/common.h"
#include "advisor/advice_analyse.h"

/* The analysis' rollouts per move when --rollouts is not given. */
#define AUDIT_ANALYSE_ROLLOUTS 128

/* Analyses the log; returns 0, or -1 after printing why on stderr. */
int audit_analyse_run(const struct gamedata *gd, const struct log_ast *ast, const char *src, size_t len,
                      const struct advisor_args *adv, struct analysis *out);
/* Appends the text section to the report. */
void audit_analyse_text(const struct analysis *a, const struct advisor_args *adv, struct strbuf *report);
/* Puts "analysis": {...} into the audit's JSON object in report (which ends with "}\n"). */
void audit_analyse_json(const struct analysis *a, const struct advisor_args *adv, struct strbuf *report);
/* Draws the analysis page. */
void audit_analyse_page(struct canvas *c, const struct analysis *a, const struct advisor_args *adv,
                        const struct paper *paper, int grey, const char *title, const char *footer);

#endif
