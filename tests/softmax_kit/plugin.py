"""The pytest side: the ``--softmax-impl`` options, the ``kit`` and ``needs`` markers, and the
parametrization of every property test over the implementations (``conftest.py`` calls these)."""

from __future__ import annotations

import pytest

from .registry import NUMPY_DTYPES, TORCH_DTYPES, Implementation, builtin_implementations, user_implementation
from .reports import CaseFirst

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
