"""The lab's main job: ``python -m softmax_lab``.

1. Runs the real Triton kernels (on the GPU, or without one under the Triton interpreter on CPU
   tensors) over a built-in set of shapes, every kernel path, forward and backward, softmax and
   log-softmax, and checks each result against the NumPy float64 oracle with the project's one
   tolerance policy (``reference.tolerance``).
2. Prints the traffic model's predicted times and fused/naive speedups for the seeds' benchmark
   grid (M = 4096, N = 256 .. 12800 step 128, float32) on a default GPU (``--gpu``).
3. With a GPU, also measures our kernel, torch.softmax and the naive five-kernel softmax on a
   subset of that grid, beside the prediction and the copy bandwidth of the same run.
Exits non-zero if any check fails.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import warnings


def _use_interpreter_without_gpu() -> bool:
    """Without a GPU, the kernels run under the Triton interpreter: decided before triton loads."""
    import torch

    if torch.cuda.is_available():
        return False
    os.environ["TRITON_INTERPRET"] = "1"
    return True


# shape, dim, dtype, forced path: small enough for the interpreter, and each path's loops iterate
CHECKS = [
    ((4, 1000), -1, "float32", {}),
    ((3, 5, 7), 1, "float16", {}),
    ((8, 300), -1, "bfloat16", {}),
    ((37, 64), 0, "float32", {}),
    ((24, 130), -1, "float32", {"kernel": "single_block", "persistent": True}),
    ((5, 257), -1, "float32", {"kernel": "online", "block_n": 32}),
    ((2, 1000), -1, "float32", {"kernel": "split", "block_n": 64, "splits": 4}),
    ((3, 333), -1, "bfloat16", {"kernel": "split", "block_n": 32, "splits": 3}),
]
MEASURED_N = [256, 1024, 2048, 4096, 8192, 12800]


def run_checks(device: str) -> bool:
    import torch

    import reference
    import triton_impl
    from reference.tolerance import assert_close, grad_scale

    print(f"1. Triton kernels against the float64 oracle ({device}"
          f"{', Triton interpreter' if device == 'cpu' else ''})")
    header = f"   {'':7} {'shape':>12} {'dim':>3} {'dtype':>8}  {'plan':<64} {'fwd':>4} {'bwd':>4}"
    print(header)
    all_ok = True
    jobs = [(c, log) for c in CHECKS for log in (False, True)]
    for i, ((shape, dim, dtype_name, forced), log) in enumerate(jobs, 1):
        dtype = getattr(torch, dtype_name)
        g = torch.Generator().manual_seed(i)
        x = (torch.randn(shape, generator=g) * 4).to(dtype).to(device).requires_grad_(True)
        fn = triton_impl.log_softmax if log else triton_impl.softmax
        kind = "log_softmax" if log else "softmax"
        y = fn(x, dim, **forced)
        dy = torch.randn(shape, generator=g).to(dtype).to(device)
        (dx,) = torch.autograd.grad(y, x, dy)
        xs, ys, dys = (t.detach().float().cpu().double().numpy() for t in (x, y, dy))
        oracle = reference.oracle_log_softmax if log else reference.oracle_softmax
        grad = (reference.oracle_log_softmax_backward if log
                else reference.oracle_softmax_backward)
        scale = grad_scale(ys, dys, log=log, axis=dim)
        results = []
        for actual, expected, k, sc in ((y, oracle(xs, axis=dim), kind, None),
                                        (dx, grad(ys, dys, axis=dim), "grad", scale)):
            try:
                assert_close(actual, expected, dtype=dtype_name, axis=dim, kind=k, scale=sc)
                results.append("ok")
            except AssertionError as error:
                results.append("FAIL")
                print(f"   {error}")
        all_ok &= results == ["ok", "ok"]
        plan = triton_impl.plan(x.detach(), dim, log=log, **forced).describe()
        label = f"[{i:2}/{len(jobs)}]"
        print(f"   {label:7} {str(tuple(shape)):>12} {dim:>3} {dtype_name:>8}  "
              f"{(kind[:3] + ' ' + plan)[:64]:<64} {results[0]:>4} {results[1]:>4}", flush=True)
    return all_ok


def print_predictions(gpu_name: str) -> None:
    import traffic_model

    rows = traffic_model.predict_grid(["naive", "fused", "torch"],
                                      traffic_model.grid([4096], traffic_model.DEFAULT_N,
                                                         ["float32"]), gpu=gpu_name)
    gpu = traffic_model.gpu(gpu_name)
    print(f"\n2. Predicted by the traffic model for the seeds' grid (M=4096, float32) on "
          f"{gpu.name}, {gpu.bandwidth_gbs:.0f} GB/s")
    table = []
    for row in rows:
        p = row.predictions
        table.append([row.N, f"{p['naive'].us:.1f}", f"{p['fused'].us:.1f}", f"{p['torch'].us:.1f}",
                      f"{p['fused'].gbs:.0f}", f"{p['fused'].speedup_over(p['naive']):.2f}"])
    print(traffic_model.format_table(
        ["N", "naive us", "fused us", "torch us", "fused GB/s", "fused/naive"], table))
    print("   (python -m traffic_model --help: other grids, GPUs, a plot)")


def measure_beside_prediction(gpu_name: str) -> None:
    import torch

    import traffic_model
    from softmax_lab import implementations, measure

    copy = measure.copy_bandwidth_gbs()
    print(f"\n3. Measured on {measure.device_name()} (copy {copy:.0f} GB/s) beside the model "
          f"calibrated to that copy bandwidth")
    table = []
    for N in MEASURED_N:
        x = torch.randn(4096, N, device="cuda")
        row = [N]
        for impl, algorithm in (("naive", "naive"), ("ours", "fused"), ("torch", "torch")):
            forward = implementations.get(impl).forward
            ms = measure.median_ms(lambda: forward(x))
            predicted = traffic_model.predict(algorithm, 4096, N, "float32", gpu=gpu_name,
                                              bandwidth_gbs=copy)
            row += [f"{ms * 1e3:.1f}", f"{predicted.us:.1f}"]
        table.append(row)
    print(traffic_model.format_table(
        ["N", "naive us", "model", "ours us", "model", "torch us", "model"], table))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m softmax_lab", description=__doc__.split("\n")[0])
    parser.add_argument("--gpu", default="H100", help="GPU for the predictions (default H100)")
    args = parser.parse_args(argv)
    started = time.time()
    interpreted = _use_interpreter_without_gpu()
    warnings.filterwarnings("ignore", module="triton.runtime.interpreter")
    warnings.filterwarnings("ignore", message="Conversion of an array with ndim > 0")
    ok = run_checks("cpu" if interpreted else "cuda")
    print_predictions(args.gpu)
    if not interpreted:
        measure_beside_prediction(args.gpu)
    else:
        print("\n3. No GPU here: measurements skipped (run this on a GPU to see them).")
    print(f"\n{'all checks passed' if ok else 'SOME CHECKS FAILED'} in {time.time() - started:.0f} s")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
