# The calls behind this run (H200, 2026-11-29), six in one lease. QuACK 0.2.2's nvidia-cutlass-dsl
# 4.2.1 (a 62 MB wheel, 140 MB of it one library) does not travel with the tree in one call (the
# device tool takes 64 MiB): here the wheel's files were put in one tar.xz (42.7 MB, sha256
# 69c001b9...) and split in four (`split -n 4`), one quarter carried by each call into /tmp/stash,
# which the warm machine kept between calls; the fourth put it together. Each call's command:
#   bash .gl/callN.sh 2>&1 | tee $OUT/run.log      carry [".gl", ".carryN"]
# Calls 1-3 also did other work (asv, results/h200/cooperative_16bit_2026-11-29/confirm.sh and
# fill.sh); their stash lines were:
#   mkdir -p /tmp/stash && cp .carryN/* /tmp/stash/
# Call 4 (QuACK and Liger wheels beside the last quarter in .carry4):
set -o pipefail
export PYTHONUNBUFFERED=1
cp .carry4/cutlass.part.3 /tmp/stash/ && cat /tmp/stash/cutlass.part.{0,1,2,3} > /tmp/cutlass.tar.xz
sha256sum /tmp/cutlass.tar.xz
mkdir -p /tmp/site && tar -xJf /tmp/cutlass.tar.xz -C /tmp/site && rm -f /tmp/cutlass.tar.xz
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
    --target /tmp/site .carry4/*.whl 2>&1 | grep -v WARNING | tail -2
export PYTHONPATH=.:/tmp/site:/tmp/site/nvidia_cutlass_dsl/python_packages
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee $OUT/device.txt
timeout 420 python3 benchmarks/speed_of_light.py --out $OUT/sl --sections bandwidth \
    --dtypes bfloat16 --no-plot > $OUT/bandwidth_bf16.log 2>&1
# Calls 5 and 6, the peers still installed in /tmp/site:
timeout 420 python3 benchmarks/speed_of_light.py --out $OUT/sl --sections bandwidth \
    --dtypes float32 --no-plot > $OUT/bandwidth_fp32.log 2>&1
timeout 300 python3 benchmarks/speed_of_light.py --out $OUT/sl --sections widths \
    --dtypes bfloat16 --no-plot > $OUT/widths_bf16.log 2>&1
