# XII Century companion: one GNU Makefile.
#   make            build out/bin/xii (a missing library stops it, naming its Debian package)
#   make check      build and run every test (unit, golden, PDF checks)
#   make asan       the same tests under AddressSanitizer + UndefinedBehaviorSanitizer
#   make sheets     write the printable sheets into out/
#   make bench      benchmarks
#   make install    PREFIX=/usr/local DESTDIR=
# BUILD=dir puts every generated file under another folder (default out).
# CPPFLAGS, CFLAGS and LDFLAGS are the user's: they come after ours on every command line, so
# `make CFLAGS=-O0` keeps the standard, the warnings and the dependency files.

.DEFAULT_GOAL := all
BUILD   ?= out
PREFIX  ?= /usr/local
DESTDIR ?=
WERROR  ?= -Werror
CC      ?= cc
VERSION := 0.1.0

WARN := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wstrict-prototypes \
        -Wmissing-prototypes -Wno-sign-conversion $(WERROR)
OPT  ?= -O2 -g
DEPFLAGS = -MMD -MP
# Sanitizer flags, for compiling and linking alike (make asan sets them).
SANITIZE ?=

# The libraries the program links with, one a line (tools/packages.sh explains the forms):
# pc:MODULE=PACKAGE for a pkg-config module, h:HEADER:-lNAME=PACKAGE for a library without one.
BUILD_LIBS := pc:cairo-ft=libcairo2-dev
BUILD_LIBS += pc:cairo=libcairo2-dev
BUILD_LIBS += pc:libedit=libedit-dev
BUILD_LIBS += pc:jansson=libjansson-dev
BUILD_LIBS += pc:libmicrohttpd=libmicrohttpd-dev
BUILD_LIBS += pc:libqrencode=libqrencode-dev
BUILD_LIBS += h:hpdf.h:-lhpdf=libhpdf-dev
# What only make check needs, one a line (bin:COMMAND, pc:MODULE, py:MODULE = PACKAGE).
TEST_NEEDS := pc:cmocka=libcmocka-dev
TEST_NEEDS += bin:pdftotext=poppler-utils
TEST_NEEDS += bin:qpdf=qpdf
TEST_NEEDS += bin:mandoc=mandoc
TEST_NEEDS += py:jsonschema=python3-jsonschema
TEST_NEEDS += bin:strace=strace
TEST_NEEDS += locale:fr_FR.UTF-8=locales
TEST_NEEDS += bin:chromium=chromium
TEST_NEEDS += bin:node=nodejs
TEST_NEEDS += bin:npm=npm

# The README's two commands set up a fresh Debian machine: make sheets and make check, run as
# root, install what is missing through apt-get (its output shown). Every other goal, and any
# dry run, only names the missing packages and stops: make and make install never install.
SETUP_GOALS := sheets check asan
INSTALL_MISSING := $(if $(findstring n,$(firstword -$(MAKEFLAGS))),,$(if \
                     $(filter $(SETUP_GOALS),$(MAKECMDGOALS)),--install))

# $(BUILD)/config.mk holds the libraries' flags (tools/configure.sh, pkg-config), written again
# when it is older than this Makefile or the scripts. A missing library stops make here, before
# anything is built, with one line naming the Debian packages.
CONFIG_MK := $(BUILD)/config.mk
ifeq ($(filter clean,$(MAKECMDGOALS)),)
CONFIG_ERROR := $(shell test $(CONFIG_MK) -nt Makefile && test $(CONFIG_MK) -nt tools/configure.sh \
                  && test $(CONFIG_MK) -nt tools/packages.sh || { mkdir -p $(BUILD) && \
                  CC="$(CC)" sh tools/configure.sh $(CONFIG_MK) $(INSTALL_MISSING) $(BUILD_LIBS); })
ifneq ($(CONFIG_ERROR),)
$(error $(CONFIG_ERROR))
endif
include $(CONFIG_MK)
endif

XII_CPPFLAGS = -D_POSIX_C_SOURCE=200809L -DXII_VERSION=\"$(VERSION)\" -Isrc -I$(BUILD)/gen \
               $(patsubst -I%,-isystem %,$(LIB_CFLAGS))
XII_CFLAGS   = $(WARN) $(OPT) $(SANITIZE) $(DEPFLAGS) -pthread
XII_LDLIBS   = $(LIB_LIBS) -lm -pthread
# Ours first, the user's after (GNU coding standards, "Variables for Specifying Commands").
ALL_CPPFLAGS  = $(XII_CPPFLAGS) $(CPPFLAGS)
ALL_CFLAGS    = $(XII_CFLAGS) $(CFLAGS)
ALL_LDFLAGS   = $(SANITIZE) $(LDFLAGS)
ALL_LDLIBS    = $(XII_LDLIBS) $(LDLIBS)

LIB_SRC  := $(sort $(wildcard src/core/*.c src/rules/*.c src/log/*.c src/audit/*.c src/bots/*.c src/advisor/*.c src/record/*.c src/serve/*.c src/layout/*.c src/draw/*.c src/rewrite/*.c src/kingdom/*.c))
CLI_SRC  := $(sort $(wildcard src/cli/*.c))
EMBED_IN := $(sort $(wildcard templates/*.rules templates/*.icons templates/*.layout templates/*.txt \
                          templates/*.html templates/*.js templates/*.css))
GEN_C    := $(BUILD)/gen/embedded.c
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/gen/embedded.o
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
LIB      := $(BUILD)/lib/libxii.a
XII      := $(BUILD)/bin/xii

UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
BENCH_SRC := $(sort $(wildcard bench/*.c))
BENCH_BIN := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)

# Each compile or link shows as one short line (CC out/obj/...); V=1 shows the whole commands.
ifeq ($(V),1)
Q :=
say := :
else
Q := @
say := printf '  %-5s %s\n'
endif

.PHONY: all check unit golden pdfcheck asan sheets bench install clean fuzz valgrind
all: $(XII)

$(BUILD)/tools/embed: tools/embed.c
	@mkdir -p $(@D)
	@$(say) CC $@
	$(Q)$(CC) -std=c11 -O2 -o $@ $<

$(GEN_C): $(BUILD)/tools/embed $(EMBED_IN)
	@mkdir -p $(@D)
	@$(say) EMBED $@
	$(Q)$(BUILD)/tools/embed $@ $(EMBED_IN)

$(BUILD)/obj/gen/embedded.o: $(GEN_C)
	@mkdir -p $(@D)
	@$(say) CC $@
	$(Q)$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(@D)
	@$(say) CC $@
	$(Q)$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

$(LIB): $(LIB_OBJ)
	@mkdir -p $(@D)
	@$(say) AR $@
	$(Q)rm -f $@ && ar rcs $@ $^

# The build folder mirrors an installed tree for the fonts, so the program and the tests find
# them beside the executable wherever BUILD is.
BUILD_FONTS := $(BUILD)/share/xii/fonts
$(BUILD_FONTS):
	@mkdir -p $(@D)
	$(Q)ln -sfn $(CURDIR)/fonts $@

$(XII): $(CLI_OBJ) $(LIB) | $(BUILD_FONTS)
	@mkdir -p $(@D)
	@$(say) LINK $@
	$(Q)$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $(CLI_OBJ) $(LIB) $(ALL_LDLIBS)

# cmocka needs its headers after the standard ones: each test includes tests/unit/test.h first.
# Tests may use the command-line helpers too: everything of src/cli but main, as an archive.
CLI_LIB := $(BUILD)/lib/libxiicli.a
$(CLI_LIB): $(filter-out %/main.o,$(CLI_OBJ))
	@mkdir -p $(@D)
	@$(say) AR $@
	$(Q)rm -f $@ && ar rcs $@ $^

$(BUILD)/tests/%: tests/unit/%.c $(LIB) $(CLI_LIB) tests/unit/test.h | $(BUILD_FONTS)
	@mkdir -p $(@D)
	@$(say) LINK $@
	$(Q)$(CC) $(ALL_CPPFLAGS) -Itests/unit $(ALL_CFLAGS) -Wno-missing-prototypes $(ALL_LDFLAGS) -o $@ $< \
	      $(CLI_LIB) $(LIB) $(ALL_LDLIBS) -lcmocka

# Benchmark programs: each bench/*.c is one program linked with the library.
$(BUILD)/bench/%: bench/%.c $(LIB) | $(BUILD_FONTS)
	@mkdir -p $(@D)
	@$(say) LINK $@
	$(Q)$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -Wno-missing-prototypes $(ALL_LDFLAGS) -o $@ $< $(LIB) $(ALL_LDLIBS)

# Each suite's output goes to $(BUILD)/logs/SUITE.log: make shows one line per suite, and the
# detail of a failure only (tests/suite.sh; VERBOSE=1 shows everything). What the tests need
# beyond the build is checked first (TEST_NEEDS; make check installs it as root).
SUITE = @sh tests/suite.sh $@ $(BUILD)/logs/$@.log
# Under the sanitizers (make asan) the suites see SANITIZED=1 and leave out what the sanitizers
# cannot see (a second identical run); the suites that run no C code of ours are left to
# make check there, each saying so in its line.
ifneq ($(SANITIZE),)
export SANITIZED := 1
NO_C_SUITES := makeflags docscheck housecheck
$(NO_C_SUITES): SUITE = @printf '%-16s skipped: it runs no C code (make check runs it)\n' $@; :
endif
.PHONY: testdeps
testdeps:
	@sh tools/packages.sh $(INSTALL_MISSING) $(TEST_NEEDS)
$(UNIT_BIN): | testdeps

unit: $(UNIT_BIN)
	$(SUITE) sh tests/run-unit.sh $(UNIT_BIN)

golden: $(XII)
	$(SUITE) sh tests/run-golden.sh $(XII)

# The one switch that rewrites golden files: only those that differ, stale ones removed, the
# layout invariants checked on the result (or nothing changes), a summary of what changed.
.PHONY: golden-update
# The unit programs that own golden files are those that call test_golden_update.
GOLDEN_UNIT := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(shell grep -l test_golden_update $(UNIT_SRC)))
golden-update: $(XII) $(GOLDEN_UNIT) $(BUILD)/tests/test_layout_invariants
	@sh tests/golden-update.sh $(XII) $(BUILD)/tests/test_layout_invariants $(GOLDEN_UNIT)

pdfcheck: $(XII)
	$(SUITE) sh tests/run-pdfcheck.sh $(XII) $(BUILD)/pdfcheck

# Hostile inputs and options: diagnostics, exit statuses, bounded time and memory, atomic outputs.
.PHONY: catalogue
# A case that runs longer than CATALOGUE_TIMEOUT seconds counts as a hang; make asan allows more,
# since the sanitisers slow the biggest cases (1.7 million mismatches listed) five to ten times.
CATALOGUE_TIMEOUT ?= 60
catalogue: $(XII)
	$(SUITE) env CATALOGUE_TIMEOUT=$(CATALOGUE_TIMEOUT) sh tests/run-catalogue.sh $(XII) $(BUILD)/catalogue

# Every output byte-identical across two runs and across LC_ALL=C and fr_FR.UTF-8.
.PHONY: repro
repro: $(XII)
	$(SUITE) sh tests/run-repro.sh $(XII) $(BUILD)/repro

# Outputs that never destroy: same-file refusals, devices, modes, fsync, signals, pages, -o -.
.PHONY: outputs
outputs: $(XII)
	$(SUITE) sh tests/run-outputs.sh $(XII) $(BUILD)/outputs

# Our flags kept when the user sets CPPFLAGS, CFLAGS or LDFLAGS (a dry run).
.PHONY: makeflags
makeflags:
	$(SUITE) sh tests/run-makeflags.sh $(BUILD)/makeflags

# Help habits of every command: xii help CMD, -h, the exit statuses.
.PHONY: helpcheck
helpcheck: $(XII)
	$(SUITE) sh tests/run-help.sh $(XII)

# The man pages: lint, every option of every --help documented and the other way round.
.PHONY: mancheck
mancheck: $(XII)
	$(SUITE) sh tests/run-man.sh $(XII)

# The bash completion, called as bash calls it.
.PHONY: completioncheck
completioncheck: $(XII)
	$(SUITE) bash tests/run-completion.sh $(XII)


# The JSON outputs against docs/schema/*.json (python3-jsonschema).
.PHONY: schemacheck
schemacheck: $(XII)
	$(SUITE) python3 tests/check-schemas.py $(XII)

# make install into a temporary DESTDIR: program, data, man pages, completion.
.PHONY: installcheck
installcheck: $(XII)
	$(SUITE) sh tests/run-install.sh "$(MAKE)" $(BUILD)

# The recorder through a pseudo-terminal and a pipe (tests/run-play.sh; a kingdom game over the
# shared recorder: tests/run-play-kingdom.sh).
PTYDRIVE := $(BUILD)/tests/ptydrive
$(PTYDRIVE): tests/play/ptydrive.c
	@mkdir -p $(@D)
	@$(say) LINK $@
	$(Q)$(CC) -std=c11 -Wall -Wextra $(OPT) $(SANITIZE) -o $@ $< -lutil

.PHONY: play
play: $(XII) $(PTYDRIVE)
	$(SUITE) sh tests/run-play.sh $(XII) $(PTYDRIVE) $(BUILD)/play
	@sh tests/suite.sh play-kingdom $(BUILD)/logs/play-kingdom.log sh tests/run-play-kingdom.sh $(XII) $(PTYDRIVE) $(BUILD)/play-kingdom

# xii simulate end to end: threads, move logs through xii audit, JSON keys, progress bar.
.PHONY: simcheck
simcheck: $(XII)
	$(SUITE) sh tests/run-simulate.sh $(XII) $(BUILD)/simcheck

# Names, towns and titles that are not text; what is echoed to a terminal is escaped.
.PHONY: textcheck
textcheck: $(XII)
	$(SUITE) sh tests/run-text.sh $(XII) $(BUILD)/text

check: unit golden pdfcheck catalogue repro outputs textcheck makeflags helpcheck mancheck completioncheck schemacheck installcheck play simcheck
unit golden pdfcheck catalogue repro outputs textcheck makeflags helpcheck mancheck completioncheck schemacheck installcheck play simcheck: | testdeps

# xii serve over real HTTP on 127.0.0.1: links, join sheet, headers, tokens, limits, restarts;
# a Kingdom game played through by decision indices.
.PHONY: servecheck
servecheck: $(XII) | testdeps
	$(SUITE) sh tests/run-serve.sh $(XII) $(BUILD)
	$(SUITE) sh tests/run-serve-kingdom.sh $(XII) $(BUILD)
check: servecheck

# xii serve in headless Chromium (tests/run-browser.sh): Chromium, node and npm are test needs
# like the others (make check installs them as root); without them the suite says SKIPPED, and
# fails when CI is set. make browsercheck runs it alone.
.PHONY: browser browsercheck
browser: $(XII) | testdeps
	$(SUITE) sh tests/run-browser.sh $(XII) $(BUILD)
browsercheck: $(XII) | testdeps
	$(SUITE) sh tests/run-browser.sh $(XII) $(BUILD)
check: browser

# The docs stand on their own: links and named paths exist, nothing points outside the repository.
# (A test target can add itself to make check on its own line, as this one does.)
.PHONY: docscheck
docscheck:
	$(SUITE) sh tests/run-docs.sh
check: docscheck
docscheck: | testdeps

# The house's shape from the object files: no circle of files, calls between folders one way.
.PHONY: housecheck
housecheck: $(LIB) $(CLI_OBJ)
	$(SUITE) python3 tests/check-house.py $(BUILD)/obj
check: housecheck
housecheck: | testdeps

# The golden cases and the small catalogue cases under valgrind memcheck; any error or leak fails.
valgrind: $(XII)
	@sh tests/catalogue/run-valgrind.sh $(XII) $(BUILD)/valgrind

asan:
	$(MAKE) BUILD=$(BUILD)/asan OPT="-O1 -g -fno-omit-frame-pointer" \
	        SANITIZE="-fsanitize=address,undefined -fno-sanitize-recover=all" \
	        CATALOGUE_TIMEOUT=300 check

# Fuzzing (tests/fuzz/README.md): libFuzzer harnesses tests/fuzz/fuzz_*.c, the library rebuilt
# with clang into $(BUILD)/fuzz; each harness runs FUZZ_SECONDS, corpora and crashes stay there.
FUZZ_CC      ?= clang
# make fuzz SECONDS=N (or FUZZ_SECONDS=N): each harness runs N seconds (processor seconds with
# FUZZ_CPU=1, for a shared machine).
FUZZ_SECONDS ?= $(or $(SECONDS),60)
FUZZ_FLAGS_C := -std=c11 -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined \
                -fno-sanitize-recover=all
FUZZ_SRC     := $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BIN     := $(FUZZ_SRC:tests/fuzz/%.c=$(BUILD)/fuzz/bin/%)
FUZZ_OBJ     := $(LIB_SRC:%.c=$(BUILD)/fuzz/obj/%.o) $(BUILD)/fuzz/obj/gen/embedded.o

$(BUILD)/fuzz/obj/gen/embedded.o: $(GEN_C)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(ALL_CPPFLAGS) $(FUZZ_FLAGS_C) -fsanitize=fuzzer-no-link -c -o $@ $<

$(BUILD)/fuzz/obj/%.o: %.c $(wildcard src/*/*.h)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(ALL_CPPFLAGS) $(FUZZ_FLAGS_C) -fsanitize=fuzzer-no-link -c -o $@ $<

$(BUILD)/fuzz/libxii.a: $(FUZZ_OBJ)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/fuzz/bin/%: tests/fuzz/%.c $(BUILD)/fuzz/libxii.a $(wildcard src/*/*.h)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(ALL_CPPFLAGS) $(FUZZ_FLAGS_C) -fsanitize=fuzzer -o $@ $< $(BUILD)/fuzz/libxii.a $(ALL_LDLIBS)

fuzz: $(FUZZ_BIN)
	@sh tests/fuzz/run.sh $(BUILD)/fuzz $(FUZZ_SECONDS) $(FUZZ_BIN)

# Every harness built with the project's compiler and flags and a main of its own
# (tests/fuzz/replay_main.c), then run once over its seeds: the harnesses keep building and their
# checks hold on their seeds (under the sanitizers with make asan).
SEEDS_BIN := $(FUZZ_SRC:tests/fuzz/%.c=$(BUILD)/fuzzseeds/bin/%)
$(BUILD)/fuzzseeds/bin/%: tests/fuzz/%.c tests/fuzz/replay_main.c $(LIB) | $(BUILD_FONTS)
	@mkdir -p $(@D)
	@$(say) LINK $@
	$(Q)$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -Wno-missing-prototypes $(ALL_LDFLAGS) -o $@ $< \
	      tests/fuzz/replay_main.c $(LIB) $(ALL_LDLIBS)
.PHONY: fuzzseeds
fuzzseeds: $(SEEDS_BIN) | testdeps
	$(SUITE) sh tests/fuzz/replay-seeds.sh $(BUILD)/fuzzseeds $(SEEDS_BIN)
check: fuzzseeds

sheets: $(XII)
	@sh tools/make-sheets.sh $(XII) $(BUILD)

bench: $(XII) $(BENCH_BIN)
	@sh bench/run.sh $(XII) $(BUILD)

SHARE := $(DESTDIR)$(PREFIX)/share
install: $(XII)
	install -d $(DESTDIR)$(PREFIX)/bin $(SHARE)/xii/fonts $(SHARE)/xii/templates $(SHARE)/man/man1 \
	  $(SHARE)/man/man5 $(SHARE)/bash-completion/completions $(SHARE)/doc/xii
	install -m 755 $(XII) $(DESTDIR)$(PREFIX)/bin/xii
	install -m 644 fonts/* $(SHARE)/xii/fonts/
	install -m 644 templates/* $(SHARE)/xii/templates/
	install -m 644 man/xii.1 $(SHARE)/man/man1/xii.1
	install -m 644 man/xii-log.5 $(SHARE)/man/man5/xii-log.5
	install -m 644 completion/xii.bash $(SHARE)/bash-completion/completions/xii
	install -m 644 LICENSE README.md $(SHARE)/doc/xii/

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD)/obj $(BUILD)/tests $(BUILD)/bench -name '*.d' 2>/dev/null)
