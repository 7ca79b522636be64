"""Registers a thread of the N = 4M cooperative plans, compiled for sm_90 (no GPU), in the warps
before and after policy.COOPERATIVE_SEVERAL_BLOCKS_VALUES: run from the repository root,
PYTHONPATH=.:benchmarks python3 results/h200/wide_4m_2026-11-24/scripts/registers.py"""
import dataclasses

import torch

from resource_usage import compile_usage, description_of
from triton_impl import launch, policy

gpu = description_of("H200")
M, N = 32, 4194304
for dtype in (torch.float32, torch.bfloat16, torch.float16):
    for backward in (False, True):
        plan = policy.choose(M, N, dtype, gpu, backward=backward)
        for warps in (4, 8, 16):
            variant = dataclasses.replace(plan, num_warps=warps)
            rows = tuple(torch.empty((M, N), dtype=dtype, device="meta")
                         for _ in range(3 if backward else 2))
            usage = compile_usage(launch.launches(variant, rows, log=False)[0])
            per_sm = min(65536 // (-(-usage.registers // 8) * 8 * 32 * warps), 64 // warps)
            mark = "  <- policy" if warps == plan.num_warps else ""
            print(f"{'backward' if backward else 'forward ':8} {str(dtype)[6:]:8} {warps:2} warps "
                  f"{usage.registers:3} registers, spills {usage.spill_bytes:3} B, "
                  f"{per_sm} an SM by registers{mark}", flush=True)
