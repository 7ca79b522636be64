"""The softmax test kit: the property suite's implementations, profiles and pytest option.

Run the whole property suite against your own softmax:

    python -m pytest tests --softmax-impl=package.module:function
    python -m pytest tests --softmax-impl=path/to/file.py:function

``function(x, dim)`` takes a ``torch.Tensor`` and returns the softmax along ``dim`` as a tensor of
``x``'s shape, dtype and device (what ``torch.softmax(x, dim)`` does), or takes a NumPy array and
an axis and returns an array (what ``reference.softmax(x, axis)`` does): the kit tells which by
calling it once on a small NumPy array (``--softmax-impl-kind=torch|numpy`` says it instead).
Torch functions get tensors of ``TORCH_DTYPES``, NumPy functions arrays of ``NUMPY_DTYPES``
(``--softmax-impl-dtypes=float32,float16`` narrows that). If the function's output
carries autograd, the backward properties run through ``torch.autograd.grad``; ``--log-softmax-impl``
adds a log-softmax (same signature) and the log-softmax properties. With the option the property
tests (``test_properties_*.py``) run against the given function(s) only; every other test of the
suite runs as always. Without it they run against this project's own implementations:
``builtin_implementations``.

This module is plain Python that ``conftest.py`` calls (its hooks are three lines there); nothing
here runs at import, and torch and triton are imported only when an implementation needs them.

Profiles
--------
``SOFTMAX_HYPOTHESIS_PROFILE`` picks one (default ``ci``); hypothesis's own
``--hypothesis-profile`` overrides it. Sizes come with the profile and can be overridden by the
environment (``SOFTMAX_MAX_N``, ``SOFTMAX_MAX_ROWS``, ``SOFTMAX_WIDE_N``), and so can the
number of examples (``SOFTMAX_MAX_EXAMPLES``):

    ci        derandomized (the same examples on every run), no database, sized for the Triton
              interpreter on a 2-core CI machine (the whole property suite in a few minutes)
    dev       random examples, the example database on, for working on a kernel
    thorough  1000 examples per property, wide rows past the single-block limit: for GPU runs

All print the ``@reproduce_failure`` blob of a failing example, and the property tests ``note``
the input as Python (``strategies.Case.literal``), so every failure says how to reproduce it.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, settings
from strategies import EXTREMES, Case

from reference.dtypes import FORMATS

# Profiles ----------------------------------------------------------------------------------------

PROFILE_ENV = "SOFTMAX_HYPOTHESIS_PROFILE"


@dataclass(frozen=True)
class Limits:
    """Size caps for drawn inputs: row length, rows, rare wide rows, and elements in all."""

    max_n: int = 300
    max_rows: int = 8
    wide_n: int | None = None
    max_elements: int | None = None

    def capped(self, other: Limits | None) -> Limits:
        """The smaller of each cap (``other`` from a slow implementation)."""
        if other is None:
            return self

        def least(a, b):
            return b if a is None else a if b is None else min(a, b)

        return Limits(min(self.max_n, other.max_n), min(self.max_rows, other.max_rows),
                      least(self.wide_n, other.wide_n) if other.wide_n != 0 else None,
                      least(self.max_elements, other.max_elements))


_COMMON = dict(deadline=None, print_blob=True,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
               # no explain phase: it re-runs the failing example under a tracer and prints the
               # lines "always and only run by failing examples", NumPy's internals among them;
               # the shrunk case (``note``-d as Python) says what a reader needs
               phases=tuple(phase for phase in Phase if phase is not Phase.explain),
               # one failure per property, the one with the smallest case: how many distinct
               # failures the shrinker also meets varies between machines, and each adds a case
               # and a traceback to the report
               report_multiple_bugs=False)
PROFILES = {
    "ci": (dict(_COMMON, max_examples=40, derandomize=True, database=None),
           Limits(max_n=300, max_rows=8, wide_n=1100, max_elements=2400)),
    "dev": (dict(_COMMON, max_examples=100),
            Limits(max_n=300, max_rows=8, wide_n=1100, max_elements=2400)),
    "thorough": (dict(_COMMON, max_examples=1000),
                 Limits(max_n=4100, max_rows=64, wide_n=70000, max_elements=1 << 18)),
}
"""Profile -> (hypothesis settings, size limits)."""


def register_profiles() -> None:
    for name, (kwargs, _) in PROFILES.items():
        settings.register_profile(name, **kwargs)


def profile_name() -> str:
    name = os.environ.get(PROFILE_ENV, "ci")
    if name not in PROFILES:
        raise ValueError(f"{PROFILE_ENV}={name!r}; choose one of {sorted(PROFILES)}")
    return name


def load_profile() -> None:
    """Load the chosen profile; ``SOFTMAX_MAX_EXAMPLES`` overrides its example count."""
    name = profile_name()
    if os.environ.get("SOFTMAX_MAX_EXAMPLES"):
        settings.register_profile(f"{name}-resized", settings.get_profile(name),
                                  max_examples=int(os.environ["SOFTMAX_MAX_EXAMPLES"]))
        name = f"{name}-resized"
    settings.load_profile(name)


def limits() -> Limits:
    """The current profile's limits, with the environment's overrides."""
    base = PROFILES[profile_name()][1]
    env = {key: os.environ.get(f"SOFTMAX_{key.upper()}") for key in ("max_n", "max_rows", "wide_n")}
    return replace(base, **{key: int(value) for key, value in env.items() if value})


# Implementations --------------------------------------------------------------------------------

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
    ``reference.tolerance.SUMMATIONS``: "tree" for this project's (built so), "any" for a
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


def triton_paths(interpreted: bool) -> dict[str, tuple[dict, Limits | None]]:
    """Every Triton path, forced through the public options (``triton_impl.Forcing``), with blocks
    small enough that multi-block loops iterate: the one list of forced paths the tests use."""
    slow = Limits(max_n=100, max_rows=4, wide_n=0, max_elements=200) if interpreted else None
    # a forced single block holds the whole row: up to 16384 columns in the backward
    single = Limits(max_n=1 << 14, max_rows=1 << 20, wide_n=1 << 14)
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
    interpreted = kernels_interpreted()
    defects = (INTERPRETER_BFLOAT16,) if interpreted else ()
    out = []
    for path, (options, caps) in triton_paths(interpreted).items():
        out.append(Implementation(
            f"triton:{path}", partial(triton_impl.softmax, **options), "torch", TORCH_DTYPES,
            partial(triton_impl.log_softmax, **options), "autograd", "autograd", caps, "triton",
            options, defects))
    return out


def _reference_implementations() -> list[Implementation]:
    import reference as R

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
        make("online16", **algorithm("online", block=16)),
        make("split4x16", **algorithm("split", splits=4, block=16)),
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


# Running an implementation on a case ---------------------------------------------------------------


def to_float64(a) -> np.ndarray:
    """A NumPy or torch array (bfloat16 too, on any device) as a float64 NumPy array."""
    if hasattr(a, "detach"):
        return a.detach().cpu().double().numpy()  # exact from bfloat16 too
    return np.asarray(a, dtype=np.float64)


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
    """torch.softmax (log_softmax) of the case on the CPU, as float64: the semantics to match."""
    import torch

    x = torch.from_numpy(case.x).to(getattr(torch, case.dtype))
    return to_float64((torch.log_softmax if log else torch.softmax)(x, case.dim))


def strategy_limits(impl: Implementation) -> Limits:
    return limits().capped(impl.limits)


def case_strategy(impl: Implementation, *, extremes=EXTREMES, with_layouts: bool = True,
                  dtypes=None, **kwargs):
    """``strategies.cases`` for ``impl``: its dtypes, the profile's sizes capped by its own."""
    from strategies import cases

    caps = strategy_limits(impl)
    return cases(tuple(dtypes or impl.dtypes), max_n=caps.max_n, max_rows=caps.max_rows,
                 wide_n=caps.wide_n, max_elements=caps.max_elements, extremes=extremes,
                 with_layouts=with_layouts, **kwargs)


# pytest hooks (called from conftest.py) ------------------------------------------------------------


def add_options(parser) -> None:
    group = parser.getgroup("softmax kit", "run the property suite against your own softmax")
    group.addoption("--softmax-impl", action="append", default=[], metavar="MODULE:FUNCTION",
                    help="f(x, dim) -> softmax; 'package.module:function' or 'file.py:function'. "
                         "The property tests then run against it instead of the built-ins. "
                         "May be given more than once.")
    group.addoption("--log-softmax-impl", default=None, metavar="MODULE:FUNCTION",
                    help="its log-softmax, same signature (enables the log-softmax properties)")
    group.addoption("--softmax-impl-kind", default="auto", choices=("auto", "torch", "numpy"),
                    help="what the function takes: torch tensors or NumPy arrays (auto: probe)")
    group.addoption("--softmax-impl-summation", default="any", choices=("any", "tree"),
                    help="how its row sums may be ordered: 'any' (default) allows a left-to-right "
                         "float32 sum's error, which grows with N; 'tree' holds it to a "
                         "pairwise sum's, which grows with log2 N")
    group.addoption("--softmax-impl-dtypes", default=None, metavar="D1,D2",
                    help=f"dtypes to test (default: {','.join(TORCH_DTYPES)} for torch; "
                         f"{','.join(NUMPY_DTYPES)} for NumPy)")


def configure(config) -> None:
    config.addinivalue_line(
        "markers", "needs(capability): run only for implementations that offer it "
                   "(log_softmax, backward, log_backward, or a family such as triton)")
    config.addinivalue_line(
        "markers", "kit: a property run against an implementation (``impl``): `-m kit` selects "
                   "exactly the tests that --softmax-impl points at your function")
    # A kit run reports for someone who did not write these tests: short tracebacks (unless
    # --tb says otherwise), and every property failure opens with its shrunk case.
    if config.getoption("--softmax-impl") and config.option.tbstyle == "auto":
        config.option.tbstyle = "short"
    # hypothesis's pytest plugin imports libcst on a failure (to write a patch file), and some
    # libcst and mypy_extensions versions warn 5 times about each other: not about your softmax
    config.addinivalue_line(
        "filterwarnings", "ignore:mypy_extensions.TypedDict is deprecated:DeprecationWarning")
    config.pluginmanager.register(CaseFirst(), "softmax-kit-case-first")


def mark_items(items) -> None:
    """Mark every test that takes ``impl`` with ``kit``."""
    for item in items:
        if "impl" in getattr(item, "fixturenames", ()):
            item.add_marker("kit")


_IMPLEMENTATIONS_KEY = "_softmax_kit_implementations"


def implementations(config) -> list[Implementation]:
    """The implementations the property tests run against (computed once per session)."""
    cached = getattr(config, _IMPLEMENTATIONS_KEY, None)
    if cached is None:
        specs = config.getoption("--softmax-impl")
        if specs:
            cached = [user_implementation(spec, config.getoption("--softmax-impl-kind"),
                                          config.getoption("--softmax-impl-dtypes"),
                                          config.getoption("--log-softmax-impl"),
                                          config.getoption("--softmax-impl-summation"))
                      for spec in specs]
        else:
            cached = builtin_implementations()
        setattr(config, _IMPLEMENTATIONS_KEY, cached)
    return cached


def generate_tests(metafunc) -> None:
    """Parametrize every test that takes ``impl`` over the implementations it ``needs``.

    This project's implementations that lack a capability are left out; a user's is kept as one
    skipped test whose reason says what is missing and how to give it, and so is a property that
    no implementation can run (rather than pytest's "got empty parameter set").
    """
    if "impl" not in metafunc.fixturenames:
        return
    needs = [c for marker in metafunc.definition.iter_markers("needs") for c in marker.args]
    params = []
    for impl in implementations(metafunc.config):
        missing = [c for c in needs if not impl.offers(c)]
        if not missing:
            params.append(pytest.param(impl, id=impl.name))
        elif impl.family == "user":
            reason = why_not(impl, missing[0])
            params.append(pytest.param(impl, id=impl.name, marks=pytest.mark.skip(reason=reason)))
    if not params:
        reason = f"no implementation offers {', '.join(needs)}"
        params = [pytest.param(None, id="none", marks=pytest.mark.skip(reason=reason))]
    metafunc.parametrize("impl", params)


def why_not(impl: Implementation, capability: str) -> str:
    """Why ``impl`` cannot run a property that needs ``capability``, and what would let it."""
    give_log = "no log-softmax given: pass --log-softmax-impl=module:function"
    if capability == "log_softmax" or (capability == "log_backward" and impl.log_softmax is None):
        return give_log
    what = "log-softmax" if capability == "log_backward" else "softmax"
    if capability in ("backward", "log_backward"):
        if impl.array == "numpy":
            return (f"no backward for a NumPy {what}: the backward properties differentiate a "
                    f"torch function with autograd")
        return (f"no backward: {impl.name}'s {what} returned a tensor without autograd "
                f"(requires_grad False for an input that requires grad); the backward properties "
                f"differentiate it with torch.autograd")
    return f"this property needs a {capability} implementation (this project's); {impl.name} is not"


# Failure reports ----------------------------------------------------------------------------------


class CaseFirst:
    """A pytest plugin (``configure`` registers it): a failing property test's report opens
    with the shrunk case, then the traceback pytest would print, without the case again.

    Hypothesis attaches the falsifying example to the exception as notes: its call (with
    ``data=data(...)``, which says nothing), each ``Draw``, what the test ``note``-d (the input
    as Python), and the ``@reproduce_failure`` blob. ``case_header`` keeps what says something,
    after one line naming the implementation, the property and what differed (``assert_close``
    gives the first elements off, got and expected), one such block per distinct failure; the
    notes are then taken off the exceptions, so that the traceback below does not print them a
    second time.
    """

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item, call):
        header = None
        if (call.when == "call" and call.excinfo is not None
                and "impl" in getattr(item, "fixturenames", ())):
            # hypothesis raises an exception group when it finds several distinct failures
            errors = tuple(getattr(call.excinfo.value, "exceptions", None) or
                           (call.excinfo.value,))
            headers = [text for text in (case_header(item, error) for error in errors) if text]
            if headers:
                header = "\n\n".join(headers)
                for error in errors:
                    error.__notes__ = []
        report = (yield).get_result()
        if header and report.failed:
            report.longrepr = f"{header}\n\n{report.longrepr}"


NOTE_LINES = 8
"""Lines kept of one statement of a note (a long input's literal); the replay has it whole."""


def case_header(item, error: BaseException) -> str | None:
    """The lines that lead a failing property's report (see ``CaseFirst``), or None when the
    failure carries no falsifying example (an error before hypothesis found one)."""
    blob, case = None, []
    for note in map(str, getattr(error, "__notes__", ())):
        lines = [line for line in note.splitlines() if line.strip()]
        if not lines or lines[0].startswith(("Falsifying example", "Failing test case",
                                              "Explanation", "Trying example")):
            continue  # the call's arguments say nothing; no explain phase runs (PROFILES)
        if "@reproduce_failure(" in note:
            blob = note[note.index("@reproduce_failure("):].split(")", 1)[0] + ")"
            continue
        lines = [line for line in lines if not line.startswith("# ")]  # a repr, as a comment
        if lines and lines[0].startswith("Draw ") and len(lines) > 1:
            lines = [lines[0].rstrip() + " ..."]  # an array drawn: the notes give it as Python
        statements = []  # a line that does not start with a space starts a statement
        for line in lines:
            if line.startswith(" ") and statements:
                statements[-1].append(line)
            else:
                statements.append([line])
        for statement in statements:
            if len(statement) > NOTE_LINES:
                cut = len(statement) - NOTE_LINES + 1
                statement = statement[:NOTE_LINES - 1] + [
                    f"... ({cut} more lines: the replay below has them)"]
            case += statement
    if blob is None and not case:
        return None
    impl = item.callspec.params.get("impl") if hasattr(item, "callspec") else None
    message = (str(error).splitlines() or [""])[0]
    lines = [f"{getattr(impl, 'name', impl)} fails {item.originalname}: "
             f"{type(error).__name__}: {message}"]
    lines += [f"    {line}" for line in case]
    if blob is not None:
        lines.append(f"    replay: add {blob} to the test, or re-run this test id "
                     f"(the ci profile is derandomized)")
    return "\n".join(lines)
