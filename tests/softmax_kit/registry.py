"""The implementations under test: this project's (every Triton path, every reference algorithm)
and a user's, loaded from ``module:function`` and probed for what it offers."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import numpy as np

from reference.dtypes import format_of

from .profiles import Limits

TORCH_DTYPES = ("float32", "float16", "bfloat16")
NUMPY_DTYPES = ("float16", "float32", "float64")
"""The dtypes each kind of implementation is given (a choice of the kit, not a fact about the
formats, which are ``reference.dtypes.FORMATS``): torch's three GPU formats; NumPy's, which has
no bfloat16."""


@dataclass(frozen=True)
class Implementation:
    """A softmax under test and what it offers.

    ``softmax(x, dim)`` and ``log_softmax(x, dim)`` take and return ``array`` ("torch" or "numpy")
    arrays. ``backward`` / ``log_backward`` are "autograd" (torch: differentiate the forward) or
    a function ``(y, dy, dim) -> dx`` of the forward's output, or None. ``limits`` caps the sizes
    for an implementation that is slow where it runs (Triton's multi-block kernels under the
    interpreter). ``summation`` is how its row sums may be ordered, a key of
    ``reference.tolerance.SUMMATIONS`` or ``blocked(B)``: for this project's, what its kernel does
    (``triton_impl.policy.summation_of``: a tree, or a loop over blocks), "any" for a
    user's, whose order the kit cannot see (``--softmax-impl-summation=tree`` holds it to the
    tree's bound).
    """

    name: str
    softmax: Callable
    array: str = "torch"
    dtypes: tuple[str, ...] = TORCH_DTYPES
    log_softmax: Callable | None = None
    backward: Callable | str | None = None
    log_backward: Callable | str | None = None
    limits: Limits | None = None
    family: str = "user"
    options: dict = field(default_factory=dict)
    defects: tuple[str, ...] = ()
    summation: str = "tree"

    def offers(self, capability: str) -> bool:
        """"log_softmax", "backward" or "log_backward"; anything else: the family ("triton")."""
        if capability in ("log_softmax", "backward", "log_backward"):
            return getattr(self, capability) is not None
        return self.family == capability

    def __repr__(self) -> str:
        return f"Implementation({self.name})"

    def _repr_pretty_(self, printer, cycle):  # how hypothesis prints a falsifying example
        printer.text(repr(self))


INTERPRETER_BFLOAT16 = "interpreter_bfloat16"
"""A defect of Triton 3.6's interpreter, not of the kernels: its float32 -> bfloat16 conversion
(``x.to(tl.bfloat16)``, ``triton/runtime/interpreter.py: _convert_float``) truncates instead of
rounding to nearest even, and garbles results below bfloat16's smallest normal number 2^-126:
5.5e-42 comes out 1.08e-38, 6.05e-39 comes out 2.76e-40 (see tests/README.md for the reproducer).
The widening load garbles them too: a bfloat16 4.96e-39 loads as the float32 8.08e-39, so a backward
that reads a subnormal y is off by far more than rounding. Compiled for a GPU the conversions are
exact or round to nearest even. Truncation stays within the policy; the garbled subnormals do not,
and break exact monotonicity, so under the interpreter the examples whose bfloat16 operands or exact
results include a subnormal are excluded (``assume``) where it matters."""


def triton_paths(interpreted: bool) -> dict[str, tuple[dict, Limits | None]]:
    """Every Triton path, forced through the public options (``triton_impl.Forcing``), with blocks
    small enough that multi-block loops iterate: the one list of forced paths the tests use."""
    from triton_impl.policy import single_block_max_cols

    slow = (Limits(max_n=100, max_rows=4, wide_n=0, max_elements=200, many_rows=0)
            if interpreted else None)
    # a forced single block holds the whole row: as wide as the backward holds, in every dtype
    widest = min(single_block_max_cols(format_of(dtype).itemsize, backward=True)
                 for dtype in TORCH_DTYPES)
    single = Limits(max_n=widest, max_rows=1 << 20, wide_n=widest)
    return {
        "auto": ({}, None),
        "single_block": (dict(kernel="single_block"), single),
        "cooperative16": (dict(kernel="cooperative", block_n=16), slow),
        "online16": (dict(kernel="online", block_n=16), slow),
        "split16x3": (dict(kernel="split", block_n=16, splits=3), slow),
    }


def _triton_implementations() -> list[Implementation]:
    try:
        import triton_impl
        from triton_impl.hardware import kernels_interpreted
    except ImportError:  # a NumPy-only environment: the reference tier alone
        return []
    from triton_impl.policy import summation_of

    interpreted = kernels_interpreted()
    defects = (INTERPRETER_BFLOAT16,) if interpreted else ()
    out = []
    for path, (options, caps) in triton_paths(interpreted).items():
        out.append(Implementation(
            f"triton:{path}", partial(triton_impl.softmax, **options), "torch", TORCH_DTYPES,
            partial(triton_impl.log_softmax, **options), "autograd", "autograd", caps, "triton",
            options, defects, summation_of(options.get("kernel"), options.get("block_n"))))
    return out


def _reference_implementations() -> list[Implementation]:
    import reference as R
    from reference.tolerance import blocked

    def algorithm(name, **kw):
        return dict(
            softmax=partial(R.softmax, algorithm=name, **kw),
            log_softmax=None if name == "naive" else partial(R.log_softmax, algorithm=name, **kw),
            backward=_axis_last(partial(R.softmax_backward, algorithm=name, **kw)),
            log_backward=None if name == "naive"
            else _axis_last(partial(R.log_softmax_backward, algorithm=name, **kw)),
        )

    def make(name, dtypes=NUMPY_DTYPES, limits=None, **functions):
        return Implementation(f"reference:{name}", array="numpy", dtypes=dtypes,
                              family="reference", limits=limits, **functions)

    return [
        # naive keeps its intermediates in the input's dtype (as torch's eager ops do), so in
        # float16 it carries float16 arithmetic's error, which the policy (float32 arithmetic)
        # does not cover: its backward measured 2.4 float16 ulps of the scale off.
        make("naive", ("float32", "float64"), **algorithm("naive")),
        make("fused", **algorithm("fused")),
        # online and split walk a row 16 columns at a time, summing block after block
        make("online16", summation=blocked(16), **algorithm("online", block=16)),
        make("split4x16", summation=blocked(16), **algorithm("split", splits=4, block=16)),
        make("three_pass16", softmax=partial(R.softmax_three_pass, block=16)),
        # one Python step per column: wide rows would take minutes
        make("online_columns", softmax=R.softmax_online,
             limits=Limits(max_n=4100, max_rows=64, wide_n=8192)),
    ]


def _axis_last(backward):
    """reference's backwards take (y, dy, axis): the kit's (y, dy, dim) order already."""
    return lambda y, dy, dim: backward(y, dy, dim)


def builtin_implementations() -> list[Implementation]:
    """The Triton kernels on every path, then every reference algorithm."""
    return _triton_implementations() + _reference_implementations()


def load_function(spec: str) -> Callable:
    """``package.module:function`` or ``path/to/file.py:function`` (dots in the name: attributes)."""
    target, sep, name = spec.rpartition(":")
    if not sep or not target or not name:
        raise ValueError(f"--softmax-impl={spec!r}: expected 'package.module:function' or "
                         "'path/to/file.py:function'")
    if target.endswith(".py"):
        path = Path(target).resolve()
        module_spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(module_spec)
        module_spec.loader.exec_module(module)
    else:
        module = importlib.import_module(target)
    function = module
    for part in name.split("."):
        function = getattr(function, part)
    return function


def detect_array_kind(function: Callable) -> str:
    """"numpy" if ``function`` maps a NumPy array to a NumPy array, else "torch"."""
    try:
        out = function(np.array([[0.0, 1.0, 2.0]], np.float32), -1)
    except Exception:  # noqa: BLE001 - whatever a torch function raises on an ndarray
        return "torch"
    return "numpy" if isinstance(out, np.ndarray) else "torch"


def _has_autograd(function: Callable) -> bool:
    import torch

    x = torch.tensor([[0.0, 1.0, 2.0]], requires_grad=True)
    try:
        return bool(function(x, -1).requires_grad)
    except Exception:  # noqa: BLE001 - no autograd, for whatever reason: no backward tests
        return False


def user_implementation(spec: str, kind: str = "auto", dtypes: str | None = None,
                        log_spec: str | None = None, summation: str = "any") -> Implementation:
    """The implementation named on the command line (see the module docstring)."""
    function = load_function(spec)
    log_function = load_function(log_spec) if log_spec else None
    array = detect_array_kind(function) if kind == "auto" else kind
    names = tuple(d.strip() for d in dtypes.split(",")) if dtypes else (
        TORCH_DTYPES if array == "torch" else NUMPY_DTYPES)
    autograd = array == "torch" and _has_autograd(function)
    log_autograd = log_function is not None and array == "torch" and _has_autograd(log_function)
    return Implementation(spec, function, array, names, log_function,
                          "autograd" if autograd else None, "autograd" if log_autograd else None,
                          summation=summation)
