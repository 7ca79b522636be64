"""Nsight Compute's DRAM bytes for each implementation, kernels summed, beside the traffic model.

    PYTHONPATH=. python3 benchmarks/run_ncu.py --out DIR

Profiles one call per case with ``nsight.profile``, sums its kernels' DRAM bytes read and written
and their time, and writes DIR/ncu_traffic.json: per case the counts, the policy kernel "ours" ran,
and the traffic model's DRAM bytes for the same call as a profiler counts them (``isolated``: each
kernel alone on a flushed L2), predicted with the copy bandwidth measured here. The model reads
the file back through ``traffic_model.measurements.load_nsight``; ``python -m traffic_model.validate
DIR`` sets every case beside it.
"""

import argparse
import json
import os
import sys

import nsight

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import traffic_model  # noqa: E402
from traffic_model.measurements import model_name  # noqa: E402
from traffic_model.validate import model_gpu  # noqa: E402

CASES = [  # (impl, direction, M, N, dtype)
    ("naive", "forward", 4096, 16384, "float32"),
    ("ours", "forward", 4096, 16384, "float32"),
    ("torch", "forward", 4096, 16384, "float32"),
    ("naive", "backward", 4096, 16384, "float32"),
    ("ours", "backward", 4096, 16384, "float32"),
    ("torch", "backward", 4096, 16384, "float32"),
    ("ours", "forward", 32768, 4096, "bfloat16"),
    ("ours", "forward", 2048, 65536, "float32"),
    ("ours", "forward", 512, 262144, "float32"),
    ("ours", "backward", 2048, 65536, "float32"),
    ("ours", "forward", 4, 1 << 22, "float32"),
    ("ours:online", "forward", 2048, 65536, "float32"),
    ("ours:online", "backward", 2048, 65536, "float32"),
    # the seeds' grid, where the naive intermediates partly fit in L2
    ("naive", "forward", 4096, 1024, "float32"),
    ("ours", "forward", 4096, 1024, "float32"),
    ("naive", "forward", 4096, 4096, "float32"),
    ("naive", "forward", 4096, 12800, "float32"),
    ("torch", "forward", 2048, 65536, "float32"),
    ("torch", "forward", 4096, 4096, "float32"),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, help="directory for ncu_traffic.json")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    from softmax_lab import measure

    device = measure.device_name()
    gpu = model_gpu(device)
    copy_gbs = measure.copy_bandwidth_gbs()
    results = []
    for impl, direction, M, N, dtype in CASES:
        try:
            kernels = nsight.profile(impl, direction, M, N, dtype)
        except Exception as error:  # noqa: BLE001 - record and go on
            print(f"{impl} {direction} M={M} N={N}: ncu failed: {error}", flush=True)
            continue
        kernel = nsight.plan_kernel(impl, direction, M, N, dtype)
        read = sum(k["dram__bytes_read.sum"] for k in kernels)
        write = sum(k["dram__bytes_write.sum"] for k in kernels)
        seconds = sum(k["gpu__time_duration.sum"] for k in kernels)
        predicted = traffic_model.predict(model_name(impl, direction, kernel), M, N, dtype, gpu, copy_gbs,
                                          isolated=True)
        results.append(dict(impl=impl, kernel=kernel, algorithm=predicted.runs, direction=direction, M=M,
                            N=N, dtype=dtype, dram_read=read, dram_write=write, kernel_us=seconds * 1e6,
                            model_dram_bytes=predicted.dram_bytes,
                            counted_over_model=(read + write) / predicted.dram_bytes,
                            kernels=[k["name"][:80] for k in kernels]))
        print(f"{impl:11} {predicted.runs:20} M={M:5} N={N:8} {dtype:8} read {read / 1e6:9.1f} MB "
              f"write {write / 1e6:8.1f} MB  model {predicted.dram_bytes / 1e6:9.1f} MB  "
              f"counted/model {(read + write) / predicted.dram_bytes:5.3f}  {seconds * 1e6:8.1f} us", flush=True)
        with open(os.path.join(args.out, "ncu_traffic.json"), "w") as f:
            json.dump(dict(device=device, model_gpu=gpu.key, copy_gbs=copy_gbs,
                           metrics=list(nsight.DRAM_METRICS), cases=results), f, indent=1)


if __name__ == "__main__":
    main()
