"""Nsight Compute per kernel: the evidence behind the traffic model's knobs and facts, on a GPU.

    PYTHONPATH=. python3 benchmarks/probe_kernels.py --out DIR [--quick | --cooperative]

For each case (implementation, direction, M, N, dtype) it profiles one call with ``nsight.profile``
and records every kernel apart (``run_ncu.py`` sums them): its name, launch configuration (block
and grid size, registers, shared memory, the occupancy limits: blocks per SM that registers,
shared memory, warps and the block limit allow), achieved occupancy, DRAM bytes read and written
and duration, in SI units; for "ours" the policy kernel that ran. Writes DIR/probe_kernels.json
with the device's properties (L2 size, SMs, shared memory, as torch reports them), after every
case, so a time limit keeps what was measured.

What the model takes from it (``traffic_model.knobs`` and ``traffic_model.implementations`` cite
each): the blocks per SM of the kernels that re-read rows, the L2 hit fraction of those re-reads
against the row size, the bytes each kernel leaves short of its writes, each kernel's rate, and
which kernel torch.softmax runs at each width. The committed run is
``traffic_model/evidence/probe_kernels.json`` (an H200; its units are Nsight's own, which
``traffic_model.measurements`` reads as well).
"""

from __future__ import annotations

import argparse
import json
import os
import time

import nsight

METRICS = (*nsight.DRAM_METRICS,
           "launch__block_size", "launch__grid_size", "launch__registers_per_thread",
           "launch__shared_mem_per_block", "launch__occupancy_limit_registers",
           "launch__occupancy_limit_shared_mem", "launch__occupancy_limit_warps",
           "launch__occupancy_limit_blocks", "sm__warps_active.avg.pct_of_peak_sustained_active")

F32, BF16 = "float32", "bfloat16"
CASES = (
    # torch.softmax forward across its kernels' regimes (the seeds' grid's steps) and wide rows
    *[("torch", "forward", 4096, n, F32) for n in (1024, 2048, 2176, 4096, 6144, 6272, 9216, 9344,
                                                    12160, 12288, 16384, 24576, 32768)],
    ("torch", "forward", 2048, 65536, F32),
    ("torch", "forward", 512, 262144, F32),
    ("torch", "forward", 32768, 4096, BF16),
    ("torch", "forward", 8192, 16384, BF16),
    # torch's backward: dy * y, then the row kernel
    *[("torch", "backward", 4096, n, F32) for n in (1024, 4096, 8192, 16384, 32768)],
    ("torch", "backward", 2048, 65536, F32),
    # the naive sequence, per kernel
    ("naive", "forward", 4096, 16384, F32),
    ("naive", "forward", 4096, 4096, F32),
    ("naive", "backward", 4096, 16384, F32),
    # our kernels: fused, the online kernel forced across row sizes (its second read's L2 hits),
    # and the dispatcher's wide rows (the cooperative kernel)
    ("ours", "forward", 4096, 16384, F32),
    ("ours", "backward", 4096, 16384, F32),
    *[("ours:online", "forward", (1 << 27) // n, n, F32) for n in (32768, 65536, 131072, 262144,
                                                                   524288, 1048576)],
    ("ours:online", "forward", 2048, 65536, BF16),
    ("ours:online", "forward", 512, 262144, BF16),
    *[("ours:online", "backward", (1 << 27) // n, n, F32) for n in (65536, 131072, 262144)],
    ("ours", "forward", 4, 1 << 22, F32),
    *[("ours", direction, (1 << 27) // n, n, dtype) for n in (65536, 1 << 22) for dtype in (F32, BF16)
      for direction in ("forward", "backward")],
)
QUICK = CASES[:3]
COOPERATIVE = (*(case for case in CASES if case[0] == "ours" and case[3] >= 65536),
               ("ours", "forward", 8, 1 << 22, F32), ("ours", "forward", 64, 1 << 22, F32),
               ("ours", "forward", 128, 1 << 20, F32))
"""Our cooperative kernel's cases alone (the dispatcher's rows of 65536 columns and more): those of
``traffic_model/evidence/probe_cooperative_h100_2026-11-24.json``."""


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, help="directory for probe_kernels.json")
    cases = parser.add_mutually_exclusive_group()
    cases.add_argument("--quick", action="store_true", help="three cases, to try the tools")
    cases.add_argument("--cooperative", action="store_true",
                       help="our cooperative kernel's cases alone")
    parser.add_argument("--budget-s", type=float, default=540, help="stop starting cases after this")
    args = parser.parse_args(argv)
    if args.budget_s <= 0:
        parser.error(f"--budget-s must be positive, got {args.budget_s}")
    os.makedirs(args.out, exist_ok=True)
    device = nsight.device_properties()
    print(device, flush=True)
    started = time.time()
    results = []
    chosen = QUICK if args.quick else COOPERATIVE if args.cooperative else CASES
    for impl, direction, M, N, dtype in chosen:
        if time.time() - started > args.budget_s:
            print(f"budget spent; skipped {impl} {direction} {M}x{N} {dtype}", flush=True)
            continue
        try:
            kernels = nsight.profile(impl, direction, M, N, dtype, METRICS, timeout_s=240)
        except Exception as error:  # noqa: BLE001 - record and go on
            print(f"{impl} {direction} {M}x{N} {dtype}: failed {error}", flush=True)
            continue
        results.append({"impl": impl, "kernel": nsight.plan_kernel(impl, direction, M, N, dtype),
                        "direction": direction, "M": M, "N": N, "dtype": dtype, "kernels": kernels})
        for k in kernels:
            print(f"{impl:12} {direction:8} {M:6}x{N:<8} {dtype:8} {k['name'][:48]:48} "
                  f"blk {k.get('launch__block_size')} regs {k.get('launch__registers_per_thread')} "
                  f"occ(reg/smem/warp) {k.get('launch__occupancy_limit_registers')}/"
                  f"{k.get('launch__occupancy_limit_shared_mem')}/{k.get('launch__occupancy_limit_warps')} "
                  f"R {k['dram__bytes_read.sum'] / 1e6:.1f} MB W {k['dram__bytes_write.sum'] / 1e6:.1f} MB "
                  f"T {k['gpu__time_duration.sum'] * 1e6:.1f} us", flush=True)
        with open(os.path.join(args.out, "probe_kernels.json"), "w") as f:
            json.dump({"device": device, "units": "SI: bytes, seconds", "metrics": list(METRICS),
                       "cases": results}, f, indent=1)


if __name__ == "__main__":
    main()
