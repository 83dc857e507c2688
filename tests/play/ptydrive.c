/* ptydrive: types a script into a program through a real pseudo-terminal, as a person at the
 * keyboard would, for the tests of `xii play`.
 *
 * usage: ptydrive [-k N | -K N | -j] SCRIPT PROGRAM [ARGS...]
 *
 * PROGRAM runs on a new pseudo-terminal (80 columns, TERM=xterm). Each line of SCRIPT is
 * typed (its bytes, a tab included, then Enter) once the program shows a prompt: output that
 * ends with "> ", the program waiting for input. Everything the program prints is copied to
 * standard output. After the last line the input is closed (Ctrl-D).
 *   -k N   after N lines, type the first half of the next one, then kill the program (SIGKILL)
 *   -K N   after N lines, type the next one with Enter and kill the program at once
 *   -j     job control, as a shell gives it: PROGRAM runs in a process group of its own in
 *          the foreground, under a small shell that, when PROGRAM stops (Ctrl-Z), prints
 *          "[stopped]", puts the terminal back in its ordinary mode (echo, whole lines) and
 *          resumes PROGRAM in the foreground (fg). A script line holding only a Ctrl-Z byte is
 *          typed without Enter; the next line waits for the prompt shown after the resumption.
 * Exit status: the program's, 137 when it was killed, 124 when it showed no prompt for 20 s,
 * 2 on a usage or system error. */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static char tail[4096];     /* the output since the last line typed */
static size_t ntail;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Copies what the program printed; returns 0 at its end (the terminal closed), 1 otherwise. */
static int pump(int fd, int timeout_ms)
{
    struct pollfd p = {fd, POLLIN, 0};
    int r = poll(&p, 1, timeout_ms);
    if (r <= 0)
        return 1;
    char buf[4096];
    ssize_t n = read(fd, buf, sizeof buf);
    if (n <= 0)
        return 0;
    fwrite(buf, 1, (size_t)n, stdout);
    for (ssize_t i = 0; i < n; i++) {
        if (ntail == sizeof tail) {
            memmove(tail, tail + sizeof tail / 2, sizeof tail / 2);
            ntail = sizeof tail / 2;
        }
        tail[ntail++] = buf[i];
    }
    return 1;
}

static int prompted(void)
{
    return ntail >= 2 && tail[ntail - 2] == '>' && tail[ntail - 1] == ' ';
}

static pid_t child;
static int jobs;        /* -j: child is the small shell, not the program */

/* The small shell of -j: runs argv in the foreground as a job; when it stops, takes the
 * terminal back, restores the ordinary mode and resumes it (fg). Ends with its status. */
static void job_shell(char **argv)
{
    signal(SIGTTOU, SIG_IGN);
    struct termios sane;
    tcgetattr(STDIN_FILENO, &sane);
    pid_t job = fork();
    if (job < 0)
        _exit(2);
    if (job == 0) {
        setpgid(0, 0);
        tcsetpgrp(STDIN_FILENO, getpid());
        signal(SIGTTOU, SIG_DFL);
        execv(argv[0], argv);
        perror("ptydrive: exec");
        _exit(127);
    }
    setpgid(job, job);
    tcsetpgrp(STDIN_FILENO, job);
    for (;;) {
        int st;
        if (waitpid(job, &st, WUNTRACED) < 0)
            _exit(2);
        if (WIFSTOPPED(st)) {
            tcsetpgrp(STDIN_FILENO, getpgrp());
            tcsetattr(STDIN_FILENO, TCSANOW, &sane);
            static const char msg[] = "\r\n[stopped]\r\n";
            if (write(STDOUT_FILENO, msg, sizeof msg - 1) < 0)
                _exit(2);
            tcsetpgrp(STDIN_FILENO, job);
            kill(-job, SIGCONT);
        } else if (WIFSIGNALED(st)) {
            _exit(128 + WTERMSIG(st));
        } else {
            _exit(WEXITSTATUS(st));
        }
    }
}

/* Whether the program waits in read() on its standard input (Linux: /proc/PID/syscall starts
 * with the number of read, 0, and the descriptor 0x0); -1 when this cannot be known. */
static int reading_input(void)
{
    char path[64], buf[64];
    if (jobs)
        return -1;
    snprintf(path, sizeof path, "/proc/%d/syscall", (int)child);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    if (n == 0)
        return -1;
    return strncmp(buf, "0 0x0 ", 6) == 0;
}

/* Waits for a prompt: 1 shown, 0 the program ended, -1 timed out. A prompt is output that
 * ends with "> " while the program waits for input with nothing more to print: a long line
 * redrawn as it wraps shows the prompt again, in the middle of the echo. Where the kernel
 * does not say what the program waits for, a pause of 50 ms after the prompt does. */
static int wait_prompt(int fd)
{
    double limit = now() + 20;
    for (;;) {
        if (prompted()) {
            int reading = reading_input();
            struct pollfd p = {fd, POLLIN, 0};
            int r = poll(&p, 1, reading < 0 ? 50 : 0);
            if (r == 0 && reading != 0)
                return 1;
            if (r < 0 && errno != EINTR)
                return 0;
        }
        if (!pump(fd, prompted() ? 2 : 100))
            return 0;
        if (now() > limit)
            return -1;
    }
}

/* Types n bytes, one at a time as the terminal takes them, copying what the program prints
 * meanwhile: a long line echoed and redrawn as it wraps would otherwise fill the output
 * buffer, and the program, blocked on its echo, would stop reading what is typed. */
static void type(int fd, const char *s, size_t n)
{
    while (n > 0) {
        struct pollfd p = {fd, POLLIN | POLLOUT, 0};
        if (poll(&p, 1, 1000) < 0) {
            if (errno == EINTR)
                continue;
            return;
        }
        if ((p.revents & POLLIN) && !pump(fd, 0))
            return;
        if (p.revents & POLLOUT) {
            ssize_t w = write(fd, s, 1);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                return;
            s++;
            n--;
        } else if (p.revents & (POLLHUP | POLLERR) && !(p.revents & POLLIN)) {
            return;
        }
    }
}

static int finish(pid_t pid, int fd)
{
    while (pump(fd, 200))
        ;
    int st;
    if (waitpid(pid, &st, 0) < 0)
        return 2;
    fflush(stdout);
    if (WIFSIGNALED(st))
        return 128 + WTERMSIG(st);
    return WEXITSTATUS(st);
}

int main(int argc, char **argv)
{
    int kill_after = -1, kill_typed = 0, a = 1;
    if (a + 1 < argc && (strcmp(argv[a], "-k") == 0 || strcmp(argv[a], "-K") == 0)) {
        kill_typed = argv[a][1] == 'K';
        kill_after = atoi(argv[a + 1]);
        a += 2;
    } else if (a < argc && strcmp(argv[a], "-j") == 0) {
        jobs = 1;
        a++;
    }
    if (argc - a < 2) {
        fputs("usage: ptydrive [-k N | -K N | -j] SCRIPT PROGRAM [ARGS...]\n", stderr);
        return 2;
    }
    FILE *script = fopen(argv[a], "r");
    if (!script) {
        fprintf(stderr, "ptydrive: %s: %s\n", argv[a], strerror(errno));
        return 2;
    }
    struct winsize ws = {24, 80, 0, 0};
    int fd;
    pid_t pid = forkpty(&fd, NULL, NULL, &ws);
    child = pid;
    if (pid < 0) {
        perror("ptydrive: forkpty");
        return 2;
    }
    if (pid == 0) {
        setenv("TERM", "xterm", 1);
        unsetenv("NO_COLOR");
        if (jobs)
            job_shell(argv + a + 1);
        execv(argv[a + 1], argv + a + 1);
        perror("ptydrive: exec");
        _exit(127);
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int typed = 0;
    while ((len = getline(&line, &cap, script)) >= 0) {
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = 0;
        int w = wait_prompt(fd);
        if (w == 0)
            break;
        if (w < 0) {
            fprintf(stderr, "ptydrive: no prompt for 20 s after %d lines\n", typed);
            kill(pid, SIGKILL);
            finish(pid, fd);
            return 124;
        }
        if (typed == kill_after) {
            if (kill_typed) {
                type(fd, line, (size_t)len);
                type(fd, "\r", 1);
            } else {
                type(fd, line, (size_t)len / 2);
                pump(fd, 50);
            }
            kill(pid, SIGKILL);
            free(line);
            fclose(script);
            finish(pid, fd);
            return 137;
        }
        type(fd, line, (size_t)len);
        if (!(jobs && len == 1 && line[0] == '\032'))
            type(fd, "\r", 1);
        ntail = 0;      /* the answer to this line comes after its echo */
        typed++;
    }
    free(line);
    fclose(script);
    int w = wait_prompt(fd);
    if (w == 1)
        type(fd, "\004", 1);
    if (w < 0) {
        fprintf(stderr, "ptydrive: no prompt for 20 s after the last line\n");
        kill(pid, SIGKILL);
        finish(pid, fd);
        return 124;
    }
    return finish(pid, fd);
}
