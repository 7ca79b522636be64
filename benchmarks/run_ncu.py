"""Count DRAM bytes with Nsight Compute for each implementation, beside the traffic model.

    PYTHONPATH=. python3 benchmarks/run_ncu.py --out DIR

Runs ``ncu`` on ``benchmarks/ncu_traffic.py`` once per case, sums each case's kernels' DRAM read
and write bytes and time, and writes DIR/ncu_traffic.json with, per case, the counted bytes, the
traffic model's predicted DRAM bytes for the same (M, N, dtype), and their ratio.
"""

import argparse
import csv
import io
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import traffic_model  # noqa: E402

CASES = [  # (impl, model algorithm, direction, M, N, dtype)
    ("naive", "naive", "forward", 4096, 16384, "float32"),
    ("ours", "fused", "forward", 4096, 16384, "float32"),
    ("torch", "torch", "forward", 4096, 16384, "float32"),
    ("naive", "naive_backward", "backward", 4096, 16384, "float32"),
    ("ours", "fused_backward", "backward", 4096, 16384, "float32"),
    ("torch", "torch_backward", "backward", 4096, 16384, "float32"),
    ("ours", "fused", "forward", 32768, 4096, "bfloat16"),
    ("ours", "online", "forward", 2048, 65536, "float32"),
    ("ours", "online", "forward", 512, 262144, "float32"),
    ("ours", "online_backward", "backward", 2048, 65536, "float32"),
    ("ours", "split", "forward", 4, 1 << 22, "float32"),
    # the seeds' grid, where the naive intermediates partly fit in L2
    ("naive", "naive", "forward", 4096, 1024, "float32"),
    ("ours", "fused", "forward", 4096, 1024, "float32"),
    ("naive", "naive", "forward", 4096, 4096, "float32"),
    ("naive", "naive", "forward", 4096, 12800, "float32"),
    ("torch", "torch", "forward", 2048, 65536, "float32"),
    ("torch", "torch", "forward", 4096, 4096, "float32"),
]
METRICS = "dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum"


def count(impl, direction, M, N, dtype):
    here = os.path.dirname(os.path.abspath(__file__))
    cmd = ["ncu", "--clock-control", "none", "--nvtx", "--nvtx-include", "measure/",
           "--metrics", METRICS, "--csv", sys.executable, os.path.join(here, "ncu_traffic.py"),
           impl, direction, str(M), str(N), dtype]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=300).stdout
    rows = list(csv.DictReader(io.StringIO(out[out.index('"ID"'):])))
    totals = {"read": 0.0, "write": 0.0, "ns": 0.0}
    scale = {"byte": 1, "Kbyte": 1e3, "Mbyte": 1e6, "Gbyte": 1e9, "B": 1, "KB": 1e3, "MB": 1e6,
             "GB": 1e9, "nsecond": 1, "usecond": 1e3, "msecond": 1e6, "ns": 1, "us": 1e3,
             "ms": 1e6}
    kernels = set()
    for row in rows:
        unit = row["Metric Unit"]
        if unit not in scale:
            raise ValueError(f"unknown ncu unit {unit!r} in row {row}")
        value = float(row["Metric Value"].replace(",", "")) * scale[unit]
        key = {"dram__bytes_read.sum": "read", "dram__bytes_write.sum": "write",
               "gpu__time_duration.sum": "ns"}[row["Metric Name"]]
        totals[key] += value
        kernels.add(row["Kernel Name"][:80])
    return totals, sorted(kernels)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    import torch

    gpu = "H200" if "H200" in torch.cuda.get_device_name() else "H100"
    results = []
    for impl, algorithm, direction, M, N, dtype in CASES:
        try:
            totals, kernels = count(impl, direction, M, N, dtype)
        except Exception as error:
            print(f"{impl} {direction} M={M} N={N}: ncu failed: {error}", flush=True)
            continue
        predicted = traffic_model.predict(algorithm, M, N, dtype, gpu=gpu, isolated=True)
        model_bytes = predicted.dram_bytes
        counted = totals["read"] + totals["write"]
        results.append(dict(impl=impl, algorithm=algorithm, direction=direction, M=M, N=N,
                            dtype=dtype, dram_read=totals["read"], dram_write=totals["write"],
                            kernel_us=totals["ns"] / 1e3, model_dram_bytes=model_bytes,
                            counted_over_model=counted / model_bytes, kernels=kernels))
        print(f"{impl:6} {algorithm:16} M={M:5} N={N:8} {dtype:8} read {totals['read']/1e6:9.1f} MB"
              f" write {totals['write']/1e6:8.1f} MB  model {model_bytes/1e6:9.1f} MB  "
              f"counted/model {counted / model_bytes:5.3f}  {totals['ns']/1e3:8.1f} us", flush=True)
    with open(os.path.join(args.out, "ncu_traffic.json"), "w") as f:
        json.dump(dict(device=torch.cuda.get_device_name(), model_gpu=gpu, metrics=METRICS,
                       cases=results), f, indent=1)


if __name__ == "__main__":
    main()
