"""What a plan's kernels cost per thread on a Hopper GPU, read without one: registers, spills,
shared memory and exp2 instructions, from Triton's own compiler and NVIDIA's cuobjdump.

    PYTHONPATH=. python3 benchmarks/resource_usage.py [--arch 90] [--n 65536 262144]
        [--dtypes float32 bfloat16 float16] [--gpu H100|H200] [--json FILE]

Triton compiles for a named target (sm_90 here) on any machine; the wheel carries ptxas and
cuobjdump. So before a GPU times a change, this tells whether it did what it was meant to do to the
code: fewer registers (more programs per SM), no spills, fewer exp2 (MUFU) instructions. It counts,
it does not time: a kernel with fewer instructions can still be slower, and the GPU decides.
Rows, for each N at M*N = 2**27: the policy's plan, then the online kernel forced, with each step
kept as one pair per column and folded into ``policy.folded_lanes`` pairs (an experiment). Every
launch comes from the launch table (``triton_impl.launch.launches``, on meta tensors), so what is
compiled here is what runs. tests/test_compiled_resources.py runs it in CI.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import re
import sys

import torch
import triton

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from compiling import compile_launch, cuobjdump  # noqa: E402
from reference.dtypes import canonical  # noqa: E402
from traffic_model.gpus import GPUS  # noqa: E402
from triton_impl import hardware, launch, policy  # noqa: E402

DTYPES = {canonical(t): t for t in (torch.float32, torch.bfloat16, torch.float16)}
HOPPER = ("H100", "H200")
"""The GPUs (``traffic_model.gpus``) whose plans ``--gpu`` compiles: as many SMs, but the H200's
faster DRAM changes some plans (``policy.FAST_DRAM_FROM_GBS``)."""


def description_of(key: str) -> policy.DeviceDescription:
    """The policy's view of GPU ``key`` compiled for here: its SMs and DRAM, no GPU at hand."""
    gpu = GPUS[key].description
    return dataclasses.replace(gpu, name=f"{gpu.name} (compiled only)")


@dataclasses.dataclass(frozen=True)
class Usage:
    registers: int
    spill_bytes: int
    shared_bytes: int
    exp2: int
    """ex2 instructions in the PTX: per thread, unrolled, so per step of each loop."""
    vector_loads: int
    scalar_loads: int
    """Global loads in the PTX, of several elements (up to 16 bytes) and of one: a row whose N and
    strides the compiler cannot prove multiples of a vector loads one element at a time."""
    max_registers: int
    """The cap the launch compiled with (0: none); the launch may lift the plan's
    (``policy.for_rows``)."""
    evict_first_stores: int = 0
    """Global stores in the PTX that ask the caches to evict their lines first (a cooperative
    program's re-read blocks: ``kernels/cooperative.py``)."""
    l2_prefetches: int = 0
    """Prefetches to the L2 in the PTX (a cooperative program's other blocks:
    ``kernels/cooperative.py``, ``prefetch_blocks``)."""
    evict_last_loads: int = 0
    """Global loads in the PTX that ask the caches to keep their lines last (every single-block
    forward's tiles: ``kernels/forward.py``)."""
    num_warps: int = 0
    """The warps the launch compiled with; the launch may change the plan's with its cap
    (``policy.for_rows``, ``Plan.uncapped_warps``)."""


def compile_usage(record: launch.Launch, arch: int = 90) -> Usage:
    """What ``compile_launch(record, arch)`` costs a thread."""
    compiled = compile_launch(record, arch)
    dump = cuobjdump(compiled, "--dump-resource-usage")
    fields = dict(item.split(":", 1) for line in dump.splitlines() if "REG:" in line
                  for item in line.split() if ":" in item)
    ptx = compiled.asm["ptx"]
    loads = re.findall(r"\bld\.global\S*", ptx)
    vector = sum(bool(re.search(r"\.v[248]\.", load)) for load in loads)
    stores = re.findall(r"\bst\.global\S*", ptx)
    return Usage(int(fields["REG"]), int(fields["STACK"]), compiled.metadata.shared,
                 ptx.count("ex2.approx"), vector, len(loads) - vector, record.max_registers,
                 sum("evict_first" in store for store in stores),
                 len(re.findall(r"\bprefetch\.global\.L2", ptx)),
                 sum("evict_last" in load for load in loads), record.num_warps)


def plan_usage(plan: policy.Plan, M: int, N: int, dtype: torch.dtype, backward: bool,
               arch: int = 90) -> Usage:
    """The usage of the launch that does a plan's reduction (the first, for two-launch plans)."""
    rows = tuple(torch.empty((M, N), dtype=dtype, device="meta") for _ in range(3 if backward else 2))
    return compile_usage(launch.launches(plan, rows, log=False)[0], arch)


def variants(M: int, N: int, dtype: torch.dtype, backward: bool, gpu: policy.DeviceDescription):
    """The policy's plan, then the online kernel forced: a pair per column, and folded."""
    yield policy.choose(M, N, dtype, gpu, backward=backward)
    if N > policy.single_block_max_cols(dtype.itemsize, backward):
        online = policy.choose(M, N, dtype, gpu, backward=backward,
                               forcing=policy.Forcing("online"))
        yield online
        yield dataclasses.replace(online, lanes=policy.folded_lanes(
            online.block_n, online.num_warps, dtype.itemsize))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--arch", type=int, default=90, help="SM version to compile for")
    parser.add_argument("--n", type=int, nargs="+", default=[65536, 262144], help="row lengths")
    parser.add_argument("--dtypes", nargs="+", choices=sorted(DTYPES),
                        default=["float32", "bfloat16", "float16"], help="input dtypes")
    parser.add_argument("--gpu", choices=HOPPER, default="H100",
                        help="whose plans to compile (default: H100)")
    parser.add_argument("--json", help="also write the rows to this file")
    args = parser.parse_args(argv)
    if any(n < 1 for n in args.n):
        parser.error("--n: row lengths must be at least 1")
    rows = []
    ptxas = hardware.ptxas_tool(args.arch // 10)
    if ptxas is None:
        parser.error(f"--arch {args.arch}: Triton finds no ptxas to compile for it with")
    gpu = description_of(args.gpu)
    print(f"{gpu.name}'s plans compiled for sm_{args.arch} by ptxas {ptxas.version} "
          f"({ptxas.path}; no GPU used): per-thread resources of each plan's reduction kernel")
    print(f"{'direction':9} {'dtype':8} {'N':>7}  {'plan':76} {'regs':>4} "
          f"{'spill':>5} {'smem':>6} {'exp2':>4} {'loads v/1':>9}")
    for direction in ("forward", "backward"):
        for dtype in (DTYPES[name] for name in args.dtypes):
            for N in args.n:
                M = max((1 << 27) // N, 1)
                for plan in variants(M, N, dtype, direction == "backward", gpu):
                    usage = plan_usage(plan, M, N, dtype, direction == "backward", args.arch)
                    name = canonical(dtype)
                    described = plan.describe().rsplit(", grid", 1)[0]
                    if usage.max_registers != plan.max_registers:
                        described += f" (launched with cap {usage.max_registers or 'none'})"
                    if usage.num_warps != plan.num_warps:
                        described += f" (launched in {usage.num_warps} warps)"
                    loads = f"{usage.vector_loads}/{usage.scalar_loads}"
                    print(f"{direction:9} {name:8} {N:7}  {described:76} "
                          f"{usage.registers:4} {usage.spill_bytes:5} {usage.shared_bytes:6} "
                          f"{usage.exp2:4} {loads:>9}", flush=True)
                    rows.append(dict(direction=direction, dtype=name, N=N, M=M,
                                     kernel=plan.kernel, plan=plan.describe(), lanes=plan.lanes,
                                     **dataclasses.asdict(usage)))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(dict(arch=args.arch, gpu=args.gpu, triton=triton.__version__,
                           ptxas=ptxas.version, rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
