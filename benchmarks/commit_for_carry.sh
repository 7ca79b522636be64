#!/usr/bin/env bash
# Here, where the history is: write into DIR what benchmarks/commit_from_tree.sh needs to rebuild
# commits on a machine to which only the working tree travels (the GPU machine): HEAD's commit
# object, the index and this clone's own ignore rules (`commit`, `index`, `exclude`: HEAD is
# rebuilt from the tree itself, carried folders ignored there as here), and for each
# older COMMIT its commit object (`others/<hash>`) and, packed, the objects of its tree that
# HEAD's tree does not hold (`others.pack`: a few files changed since cost a few kB; old runs'
# plots can cost MBs, which count towards what the device tool carries).
# LEAVE (space-separated top-level folders of HEAD's tree, e.g. "results"): folders that will not
# travel (benchmarks/leave_behind.sh moves them out of the working tree for the call); their
# objects go packed into `left.pack` (git's compression: results/ is about a fifth of its files'
# size) and their names into `left`, from which the GPU machine writes them back.
#     [LEAVE="FOLDER ..."] bash benchmarks/commit_for_carry.sh DIR [COMMIT ...]
# Refuses a tree that is not HEAD's: what travels must be what was committed.
set -euo pipefail
dir=${1:?usage: bash benchmarks/commit_for_carry.sh DIR [COMMIT ...]}
shift
if [ -n "$(git status --porcelain)" ]; then
    echo "the working tree differs from HEAD (git status): commit first, so that the tree" \
         "that travels is HEAD's" >&2
    exit 1
fi
others=()
for name in "$@"; do
    others+=("$(git rev-parse --verify --quiet "$name^{commit}")") \
        || { echo "not a commit: $name" >&2; exit 2; }
done
left=()
for folder in ${LEAVE:-}; do
    [ "$(git cat-file -t "HEAD:$folder" 2>/dev/null)" = tree ] && [[ $folder != */* ]] \
        || { echo "LEAVE: $folder is not a top-level folder of HEAD's tree" >&2; exit 2; }
    left+=("$folder")
done
mkdir -p "$dir"
rm -rf "$dir/others" "$dir/others.pack" "$dir/left" "$dir/left.pack"
if [ ${#left[@]} -gt 0 ]; then
    printf '%s\n' "${left[@]}" > "$dir/left"
    for folder in "${left[@]}"; do
        git rev-parse "HEAD:$folder"
        git ls-tree -r -t "HEAD:$folder" | awk '{print $3}'
    done | sort -u | git pack-objects --stdout -q > "$dir/left.pack"
    echo "$dir: ${left[*]} left behind, $(wc -c < "$dir/left.pack") bytes of their objects"
fi
git cat-file commit HEAD > "$dir/commit"
cp "$(git rev-parse --git-path index)" "$dir/index"
cp "$(git rev-parse --git-path info/exclude)" "$dir/exclude" 2>/dev/null || : > "$dir/exclude"
[ ${#others[@]} -gt 0 ] || exit 0
mkdir "$dir/others"
tree_objects() {  # every tree and blob of each commit's tree, the root tree too
    for sha in "$@"; do
        git rev-parse "$sha^{tree}"
        git ls-tree -r -t "$sha" | awk '{print $3}'
    done | sort -u
}
for sha in "${others[@]}"; do
    git cat-file commit "$sha" > "$dir/others/$sha"
done
comm -23 <(tree_objects "${others[@]}") <(tree_objects HEAD) \
    | git pack-objects --stdout -q > "$dir/others.pack"
echo "$dir: HEAD $(git rev-parse --short HEAD) and ${#others[@]} older," \
     "$(wc -c < "$dir/others.pack") bytes of their objects"
