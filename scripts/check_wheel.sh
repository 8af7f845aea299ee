#!/usr/bin/env bash
# The package as a user gets it (make check-wheel): build the wheel and the sdist, install
# the wheel (not editable) into a fresh venv, and run the README's examples from another
# folder with site-packages read-only, a HOME that cannot be written and no
# $GRUNDY_CACHE_DIR; then check that nothing was written inside site-packages and that
# `pip uninstall` leaves nothing behind.
#
# Usage: scripts/check_wheel.sh [BUILD_PYTHON [VENV_PYTHON]]
#   BUILD_PYTHON runs `python -m build` (default .venv/bin/python, which has the dev extras);
#   VENV_PYTHON makes the fresh venv (default python3).
# As root, permissions bind too little: site-packages and HOME are mounted read-only in a
# private mount namespace (unshare); as anyone else, chmod -R a-w and HOME=/nonexistent.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build_python=${1:-$root/.venv/bin/python}
venv_python=${2:-python3}
work=$(mktemp -d)
site=""

cleanup() {
    [ -n "$site" ] && chmod -R u+w "$site" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

fail() {
    echo "check-wheel: FAILED: $*" >&2
    exit 1
}

seconds() { # the seconds since $1 (date +%s%N), to a tenth
    local tenths=$((($(date +%s%N) - $1) / 100000000))
    echo "$((tenths / 10)).$((tenths % 10))"
}

started=$(date +%s%N)
"$build_python" -m build --outdir "$work/dist" "$root" >"$work/build.log" 2>&1 \
    || { tail -20 "$work/build.log" >&2; fail "python -m build"; }
wheel=$(ls "$work"/dist/grundy-*.whl)
ls "$work"/dist/grundy-*.tar.gz >/dev/null || fail "no sdist"
echo "built $(basename "$wheel") ($(du -k "$wheel" | cut -f1) KiB) and the sdist in $(seconds "$started") s"

started=$(date +%s%N)
"$venv_python" -m venv "$work/venv"
# --no-compile: no .pyc written at install (each run compiles what it imports, as it must
# anyway with a read-only site-packages); halves the install's time.
"$work/venv/bin/pip" install --quiet --no-compile "$wheel" 2>"$work/pip.log" \
    || { grep -v '^WARNING: Location' "$work/pip.log" >&2; fail "pip install"; }
site=$("$work/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
echo "installed into a fresh venv in $(seconds "$started") s"

# the records reproduce rechecks and the page's assets are in the wheel
for data in grundy/reproduce/records/staircases.jsonl grundy/web/static/index.html; do
    [ -f "$site/$data" ] || fail "$data is not in the wheel"
done

mkdir -p "$work/elsewhere" "$work/home"
touch "$work/before"
chmod -R a-w "$site"
if [ "$(id -u)" = 0 ]; then
    home=$work/home
else
    home=/nonexistent
fi

restricted() { # run "$@" as a user would, from another folder: see the header
    local run=(env -u GRUNDY_CACHE_DIR -u GRUNDY_STORE -u GRUNDY_ATLAS -u XDG_CACHE_HOME
        -u XDG_DATA_HOME -u PYTHONPATH "HOME=$home" "PATH=$work/venv/bin:/usr/bin:/bin" "$@")
    if [ "$(id -u)" = 0 ]; then
        (cd "$work/elsewhere" && unshare --mount -- sh -c '
            for folder in "$1" "$2"; do
                mount --bind "$folder" "$folder" && mount -o remount,bind,ro "$folder" || exit 97
            done
            shift 2
            exec "$@"' sh "$site" "$home" "${run[@]}")
    else
        (cd "$work/elsewhere" && "${run[@]}")
    fi
}

expect() { # expect STATUS NAME COMMAND...: run it restricted, keep its output in $work/NAME.*
    local status=$1 name=$2
    shift 2
    local code=0
    restricted "$@" >"$work/$name.out" 2>"$work/$name.err" || code=$?
    if [ "$code" != "$status" ]; then
        cat "$work/$name.out" "$work/$name.err" >&2
        fail "$* exited $code, not $status"
    fi
}

started=$(date +%s%N)
expect 0 value grundy value cr 6,5,4,3,2,1
grep -q "value 0, previous player wins" "$work/value.out" || fail "grundy value: $(cat "$work/value.out")"
# no cache folder costs one line; a kernel's compile (in memory) says so in a line of its own
[ "$(grep -c "^grundy: compiled code is not cached" "$work/value.err")" = 1 ] \
    && ! grep -v -e "^grundy: compiled code is not cached" -e "^compiling the .* — about" "$work/value.err" \
    || fail "no cache folder should cost one line on stderr, got: $(cat "$work/value.err")"
expect 0 moves grundy moves lctr "8,7,6,5^2,2,1"
expect 0 count grundy count lctr --n 1..5 --no-store
expect 0 store grundy count lctr --n 1..5 # the default store is under HOME: one line, go on
[ "$(wc -l <"$work/store.err")" = 1 ] \
    && grep -q "^grundy: going on without the results store: $home/.*/results.sqlite: " "$work/store.err" \
    && grep -q "positions of size n by value" "$work/store.out" \
    || fail "the store under an unwritable HOME: $(cat "$work/store.err")"
expect 0 atlas grundy atlas build cr --n 1..20 --dir atlas/cr # its level loop compiles here
expect 0 reproduce grundy reproduce all --quick
if grep -q "not here" "$work/reproduce.out"; then
    grep "not here" "$work/reproduce.out" >&2
    fail "reproduce misses records"
fi
grep "staircases S_n" "$work/reproduce.out" | grep -q "verified" \
    || fail "the staircase records were not rechecked"
echo "ran the README's examples (read-only site-packages, HOME not writable) in $(seconds "$started") s"

written=$(find "$site" -newer "$work/before" -print -quit)
[ -z "$written" ] || fail "written inside site-packages: $written"
[ -z "$(find "$site" -name '*.nb[ic]' -print -quit)" ] || fail "numba cache files in site-packages"
chmod -R u+w "$site"
"$work/venv/bin/pip" uninstall --quiet --yes grundy
[ ! -e "$site/grundy" ] || fail "pip uninstall left $(find "$site/grundy" | head -3)"
echo "check-wheel: passed (nothing written inside site-packages; uninstall leaves nothing)"
