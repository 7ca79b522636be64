#!/usr/bin/env bash
# On the GPU machine, from the repository root: install into /tmp/site what
# benchmarks/peers_for_carry.sh put in DIR (carried), each file checked against DIR/SHA256SUMS
# first; the versions found go to stderr, and to stdout the line that puts them on the import
# path (QuACK's cutlass package sits in nvidia_cutlass_dsl/python_packages), for the caller to
# eval, so that speed_of_light.py then times Liger and QuACK beside ours:
#     eval "$(bash benchmarks/peers_on_device.sh DIR)"
set -euo pipefail
usage="usage: eval \"\$(bash benchmarks/peers_on_device.sh DIR)\""
dir=${1:?$usage}
[ -f "$dir/SHA256SUMS" ] || { echo "$dir/SHA256SUMS missing: was $dir written by" \
                                     "benchmarks/peers_for_carry.sh and carried?" >&2; exit 2; }
(cd "$dir" && sha256sum --quiet -c SHA256SUMS) >&2 \
    || { echo "$dir: a file differs from its SHA256SUMS line: carry it again" >&2; exit 1; }
site=/tmp/site
mkdir -p "$site"
tar -xJf "$dir/cutlass.tar.xz" -C "$site"
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
    --target "$site" "$dir"/*.whl 2>&1 | grep -v WARNING >&2 || :
path="$site:$site/nvidia_cutlass_dsl/python_packages"
PYTHONPATH="$path" python3 -c "import importlib.metadata as m
print('liger-kernel', m.version('liger-kernel'), '/ quack-kernels', m.version('quack-kernels'),
      '/ nvidia-cutlass-dsl', m.version('nvidia-cutlass-dsl'))" >&2
echo "export PYTHONPATH=$path\${PYTHONPATH:+:\$PYTHONPATH}"
