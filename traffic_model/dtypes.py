"""Element types the model accepts, by name, and their sizes in bytes.

NumPy has no bfloat16, so sizes come from this table rather than from ``numpy.dtype``; the
aliases are the spellings the benchmarks and torch use.
"""

from __future__ import annotations

ITEMSIZES = {"float32": 4, "float16": 2, "bfloat16": 2}

ALIASES = {
    "fp32": "float32",
    "f32": "float32",
    "float": "float32",
    "fp16": "float16",
    "f16": "float16",
    "half": "float16",
    "bf16": "bfloat16",
}


def canonical(dtype) -> str:
    """The table's name for ``dtype`` ("bf16" -> "bfloat16"; a NumPy dtype or a torch dtype's
    string "torch.float32" works too). Raises ``ValueError`` for anything else."""
    name = str(getattr(dtype, "name", dtype)).lower().removeprefix("torch.")
    name = ALIASES.get(name, name)
    if name not in ITEMSIZES:
        known = ", ".join([*ITEMSIZES, *ALIASES])
        raise ValueError(f"unknown dtype {dtype!r}; expected one of {known}")
    return name


def itemsize(dtype) -> int:
    """Bytes per element of ``dtype``."""
    return ITEMSIZES[canonical(dtype)]
