#!/usr/bin/env bash
# Rebuild commits on a machine that has a commit's tree but not its history (the GPU machine, to
# which the working tree travels without .git), from DIR as benchmarks/commit_for_carry.sh wrote
# it there: the tree is written from the files, and only if it is HEAD's tree exactly is HEAD's
# commit written, with the same hash, as a shallow root (its parents absent), and checked out as
# main. Each older commit of DIR/others is then written from its own objects (DIR/others.pack and
# those of HEAD's tree), shallow too, and checked complete. Then asv can record each under its
# own hash. The folders that stayed behind (DIR/left, LEAVE of commit_for_carry.sh) are written
# first from DIR/left.pack, as HEAD's index lists them; a folder that travelled after all is
# replaced by the commit's (on 2026-12-01 the device tool sent an older results/ than HEAD's,
# though results/ had been moved out of the tree and the index).
#     bash benchmarks/commit_from_tree.sh DIR
set -euo pipefail
dir=${1:?usage: bash benchmarks/commit_from_tree.sh DIR (written by commit_for_carry.sh)}
[ -f "$dir/commit" ] && [ -f "$dir/index" ] || { echo "no $dir/commit or $dir/index" >&2; exit 2; }
rm -rf .git
git init -q -b main
git config core.fileMode false   # the index's modes stand where the copy lost an executable bit
cp "$dir/index" .git/index
[ ! -f "$dir/exclude" ] || cp "$dir/exclude" .git/info/exclude
if [ -f "$dir/left" ]; then
    [ -f "$dir/left.pack" ] || { echo "$dir/left names folders but $dir/left.pack is missing" >&2
                                 exit 1; }
    git unpack-objects -q < "$dir/left.pack"
    while read -r folder; do
        if [ -e "$folder" ]; then
            echo "$folder travelled though $dir/left says it stayed behind: replaced by" \
                 "the commit's" >&2
            rm -rf "$folder"
        fi
        git ls-files -z -- "$folder" | xargs -0 git checkout-index --
    done < "$dir/left"
fi
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
[ -d "$dir/others" ] || exit 0
[ ! -f "$dir/others.pack" ] || git unpack-objects -q < "$dir/others.pack"
for object in "$dir"/others/*; do
    [ -e "$object" ] || continue
    sha=$(git hash-object -t commit -w --literally "$object")
    if [ "$sha" != "$(basename "$object")" ]; then
        echo "$object is not the commit its name says ($sha)" >&2
        exit 1
    fi
    echo "$sha" >> .git/shallow
    if git rev-list --objects --missing=print "$sha" | grep -q '^?'; then
        echo "objects of $sha's tree missing: was $dir/others.pack written with it?" >&2
        exit 1
    fi
    echo "rebuilt $sha ($(git log -1 --format=%s "$sha" | cut -c1-60)...)"
done
