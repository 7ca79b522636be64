#!/usr/bin/env bash
# Rebuild a commit on a machine that has its tree but not its history (the GPU machine, to which
# the working tree travels without .git): DIR holds the commit object (`git cat-file commit
# HEAD > DIR/commit`) and the index (`cp .git/index DIR/index`, for the files' modes), made on
# a machine that has the commit. Here the tree is written from the files, and only if it is the
# commit's tree exactly is the commit written, with the same hash, as a shallow root (its parents
# absent), and checked out as main. Then asv can record it under its own hash.
#     bash benchmarks/commit_from_tree.sh DIR
set -euo pipefail
dir=${1:?usage: bash benchmarks/commit_from_tree.sh DIR (holding commit and index)}
[ -f "$dir/commit" ] && [ -f "$dir/index" ] || { echo "no $dir/commit or $dir/index" >&2; exit 2; }
rm -rf .git
git init -q -b main
git config core.fileMode false   # the index's modes stand where the copy lost an executable bit
cp "$dir/index" .git/index
git add -A
tree=$(git write-tree)
expected=$(sed -n 's/^tree //p' "$dir/commit")
if [ "$tree" != "$expected" ]; then
    echo "the files here are not the commit's tree ($tree, expected $expected): a file" \
         "changed or added since the commit (git status there), or one missing here" >&2
    exit 1
fi
sha=$(git hash-object -t commit -w --literally "$dir/commit")
echo "$sha" > .git/shallow
git update-ref refs/heads/main "$sha"
git reset -q main
echo "rebuilt $sha ($(git log -1 --format=%s | cut -c1-60)...)"
