import dataclasses, sys
import torch
sys.path.insert(0, "benchmarks")
from resource_usage import description_of, plan_usage
from triton_impl import policy
gpu = description_of("H100")
cases = [(1 << 21, 16384), (3 << 20, 32768), (1 << 22, 32768)]
for N, block in cases:
    for bwd in (False, True):
        for dtype in (torch.float32, torch.bfloat16):
            plan = policy.choose(32, N, dtype, gpu, backward=bwd, forcing=policy.Forcing("cooperative", block))
            for w in sorted({plan.num_warps, 2 * plan.num_warps}):
                if w > 32: continue
                p = dataclasses.replace(plan, num_warps=w)
                u = plan_usage(p, 32, N, dtype, bwd)
                print(f"{N:8} {block} {'bwd' if bwd else 'fwd'} {str(dtype)[6:]:8} blocks {plan.blocks_per_program} progs {plan.splits} paired {int(plan.paired)} w {w:3} cap {plan.max_registers:4} -> {u.registers:4} spill {u.spill_bytes:5} perSM {65536 // (u.registers*32*w):3}", flush=True)
