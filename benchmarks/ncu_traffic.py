"""One implementation, one call, inside an NVTX range named "measure": for Nsight Compute.

    ncu --clock-control none --nvtx --nvtx-include "measure/" \
        --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum --csv \
        python3 benchmarks/ncu_traffic.py IMPL DIRECTION M N DTYPE

Only the kernels inside the range are profiled (inputs are made outside it), so the DRAM bytes
Nsight counts are the implementation's own. ``benchmarks/run_ncu.py`` runs this for a list of
cases and collects the counts into JSON beside the traffic model's prediction.
"""

import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from softmax_lab import implementations  # noqa: E402


def main(impl_name, direction, M, N, dtype):
    impl = implementations.get(impl_name)
    x = torch.randn(int(M), int(N), device="cuda", dtype=getattr(torch, dtype))
    y = torch.softmax(x, -1)
    dy = torch.randn_like(x)
    call = (lambda: impl.forward(x)) if direction == "forward" else (lambda: impl.backward(y, dy))
    call()  # compile and warm up outside the range
    torch.cuda.synchronize()
    torch.cuda.nvtx.range_push("measure")
    call()
    torch.cuda.synchronize()
    torch.cuda.nvtx.range_pop()


if __name__ == "__main__":
    main(*sys.argv[1:])
