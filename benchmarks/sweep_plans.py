"""Tune the dispatcher: time variants of each kernel's launch parameters at the bandwidth points.

    PYTHONPATH=. python3 benchmarks/sweep_plans.py --out DIR [--quick | --wide-only]

For each (direction, dtype, N) at M*N = 2**27, builds Plans by hand (rows per tile, warps, pipeline
stages, persistent or one-program-per-tile grid for single_block; block, warps, stages and the
lanes a step folds into for online: one pair per column, or ``dispatch.folded_lanes``) and
times each with do_bench beside the dispatcher's own choice. Every variant is first checked
against torch in float32 through a NaN-poisoned output. Writes DIR/sweep.json; prints, per point,
the dispatcher's figure and the best three variants.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time

import torch
import triton

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from softmax_lab import implementations, measure  # noqa: E402
from triton_impl import dispatch, launch  # noqa: E402
from triton_impl.hardware import device_info  # noqa: E402


def single_block_variants(M, N, dtype, backward):
    block_n = triton.next_power_of_2(N)
    tiles = sorted({max(block_n, t) for t in (2048, 4096, 8192, 16384)})
    for tile in tiles:
        block_m = tile // block_n
        for warps in (4, 8, 16, 32):
            if tile // (32 * warps) < 4 or tile // (32 * warps) > 64:
                continue
            for stages in (1, 2, 3):
                for persistent in (True, False):
                    yield dict(kernel="single_block", block_m=block_m, block_n=block_n,
                               num_warps=warps, num_stages=stages, persistent=persistent)


def online_variants(M, N, dtype, backward, wide=False):
    """Online plans; ``wide`` (the --wide-only experiment) adds 32 warps and the folded lanes."""
    for block in (4096, 8192, 16384) + ((32768,) if wide else ()):
        for warps in (16, 32) if wide else (16,):
            if block // (32 * warps) < 4 or block // (32 * warps) > 64:
                continue
            for stages in (1, 2, 3):
                for fold in (False, True) if wide else (False,):
                    yield dict(kernel="online", block_n=block, num_warps=warps,
                               programs_per_sm=None, num_stages=stages, fold=fold)


def make(M, N, dtype, backward, v):
    base = dispatch.make_plan(M, N, dtype, torch.device("cuda"), backward=backward,
                              kernel=v["kernel"], block_n=v["block_n"])
    if v["kernel"] == "online":
        per_sm = v["programs_per_sm"]
        sms = device_info(torch.device("cuda")).sm_count
        programs = M if per_sm is None else min(M, per_sm * sms)
        lanes = (dispatch.folded_lanes(base.block_n, v["num_warps"], dtype) if v.get("fold")
                 else base.block_n)
        return dataclasses.replace(base, num_warps=v["num_warps"], grid=(programs,),
                                   persistent=programs < M, num_stages=v["num_stages"],
                                   lanes=lanes)
    n_tiles = triton.cdiv(M, v["block_m"])
    plan = dataclasses.replace(base, block_m=v["block_m"], num_warps=v["num_warps"],
                               num_stages=v["num_stages"], grid=(n_tiles,), persistent=False)
    if v["persistent"]:
        kernel = (dispatch.bwd.single_block_backward if backward
                  else dispatch.fwd.single_block_forward)
        meta = dict(BLOCK_M=plan.block_m, BLOCK_N=plan.block_n, LOG=False,
                    NUM_STAGES=plan.num_stages, num_warps=plan.num_warps,
                    num_stages=plan.num_stages, grid=(1,))
        args = (dtype,) * (3 if backward else 2) + (M, N) + (N,) * (3 if backward else 2)
        programs = dispatch._persistent_programs(
            kernel, n_tiles, plan.num_warps, device_info(torch.device("cuda")),
            lambda: kernel.warmup(*args, **meta))
        plan = dataclasses.replace(plan, grid=(programs,), persistent=True)
    return plan


def run_plan(plan, x, dy, y, out, backward):
    if backward:
        return lambda: launch.softmax_backward_rows(plan, y, dy, out, False)
    return lambda: launch.softmax_rows(plan, x, out, False)


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--budget-s", type=float, default=420)
    parser.add_argument("--wide-only", action="store_true",
                        help="only the online kernel at N >= 65536: block, warps, stages, and "
                             "the folded lanes against one pair per column")
    args = parser.parse_args(argv)
    started = time.time()
    copy = measure.copy_bandwidth_gbs()
    print(f"{measure.device_name()}: copy {copy:.0f} GB/s", flush=True)
    points = [("forward", "float32", N) for N in (256, 1024, 4096, 16384, 32768, 65536, 262144)]
    points += [("forward", "bfloat16", N) for N in (256, 1024, 4096, 16384, 32768, 65536)]
    points += [("backward", "float32", N) for N in (256, 1024, 4096, 16384, 65536)]
    points += [("backward", "bfloat16", N) for N in (256, 4096, 16384)]
    if args.wide_only:
        points = [(d, t, N) for d in ("forward", "backward") for t in ("float32", "bfloat16")
                  for N in (65536, 262144)]
    results = []
    for direction, dtype_name, N in points:
        if time.time() - started > args.budget_s:
            print("budget spent; stopping", flush=True)
            break
        dtype = getattr(torch, dtype_name)
        backward = direction == "backward"
        M = (1 << 27) // N
        x = torch.randn(M, N, device="cuda", dtype=dtype) * 3
        y = torch.softmax(x, -1)
        dy = torch.randn_like(x)
        ref = (y.float() * (dy.float() - (dy.float() * y.float()).sum(-1, keepdim=True))
               if backward else torch.softmax(x.float(), -1))
        out = torch.empty_like(x)
        nbytes = implementations.useful_bytes(M, N, dtype, direction)
        auto = dispatch.make_plan(M, N, dtype, torch.device("cuda"), backward=backward)
        variants = [dict(kernel="auto")]
        limit = dispatch._single_block_max_cols(backward)
        if triton.next_power_of_2(N) <= limit and not args.wide_only:
            variants += list(single_block_variants(M, N, dtype, backward))
        if N >= 4096:
            variants += list(online_variants(M, N, dtype, backward, wide=args.wide_only))
        if args.quick:
            variants = variants[:6]
        rows = []
        for v in variants:
            try:
                plan = auto if v["kernel"] == "auto" else make(M, N, dtype, backward, v)
                out.fill_(float("nan"))
                fn = run_plan(plan, x, dy, y, out, backward)
                fn()
                err = (out.float() - ref).abs().max().item()
                if not err < (1e-5 if dtype == torch.float32 else 3e-2):
                    raise AssertionError(f"wrong result, max error {err:.3g}")
                ms = measure.median_ms(fn, warmup_ms=10, rep_ms=40)
                rows.append(dict(v, plan=plan.describe(), ms=ms, gbs=measure.gbs(nbytes, ms)))
            except Exception as error:
                rows.append(dict(v, error=f"{type(error).__name__}: {str(error)[:200]}"))
        ok = sorted((r for r in rows if "gbs" in r), key=lambda r: -r["gbs"])
        auto_row = next((r for r in rows if r["kernel"] == "auto"), None)
        print(f"{direction:8} {dtype_name:8} N={N:6} auto {auto_row.get('gbs', 0):6.0f} "
              f"({auto_row.get('plan', auto_row.get('error'))})", flush=True)
        for r in ok[:3]:
            print(f"      best {r['gbs']:6.0f} GB/s {r['gbs'] / copy:6.1%}  {r['plan']}", flush=True)
        errors = [r for r in rows if "error" in r]
        if errors:
            print(f"      {len(errors)} variants failed, e.g. {errors[0]['error'][:120]}")
        results.append(dict(direction=direction, dtype=dtype_name, N=N, M=M, rows=rows))
        del x, y, dy, ref, out
        torch.cuda.empty_cache()
    with open(os.path.join(args.out, "sweep.json"), "w") as f:
        json.dump(dict(device=measure.device_name(), copy_gbs=copy, points=results), f, indent=1)


if __name__ == "__main__":
    main()
