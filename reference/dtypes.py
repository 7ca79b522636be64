"""The one dtype table: every floating-point format the project knows, and what each one is.

NumPy only (it has no bfloat16, so formats are described by their bits, not by ``numpy.dtype``).
Everything that needs a fact about a dtype reads it here: the reference's accepted dtypes and
compute dtypes, the tolerance policy's eps and smallest normal numbers, the strategies' rounding,
the traffic model's item sizes, the Triton wrappers' supported dtypes (by name).

Storage dtype and compute dtype
-------------------------------
A GPU kernel loads float16 or bfloat16 and converts it to float32 in registers before any
arithmetic: float16 has an 11-bit significand, so a sum of a few thousand float16 terms would lose
most of its digits, and its largest finite value (65504) is exceeded by exp(x) as soon as
x > ln(65504) ~ 11.09. ``FloatFormat.compute`` names the dtype a format's arithmetic is done in:
float32 for the 16-bit formats and float32 itself, float64 for float64.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class FloatFormat:
    """An IEEE-style binary format: ``precision`` significand bits (the implicit one included),
    normal exponents ``emin`` .. ``emax``, arithmetic done in the format named ``compute``."""

    name: str
    precision: int
    emax: int
    emin: int
    compute: str

    @property
    def bits(self) -> int:
        return {11: 16, 8: 16, 24: 32, 53: 64}[self.precision]

    @property
    def itemsize(self) -> int:
        """Bytes per element in memory."""
        return self.bits // 8

    @property
    def eps(self) -> float:
        """The distance from 1 to the next larger value (2 ulp-of-rounding)."""
        return 2.0 ** (1 - self.precision)

    @property
    def max(self) -> float:
        """The largest finite value."""
        return (2.0 - self.eps) * 2.0**self.emax

    @property
    def tiny(self) -> float:
        """The smallest normal number."""
        return 2.0**self.emin

    @property
    def smallest_subnormal(self) -> float:
        return 2.0 ** (self.emin - self.precision + 1)

    @property
    def numpy(self) -> np.dtype | None:
        """The NumPy dtype, None for bfloat16 (which NumPy lacks)."""
        return None if self.name == "bfloat16" else np.dtype(self.name)


FORMATS = {
    "float16": FloatFormat("float16", 11, 15, -14, "float32"),
    "bfloat16": FloatFormat("bfloat16", 8, 127, -126, "float32"),
    "float32": FloatFormat("float32", 24, 127, -126, "float32"),
    "float64": FloatFormat("float64", 53, 1023, -1022, "float64"),
}
DTYPES = tuple(FORMATS)

ALIASES = {
    "fp32": "float32", "f32": "float32", "float": "float32",
    "fp16": "float16", "f16": "float16", "half": "float16",
    "bf16": "bfloat16",
    "fp64": "float64", "f64": "float64", "double": "float64",
}
"""Other spellings (the benchmarks', torch's short names) of the table's names."""


def canonical(dtype) -> str:
    """The table's name for ``dtype``: a name or alias ("bf16"), a NumPy dtype, or a torch dtype
    (``torch.float32``, read by its string, so torch is never imported). ``ValueError`` otherwise."""
    if isinstance(dtype, (type, np.dtype)):
        dtype = np.dtype(dtype).name
    name = str(dtype).lower().removeprefix("torch.")
    name = ALIASES.get(name, name)
    if name not in FORMATS:
        known = ", ".join([*FORMATS, *ALIASES])
        raise ValueError(f"unknown dtype {dtype!r}; expected one of {known}")
    return name


def format_of(dtype) -> FloatFormat:
    """The ``FloatFormat`` of ``dtype`` (any spelling ``canonical`` takes)."""
    return FORMATS[canonical(dtype)]


def round_to(values, dtype) -> np.ndarray:
    """``values`` rounded to the nearest ``dtype`` value (overflow gives inf), returned as float64.

    bfloat16 keeps float32's upper 16 bits, rounded to nearest even (after a first rounding to
    float32, as torch's conversion from float64 does).
    """
    name = canonical(dtype)
    values = np.asarray(values, dtype=np.float64)
    if name != "bfloat16":
        with np.errstate(over="ignore"):
            return values.astype(FORMATS[name].numpy).astype(np.float64)
    with np.errstate(over="ignore"):
        bits = values.astype(np.float32).view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000).astype(np.uint32)
    out = rounded.view(np.float32).astype(np.float64)
    return np.where(np.isnan(values), np.nan, out)


def representable(values, dtype) -> bool:
    """Whether every element of ``values`` is a ``dtype`` value (NaN counts as one)."""
    values = np.asarray(values, dtype=np.float64)
    return bool(np.all((round_to(values, dtype) == values) | np.isnan(values)))
