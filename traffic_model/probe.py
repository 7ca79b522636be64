"""Collect the per-kernel evidence behind the traffic model's knobs, on a GPU with Nsight Compute.

    PYTHONPATH=. python3 -m traffic_model.probe --out DIR [--quick]

For each case (implementation, direction, M, N, dtype) it runs ``benchmarks/ncu_traffic.py`` under
``ncu`` and records, for every kernel separately (not summed, unlike ``benchmarks/run_ncu.py``),
its name, launch configuration (block and grid size, registers, shared memory, the occupancy
limits: blocks per SM that registers, shared memory, warps and the block limit allow), achieved
occupancy, DRAM bytes read and written and duration. Writes DIR/probe_kernels.json with the
device's properties (L2 size, SMs, shared memory per block, as torch reports them).

What the model takes from it (``traffic_model.knobs`` cites each): the rows in flight of the
kernels that re-read rows (blocks per SM), the L2 hit fraction of those re-reads against the row
size, the DRAM bytes each naive kernel leaves short of its writes, and each kernel's achieved
DRAM bandwidth. The traffic model itself never imports this module (it needs torch and ncu).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import subprocess
import sys
import time

METRICS = ",".join([
    "dram__bytes_read.sum",
    "dram__bytes_write.sum",
    "gpu__time_duration.sum",
    "launch__block_size",
    "launch__grid_size",
    "launch__registers_per_thread",
    "launch__shared_mem_per_block",
    "launch__occupancy_limit_registers",
    "launch__occupancy_limit_shared_mem",
    "launch__occupancy_limit_warps",
    "launch__occupancy_limit_blocks",
    "sm__warps_active.avg.pct_of_peak_sustained_active",
])

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
    # our kernels: fused, and the online kernel forced across row sizes (its second read's L2 hits)
    ("ours", "forward", 4096, 16384, F32),
    ("ours", "backward", 4096, 16384, F32),
    *[("ours:online", "forward", (1 << 27) // n, n, F32) for n in (32768, 65536, 131072, 262144,
                                                                   524288, 1048576)],
    ("ours:online", "forward", 2048, 65536, BF16),
    ("ours:online", "forward", 512, 262144, BF16),
    *[("ours:online", "backward", (1 << 27) // n, n, F32) for n in (65536, 131072, 262144)],
    ("ours", "forward", 4, 1 << 22, F32),
)
QUICK = CASES[:3]


def ncu(impl, direction, M, N, dtype, repo):
    cmd = ["ncu", "--clock-control", "none", "--nvtx", "--nvtx-include", "measure/",
           "--metrics", METRICS, "--csv", sys.executable,
           os.path.join(repo, "benchmarks", "ncu_traffic.py"), impl, direction, str(M), str(N), dtype]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=240, check=False).stdout
    rows = list(csv.DictReader(io.StringIO(out[out.index('"ID"'):])))
    kernels: dict[str, dict] = {}
    for row in rows:
        k = kernels.setdefault(row["ID"], {"name": row["Kernel Name"][:160]})
        value = row["Metric Value"].replace(",", "")
        try:
            value = float(value)
        except ValueError:
            pass
        k[row["Metric Name"]] = value
        k[row["Metric Name"] + ".unit"] = row["Metric Unit"]
    return [kernels[i] for i in sorted(kernels, key=int)]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--quick", action="store_true", help="three cases, to try the tools")
    parser.add_argument("--budget-s", type=float, default=540, help="stop starting cases after this")
    args = parser.parse_args(argv)
    import torch

    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    p = torch.cuda.get_device_properties(0)
    device = {
        "name": p.name,
        "sms": p.multi_processor_count,
        "l2_bytes": getattr(p, "L2_cache_size", None),
        "shared_memory_per_block": getattr(p, "shared_memory_per_block", None),
        "shared_memory_per_multiprocessor": getattr(p, "shared_memory_per_multiprocessor", None),
        "regs_per_multiprocessor": getattr(p, "regs_per_multiprocessor", None),
        "max_threads_per_multi_processor": getattr(p, "max_threads_per_multi_processor", None),
        "torch": torch.__version__,
    }
    print(device, flush=True)
    started = time.time()
    results = []
    os.makedirs(args.out, exist_ok=True)
    for impl, direction, M, N, dtype in QUICK if args.quick else CASES:
        if time.time() - started > args.budget_s:
            print(f"budget spent; skipped {impl} {direction} {M}x{N} {dtype}", flush=True)
            continue
        try:
            kernels = ncu(impl, direction, M, N, dtype, repo)
        except Exception as error:  # noqa: BLE001 - record and go on
            print(f"{impl} {direction} {M}x{N} {dtype}: failed {error}", flush=True)
            continue
        results.append({"impl": impl, "direction": direction, "M": M, "N": N, "dtype": dtype, "kernels": kernels})
        for k in kernels:
            print(f"{impl:12} {direction:8} {M:6}x{N:<8} {dtype:8} {k['name'][:48]:48} "
                  f"blk {k.get('launch__block_size')} regs {k.get('launch__registers_per_thread')} "
                  f"occ(reg/smem/warp) {k.get('launch__occupancy_limit_registers')}/"
                  f"{k.get('launch__occupancy_limit_shared_mem')}/{k.get('launch__occupancy_limit_warps')} "
                  f"R {k.get('dram__bytes_read.sum')} {k.get('dram__bytes_read.sum.unit')} "
                  f"W {k.get('dram__bytes_write.sum')} T {k.get('gpu__time_duration.sum')} "
                  f"{k.get('gpu__time_duration.sum.unit')}", flush=True)
        with open(os.path.join(args.out, "probe_kernels.json"), "w") as f:
            json.dump({"device": device, "metrics": METRICS, "cases": results}, f, indent=1)


if __name__ == "__main__":
    main()
