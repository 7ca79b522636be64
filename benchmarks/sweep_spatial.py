"""Tune the spatial kernel: time its tile, warps and pipeline stages on (A, N, B) problems.

    PYTHONPATH=. python3 benchmarks/sweep_spatial.py --out DIR [--space layouts]
        [--shapes A,N,B ...] [--dtypes float32 bfloat16] [--budget-s 420] [--compile-only K/W]

For each problem (a softmax along dim 1 of a contiguous (A, N, B) tensor: ``spatial.SHAPES`` by
default), dtype and direction, builds spatial plans by hand from the policy's own
(``dataclasses.replace``: ``block_m`` rows side by side, ``block_n`` positions of the softmax dim,
warps, stages), runs each through the launch table and times it with do_bench. Every variant is
first checked against float64 (``checking``, on its rows moved last) through a NaN-poisoned output;
a wrong or failed one is reported, never timed. Writes DIR/sweep_spatial.json after every problem.

``--space tiles``: tiles of 512 to 32768 values, 2 to 16 warps. ``--space layouts``: 1 to 16
warps, tiles from one 16-byte vector of rows, where at most two warps share the tile's positions
(warps that share them meet through shared memory to reduce across them; in the tiles sweep that
cost up to ten times the time). Compiling a few hundred variants takes longer than timing them:
``--compile-only K/W`` compiles (and runs once) the K-th of every W variants and times nothing,
so W processes can fill Triton's cache before one process times every variant.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time

import torch
import triton

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import checking  # noqa: E402
import spatial  # noqa: E402
from spatial import rows_last  # noqa: E402
from softmax_lab import implementations, measure  # noqa: E402
from triton_impl import hardware, launch, policy  # noqa: E402


def _tiles(N: int, B: int, itemsize: int):
    whole, rows, line = triton.next_power_of_2(N), triton.next_power_of_2(B), 128 // itemsize
    for block_m in sorted({line // 2, line, 2 * line, 4 * line, 8 * line, 16 * line, rows}):
        for block_n in sorted({whole, 16, 32, 64}):
            if (block_m > rows or block_m < 4 or block_n > whole
                    or not 512 <= block_m * block_n <= 32768
                    or (block_n < whole and block_m > 4 * line)):
                continue
            for warps in (2, 4, 8, 16):
                per_thread = block_m * block_n // (32 * warps)
                if 2 <= per_thread <= 64 and (warps > 2 or block_m * block_n <= 2048):
                    for stages in (1,) if block_n == whole else (1, 3):
                        yield block_m, block_n, warps, stages


def _layouts(N: int, B: int, itemsize: int):
    whole, rows, vector = triton.next_power_of_2(N), triton.next_power_of_2(B), 16 // itemsize
    for warps in (1, 2, 4, 8, 16):
        for block_m in (vector << k for k in range(12)):
            if block_m > max(rows, vector):
                continue
            lanes_across = min(32, block_m // vector)  # threads of a warp side by side
            warps_across = min(warps, max(1, block_m // (vector * lanes_across)))
            if warps // warps_across > 2:
                continue
            for block_n in sorted({whole, 4, 8, 16, 32, 64}):
                if block_n <= whole and 4 <= block_m * block_n // (32 * warps) <= 128:
                    for stages in (1,) if block_n == whole or block_n > 32 else (1, 3):
                        yield block_m, block_n, warps, stages


SPACES = {"tiles": _tiles, "layouts": _layouts}


def variants(space: str, A: int, N: int, B: int, dtype: torch.dtype, backward: bool):
    """(label, plan) of the policy's plan, then every variant of ``space``, two-pass ones also
    with a 3-stage pipeline (in ``layouts``, those of at most 32 positions a step)."""
    base = policy.choose(A * B, N, dtype, hardware.device_info(torch.device("cuda")),
                         backward=backward, inner=B, forcing=policy.Forcing("spatial"))
    yield "policy", base
    for block_m, block_n, warps, stages in SPACES[space](N, B, dtype.itemsize):
        yield (f"{block_m}x{block_n} w{warps} s{stages}",
               dataclasses.replace(base, block_m=block_m, block_n=block_n, num_warps=warps,
                                   num_stages=stages, grid=(A * triton.cdiv(B, block_m),)))


def _inputs(shape, dtype, backward):
    torch.manual_seed(0)
    x = torch.randn(shape, device="cuda", dtype=dtype) * 3
    if not backward:
        return (x,), lambda got: checking.check_forward(rows_last(got), rows_last(x))
    y, dy = torch.softmax(x.double(), 1).to(dtype), torch.randn_like(x)
    return (y, dy), lambda got: checking.check_backward(rows_last(got), rows_last(y),
                                                        rows_last(dy))


def sweep_problem(space, shape, dtype_name, direction, compile_only, started, budget_s, points):
    backward = direction == "backward"
    dtype = spatial.DTYPES[dtype_name]
    inputs, check = _inputs(shape, dtype, backward)
    out = torch.empty_like(inputs[0])
    nbytes = implementations.useful_bytes(shape[0] * shape[2], shape[1], dtype, direction)
    for index, (label, plan) in enumerate(variants(space, *shape, dtype, backward)):
        if compile_only and index % compile_only[1] != compile_only[0]:
            continue
        if time.time() - started > budget_s:
            print("budget spent: stopping", flush=True)
            return False
        (record,) = launch.launches(plan, (*inputs, out), log=False)
        point = dict(A=shape[0], N=shape[1], B=shape[2], dtype=dtype_name, direction=direction,
                     variant=label, block_m=plan.block_m, block_n=plan.block_n,
                     num_warps=plan.num_warps, num_stages=plan.num_stages)
        try:
            out.fill_(float("nan"))
            record()
            if compile_only:
                continue
            check(out)
            point["gbs"] = measure.gbs(nbytes, measure.median_ms(record, warmup_ms=5, rep_ms=25))
        except Exception as error:  # a failing variant is a result too
            point["error"] = f"{type(error).__name__}: {str(error)[:300]}"
        points.append(point)
    if not compile_only:
        timed = [p for p in points if "gbs" in p and (p["A"], p["N"], p["B"]) == shape
                 and p["dtype"] == dtype_name and p["direction"] == direction]
        best = max(timed, key=lambda p: p["gbs"], default=None)
        policy_gbs = next((p["gbs"] for p in timed if p["variant"] == "policy"), float("nan"))
        if best:
            print(f"{'x'.join(map(str, shape)):>14} {dtype_name:8} {direction:8} policy "
                  f"{policy_gbs:6.0f} GB/s, best {best['variant']} {best['gbs']:6.0f}", flush=True)
    return True


def compile_only_argument(text: str) -> tuple[int, int]:
    try:
        k, w = (int(part) for part in text.split("/"))
    except ValueError:
        k = w = -1
    if not 0 <= k < w:
        raise argparse.ArgumentTypeError(f"{text!r}: write K/W with 0 <= K < W")
    return k, w


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="directory for sweep_spatial.json")
    parser.add_argument("--space", choices=sorted(SPACES), default="layouts")
    parser.add_argument("--shapes", nargs="+", type=spatial.shape_argument,
                        default=spatial.SHAPES)
    parser.add_argument("--dtypes", nargs="+", choices=sorted(spatial.DTYPES),
                        default=["float32", "bfloat16"])
    parser.add_argument("--budget-s", type=float, default=420)
    parser.add_argument("--compile-only", type=compile_only_argument, default=None,
                        help="K/W: compile the K-th of every W variants, time nothing")
    args = parser.parse_args(argv)
    if args.budget_s <= 0:
        parser.error("--budget-s must be positive")
    if not torch.cuda.is_available():
        parser.error("needs a CUDA GPU (the interpreter times nothing worth reporting)")
    os.makedirs(args.out, exist_ok=True)
    started = time.time()
    copy_gbs = 0.0 if args.compile_only else measure.copy_bandwidth_gbs()
    device = measure.device_name()
    print(f"device {device}; copy bandwidth {copy_gbs:.0f} GB/s (read + write)", flush=True)
    points: list[dict] = []
    for shape in args.shapes:
        for dtype_name in args.dtypes:
            for direction in ("forward", "backward"):
                going = sweep_problem(args.space, shape, dtype_name, direction, args.compile_only,
                                      started, args.budget_s, points)
                if not args.compile_only:
                    measure.write_run(os.path.join(args.out, "sweep_spatial.json"), device,
                                      copy_gbs, started, points)
                if not going:
                    return 0
                torch.cuda.empty_cache()
    return 0


if __name__ == "__main__":
    sys.exit(main())
