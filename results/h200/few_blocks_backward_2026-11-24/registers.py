"""Registers and spills (ptxas of Triton's wheel, sm_90, no GPU) of the float32 cooperative backward at N = 2M and
3M (two and three blocks a program) in 4, 8 and 16 warps, capped or not. Run from the repository root:
PYTHONPATH=. python3 results/h200/few_blocks_backward_2026-11-24/registers.py"""
import dataclasses, sys, torch
sys.path.insert(0, "benchmarks")
from resource_usage import description_of, plan_usage
from triton_impl import policy
gpu = description_of("H100")
for N in (1 << 21, 3 << 20):
    base = policy.choose(32, N, torch.float32, gpu, backward=True)
    for warps, cap in ((8, 0), (8, 128), (8, 112), (16, 0), (16, 96), (4, 0)):
        plan = dataclasses.replace(base, num_warps=warps, max_registers=cap)
        u = plan_usage(plan, 32, N, torch.float32, True)
        print(N, warps, "warps cap", cap, ":", u.registers, "registers,", u.spill_bytes, "spilled,", 65536 // (max(u.registers, 1) * 32 * warps), "an SM", flush=True)
