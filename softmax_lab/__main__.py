"""The lab's main job, in three steps:

  1. the real Triton kernels (on the GPU; without one, under the Triton interpreter on CPU
     tensors) over a built-in set of shapes and every kernel path, forward and backward, softmax
     and log-softmax, each result checked against the NumPy float64 oracle within the project's
     one tolerance policy (reference/tolerance.py);
  2. the traffic model's predicted times and fused/naive speedups for the seeds' benchmark grid
     (M = 4096, N = 256 .. 12800 step 128, float32) on one GPU (--gpu);
  3. with a GPU, our kernel, torch.softmax and the naive five-kernel softmax measured on part of
     that grid, beside the prediction and the copy bandwidth of the same run.

exit status: 0 every check passed; 1 a check failed; 2 nothing was run (the command line was
refused, or torch and triton are not installed).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import time
import warnings

PROG = "python -m softmax_lab"
EXIT_OK, EXIT_CHECK_FAILED, EXIT_NOT_RUN = 0, 1, 2
EXIT_BROKEN_PIPE = 141
"""What a shell reports for a process that SIGPIPE ended (128 + 13), as for ``yes | head``."""
EXIT_INTERRUPTED = 130
"""128 + SIGINT, likewise."""
DEFAULT_GPU = "H100"


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
    ((24, 130), -1, "float32", {"kernel": "single_block"}),
    ((5, 257), -1, "float32", {"kernel": "online", "block_n": 32}),
    ((2, 1000), -1, "float32", {"kernel": "split", "block_n": 64, "splits": 4}),
    ((3, 333), -1, "bfloat16", {"kernel": "split", "block_n": 32, "splits": 3}),
    ((3, 300), -1, "float32", {"kernel": "cooperative", "block_n": 64}),
    ((200, 2), 0, "float16", {"kernel": "cooperative", "block_n": 32}),
    ((6, 40, 9), 1, "float32", {"kernel": "spatial", "block_n": 16}),
]
MEASURED_N = [256, 1024, 2048, 4096, 8192, 12800]


# The command line --------------------------------------------------------------------------------


def gpu_key(text: str) -> str:
    """The key in ``traffic_model.GPUS`` that ``text`` names: any spelling ``traffic_model.gpu``
    takes, or a prefix of one key alone ("h2"). Refuses an ambiguous prefix ("A100") by naming
    the keys it could mean."""
    from traffic_model.gpus import GPUS, gpu

    try:
        return gpu(text).key
    except ValueError:
        pass
    wanted = text.strip().lower()
    matches = [key for key in GPUS if wanted and key.lower().startswith(wanted)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise argparse.ArgumentTypeError(f"{text!r} is ambiguous: pick one of {', '.join(matches)}")
    raise argparse.ArgumentTypeError(f"unknown GPU {text!r}: pick one of {', '.join(GPUS)}")


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        """One line on stderr that says what to do, and exit status 2, before any work."""
        self.exit(EXIT_NOT_RUN, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    from traffic_model.gpus import GPUS

    parser = _Parser(prog=PROG, description=__doc__,
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gpu", default=DEFAULT_GPU, type=gpu_key,
                        help=f"the GPU of the predictions: {', '.join(GPUS)} (any case; a prefix "
                             f"that names one alone will do); default {DEFAULT_GPU}")
    return parser


# The job -----------------------------------------------------------------------------------------


def run_checks(device: str) -> bool:
    import torch

    import reference
    import triton_impl
    from reference.tolerance import assert_close, grad_scale

    print(f"1. Triton kernels against the float64 oracle ({device}"
          f"{', Triton interpreter' if device == 'cpu' else ''})", flush=True)
    print(f"   {'':7} {'shape':>12} {'dim':>3} {'dtype':>8} {'fwd':>4} {'bwd':>4}  "
          f"{'function':<11} plan")
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
        print(f"   {label:7} {str(tuple(shape)):>12} {dim:>3} {dtype_name:>8} {results[0]:>4} "
              f"{results[1]:>4}  {kind:<11} {plan}", flush=True)
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


def run(args: argparse.Namespace) -> int:
    """The job itself, for arguments the parser accepted."""
    missing = [name for name in ("torch", "triton") if importlib.util.find_spec(name) is None]
    if missing:
        print(f"{PROG}: error: the main job needs {' and '.join(missing)}, not installed here: "
              "install as README.md's 'Set-up on a fresh machine' says", file=sys.stderr)
        return EXIT_NOT_RUN
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
    verdict = "all checks passed" if ok else "SOME CHECKS FAILED"
    print(f"\n{verdict} in {time.time() - started:.0f} s")
    return EXIT_OK if ok else EXIT_CHECK_FAILED


def main(argv=None) -> int:
    """Parse (a bad command line exits 2 here, before any work), run, return the exit status."""
    args = build_parser().parse_args(argv)
    try:
        status = run(args)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's exit
        return status
    except BrokenPipeError:  # the reader went away (python -m softmax_lab | head): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # nothing left for the exit to flush into the pipe
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
