"""Registers and spills (ptxas of Triton's wheel, sm_90, no GPU) of the N = 4M cooperative plans
with the warps and caps timed in cand4m.log, and the programs an SM they allow (plan read at
M = 32 on an H100 description: 132 SMs). From the repository root:
TRITON_INTERPRET=0 PYTHONPATH=. python3 results/h200/wide_4m_candidates_2026-11-24/registers.py"""
import dataclasses, sys
import torch
sys.path.insert(0, "benchmarks")
from resource_usage import description_of, plan_usage
from triton_impl import policy
gpu = description_of("H100")
N = 1 << 22
print("dir dtype warps cap -> regs spill per_SM", flush=True)
cases = [(True, torch.float32, [(8, 0), (8, 128), (8, 112), (16, 0), (16, 64)]),
         (True, torch.bfloat16, [(8, 0), (8, 64), (8, 72), (16, 0)]),
         (True, torch.float16, [(8, 0), (8, 80), (8, 64), (16, 0), (16, 64)]),
         (False, torch.float32, [(4, 0), (8, 0), (8, 128), (8, 80), (16, 0)]),
         (False, torch.bfloat16, [(4, 0), (4, 128), (8, 0), (8, 80), (8, 64), (16, 0)]),
         (False, torch.float16, [(4, 0), (8, 0), (8, 80), (16, 0)])]
for bwd, dtype, variants in cases:
    plan = policy.choose(32, N, dtype, gpu, backward=bwd)
    print("policy", bwd, dtype, plan.num_warps, plan.max_registers, plan.paired, flush=True)
    for w, cap in variants:
        p = dataclasses.replace(plan, num_warps=w, max_registers=cap)
        u = plan_usage(p, 32, N, dtype, bwd)
        print(f"{'bwd' if bwd else 'fwd'} {str(dtype)[6:]:8} {w:3} {cap:4} -> {u.registers:4} {u.spill_bytes:5} {65536 // (u.registers*32*w):3}", flush=True)
