"""Time the bfloat16 cooperative forward holding 32-bit words (packed.py) against the policy's
kernel, in one call: every output NaN-poisoned, checked against float64, then timed.

    PYTHONPATH=. python3 results/h200/packed_words_2026-11-23/time_packed.py --out DIR
"""
import argparse
import json
import os
import sys

import torch
import triton

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import packed  # noqa: E402

import triton_impl  # noqa: E402
from triton_impl import hardware, policy  # noqa: E402

VARIANTS = ((8192, 4, 64, 1), (8192, 4, 64, 0), (8192, 4, 64, 5), (8192, 4, 64, 6),
            (8192, 4, 56, 1))
"""(block, warps, register cap, how packed.unpack and packed.pack are written: 1 PRMT with
selectors given at run time and cvt.rn.bf16x2; 0 shl/and; 5 as 1 but packed by Triton's
conversions; 6 PRMT with immediate selectors)."""


def packed_call(x, y, block, warps, cap, form, programs):
    M, N = x.shape

    def call():
        words = torch.zeros(M * programs, dtype=torch.int64, device=x.device)
        packed.packed_forward[(M * programs,)](
            x, y, words, N, x.stride(0), y.stride(0), programs, 0x1054, 0x3254, BLOCK=block,
            SLOTS=triton.next_power_of_2(programs), PATIENCE=policy.COOPERATIVE_PATIENCE,
            OPAQUE=form, num_warps=warps, **(dict(maxnreg=cap) if cap else {}))
    return call


def check(y, ref):
    torch.testing.assert_close(y.double(), ref, rtol=8e-3, atol=1e-7)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--n", type=int, nargs="+", default=[65536, 262144, 1048576])
    args = parser.parse_args()
    src = torch.empty(1 << 28, dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)
    copy = 2 * src.numel() / (triton.testing.do_bench(lambda: dst.copy_(src),
                                                      return_mode="median") * 1e6)
    print(torch.cuda.get_device_name(), f"copy {copy:.0f} GB/s", flush=True)
    rows = []
    sms = hardware.device_info(torch.device("cuda")).sm_count
    for N in args.n:
        M = (1 << 27) // N
        x = torch.randn(M, N, device="cuda", dtype=torch.bfloat16) * 4
        ref = torch.softmax(x.double(), 1)
        main_call = lambda: triton_impl.softmax(x, -1)
        y_main = main_call()
        check(y_main, ref)
        results = [("policy", triton.testing.do_bench(main_call, return_mode="median"))]
        for block, warps, cap, form in VARIANTS:
            programs = min(triton.cdiv(N, block), sms)
            if triton.cdiv(N, block) > sms:
                continue
            y = torch.full_like(x, float("nan"))
            call = packed_call(x, y, block, warps, cap, form, programs)
            call()
            torch.cuda.synchronize()
            label = f"words {block}/{warps}/{cap} form {form}"
            try:
                check(y, ref)
            except AssertionError as error:
                print(label, "WRONG", str(error)[:300], flush=True)
                continue
            same = (y == y_main).float().mean().item()
            results.append((label + f" (equal to policy {same:.4f})",
                            triton.testing.do_bench(call, return_mode="median")))
        for label, ms in results:
            row = dict(N=N, M=M, label=label, ms=ms, gbps=2 * x.numel() * 2 / (ms * 1e6))
            row["of_copy"] = row["gbps"] / copy
            rows.append(row)
            print(f"N={N:8} {label:50} {row['of_copy']:.3f}", flush=True)
        with open(f"{args.out}/time_packed.json", "w") as f:
            json.dump(dict(device=torch.cuda.get_device_name(), copy_gbps=copy, rows=rows), f,
                      indent=1)


if __name__ == "__main__":
    main()
