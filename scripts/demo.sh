#!/usr/bin/env bash
# A short tour of grundy on examples from the papers (run by `make demo`).
# Usage: bash scripts/demo.sh PATH/TO/grundy
set -euo pipefail

G=${1:-grundy}
if ! "$G" --help >/dev/null 2>&1; then
    echo "demo: cannot run the grundy command '$G'" >&2
    exit 1
fi

if [ -t 1 ]; then
    BOLD=$'\033[1m' DIM=$'\033[2m' RESET=$'\033[0m'
else
    BOLD='' DIM='' RESET=''
fi

section() { printf '\n%s━━ %s ━━%s\n' "$BOLD" "$1" "$RESET"; }
note() { printf '%s%s%s\n' "$DIM" "$1" "$RESET"; }

# Show the command as one would type it, then run it.
run() {
    local shown="grundy" arg
    for arg in "$@"; do
        if [[ $arg =~ ^[A-Za-z0-9._/:=,+-]+$ ]]; then shown+=" $arg"; else shown+=" \"$arg\""; fi
    done
    printf '%s$ %s%s\n' "$BOLD" "$shown" "$RESET"
    "$G" "$@"
}

# Is a sub-command available?  (Some come from other parts of the project.)
have() { "$G" "$1" --help >/dev/null 2>&1; }
# Does a sub-command accept these arguments?  (E.g. is a game registered yet.)
works() { "$G" "$@" >/dev/null 2>&1; }
missing() { note "(skipped: \`grundy $*\` is not available in this build)"; }

OUT=$(mktemp -d "${TMPDIR:-/tmp}/grundy-demo.XXXXXX")
FIG5="8,7,6,5^2,2,1"
HUGE="1000000000000^7,999999999999^3,5^100000000000"

printf '%sgrundy%s — Sprague–Grundy values of games on Young diagrams, matrices and posets\n' \
    "$BOLD" "$RESET"

section "LCTR on λ = [8,7,6,5^2,2,1]  (paper 000, Figures 4 and 5)"
note "A move deletes the top row or the left column; whoever cannot move loses."
run value lctr "$FIG5"
run moves lctr "$FIG5"
note "The value of every sub-position λ[i,j], written in its box (000 Figure 5, left):"
run table lctr "$FIG5" --svg "$OUT/fig5-lctr.svg"

section "Misère LCTR on the same diagram  (000 §2.3: the last player to move loses)"
run value lctr "$FIG5" --misere
run table lctr "$FIG5" --misere

section "Downright on the same diagram  (000 §3.2, Figure 5, right)"
note "A rook steps one box down or right; a corner ends the game."
run value downright "$FIG5"
run table downright "$FIG5" --svg "$OUT/fig5-downright.svg"

section "A huge partition in run-length form  (000 Theorem 22: O(log k) for k runs)"
note "7 rows of 10^12 boxes, 3 rows of 10^12 − 1 and 10^11 rows of 5: about 10^13 boxes,"
note "far too many to visit one by one; the answer comes from the runs alone."
run value lctr "$HUGE"
run value downright "$HUGE"
run moves lctr "$HUGE"

if have stats; then
    section "Game-tree sizes  (000 §6, Table 1)"
    run stats lctr "$FIG5"
else
    missing stats
fi

if have count; then
    section "How many partitions of n have each value  (LCTR value 0: OEIS A373457)"
    run count lctr --n 1..20
else
    missing count
fi

if have classify; then
    section "Gurvich–Ho classes of LCTR  (000 Definition 2, Theorem 19)"
    run classify lctr --max-n 8
else
    missing classify
fi

if works value cr 1; then
    section "Column-Row: delete any row or column  (paper 002)"
    run value cr 6,5,4,3,2,1
    run table cr 6,5,4,3,2,1
else
    missing value cr
fi

if works value matrix 1; then
    section "Nim on a Boolean matrix: delete a non-zero row or column  (paper 003)"
    run value matrix "101;011;110"
else
    missing value matrix
fi

if have poset && works poset values divisors:12 --turning ruler; then
    section "Coin turning on posets  (paper 004)"
    run poset values divisors:12 --turning ruler
else
    missing poset values
fi
if have nim && works nim mul 8 8; then
    run nim mul 8 8
else
    missing nim mul
fi

section "Pictures"
note "SVG versions of 000 Figure 5 were written to $OUT:"
ls -1 "$OUT" | sed "s|^|  $OUT/|"
note "Every command takes --json; see \`grundy --help\`."
