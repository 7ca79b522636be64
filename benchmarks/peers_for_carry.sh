#!/usr/bin/env bash
# Here, where pip reaches the package registries: the peers that speed_of_light.py times beside
# ours and the GPU machines lack (Liger-Kernel 0.8.5, QuACK 0.2.2 and the nvidia-cutlass-dsl
# 4.2.1 it needs), put in DIR, a git-ignored folder a device call carries: the two small wheels
# as they are, and cutlass-dsl's wheel unpacked into one tar.xz (62 MB as a wheel, 44 MB as xz,
# which travels beside the tree in one call once results/ is left behind:
# benchmarks/leave_behind.sh), their sha256 in DIR/SHA256SUMS. benchmarks/peers_on_device.sh
# installs them there.
#     bash benchmarks/peers_for_carry.sh DIR      (then a call with carry [DIR])
set -euo pipefail
usage="usage: bash benchmarks/peers_for_carry.sh DIR"
dir=${1:?$usage}
[[ $dir =~ ^[A-Za-z0-9_.][A-Za-z0-9_.-]*$ && $dir != . && $dir != .. ]] \
    || { echo "DIR $dir: a folder's name at the repository's root" >&2; exit 2; }
git check-ignore -q "$dir/" \
    || { echo "DIR $dir: not ignored by git (name it in .git/info/exclude), so it would" \
              "travel as part of the tree and could be committed" >&2; exit 2; }
[ ! -e "$dir" ] || { echo "DIR $dir exists: remove it first" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 \
    --implementation cp --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 \
    --platform manylinux2014_x86_64 --platform any -d "$tmp" \
    liger-kernel==0.8.5 quack-kernels==0.2.2 nvidia-cutlass-dsl==4.2.1
mkdir "$dir" "$tmp/site"
mv "$tmp"/liger_kernel-*.whl "$tmp"/quack_kernels-*.whl "$dir"/
(cd "$tmp/site" && python3 -m zipfile -e "$tmp"/nvidia_cutlass_dsl-*.whl .)
tar -C "$tmp/site" -cf - . | xz -T0 -6 > "$dir/cutlass.tar.xz"
(cd "$dir" && sha256sum ./*.whl cutlass.tar.xz > SHA256SUMS)
du -sh "$dir"
