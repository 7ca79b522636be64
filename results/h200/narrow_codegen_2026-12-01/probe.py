"""Why torch.compile's backward of narrow rows (bfloat16 of 19-37 columns, float32 of 9 and 11)
outruns ours at the same tile: a bisection between the code inductor generates and ours.

One minimal kernel, ``probe_backward`` (dx = y * (dy - sum(dy * y)) over a tile of ROWS rows of
COLS columns, ``num_warps`` warps), whose switches step from inductor's form to ours one at a
time:

- ``inductor``: N, M and the row stride compile-time constants, 32-bit row offsets, one tile a
  program (what inductor emits for the naive backward);
- ``runtime``: N, M and the stride passed at launch (one stride for the three tensors);
- ``int64``: rows as 64-bit indices times the stride, as ``row_math.row_pointer`` computes them;
- ``strides``: each tensor its own stride;
- ``loop``: a grid-stride loop over tiles, as ``single_block_backward`` is written.

Beside them, in the same call: ours (``softmax_backward_data``, the policy's plan) and
torch.compile of the naive backward. Every output is NaN-poisoned and checked against float64
(``benchmarks/checking.py``) before it is timed; a figure is a fraction of the copy bandwidth
measured in the call. Each line is printed as it is measured.

    PYTHONPATH=. python3 results/h200/narrow_codegen_2026-12-01/probe.py OUT.json
"""

import json
import sys
import time

import torch
import triton
import triton.language as tl

sys.path.insert(0, "benchmarks")
import checking  # noqa: E402
import triton_impl  # noqa: E402
from softmax_lab import implementations, measure  # noqa: E402

STEPS = {  # name: (constant N, M and stride, 64-bit rows, own strides, grid-stride loop)
    "inductor": (True, False, False, False),
    "runtime": (False, False, False, False),
    "int64": (False, True, False, False),
    "strides": (False, True, True, False),
    "loop": (False, True, True, True),
}
TILES = ((16, 1), (32, 1), (32, 2), (64, 2), (64, 4))  # (rows a program, warps)
FULL_TILES_STEPS = ("inductor", "strides")
PROBLEMS = (("bfloat16", 25), ("bfloat16", 31), ("bfloat16", 19), ("bfloat16", 37),
            ("float32", 9), ("float32", 11))


@triton.jit
def probe_backward(y_ptr, dy_ptr, dx_ptr, M, N, y_stride, dy_stride, dx_stride,
                   ROWS: tl.constexpr, COLS: tl.constexpr, CONST_M: tl.constexpr,
                   CONST_N: tl.constexpr, WIDE: tl.constexpr, OWN_STRIDES: tl.constexpr,
                   LOOP: tl.constexpr):
    if CONST_N > 0:
        n = CONST_N
        m = CONST_M
        stride_y = CONST_N
        stride_dy = CONST_N
        stride_dx = CONST_N
    else:
        n = N
        m = M
        stride_y = y_stride
        if OWN_STRIDES:
            stride_dy = dy_stride
            stride_dx = dx_stride
        else:
            stride_dy = y_stride
            stride_dx = y_stride
    cols = tl.arange(0, COLS)[None, :]
    n_tiles = tl.cdiv(m, ROWS)
    first = tl.program_id(0)
    step = tl.num_programs(0) if LOOP else n_tiles
    for tile in tl.range(first, n_tiles, step):
        rows = tile * ROWS + tl.arange(0, ROWS)[:, None]
        if WIDE:
            rows = rows.to(tl.int64)
        mask = (rows < m) & (cols < n)
        y = tl.load(y_ptr + rows * stride_y + cols, mask=mask, other=0.0).to(tl.float32)
        dy = tl.load(dy_ptr + rows * stride_dy + cols, mask=mask, other=0.0).to(tl.float32)
        s = tl.sum(y * dy, 1)[:, None]
        tl.store(dx_ptr + rows * stride_dx + cols, (y * (dy - s)).to(dx_ptr.dtype.element_ty),
                 mask=mask)


def probe(step: str, rows: int, warps: int):
    const, wide, own, loop = STEPS[step]

    def run(y, dy, dx):
        M, N = y.shape
        probe_backward[(triton.cdiv(M, rows),)](
            y, dy, dx, M, N, y.stride(0), dy.stride(0), dx.stride(0), ROWS=rows,
            COLS=triton.next_power_of_2(N), CONST_M=M if const else 0, CONST_N=N if const else 0,
            WIDE=wide, OWN_STRIDES=own, LOOP=loop, num_warps=warps)
    return run


PEERS = {  # name: a function of (y, dy) that allocates dx
    "ours": lambda y, dy: triton_impl.softmax_backward_data(y, dy),
    "torch.compile": lambda y, dy: implementations.get("torch.compile").backward(y, dy),
}


def candidates():
    """(name, a function of (y, dy, dx) that writes dx, or None for a peer of ``PEERS``)."""
    for step in STEPS:
        for rows, warps in (TILES if step in FULL_TILES_STEPS else ((16, 1), (32, 2))):
            yield f"{step} {rows}x{warps}", probe(step, rows, warps)
    for name in PEERS:
        yield name, None


def main(out_path: str) -> None:
    copy = measure.copy_bandwidth_gbs()
    print(f"{measure.device_name()}: copy {copy:.0f} GB/s", flush=True)
    points = []
    for dtype_name, N in PROBLEMS:
        dtype = getattr(torch, dtype_name)
        M = 2 ** 27 // N
        x = torch.randn(M, N, device="cuda")
        y = torch.softmax(x.double(), -1).to(dtype)
        dy = torch.randn(M, N, device="cuda").to(dtype)
        del x
        for name, fn in candidates():
            try:
                if fn is not None:
                    dx = torch.full_like(y, float("nan"))
                    fn(y, dy, dx)
                    timed = (lambda f, d: lambda: f(y, dy, d))(fn, dx)
                else:  # a peer allocates dx: poison the block the caching allocator hands it
                    torch.full_like(y, float("nan"))
                    dx = PEERS[name](y, dy)
                    timed = (lambda f: lambda: f(y, dy))(PEERS[name])
                checking.check_backward(dx, y, dy, what=name)
                del dx
                ms = measure.median_ms(timed)
            except Exception as error:  # noqa: BLE001 - a failed candidate is recorded, not fatal
                print(f"{dtype_name} {N} {name}: FAILED {type(error).__name__}: {error}",
                      flush=True)
                points.append(dict(dtype=dtype_name, N=N, M=M, name=name, failed=str(error)))
                continue
            gbs = 3 * M * N * y.element_size() / ms / 1e6
            print(f"{dtype_name} {N:3d} {name:16s} {ms * 1e3:8.1f} us {gbs:6.0f} GB/s "
                  f"{100 * gbs / copy:5.1f}%", flush=True)
            points.append(dict(dtype=dtype_name, N=N, M=M, name=name, ms=ms, gbs=gbs,
                               of_copy=gbs / copy))
            with open(out_path, "w") as f:
                json.dump(dict(device=measure.device_name(), copy_gbs=copy, time=time.time(),
                               points=points), f, indent=1)


if __name__ == "__main__":
    if len(sys.argv) != 2 or not sys.argv[1].endswith(".json"):
        sys.exit("usage: probe.py OUT.json")
    main(sys.argv[1])
