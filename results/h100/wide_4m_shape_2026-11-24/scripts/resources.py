"""Registers and spills (ptxas of Triton's wheel, sm_90, no GPU) of the capped variants timed in caps/."""
import dataclasses, sys, torch
sys.path.insert(0, "benchmarks")
from resource_usage import description_of, plan_usage
from triton_impl import policy
gpu = description_of("H100")
N = 1 << 22
for dtype, backward, caps in [(torch.float32, True, (0, 56, 64, 72)), (torch.bfloat16, True, (0, 40, 48)),
                              (torch.float32, False, (0, 40, 48))]:
    base = policy.choose(32, N, dtype, gpu, backward=backward)
    for cap in caps:
        plan = dataclasses.replace(base, max_registers=cap)
        usage = plan_usage(plan, 32, N, dtype, backward)
        per_sm = 65536 // (max(usage.registers, 1) * 32 * plan.num_warps)
        print(f"{str(dtype)[6:]:8} {'backward' if backward else 'forward '} {plan.num_warps} warps cap {cap:2}:"
              f" {usage.registers} registers, {usage.spill_bytes} bytes spilled, {per_sm} programs an SM", flush=True)
