"""The hypothesis profiles (ci, dev, thorough) and the sizes drawn under each: see the package's
docstring for what each is for."""

from __future__ import annotations

import os
from dataclasses import dataclass, replace

from hypothesis import HealthCheck, Phase, settings
from hypothesis.database import DirectoryBasedExampleDatabase

PROFILE_ENV = "SOFTMAX_HYPOTHESIS_PROFILE"
DATABASE_ENV = "SOFTMAX_HYPOTHESIS_DATABASE"


@dataclass(frozen=True)
class Limits:
    """Size caps for drawn inputs: row length, rows, rare wide rows, elements in all, and rare
    many short rows (``many_rows``: past the programs of a persistent grid, which a kernel that
    walks rows must reset its state between; 0 in a cap turns them off)."""

    max_n: int = 300
    max_rows: int = 8
    wide_n: int | None = None
    max_elements: int | None = None
    many_rows: int | None = None

    def capped(self, other: Limits | None) -> Limits:
        """The smaller of each cap (``other`` from a slow implementation)."""
        if other is None:
            return self

        def least(a, b):
            return b if a is None else a if b is None else min(a, b)

        return Limits(min(self.max_n, other.max_n), min(self.max_rows, other.max_rows),
                      least(self.wide_n, other.wide_n) if other.wide_n != 0 else None,
                      least(self.max_elements, other.max_elements),
                      least(self.many_rows, other.many_rows) if other.many_rows != 0 else None)


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
           Limits(max_n=300, max_rows=8, wide_n=4200, max_elements=4400, many_rows=300)),
    "dev": (dict(_COMMON, max_examples=100),
            Limits(max_n=300, max_rows=8, wide_n=4200, max_elements=4400, many_rows=300)),
    "thorough": (dict(_COMMON, max_examples=1000),
                 Limits(max_n=4100, max_rows=64, wide_n=70000, max_elements=1 << 18,
                        many_rows=4096)),
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
    """Load the chosen profile; ``SOFTMAX_MAX_EXAMPLES`` overrides its example count and
    ``SOFTMAX_HYPOTHESIS_DATABASE`` (a folder) where hypothesis keeps the failing examples it
    found, so that a run on a machine that keeps nothing can save them with its results (and a
    later run given the same folder replays them first)."""
    name = profile_name()
    overrides = {}
    if os.environ.get("SOFTMAX_MAX_EXAMPLES"):
        overrides["max_examples"] = int(os.environ["SOFTMAX_MAX_EXAMPLES"])
    if os.environ.get(DATABASE_ENV):
        overrides["database"] = DirectoryBasedExampleDatabase(os.environ[DATABASE_ENV])
    if overrides:
        settings.register_profile(f"{name}-overridden", settings.get_profile(name), **overrides)
        name = f"{name}-overridden"
    settings.load_profile(name)


def limits() -> Limits:
    """The current profile's limits, with the environment's overrides."""
    base = PROFILES[profile_name()][1]
    env = {key: os.environ.get(f"SOFTMAX_{key.upper()}")
           for key in ("max_n", "max_rows", "wide_n", "many_rows")}
    return replace(base, **{key: int(value) for key, value in env.items() if value})
