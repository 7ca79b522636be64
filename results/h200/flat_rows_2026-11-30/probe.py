"""A throwaway probe (not the library's kernel): the forward of narrow contiguous rows read as one
flat run of whole 16-byte vectors a program, ROWS rows a program (ROWS a multiple of a vector's
elements, so that every program's run starts on a 16-byte boundary and holds whole vectors),
moved into a [ROWS, next_power_of_2(N)] tile and back by ``tl.gather``, against the policy's plan
in the same call. Every output NaN-poisoned and checked against float64 before it is timed.

    PYTHONPATH=. python3 results/h200/flat_rows_2026-11-30/probe.py --out DIR --dtype bfloat16 \
        --n 35 75 137 --rows 8 16 32 --warps 1 2 4
"""
import argparse
import json
import os
import sys
import time

import torch
import triton
import triton.language as tl

sys.path.insert(0, os.getcwd())
import triton_impl  # noqa: E402


@triton.jit
def _chunk(x_ptr, y_ptr, start, bound, N, ROWS: tl.constexpr, NP: tl.constexpr,
           FLAT: tl.constexpr):
    f = tl.arange(0, FLAT)
    fmask = f < bound
    x = tl.load(x_ptr + start + f, mask=fmask, other=0.0)
    r = tl.arange(0, ROWS)[:, None]
    c = tl.arange(0, NP)[None, :]
    inside = (c < N) & (r * N + c < bound)
    src = tl.where(inside, r * N + c, 0)
    t = tl.gather(x, tl.reshape(src, [ROWS * NP]), 0)
    t = tl.where(inside, tl.reshape(t, [ROWS, NP]).to(tl.float32), -float("inf"))
    m = tl.max(t, 1)
    e = tl.exp2((t - m[:, None]) * 1.4426950408889634)
    d = tl.sum(e, 1)
    out = tl.reshape(e * (1.0 / d)[:, None], [ROWS * NP])
    fr = ((f.to(tl.float32) + 0.5) * (1.0 / N)).to(tl.int32)  # f // N: exact while f < 2^22
    back = tl.where(fmask, fr * NP + (f - fr * N), 0)
    tl.store(y_ptr + start + f, tl.gather(out, back, 0).to(y_ptr.dtype.element_ty), mask=fmask)


@triton.jit
def flat_rows_forward(x_ptr, y_ptr, M, N, ROWS: tl.constexpr, NP: tl.constexpr,
                      FLAT: tl.constexpr, VECTOR: tl.constexpr):
    first = tl.program_id(0) * ROWS
    start = tl.multiple_of(first.to(tl.int64) * N, VECTOR)
    if first + ROWS <= M:
        _chunk(x_ptr, y_ptr, start, ROWS * N, N, ROWS, NP, FLAT)
    else:
        _chunk(x_ptr, y_ptr, start, (M - first) * N, N, ROWS, NP, FLAT)


def flat_softmax(x, y, rows, warps):
    M, N = x.shape
    np2 = triton.next_power_of_2(N)
    flat = triton.next_power_of_2(rows * N)
    flat_rows_forward[(triton.cdiv(M, rows),)](x, y, M, N, ROWS=rows, NP=np2, FLAT=flat,
                                               VECTOR=16 // x.element_size(), num_warps=warps)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--dtype", default="bfloat16", choices=("bfloat16", "float16", "float32"))
    parser.add_argument("--n", type=int, nargs="+", required=True)
    parser.add_argument("--rows", type=int, nargs="+", default=[8, 16, 32])
    parser.add_argument("--warps", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--budget-s", type=float, default=1e9)
    args = parser.parse_args()
    dtype = getattr(torch, args.dtype)
    vector = 16 // dtype.itemsize
    if any(r % vector or r & (r - 1) for r in args.rows):
        sys.exit(f"--rows: powers of two that are multiples of {vector}")
    os.makedirs(args.out, exist_ok=True)
    dev = "cuda"
    begin = time.time()
    big = torch.empty(1 << 28, dtype=torch.uint8, device=dev)
    copy_ms = triton.testing.do_bench(lambda: big[: 1 << 27].copy_(big[1 << 27:]),
                                      return_mode="median")
    copy = 2 * (1 << 27) / copy_ms / 1e6
    print(f"{torch.cuda.get_device_name()}: copy {copy:.0f} GB/s", flush=True)
    results = dict(device=torch.cuda.get_device_name(), copy_gbs=copy, dtype=args.dtype, points=[])
    for N in args.n:
        if time.time() - begin > args.budget_s:
            break
        M = (1 << 27) // N
        x = (torch.randn(M, N, device=dev) * 3).to(dtype)
        exact = torch.softmax(x.double(), -1)
        point = dict(N=N, M=M, rows=[])
        timed = [("policy", lambda: triton_impl.softmax(x, -1), None)]
        for rows in args.rows:
            for warps in args.warps:
                per_thread = triton.next_power_of_2(rows * N) // (32 * warps)
                if not 4 <= per_thread <= 128:
                    continue
                y = torch.empty_like(x)
                timed.append((f"flat rows {rows} warps {warps}",
                              (lambda y=y, rows=rows, warps=warps: flat_softmax(x, y, rows, warps)),
                              y))
        for label, call, y in timed:
            try:
                if y is None:
                    out = call()
                else:
                    y.fill_(float("nan"))
                    call()
                    out = y
                torch.cuda.synchronize()
                err = (out.double() - exact).abs().max().item()
                ok = bool(torch.isfinite(out).all()) and err < (2e-2 if dtype != torch.float32
                                                               else 1e-5)
                if not ok:
                    raise AssertionError(f"max error {err}")
                ms = triton.testing.do_bench(call, return_mode="median")
                gbs = 2 * M * N * dtype.itemsize / ms / 1e6
                row = dict(variant=label, ms=ms, gbs=gbs, of_copy=gbs / copy)
                print(f"{args.dtype} N={N:5d} {label:24s} {gbs:7.0f} GB/s {100 * gbs / copy:5.1f}%",
                      flush=True)
            except Exception as error:  # noqa: BLE001 - a failed variant is recorded, not timed
                row = dict(variant=label, failed=f"{type(error).__name__}: {error}"[:300])
                print(f"{args.dtype} N={N:5d} {label:24s} failed: {row['failed']}", flush=True)
            point["rows"].append(row)
        results["points"].append(point)
        with open(os.path.join(args.out, "probe.json"), "w") as fh:
            json.dump(results, fh, indent=1)
        del x, exact


if __name__ == "__main__":
    main()
