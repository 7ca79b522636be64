"""float16 backward in 16 warps under caps of 64, 56 and 48 registers at N = 4M, 2M and 3M
(timed in cand16.log), compiled as registers.py says."""
import dataclasses, sys
import torch
sys.path.insert(0, "benchmarks")
from resource_usage import description_of, plan_usage
from triton_impl import policy
gpu = description_of("H100")
for N in (1 << 22, 1 << 21, 3 << 20):
    plan = policy.choose(32, N, torch.float16, gpu, backward=True)
    for w, cap in [(16, 64), (16, 56), (16, 48), (16, 0)]:
        p = dataclasses.replace(plan, num_warps=w, max_registers=cap)
        u = plan_usage(p, 32, N, torch.float16, True)
        print(f"{N} f16 bwd {w:3} {cap:4} -> {u.registers:4} {u.spill_bytes:5} {65536 // (u.registers*32*w):3}", flush=True)
