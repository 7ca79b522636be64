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

The package is plain Python that ``conftest.py`` calls (its hooks are three lines there); nothing
here runs at import, and torch and triton are imported only when an implementation needs them.
One job a module: ``profiles`` (hypothesis settings and sizes), ``registry`` (the implementations
under test), ``harness`` (running one on a case, checking what it returns), ``plugin`` (the pytest
options and parametrization) and ``reports`` (failure reports that lead with the case).

Profiles
--------
``SOFTMAX_HYPOTHESIS_PROFILE`` picks one (default ``ci``); hypothesis's own
``--hypothesis-profile`` overrides it. Sizes come with the profile and can be overridden by the
environment (``SOFTMAX_MAX_N``, ``SOFTMAX_MAX_ROWS``, ``SOFTMAX_WIDE_N``), and so can the
number of examples (``SOFTMAX_MAX_EXAMPLES``) and the folder of hypothesis's example database
(``SOFTMAX_HYPOTHESIS_DATABASE``, for runs whose machine keeps nothing):

    ci        derandomized (the same examples on every run), no database, sized for the Triton
              interpreter on a 2-core CI machine (the whole property suite in a few minutes)
    dev       random examples, the example database on, for working on a kernel
    thorough  1000 examples per property, wide rows past the single-block limit: for GPU runs

All print the ``@reproduce_failure`` blob of a failing example, and the property tests ``note``
the input as Python (``strategies.Case.literal``), so every failure says how to reproduce it.
"""

from __future__ import annotations

from .harness import (avoid_known_defects, backward, case_strategy, forward, materialise,
                      strategy_limits, to_float64, torch_reference)
from .plugin import add_options, configure, generate_tests, implementations, mark_items, why_not
from .profiles import (DATABASE_ENV, PROFILE_ENV, PROFILES, Limits, limits, load_profile,
                       profile_name, register_profiles)
from .registry import (INTERPRETER_BFLOAT16, NUMPY_DTYPES, TORCH_DTYPES, Implementation,
                       builtin_implementations, detect_array_kind, load_function, triton_paths,
                       user_implementation)
from .reports import NOTE_LINES, CaseFirst, case_header

__all__ = [
    "DATABASE_ENV", "INTERPRETER_BFLOAT16", "NOTE_LINES", "NUMPY_DTYPES", "PROFILES", "PROFILE_ENV", "TORCH_DTYPES",
    "CaseFirst", "Implementation", "Limits", "add_options", "avoid_known_defects", "backward",
    "builtin_implementations", "case_header", "case_strategy", "configure", "detect_array_kind",
    "forward", "generate_tests", "implementations", "limits", "load_function", "load_profile",
    "mark_items", "materialise", "profile_name", "register_profiles", "strategy_limits",
    "to_float64", "torch_reference", "triton_paths", "user_implementation", "why_not",
]
