"""Running an implementation on a drawn case: its input laid out as drawn (poisoned memory
around it), its output checked for type, shape, dtype and device, and returned as float64."""

from __future__ import annotations

import numpy as np
from strategies import EXTREMES, Case

from reference.dtypes import FORMATS
from reference.tolerance import as_float64

from .profiles import Limits, limits
from .registry import INTERPRETER_BFLOAT16, Implementation

def avoid_known_defects(impl_or_defects, dtype: str, *exact: np.ndarray) -> None:
    """``assume`` away an example that a known defect of where ``impl`` runs would break: for
    ``INTERPRETER_BFLOAT16``, a bfloat16 example where one of ``exact`` (the operands a kernel loads,
    the exact results it stores) holds a subnormal."""
    defects = getattr(impl_or_defects, "defects", impl_or_defects)
    if INTERPRETER_BFLOAT16 in defects and dtype == "bfloat16":
        from hypothesis import assume

        with np.errstate(invalid="ignore"):
            tiny = FORMATS["bfloat16"].tiny
            assume(not any(np.any((np.abs(e) > 0) & (np.abs(e) < tiny)) for e in exact))


to_float64 = as_float64
"""The tolerance policy's conversion, under the kit's name."""


def _snapshot(buffer):
    """The buffer's bits, to prove later that nothing wrote to it (NaN compares equal here)."""
    if hasattr(buffer, "detach"):
        import torch

        view = {2: torch.int16, 4: torch.int32, 8: torch.int64}[buffer.element_size()]
        return buffer.detach().clone().view(view)
    return buffer.copy().view(f"u{buffer.itemsize}")


def _same_bits(before, buffer) -> bool:
    after = _snapshot(buffer)
    if hasattr(after, "detach"):
        import torch

        return torch.equal(before, after)
    return np.array_equal(before, after)


def _check_output(impl: Implementation, case: Case, x, out, what: str) -> None:
    if impl.array == "numpy" and isinstance(out, np.generic):
        out = np.asarray(out)  # NumPy's 0-d results are scalars: a NumPy convention, accepted
    kind = np.ndarray if impl.array == "numpy" else type(x)
    assert isinstance(out, kind), f"{impl.name} {what} returned {type(out).__name__}, not {kind}"
    assert tuple(out.shape) == case.shape, f"{what} shape {tuple(out.shape)} != {case.shape}"
    assert out.dtype == x.dtype, f"{what} dtype {out.dtype} != input dtype {x.dtype}"
    if impl.array == "torch":
        assert out.device == x.device, f"{what} on {out.device}, input on {x.device}"


def materialise(impl: Implementation, case: Case, device: str):
    """(x, buffer): the case's input in the implementation's array type, laid out as drawn."""
    if impl.array == "numpy":
        return case.layout.numpy(case.x, case.dtype)
    return case.layout.torch(case.x, case.dtype, device)


def forward(impl: Implementation, case: Case, device: str, *, log: bool = False) -> np.ndarray:
    """softmax (or log-softmax) of the case by ``impl``, as float64, after checking the output's
    type, shape, dtype and device, and that the input and the poisoned memory around it are
    untouched."""
    function = impl.log_softmax if log else impl.softmax
    x, buffer = materialise(impl, case, device)
    before = _snapshot(buffer)
    out = function(x, case.dim)
    what = "log_softmax" if log else "softmax"
    _check_output(impl, case, x, out, what)
    assert _same_bits(before, buffer), f"{impl.name} {what} wrote to its input or around it"
    return to_float64(out)


def backward(impl: Implementation, case: Case, dy: np.ndarray, device: str, *,
             log: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """(y, dx) as float64: the forward's output and the gradient for the incoming ``dy``."""
    grad = impl.log_backward if log else impl.backward
    function = impl.log_softmax if log else impl.softmax
    x, _ = materialise(impl, case, device)
    if grad == "autograd":
        import torch

        x = x.detach().requires_grad_(True)
        y = function(x, case.dim)
        dy_t = torch.from_numpy(dy).to(y.dtype).to(y.device)
        (dx,) = torch.autograd.grad(y, x, dy_t)
    else:
        y = function(x, case.dim)
        dy_a = dy.astype(y.dtype)
        dx = grad(y, dy_a, case.dim)
    _check_output(impl, case, x, dx, "backward")
    return to_float64(y), to_float64(dx)


def torch_reference(case: Case, *, log: bool = False) -> np.ndarray:
    """torch.softmax (log_softmax) of the case on the CPU, as float64: the semantics to match.

    Computed in the case's compute dtype (``reference.dtypes``: float32 for the 16-bit formats)
    and rounded (what torch's GPU kernels do, and its ``dtype=`` argument): torch 2.13's CPU
    log_softmax of a float16 row along the last dim sums in float16, so a row whose sum of
    exponentials passes 65504 comes out -inf everywhere (65842 values near 1: exactly -11.09
    each), a defect the GPU run of the thorough profile met."""
    import torch

    dtype = getattr(torch, case.dtype)
    x = torch.from_numpy(case.x).to(dtype)
    compute = getattr(torch, FORMATS[case.dtype].compute)
    return to_float64((torch.log_softmax if log else torch.softmax)(x, case.dim,
                                                                    dtype=compute).to(dtype))


def strategy_limits(impl: Implementation) -> Limits:
    return limits().capped(impl.limits)


def case_strategy(impl: Implementation, *, extremes=EXTREMES, with_layouts: bool = True,
                  dtypes=None, **kwargs):
    """``strategies.cases`` for ``impl``: its dtypes, the profile's sizes capped by its own."""
    from strategies import cases

    caps = strategy_limits(impl)
    return cases(tuple(dtypes or impl.dtypes), max_n=caps.max_n, max_rows=caps.max_rows,
                 wide_n=caps.wide_n, max_elements=caps.max_elements,
                 many_rows=caps.many_rows, extremes=extremes,
                 with_layouts=with_layouts, **kwargs)
