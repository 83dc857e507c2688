#!/bin/sh
# usage: sh tests/run-outputs.sh path/to/xii WORKDIR
#
# Outputs that never destroy (issue 17 and the output items of issue 13), one check per case:
# an output that is an input is refused before anything is read; devices, FIFOs and
# /dev/stdout are written in place; a replaced file keeps its mode; files are flushed to disk
# around the rename (strace); 250-byte names; every write error says why; --png makes its
# folder; stale pages are removed, and only ours; signals leave no temporary and the old file;
# the PDF and its PNG pages are replaced together; -o -; every file named on stderr; default
# outputs in the current folder; --dpi. Checks that need root (mknod, mount) or strace say
# SKIPPED when they cannot run.
# Prints one line per failure, then "N passed, M failed, K skipped"; exits 1 on any failure.
if [ $# -ne 2 ]; then
  echo "usage: sh tests/run-outputs.sh path/to/xii WORKDIR" >&2
  exit 2
fi
xii=$1 work=$2
case $xii in /*) ;; *) xii=$(pwd)/$xii ;; esac
case $work in /*) ;; *) work=$(pwd)/$work ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
game=$root/tests/golden/audit/game-2p.xii
rules=$root/templates/xii-century.rules
rm -rf "$work" && mkdir -p "$work" || exit 2
cd "$work" || exit 2
passed=0 failed=0 skipped=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAILED: $*"; sed 's/^/  stderr: /' "$work/err" 2>/dev/null | head -3; }
skip() { skipped=$((skipped + 1)); echo "run-outputs: SKIPPED $*"; }
is_root() { [ "$(id -u)" = 0 ]; }
# run STATUS TEXT -- command...: the exit status and a piece of stderr.
expect() {
  want=$1 text=$2
  shift 3
  "$@" >"$work/out" 2>"$work/err"
  st=$?
  if [ "$st" != "$want" ]; then
    fail "$*: exit status $st, expected $want"
    return 1
  elif [ -n "$text" ] && ! grep -qF -e "$text" "$work/err"; then
    fail "$*: stderr lacks '$text'"
    return 1
  fi
  return 0
}
no_temporary() { # DIR LABEL
  if [ -n "$(find "$1" -name '.*.??????' 2>/dev/null)" ]; then
    fail "$2: temporary file left: $(find "$1" -name '.*.??????' | head -1)"
    return 1
  fi
  return 0
}

# ---- 1. an output that is an input: exit 2, the input untouched ---------------------------
mkdir same && cd same || exit 2
cp "$game" g.xii && cp "$game" keep.xii && cp "$rules" r.rules
ln -s g.xii link.xii && ln g.xii hard.xii
for args in "audit g.xii --pdf g.xii" "audit g.xii -o g.xii" "audit link.xii --pdf g.xii" \
            "audit g.xii --pdf link.xii" "audit hard.xii --pdf g.xii" \
            "audit keep.xii --rules r.rules --pdf r.rules" "sheet --rules r.rules -o r.rules" \
            "summary --rules r.rules -o r.rules" "organiser --rules r.rules -o r.rules" \
            "setup --difficulty normal --seed 1 --rules r.rules -o r.rules"; do
  # shellcheck disable=SC2086
  if expect 2 "is the input" -- "$xii" $args; then
    if cmp -s g.xii "$game" && cmp -s r.rules "$rules"; then ok; else fail "xii $args changed its input"; fi
  fi
done
# Standard input that is the output.
if expect 2 "(standard input)" -- sh -c '"$1" audit - --pdf g.xii <g.xii' sh "$xii"; then
  cmp -s g.xii "$game" && ok || fail "audit - --pdf g.xii <g.xii changed the log"
fi
# The default output (STEM.pdf in the current folder) is an input.
cp "$rules" setup.pdf
expect 2 "is the input" -- "$xii" setup --difficulty normal --seed 1 --rules setup.pdf && ok
# A PNG page or an SVG page that would overwrite an input, or the document itself.
mkdir pages && cp "$game" pages/page-02.png
expect 2 "is one of the PNG pages" -- "$xii" audit pages/page-02.png --pdf x.pdf --png pages &&
  { cmp -s pages/page-02.png "$game" && ok || fail "the PNG page input changed"; }
expect 2 "is one of the PNG pages" -- "$xii" sheet -o pages/page-03.png --png pages && ok
expect 2 "is one of the PNG pages" -- "$xii" sheet --game kingdom -o pages/page-01.png --png pages &&
  { [ ! -e pages/page-01.png ] && ok || fail "sheet --game kingdom -o pages/page-01.png --png pages wrote it"; }
cp "$rules" plan-2.svg
expect 2 "is one of the SVG pages" -- "$xii" sheet --players 2 --svg --rules plan-2.svg -o plan.svg &&
  { cmp -s plan-2.svg "$rules" && ok || fail "the SVG page input changed"; }
# Before anything is read: the log is never opened.
if command -v strace >/dev/null 2>&1; then
  ASAN_OPTIONS=detect_leaks=0 strace -f -e trace=open,openat -o opens.txt "$xii" audit g.xii --pdf link.xii 2>/dev/null
  st=$?
  [ $st = 2 ] && ! grep -q '"g.xii"' opens.txt && ok || fail "audit g.xii --pdf link.xii: status $st, or the log was opened"
else
  skip "the nothing-read check (strace is not installed)"
fi
cd "$work" || exit 2

# ---- 2. targets that are not regular files: written in place, never replaced ---------------
mkdir special && cd special || exit 2
mkfifo pipe
cat pipe >from-pipe &
reader=$!
expect 0 "wrote pipe" -- timeout 60 "$xii" sheet -o pipe
# A FIFO replaced by a file leaves the reader waiting: open the FIFO once to let it go.
[ -p pipe ] || { timeout 5 sh -c ': >"$1"' sh "$(pwd)/pipe.gone" 2>/dev/null; kill $reader 2>/dev/null; }
wait $reader
if [ -p pipe ] && [ "$(head -c 5 from-pipe)" = "%PDF-" ]; then ok; else fail "sheet -o FIFO: the FIFO was replaced or nothing was read"; fi
# As root a broken xii would replace the machine's /dev/stdout: root tests a private link to
# /proc/self/fd/1 instead (the same kind of name).
stdout_link=/dev/stdout
if is_root; then ln -s /proc/self/fd/1 stdout-link && stdout_link=stdout-link; fi
"$xii" sheet -o $stdout_link 2>"$work/err" | head -c 5 >head.txt
if [ "$(cat head.txt)" = "%PDF-" ] && [ -L $stdout_link ]; then ok; else fail "sheet -o $stdout_link"; fi
if is_root; then
  # A private device node (the null device): a replaced node would be a regular file.
  if mknod null c 1 3 2>/dev/null; then
    expect 0 "" -- "$xii" sheet -o null && { [ -c null ] && ok || fail "sheet -o DEVICE replaced the device node"; }
  else
    skip "the device-node check (mknod refused)"
  fi
else
  skip "the device-node check (needs root for mknod)"
fi
mkdir folder
expect 3 "it is a directory" -- "$xii" sheet -o folder && ok
cd "$work" || exit 2

# ---- 3. mode, owner, flushing, long names ---------------------------------------------------
mkdir modes && cd modes || exit 2
echo old >private.pdf && chmod 600 private.pdf
expect 0 "" -- "$xii" sheet -o private.pdf && { [ "$(stat -c %a private.pdf)" = 600 ] && ok || fail "a 0600 output came back $(stat -c %a private.pdf)"; }
echo old >shared.pdf && chmod 664 shared.pdf
expect 0 "" -- "$xii" organiser -o shared.pdf && { [ "$(stat -c %a shared.pdf)" = 664 ] && ok || fail "a 0664 output came back $(stat -c %a shared.pdf)"; }
# A replaced file keeps its mode but for the setuid and setgid bits, as install and cp drop them.
echo old >suid.pdf && chmod 6755 suid.pdf
expect 0 "" -- "$xii" sheet -o suid.pdf && { [ "$(stat -c %a suid.pdf)" = 755 ] && ok || fail "a 6755 output came back $(stat -c %a suid.pdf), expected 755"; }
(umask 027 && "$xii" sheet -o new.pdf 2>/dev/null)
[ "$(stat -c %a new.pdf)" = 640 ] && ok || fail "a new output under umask 027 is $(stat -c %a new.pdf), expected 640"
# A symbolic link stays a link; the file it names is replaced.
echo old >target.pdf && ln -s target.pdf link.pdf
expect 0 "" -- "$xii" sheet -o link.pdf && { [ -L link.pdf ] && [ "$(head -c 5 target.pdf)" = "%PDF-" ] && ok || fail "sheet -o LINK replaced the link"; }
if is_root; then
  echo old >owned.pdf && chown 1234:1234 owned.pdf
  expect 0 "" -- "$xii" sheet -o owned.pdf && { [ "$(stat -c %u:%g owned.pdf)" = 1234:1234 ] && ok || fail "the replaced file's owner was not kept"; }
fi
# 250 and 255 bytes: the temporary name must fit too.
for n in 250 255; do
  name=$(printf '%*s' $((n - 4)) '' | tr ' ' a).pdf
  expect 0 "wrote $name" -- "$xii" sheet -o "$name" && { [ -s "$name" ] && ok || fail "a $n-byte name was not written"; }
  expect 0 "" -- "$xii" sheet -o "$name" && ok
done
no_temporary . "long names"
# Flushed to disk: fsync of the file before the rename, of its folder after. (LeakSanitizer
# cannot run under strace: an ASan build is traced with leak checks off.)
if command -v strace >/dev/null 2>&1; then
  ASAN_OPTIONS=detect_leaks=0 strace -f -e trace=fsync,rename,renameat,renameat2 -o trace.txt "$xii" sheet -o synced.pdf 2>/dev/null
  order=$(grep -o 'fsync\|rename[a-z0-9]*' trace.txt | tr '\n' ' ')
  case $order in
    "fsync rename fsync "|"fsync renameat fsync "|"fsync renameat2 fsync ") ok ;;
    *) fail "flushing around the rename: the calls were '$order', expected 'fsync rename fsync'" ;;
  esac
else
  skip "the fsync order check (strace is not installed)"
fi
cd "$work" || exit 2

# ---- 4. write errors say why; folders; stale pages ------------------------------------------
mkdir errors && cd errors || exit 2
# As root, a private full device (a broken xii would replace the machine's /dev/full).
full=/dev/full
if is_root && mknod full-device c 1 7 2>/dev/null; then full=full-device; fi
for backend in cairo haru trace; do
  expect 3 "cannot write $full: No space left on device" -- "$xii" sheet --backend $backend -o $full &&
    { [ -c $full ] && ok || fail "sheet -o $full replaced the device"; }
done
expect 3 "cannot write to standard output: No space left on device" -- sh -c '"$1" rules >/dev/full' sh "$xii" && ok
expect 3 "No space left on device" -- sh -c '"$1" setup --difficulty easy --seed 1 -o s.pdf >/dev/full' sh "$xii" && ok
if is_root && mkdir full && mount -t tmpfs -o size=64k tmpfs full 2>/dev/null; then
  echo old >full/x.pdf
  expect 3 "cannot write full/x.pdf: No space left on device" -- "$xii" sheet -o full/x.pdf &&
    { [ "$(cat full/x.pdf)" = old ] && ok || fail "a full file system: the old output changed"; }
  expect 3 "No space left on device" -- "$xii" sheet --png full/png -o x.pdf &&
    { [ ! -e x.pdf ] && [ ! -e full/png ] && ok || fail "a full PNG folder: the PDF was written or the folder left"; }
  no_temporary full "a full file system"
  umount full
else
  skip "the full file system check (needs root and mount -t tmpfs)"
fi
expect 0 "wrote NEW/dir/x.pdf" -- "$xii" sheet --png NEW/dir -o NEW/dir/x.pdf &&
  { [ -s NEW/dir/x.pdf ] && [ -s NEW/dir/page-02.png ] && ok || fail "--png NEWDIR -o NEWDIR/x.pdf"; }
# A failed run removes the folders it made.
expect 3 "" -- sh -c 'trap "" XFSZ; ulimit -f 100; exec "$@"' sh "$xii" sheet --png MADE/png -o y.pdf &&
  { [ ! -e MADE ] && ok || fail "a failed run left the PNG folder it made"; }
# Stale pages: only ours, only beyond the new count, up to the first gap.
"$xii" sheet --players 3 --png st -o st.pdf 2>/dev/null
touch st/page-09.png st/notes.png st/page-7.png
expect 0 "removed st/page-06.png" -- "$xii" sheet --players 1 --png st -o st.pdf &&
  { [ -e st/page-02.png ] && [ ! -e st/page-03.png ] && [ ! -e st/page-06.png ] && [ -e st/page-09.png ] &&
    [ -e st/notes.png ] && [ -e st/page-7.png ] && ok || fail "stale PNG pages: $(ls st | tr '\n' ' ')"; }
"$xii" sheet --players 3 --svg -o sv.svg 2>/dev/null
expect 0 "removed sv-6.svg" -- "$xii" sheet --players 1 --svg -o sv.svg &&
  { [ -e sv-2.svg ] && [ ! -e sv-3.svg ] && [ ! -e sv-6.svg ] && ok || fail "stale SVG pages: $(ls | tr '\n' ' ')"; }
cd "$work" || exit 2

# ---- 5. signals: no temporary file, the old output as it was --------------------------------
mkdir signals && cd signals || exit 2
# A background job of a script starts with SIGINT ignored, and a run under nohup with SIGHUP
# ignored (xii keeps an ignored signal ignored, as nohup wants): env --default-signal gives the
# three signals sent here back their default action.
if env --default-signal=INT true 2>/dev/null; then
  for sig in INT TERM HUP; do
    echo old >s.pdf
    env --default-signal=INT,TERM,HUP "$xii" sheet --players 5 --back-summary --png big --dpi 600 -o s.pdf 2>/dev/null &
    pid=$!
    caught=0
    for _ in $(seq 1 200); do
      [ -n "$(find . -maxdepth 1 -name '.s.pdf.??????')" ] && { caught=1; break; }
      sleep 0.05
    done
    if [ $caught -eq 1 ]; then
      kill -$sig $pid
      wait $pid
      st=$?
      if [ "$(cat s.pdf)" = old ] && [ $st -gt 128 ] && no_temporary . "SIG$sig"; then ok; else fail "SIG$sig: status $st, or the old output changed"; fi
    else
      wait $pid
      skip "SIG$sig: the run ended before its temporary file was seen"
    fi
  done
else
  skip "the signal checks (env --default-signal is missing)"
fi
cd "$work" || exit 2

# ---- 6. the PDF and its PNG pages together --------------------------------------------------
mkdir together && cd together || exit 2
"$xii" sheet --png t -o t.pdf 2>/dev/null
cp t.pdf t.pdf.before && cp t/page-01.png page-01.before
rm t/page-02.png && mkdir t/page-02.png
expect 3 "page-02.png: it is a directory" -- "$xii" sheet --grey --png t -o t.pdf &&
  { cmp -s t.pdf t.pdf.before && cmp -s t/page-01.png page-01.before && ok || fail "a page that cannot be written: the PDF or page 1 was replaced"; }
rmdir t/page-02.png
"$xii" sheet --png t -o t.pdf 2>/dev/null
if is_root && : >bound && mount --bind bound t/page-02.png 2>/dev/null; then
  expect 3 "could not be replaced" -- "$xii" sheet --grey --png t -o t.pdf &&
    { grep -q "page-02.png: Device or resource busy" "$work/err" && ! cmp -s t.pdf t.pdf.before && ok ||
      fail "a page that cannot replace its old one is not named plainly"; }
  umount t/page-02.png
  no_temporary t "a busy page"
else
  skip "the busy page check (needs root and mount --bind)"
fi
cd "$work" || exit 2

# ---- 7. -o -, files named on stderr, default outputs, --dpi ---------------------------------
mkdir misc && cd misc || exit 2
for backend in cairo haru; do
  "$xii" sheet --backend $backend -o - 2>"$work/err" | head -c 5 >head.txt
  [ "$(cat head.txt)" = "%PDF-" ] && ! grep -q wrote "$work/err" && ok || fail "sheet --backend $backend -o -: $(cat head.txt)"
done
"$xii" sheet -o - 2>/dev/null | cat >piped.pdf
qpdf --check piped.pdf >/dev/null 2>&1 && ok || fail "sheet -o - through a pipe is not a valid PDF"
"$xii" sheet --game kingdom -o - 2>/dev/null | cat >piped.pdf
qpdf --check piped.pdf >/dev/null 2>&1 && ok || fail "sheet --game kingdom -o - through a pipe is not a valid PDF"
expect 2 "-o - cannot hold the SVG pages" -- "$xii" sheet --svg -o - && ok
if command -v script >/dev/null 2>&1; then
  script -qec "\"$xii\" sheet -o -" /dev/null >tty.txt 2>&1
  grep -q "standard output is a terminal" tty.txt && ok || fail "sheet -o - on a terminal: $(head -c 80 tty.txt)"
  # A name that leads to the terminal is refused as "-" is, whatever the path.
  for path in /dev/stdout /dev/tty; do
    script -qec "\"$xii\" record-sheet -o $path" /dev/null >tty.txt 2>&1
    grep -q "the output $path is a terminal" tty.txt && ! grep -q "%PDF" tty.txt && ok ||
      fail "record-sheet -o $path on a terminal: $(head -c 80 tty.txt)"
  done
else
  skip "the terminal check (script is not installed)"
fi
expect 0 "" -- "$xii" sheet --players 2 --png p --svg -o s.svg
for f in s.svg s-2.svg s-3.svg s-4.svg p/page-01.png p/page-04.png; do
  grep -qx "xii sheet: wrote $f" "$work/err" || fail "the file $f is not named on stderr"
done
[ "$(grep -c '^xii sheet: wrote ' "$work/err")" = 8 ] && ok || fail "sheet --svg --png: $(grep -c wrote "$work/err") files named, expected 8"
expect 0 "xii audit: wrote filled.pdf" -- "$xii" audit "$game" --pdf filled.pdf && ok
# An output named for another format is refused, and nothing is written: the same for every
# drawing command (--svg into x.pdf would write SVG into x.pdf and x-2.pdf).
expect 2 "is named for another format than the SVG written: name it FILE.svg" -- "$xii" record-sheet --svg -o rs.pdf &&
  { [ ! -e rs.pdf ] && [ ! -e rs-2.pdf ] && ok || fail "record-sheet --svg -o rs.pdf wrote $(ls rs*)"; }
expect 2 "is named for another format than the PDF written" -- "$xii" sheet -o ts.svg &&
  { [ ! -e ts.svg ] && ok || fail "sheet -o ts.svg wrote it"; }
expect 2 "is named for another format" -- "$xii" audit "$game" --pdf filled.PNG && ok
expect 0 "" -- "$xii" organiser -o organiser-copy && ok
mkdir defaults && cd defaults || exit 2
for cmd in "sheet:town-sheet.pdf" "sheet --game kingdom:kingdom-sheet.pdf" "summary:summary.pdf" "summary --duplex-test:duplex-test.pdf" \
           "organiser:organiser.pdf" "setup --difficulty normal --seed 3:setup.pdf"; do
  # shellcheck disable=SC2086
  expect 0 "wrote ${cmd#*:}" -- "$xii" ${cmd%%:*} && { [ -s "${cmd#*:}" ] && [ ! -e out ] && ok || fail "xii ${cmd%%:*}: not in the current folder"; }
done
cd .. || exit 2
# --dpi: the PNG width of an A4 page (595.28 pt) is ceil(595.28 / 72 * DPI).
png_width() { od -An -tu1 -j16 -N4 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }'; }
"$xii" sheet --png d150 -o d.pdf 2>/dev/null && [ "$(png_width d150/page-01.png)" = 1241 ] && ok || fail "the default resolution is not 150 dpi"
"$xii" sheet --png d300 --dpi 300 -o d.pdf 2>/dev/null && [ "$(png_width d300/page-01.png)" = 2481 ] && ok || fail "--dpi 300"
"$xii" sheet --png d50 --dpi=50 -o d.pdf 2>/dev/null && [ "$(png_width d50/page-01.png)" = 414 ] && ok || fail "--dpi=50"
for bad in 49 601 0 -3 abc 150x ""; do
  expect 2 "--dpi needs a resolution from 50 to 600" -- "$xii" sheet --png d --dpi "$bad" -o d.pdf && ok
done
expect 2 "--dpi needs a resolution" -- "$xii" sheet --png d --dpi && ok
expect 2 "give --png DIR too" -- "$xii" sheet --dpi 300 -o d.pdf && ok
expect 2 "give --png DIR too" -- "$xii" audit "$game" --pdf d.pdf --dpi 300 && ok
cd "$work" || exit 2

echo "$passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
