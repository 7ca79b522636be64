"""Rows wider than one block an SM (N = 2M, 4M) with every block held by a program of its own:
the policy's plan (at most one program a row per SM, so several blocks a program, all but the
first read twice) against the same kernel launched with N / 8192 programs a row, each holding
its one block under the one-block plan's warps and register cap (as at N = 1M). Every output is
checked against float64 through a NaN-poisoned output, then timed; fractions of the copy
bandwidth measured in the same call.

    PYTHONPATH=. python3 results/h200/one_block_wide_2026-11-23/one_block.py --out DIR
"""
import argparse, dataclasses, json, os, sys, time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "benchmarks"))
import checking  # noqa: E402
from softmax_lab import implementations, measure  # noqa: E402
from triton_impl import dispatch, launch, policy  # noqa: E402

DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16}


def one_block_plan(M, N, dtype, backward):
    """The N = 1M plan's block, warps and cap, with a program for every block of the row."""
    template = dispatch.make_plan(M, 1 << 20, dtype, "cuda", backward=backward)
    programs = policy.cdiv(N, template.block_n)
    return dataclasses.replace(template, splits=programs, chunk=template.block_n,
                               grid=(M * programs,))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--n", type=int, nargs="+", default=[1 << 21, 1 << 22])
    parser.add_argument("--m", type=int, nargs="+", default=[4, 16, 64])
    parser.add_argument("--dtypes", nargs="+", default=["bfloat16", "float32"])
    parser.add_argument("--directions", nargs="+", default=["forward", "backward"])
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    copy = measure.copy_bandwidth_gbs()
    print(f"{measure.device_name()}: copy {copy:.0f} GB/s", flush=True)
    rows = []
    for dtype_name in args.dtypes:
        dtype = DTYPES[dtype_name]
        for N in args.n:
            for M in args.m:
                x = torch.randn(M, N, device="cuda", dtype=dtype) * 3
                dy = torch.randn_like(x)
                y = torch.softmax(x.float(), -1).to(dtype)
                out = torch.empty_like(x)
                for direction in args.directions:
                    backward = direction == "backward"
                    nbytes = implementations.useful_bytes(M, N, dtype, direction)
                    plans = [("policy", dispatch.make_plan(M, N, dtype, "cuda", backward=backward)),
                             ("one block a program", one_block_plan(M, N, dtype, backward))]
                    for label, plan in plans:
                        row = dict(dtype=dtype_name, N=N, M=M, direction=direction, variant=label,
                                   plan=plan.describe())
                        fn = ((lambda p=plan: launch.softmax_backward_rows(p, y, dy, out, False))
                              if backward else (lambda p=plan: launch.softmax_rows(p, x, out, False)))
                        try:
                            out.fill_(float("nan"))
                            fn()
                            torch.cuda.synchronize()
                            if backward:
                                checking.check_backward(out, y, dy, what=label)
                            else:
                                checking.check_forward(out, x, what=label)
                            ms = measure.median_ms(fn, warmup_ms=10, rep_ms=60)
                            row.update(ms=ms, gbs=measure.gbs(nbytes, ms),
                                       of_copy=measure.gbs(nbytes, ms) / copy)
                            print(f"{dtype_name:8} {direction:8} N={N:8} M={M:4} {label:22} "
                                  f"{row['of_copy']:6.1%}  {plan.describe()[:100]}", flush=True)
                        except Exception as error:
                            row["error"] = f"{type(error).__name__}: {str(error)[:300]}"
                            print(f"{dtype_name:8} {direction:8} N={N:8} M={M:4} {label:22} "
                                  f"FAILED {row['error'][:200]}", flush=True)
                        rows.append(row)
                        with open(os.path.join(args.out, "one_block.json"), "w") as f:
                            json.dump(dict(device=measure.device_name(), copy_gbs=copy, rows=rows), f, indent=1)
                del x, dy, y, out
                torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
