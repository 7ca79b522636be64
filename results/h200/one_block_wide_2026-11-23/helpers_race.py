"""Cooperative launches whose rows have more programs than fit on the GPU at once, so that
programs give up waiting and compute their peers' words themselves (the helpers): each launch
checked against float64 through a NaN-poisoned output, several times, and counted right or wrong.

    PYTHONPATH=. python3 results/h200/one_block_wide_2026-11-23/helpers_race.py [--repeats 5]
"""
import argparse, dataclasses, os, sys, time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "benchmarks"))
import checking  # noqa: E402
from triton_impl import dispatch, launch, policy  # noqa: E402

CASES = [("float32", "backward", 4 << 20, 64), ("float32", "forward", 8 << 20, 16),
         ("bfloat16", "backward", 8 << 20, 16)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    for dtype_name, direction, N, M in CASES:
        dtype = getattr(torch, dtype_name)
        backward = direction == "backward"
        template = dispatch.make_plan(M, 1 << 20, dtype, "cuda", backward=backward)
        programs = policy.cdiv(N, template.block_n)
        plan = dataclasses.replace(template, splits=programs, chunk=template.block_n,
                                   grid=(M * programs,))
        torch.manual_seed(0)
        x = torch.randn(M, N, device="cuda", dtype=dtype) * 3
        dy = torch.randn_like(x)
        y = torch.softmax(x.float(), -1).to(dtype)
        out = torch.empty_like(x)
        wrong = 0
        for _ in range(args.repeats):
            out.fill_(float("nan"))
            start = time.time()
            if backward:
                launch.softmax_backward_rows(plan, y, dy, out, False)
            else:
                launch.softmax_rows(plan, x, out, False)
            torch.cuda.synchronize()
            seconds = time.time() - start
            try:
                (checking.check_backward(out, y, dy) if backward else checking.check_forward(out, x))
                verdict = "right"
            except AssertionError as error:
                wrong += 1
                verdict = f"WRONG {str(error)[:160]}"
            print(f"{dtype_name:8} {direction:8} N={N} M={M} {plan.describe()[:70]} "
                  f"{seconds:.2f} s {verdict}", flush=True)
        print(f"{dtype_name} {direction} N={N} M={M}: {wrong} of {args.repeats} wrong", flush=True)
        del x, dy, y, out
        torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
