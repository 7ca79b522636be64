#!/usr/bin/env bash
# On the GPU machine, from the repository root, results/ left behind (benchmarks/leave_behind.sh)
# and the peers carried (benchmarks/peers_for_carry.sh .peers; this script copied to .gl/call.sh;
# carry [".peers", ".gl"]): one part of the H200 run of every section with every peer, the peers
# installed once a machine (benchmarks/peers_on_device.sh). PART: grid (the bandwidth grid, bfloat16 and float32), widths
# (bfloat16 at the default widths and 137, 268, 1032, 20001; float32 at the default widths),
# seeds (the seeds' grid and latency, four interleaved rounds), wide (bfloat16 at N = 1M,
# M = 16-128) or wide_2m_4m (bfloat16 at N = 2M, 3M and 4M, M = 16-128; the sixth call ran this
# line itself, its timeout 430, and reached 3M x 128). JSON and logs under OUT.
#     bash .gl/call.sh PART
set -o pipefail
part=${1:?"usage: bash call.sh grid|widths|seeds|wide|wide_2m_4m"}
case $part in grid|widths|seeds|wide|wide_2m_4m) ;;
    *) echo "PART $part: grid, widths, seeds, wide or wide_2m_4m" >&2; exit 2;;
esac
: "${OUT:?OUT: the folder the results go to}"
export PYTHONUNBUFFERED=1
if [ ! -f /tmp/site/.installed ]; then
    bash benchmarks/peers_on_device.sh .peers > /tmp/peers_path 2> "$OUT/peers_install.log" \
        && touch /tmp/site/.installed || { cat "$OUT/peers_install.log"; exit 1; }
fi
eval "$(cat /tmp/peers_path)"
export PYTHONPATH=.:$PYTHONPATH
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader \
    | tee "$OUT/device.txt"
sl() {  # NAME LIMIT ARGS...: one section's run into OUT/NAME/ and OUT/NAME.log
    local name=$1 limit=$2
    shift 2
    timeout "$limit" python3 benchmarks/speed_of_light.py --out "$OUT/$name" --no-plot "$@" \
        > "$OUT/$name.log" 2>&1
    echo "$name: exit $? after ${SECONDS}s"
}
case $part in
    grid)
        sl bandwidth_bf16 250 --sections bandwidth --dtypes bfloat16
        sl bandwidth_fp32 250 --sections bandwidth --dtypes float32;;
    widths)
        sl widths_bf16 280 --sections widths --dtypes bfloat16 --widths-n 1000 1001 4100 12344 \
            50257 50264 65528 65535 137 268 1032 20001
        sl widths_fp32 200 --sections widths --dtypes float32;;
    seeds)
        sl seeds_latency 540 --sections seeds latency --rounds 4;;
    wide)
        sl wide_bf16_1m 450 --sections wide --dtypes bfloat16 --wide-n 1048576 \
            --wide-rows 16 32 64 128;;
    wide_2m_4m)
        sl wide_bf16_2m_4m 430 --sections wide --dtypes bfloat16 --wide-n 2097152 3145728 4194304 \
            --wide-rows 16 32 64 128;;
esac
