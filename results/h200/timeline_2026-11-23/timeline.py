"""Where a cooperative forward program's time goes: an experiment, not a tool.

    PYTHONPATH=. python3 results/h200/timeline_2026-11-23/timeline.py --out DIR

A copy of the cooperative forward (one block a program, float32 pairs) that stamps the GPU's
global timer at four points of each program: start, after it published its pair, after its wait,
after it issued its stores; and, apart, a variant that normalises each block by its own pair
(wrong results: a ceiling with no exchange, timed only). Prints per (dtype, N) the median phases
and the spread of a row's starts and publishes, and writes DIR/timeline.json.
"""

import argparse
import json
import statistics

import torch
import triton
import triton.language as tl
from triton.language.extra.cuda import globaltimer, smid

from triton_impl import hardware, policy
from triton_impl.kernels.cooperative import (from_bits, load_raw, publish_pair_values, published_bits,
                                             row_and_program, store_block, wait_for)
from triton_impl.kernels.row_math import (block_exponentials, merge_pairs, row_pointer,
                                          softmax_output, to_compute)


@triton.jit
def stamped_forward(x_ptr, y_ptr, words_ptr, stamps_ptr, N, programs, BLOCK: tl.constexpr,
                    SLOTS: tl.constexpr, EXCHANGE: tl.constexpr):
    row, program = row_and_program(programs)
    pid = tl.program_id(0)
    t0 = globaltimer()
    x_row = row_pointer(x_ptr, row, N)
    y_row = row_pointer(y_ptr, row, N)
    pairs = words_ptr + row.to(tl.int64) * programs
    x = load_raw(x_row, program, N, BLOCK, -float("inf"), "evict_last")
    if EXCHANGE:
        m, p = block_exponentials(x)
        publish_pair_values(m, tl.sum(p, 0), pairs, program, programs)
        t1 = globaltimer()
        offsets = tl.arange(0, SLOTS)
        words = wait_for(pairs, offsets, offsets < programs, 0xFF800000, 1 << 30)
        t2 = globaltimer()
        bits = published_bits(words)
        m_row, d_row = merge_pairs(from_bits(bits, x_ptr), from_bits(bits >> 32, x_ptr))
    else:
        m_row, p = block_exponentials(x)
        d_row = tl.sum(p, 0)
        t1 = globaltimer()
        t2 = t1
    store_block(y_row, program, N, BLOCK, softmax_output(to_compute(x), m_row, d_row, False))
    t3 = globaltimer()
    base = stamps_ptr + pid.to(tl.int64) * 5
    tl.store(base, t0)
    tl.store(base + 1, t1)
    tl.store(base + 2, t2)
    tl.store(base + 3, t3)
    tl.store(base + 4, smid().to(tl.int64))


def run(dtype, N, exchange, warps, cap):
    M = (1 << 27) // N
    plan = policy.choose(M, N, dtype, hardware.device_info(torch.device("cuda")))
    programs = plan.splits
    x = torch.randn(M, N, device="cuda", dtype=dtype)
    y = torch.full_like(x, float("nan"))
    words = torch.zeros(M * programs, dtype=torch.int64, device="cuda")
    stamps = torch.zeros(M * programs * 5, dtype=torch.int64, device="cuda")
    opts = dict(maxnreg=cap) if cap else {}

    def launch():
        words.zero_()
        stamped_forward[(M * programs,)](x, y, words, stamps, N, programs, BLOCK=plan.block_n,
                                         SLOTS=triton.next_power_of_2(programs),
                                         EXCHANGE=exchange, num_warps=warps, **opts)
    launch()
    torch.cuda.synchronize()
    if exchange:
        torch.testing.assert_close(y.float(), torch.softmax(x.double(), 1).float(),
                                   atol=2e-3 if dtype == torch.bfloat16 else 1e-5, rtol=2e-2)
    ms = triton.testing.do_bench(launch, return_mode="median")
    zero_ms = triton.testing.do_bench(words.zero_, return_mode="median")
    s = stamps.view(M, programs, 5).cpu()
    s = (s - s[..., 0].min()).double()  # float64 holds the timer's offsets, not its epoch
    t0, t1, t2, t3 = s[..., 0], s[..., 1], s[..., 2], s[..., 3]
    start = t0.min()
    med = lambda v: float(v.median())
    return dict(dtype=str(dtype).split(".")[-1], N=N, M=M, programs=programs, exchange=exchange,
                block=plan.block_n, warps=warps, cap=cap, ms=ms, zero_ms=zero_ms,
                gbps=2 * x.numel() * x.element_size() / ((ms - zero_ms) * 1e6),
                load_publish_us=med(t1 - t0) / 1e3, wait_us=med(t2 - t1) / 1e3,
                store_us=med(t3 - t2) / 1e3, life_us=med(t3 - t0) / 1e3,
                row_start_spread_us=med(t0.max(1).values - t0.min(1).values) / 1e3,
                row_publish_spread_us=med(t1.max(1).values - t1.min(1).values) / 1e3,
                last_publish_after_first_start_us=med(t1.max(1).values - t0.min(1).values) / 1e3,
                span_us=float(t3.max() - start) / 1e3,
                resident_median=med(torch.tensor([((t0 <= t) & (t3 >= t)).sum().item()
                                                  for t in torch.linspace(float(start), float(t3.max()), 64)[8:-8]])))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    copy_src = torch.empty(1 << 28, dtype=torch.uint8, device="cuda")
    copy_dst = torch.empty_like(copy_src)
    copy_ms = triton.testing.do_bench(lambda: copy_dst.copy_(copy_src), return_mode="median")
    copy_gbps = 2 * copy_src.numel() / (copy_ms * 1e6)
    print(torch.cuda.get_device_name(), f"copy {copy_gbps:.0f} GB/s", flush=True)
    rows = []
    for dtype, warps, cap in ((torch.bfloat16, 4, 88), (torch.float32, 4, 96)):
        for N in (65536, 262144, 1048576):
            for exchange in (True, False):
                r = run(dtype, N, exchange, warps, cap)
                r["of_copy"] = r["gbps"] / copy_gbps
                rows.append(r)
                print(json.dumps(r), flush=True)
                with open(f"{args.out}/timeline.json", "w") as f:
                    json.dump(dict(device=torch.cuda.get_device_name(), copy_gbps=copy_gbps,
                                   rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
