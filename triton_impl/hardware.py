"""The policy's ``DeviceDescription`` of a present device, read once per device, never at import."""

from __future__ import annotations

import functools

import torch
from triton.runtime.interpreter import InterpretedFunction

from .kernels import forward as _forward_kernels
from .policy import DeviceDescription

INTERPRETER_SM_COUNT = 4
"""The interpreter runs programs one after another; a small 'SM count' keeps persistent loops
visibly iterating (each program takes several tiles) so CI exercises them."""


def kernels_interpreted() -> bool:
    """Whether Triton was imported with TRITON_INTERPRET=1 (kernels then run on the CPU)."""
    return isinstance(_forward_kernels.single_block_forward, InterpretedFunction)


@functools.lru_cache(maxsize=None)
def _cuda_description(index: int) -> DeviceDescription:
    props = torch.cuda.get_device_properties(index)
    return DeviceDescription(props.name, props.multi_processor_count)


def device_info(device: torch.device) -> DeviceDescription:
    if kernels_interpreted():
        return DeviceDescription("triton interpreter", INTERPRETER_SM_COUNT, interpreted=True)
    index = device.index if device.index is not None else torch.cuda.current_device()
    return _cuda_description(index)
