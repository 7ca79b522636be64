"""Registers and spills (ptxas of Triton's wheel, sm_90, no GPU) of the cooperative backward at
N = 2M and 3M (two and three blocks of 8192 columns a program, 8 warps), uncapped and at each cap
timed in bwd16_caps.log, with the programs an SM their registers allow. From the repository root:
TRITON_INTERPRET=0 PYTHONPATH=. python3 results/h200/few_blocks_caps_2026-11-24/registers.py"""
import dataclasses
import sys

import torch

sys.path.insert(0, "benchmarks")
from resource_usage import description_of, plan_usage  # noqa: E402
from triton_impl import policy  # noqa: E402

gpu = description_of("H100")
print("N        dtype    plan cap  cap -> registers spilled programs/SM")
for N in (1 << 21, 3 << 20):
    for dtype in (torch.float32, torch.bfloat16, torch.float16):
        plan = policy.choose(32, N, dtype, gpu, backward=True)
        for cap in (0, 64, 72, 80, 128):
            usage = plan_usage(dataclasses.replace(plan, max_registers=cap), 32, N, dtype, True)
            resident = 65536 // (usage.registers * 32 * plan.num_warps)
            print(f"{N:8} {str(dtype)[6:]:8} {plan.max_registers:8} {cap:4} -> {usage.registers:9} "
                  f"{usage.spill_bytes:7} {resident:11}", flush=True)
