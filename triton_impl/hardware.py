"""The policy's ``DeviceDescription`` of a present device, read once per device, never at import."""

from __future__ import annotations

import functools
import os

import torch
import triton
from triton.runtime.interpreter import InterpretedFunction

from .kernels import forward as _forward_kernels
from .policy import DeviceDescription

INTERPRETER_SM_COUNT = 4
"""The interpreter runs programs one after another; a small 'SM count' keeps persistent loops
visibly iterating (each program takes several tiles) so CI exercises them."""


def kernels_interpreted() -> bool:
    """Whether Triton was imported with TRITON_INTERPRET=1 (kernels then run on the CPU)."""
    return isinstance(_forward_kernels.single_block_forward, InterpretedFunction)


def ptxas_major() -> int | None:
    """The major version of the ptxas that Triton compiles with now: TRITON_PTXAS_PATH's, or
    Triton's own. It can change in a process: torch.compile's inductor sets TRITON_PTXAS_PATH to
    torch's own ptxas when it first compiles, if nothing had (see
    ``policy.COOPERATIVE_PAIRED_UNCAPPED_FROM_PTXAS``)."""
    return _ptxas_major_at(ptxas_setting())


def ptxas_setting() -> str | None:
    """What chooses the ptxas that Triton compiles with: the TRITON_PTXAS_PATH it reads (None:
    its own). Part of a remembered plan's key (``ops._PLAIN_CALLS``)."""
    return os.environ.get("TRITON_PTXAS_PATH")


@functools.lru_cache(maxsize=None)
def _ptxas_major_at(path: str | None) -> int | None:
    """``ptxas_major`` for a value of TRITON_PTXAS_PATH (the key only: Triton reads it), asked of
    the tool once (``ptxas --version``). None if Triton finds none or cannot read its version:
    the plans are then those for Triton's own, and the compile says what is missing."""
    try:
        return int(triton.knobs.nvidia.ptxas.version.split(".")[0])
    except (RuntimeError, OSError, ValueError, AttributeError):
        return None


@functools.lru_cache(maxsize=None)
def _cuda_description(index: int, ptxas: int | None) -> DeviceDescription:
    props = torch.cuda.get_device_properties(index)
    return DeviceDescription(props.name, props.multi_processor_count, ptxas_major=ptxas)


def device_info(device: torch.device) -> DeviceDescription:
    if kernels_interpreted():
        return DeviceDescription("triton interpreter", INTERPRETER_SM_COUNT, interpreted=True)
    index = device.index if device.index is not None else torch.cuda.current_device()
    return _cuda_description(index, ptxas_major())
