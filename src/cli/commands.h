/* The subcommands of xii. Each returns the process exit status:
 * 0 success, 1 the input has errors or mismatches, 2 usage or input error, 3 output error. */
#ifndef CLI_COMMANDS_H
#define CLI_COMMANDS_H

enum { EXIT_OK = 0, EXIT_FINDINGS = 1, EXIT_USAGE = 2, EXIT_OUTPUT = 3 };

int cmd_rules(int argc, char **argv);
int cmd_sheet(int argc, char **argv);
int cmd_audit(int argc, char **argv);
int cmd_summary(int argc, char **argv);
int cmd_organiser(int argc, char **argv);
int cmd_setup(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_record_sheet(int argc, char **argv);
int cmd_simulate(int argc, char **argv);
int cmd_hint(int argc, char **argv);
int cmd_serve(int argc, char **argv);

#endif
