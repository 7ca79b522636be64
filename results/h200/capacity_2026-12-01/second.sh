#!/usr/bin/env bash
# On the GPU machine, from the repository root: what the device tool sent of results/ (moved out
# of the tree and the index here); the bfloat16 backward of 16384 against itself (.gl/same: HEAD's
# triton_impl), against HEAD's with ONE_TILE off (.gl/noonetile) and against 6e756e5's
# (.gl/before) again, two rounds each (first_call/ had it 3 points behind 6e756e5's in two
# rounds); then the 16-bit forward of odd 25-31 and 49-63 swept, torch.compile in the same rounds.
#     OUT=... bash results/h200/capacity_2026-12-01/second.sh   (the call copies it into .gl first)
set -u
export PYTHONUNBUFFERED=1
L="$OUT/second.log"
{ echo "results/ here: $(ls results 2>&1 | tr '\n' ' ')"
  ls results/h200 2>/dev/null | wc -l
  ls -d results/h200/capacity_2026-12-01 results/h200/narrow_codegen_2026-12-01 2>&1
  ls -la . | head -30; } | tee -a "$L"
nvidia-smi --query-gpu=name,driver_version,clocks.max.memory --format=csv,noheader | tee "$OUT/device.txt"
for other in same noonetile before; do
    for round in 1 2; do
        echo "=== HEAD (after) against .gl/$other (before), round $round" | tee -a "$L"
        LIMIT=30 bash benchmarks/widths_before_after.sh .gl/$other bfloat16 "$L" 16384
        rm -rf "$OUT/after" "$OUT/before"
    done
done
bash benchmarks/sweep_into_log.sh f25 130 "$L" --kernel single_block --directions forward \
    --dtypes bfloat16 --n 25 27 29 31 --warps 1 2 4 --block-m 16 32 64 --unwindowed \
    --no-persistent --repeat 2 --peers torch.compile
bash benchmarks/sweep_into_log.sh f49 170 "$L" --kernel single_block --directions forward \
    --dtypes bfloat16 --n 49 51 53 55 57 59 61 63 --warps 1 2 4 --block-m 8 16 32 --unwindowed \
    --no-persistent --repeat 2 --peers torch.compile
(cd "$OUT" && tar -czf sweeps.tgz f25 f49 && rm -rf f25 f49)
