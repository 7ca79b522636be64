#!/usr/bin/env bash
# On the GPU machine, from the repository root: the widths section (speed_of_light.py) of one
# dtype at the widths given, both directions, ours alone, for the working tree's triton_impl and,
# in the same call, the one in BEFORE (a folder holding triton_impl, e.g. `git archive OLD
# triton_impl | tar -x -C .gl/before` here, carried), run from a copy of the tree in /tmp whose
# triton_impl is BEFORE's: speed_of_light.py puts its own tree first on the import path. JSON
# under OUT/after and OUT/before, the log appended to LOG. SECTIONS (default widths) names other
# sections of speed_of_light.py to time the same way, e.g. "widths seeds bandwidth" (the seeds'
# grid is float32's whatever DTYPE; the bandwidth grid DTYPE's; N, still required, serves the
# widths section alone), ROUNDS the seeds' and latency sections' --rounds.
#     [SECTIONS=...] [ROUNDS=R] bash benchmarks/widths_before_after.sh BEFORE DTYPE LOG N [N ...]
set -o pipefail
usage="usage: bash benchmarks/widths_before_after.sh BEFORE DTYPE LOG N [N ...]"
before=${1:?$usage} dtype=${2:?$usage} log=${3:?$usage}
shift 3
[ -d "$before/triton_impl" ] || { echo "$before holds no triton_impl: $usage" >&2; exit 2; }
case $dtype in float32|bfloat16) ;; *) echo "DTYPE $dtype: float32 or bfloat16" >&2; exit 2;; esac
[ $# -gt 0 ] || { echo "no widths: $usage" >&2; exit 2; }
for n in "$@"; do
    [[ $n =~ ^[1-9][0-9]*$ ]] || { echo "width $n: a positive integer" >&2; exit 2; }
done
for section in ${SECTIONS:-widths}; do
    case $section in bandwidth|widths|wide|seeds|latency) ;;
        *) echo "SECTIONS: $section is none of bandwidth widths wide seeds latency" >&2; exit 2;;
    esac
done
[[ ${ROUNDS:-1} =~ ^[1-9][0-9]*$ ]] || { echo "ROUNDS ${ROUNDS}: a positive integer" >&2; exit 2; }
: "${OUT:?OUT: the folder the results go to}"
rm -rf /tmp/before && mkdir /tmp/before && cp -r . /tmp/before/ && rm -rf /tmp/before/triton_impl \
    && cp -r "$before/triton_impl" /tmp/before/ || exit 1
for tree in after before; do
    path=.
    [ $tree = before ] && path=/tmp/before
    echo "== $tree" | tee -a "$log"
    (cd $path && PYTHONUNBUFFERED=1 PYTHONPATH=. timeout "${LIMIT:-150}" python3 \
        benchmarks/speed_of_light.py --out "$OUT/$tree" --sections ${SECTIONS:-widths} \
        --dtypes "$dtype" --rounds "${ROUNDS:-1}" --impls ours --no-plot --widths-n "$@" 2>&1 \
        | grep -v "^ *$" | tee -a "$log")
done
