"""Does an input our forward loaded evict-last stay in the L2 through the benchmarks' flush?

    ncu --clock-control none --nvtx --nvtx-include "measure/" \
        --metrics dram__bytes_read.sum --csv python3 l2_after_flush.py M N DTYPE

Runs the forward ("ours") on an M x N input, zeroes softmax_lab.measure.FLUSH_BYTES as do_bench
does between timed calls, then sums the input inside an NVTX range "measure". Nsight's DRAM
bytes read for that sum: about the input's bytes if the flush evicted it, far fewer if the
evict-last lines outlived the flush (then a benchmark's repeated calls would read from L2).
"""
import os
import sys

import torch

sys.path.insert(0, os.getcwd())

from softmax_lab import implementations  # noqa: E402
from softmax_lab.measure import FLUSH_BYTES  # noqa: E402

M, N, dtype = int(sys.argv[1]), int(sys.argv[2]), getattr(torch, sys.argv[3])
x = torch.randn(M, N, device="cuda", dtype=dtype)
flush = torch.empty(FLUSH_BYTES // 4, device="cuda", dtype=torch.int32)
ours = implementations.get("ours")
for _ in range(3):
    y = ours.forward(x)
    flush.zero_()
torch.cuda.synchronize()
torch.cuda.nvtx.range_push("measure")
total = x.sum()
torch.cuda.synchronize()
torch.cuda.nvtx.range_pop()
print(f"input {x.numel() * x.element_size()} bytes; sum {total.item():.3f}")
