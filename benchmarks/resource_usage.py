"""What a plan's kernels cost per thread on a Hopper GPU, read without one: registers, spills,
shared memory and exp2 instructions, from Triton's own compiler and NVIDIA's cuobjdump.

    PYTHONPATH=. python3 benchmarks/resource_usage.py [--arch 90] [--n 65536 262144] [--json FILE]

Triton compiles for a named target (sm_90 here) on any machine; the wheel carries ptxas and
cuobjdump. So before a GPU times a change, this tells whether it did what it was meant to do to the
code: fewer registers (more programs per SM), no spills, fewer exp2 (MUFU) instructions. It counts,
it does not time: a kernel with fewer instructions can still be slower, and the GPU decides.
Rows: the dispatcher's plan for each N (by default the wide points of the speed-of-light table) at
M*N = 2**27, and for a multi-block plan the same plan with each step folded into
``dispatch.folded_lanes`` pairs (or one pair per column when it already folds).
tests/test_compiled_resources.py runs it in CI: every plan must compile for sm_90.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import subprocess
import sys
import tempfile

import torch
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from triton_impl import dispatch  # noqa: E402
from triton_impl.kernels import backward as bwd  # noqa: E402
from triton_impl.kernels import forward as fwd  # noqa: E402

POINTER_TYPES = {torch.float32: "*fp32", torch.bfloat16: "*bf16", torch.float16: "*fp16"}
CUOBJDUMP = os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia", "bin", "cuobjdump")


@dataclasses.dataclass(frozen=True)
class Usage:
    registers: int
    spill_bytes: int
    shared_bytes: int
    exp2: int
    """ex2 instructions in the PTX: per thread, unrolled, so per step of each loop."""


def compile_usage(kernel, dtype: torch.dtype, constexprs: dict, num_warps: int, num_stages: int,
                  arch: int = 90) -> Usage:
    """Compile ``kernel`` for sm_``arch`` with every pointer of ``dtype`` (workspace pointers,
    named ``pairs_ptr`` / ``sums_ptr``, float32) and every other runtime argument an int32."""
    signature = {}
    for name, param in zip(kernel.arg_names, kernel.params):
        if param.is_constexpr:
            signature[name] = "constexpr"
        elif name in ("pairs_ptr", "sums_ptr"):
            signature[name] = "*fp32"
        elif name.endswith("_ptr"):
            signature[name] = POINTER_TYPES[dtype]
        else:
            signature[name] = "i32"
    compiled = triton.compile(ASTSource(fn=kernel, signature=signature, constexprs=constexprs),
                              target=GPUTarget("cuda", arch, 32),
                              options=dict(num_warps=num_warps, num_stages=num_stages))
    with tempfile.NamedTemporaryFile(suffix=".cubin") as cubin:
        cubin.write(compiled.asm["cubin"])
        cubin.flush()
        dump = subprocess.run([CUOBJDUMP, "--dump-resource-usage", cubin.name], check=True,
                              capture_output=True, text=True).stdout
    fields = dict(item.split(":", 1) for line in dump.splitlines() if "REG:" in line
                  for item in line.split() if ":" in item)
    return Usage(int(fields["REG"]), int(fields["STACK"]), compiled.metadata.shared,
                 compiled.asm["ptx"].count("ex2.approx"))


def main_kernel(plan: dispatch.Plan, dtype: torch.dtype, backward: bool, log: bool = False):
    """(kernel, constexprs) of the launch that does a plan's reduction: the pass this tool is for."""
    if plan.kernel == "single_block":
        kernel = bwd.single_block_backward if backward else fwd.single_block_forward
        return kernel, dict(BLOCK_M=plan.block_m, BLOCK_N=plan.block_n, LOG=log,
                            NUM_STAGES=plan.num_stages)
    if plan.kernel == "online":
        kernel = bwd.online_backward if backward else fwd.online_forward
        return kernel, dict(BLOCK=plan.block_n, LANES=plan.lanes, LOG=log, STAGES=plan.num_stages)
    if backward:
        return bwd.split_grad_partials, dict(BLOCK=plan.block_n, LANES=plan.lanes, LOG=log,
                                             STAGES=plan.num_stages)
    return fwd.split_partials, dict(BLOCK=plan.block_n, LANES=plan.lanes, STAGES=plan.num_stages)


def plan_usage(plan, dtype, backward, arch=90) -> Usage:
    kernel, constexprs = main_kernel(plan, dtype, backward)
    return compile_usage(kernel, dtype, constexprs, plan.num_warps, plan.num_stages, arch)


def other_fold(plan: dispatch.Plan, dtype: torch.dtype) -> dispatch.Plan:
    """The plan with the other fold: folded lanes if it keeps a pair per column, else per column."""
    folded = dispatch.folded_lanes(plan.block_n, plan.num_warps, dtype)
    return dataclasses.replace(plan, lanes=plan.block_n if plan.lanes < plan.block_n else folded)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--arch", type=int, default=90, help="SM version to compile for")
    parser.add_argument("--n", type=int, nargs="+", default=[65536, 262144], help="row lengths")
    parser.add_argument("--json", help="also write the rows to this file")
    args = parser.parse_args(argv)
    # the dispatcher's plans as a GPU of 132 SMs would make them, without asking a driver
    info = dispatch.DeviceInfo(name=f"sm_{args.arch} (compiled only)", sm_count=132,
                               regs_per_sm=65536, smem_per_sm=233472, max_threads_per_sm=2048,
                               l2_bytes=50 << 20, interpreted=True)
    rows = []
    print(f"compiled for sm_{args.arch} (no GPU used): per-thread resources of each plan's "
          f"reduction kernel")
    print(f"{'direction':9} {'dtype':8} {'N':>7}  {'plan (grid M programs)':68} {'regs':>4} "
          f"{'spill':>5} {'smem':>6} {'exp2':>4}")
    for direction in ("forward", "backward"):
        for dtype in (torch.float32, torch.bfloat16):
            for N in args.n:
                M = (1 << 27) // N
                plan = dispatch.plan_for(M, N, dtype, info, backward=direction == "backward")
                variants = (plan, other_fold(plan, dtype)) if plan.lanes else (plan,)
                for variant in variants:
                    usage = plan_usage(variant, dtype, direction == "backward", args.arch)
                    name = str(dtype).replace("torch.", "")
                    described = variant.describe().rsplit(", grid", 1)[0]
                    print(f"{direction:9} {name:8} {N:7}  {described:68} "
                          f"{usage.registers:4} {usage.spill_bytes:5} {usage.shared_bytes:6} "
                          f"{usage.exp2:4}", flush=True)
                    rows.append(dict(direction=direction, dtype=name, N=N, M=M,
                                     plan=variant.describe(), lanes=variant.lanes,
                                     **dataclasses.asdict(usage)))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(dict(arch=args.arch, triton=triton.__version__, rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
