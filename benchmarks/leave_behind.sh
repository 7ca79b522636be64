#!/usr/bin/env bash
# Here, around a call of the device tool, which sends the working tree (at most 64 MiB, and
# results/ alone is most of it): `away` moves each FOLDER (top-level, tracked) into .left/
# (git-ignored), so that it does not count towards what the call sends; `back` puts each back.
# Commit nothing in between: git sees the folder deleted. (The device tool may still send an
# older copy of the folder from elsewhere: it did on 2026-12-01, whatever the index held, and
# commit_from_tree.sh replaces such a copy with the commit's.) A call that records asv needs
# the whole of HEAD's tree there: write .gl first with LEAVE naming the same folders
# (benchmarks/commit_for_carry.sh packs their objects; commit_from_tree.sh writes them back).
#     bash benchmarks/leave_behind.sh away FOLDER ...    (then the device call)
#     bash benchmarks/leave_behind.sh back FOLDER ...
set -euo pipefail
usage="usage: bash benchmarks/leave_behind.sh away|back FOLDER ..."
way=${1:?$usage}
shift
[ $# -gt 0 ] || { echo "no FOLDER: $usage" >&2; exit 2; }
case $way in away|back) ;; *) echo "$way: away or back. $usage" >&2; exit 2;; esac
for folder in "$@"; do
    [[ $folder =~ ^[A-Za-z0-9_][A-Za-z0-9_.-]*$ ]] \
        || { echo "$folder: a top-level folder's name" >&2; exit 2; }
    if [ "$way" = away ]; then
        [ -d "$folder" ] && [ -n "$(git ls-files -- "$folder" | head -1)" ] \
            || { echo "$folder: not a tracked folder here" >&2; exit 2; }
        [ ! -e ".left/$folder" ] \
            || { echo ".left/$folder exists: put it back first (back $folder)" >&2; exit 1; }
    else
        [ -d ".left/$folder" ] || { echo ".left/$folder: nothing to put back" >&2; exit 2; }
        [ ! -e "$folder" ] || { echo "$folder exists: it was never moved away" >&2; exit 1; }
    fi
done
mkdir -p .left
for folder in "$@"; do
    if [ "$way" = away ]; then mv "$folder" ".left/$folder"; else mv ".left/$folder" "$folder"; fi
done
rmdir .left 2>/dev/null || :
