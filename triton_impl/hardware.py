"""What the dispatcher needs to know about the device, read once per device and never at import."""

from __future__ import annotations

import functools
from dataclasses import dataclass

import torch
import triton
from triton.runtime.interpreter import InterpretedFunction

from .kernels import forward as _forward_kernels

INTERPRETER_SM_COUNT = 4
"""The interpreter runs programs one after another; a small 'SM count' keeps persistent loops
visibly iterating (each program takes several tiles) so CI exercises them."""


@dataclass(frozen=True)
class DeviceInfo:
    name: str
    sm_count: int
    regs_per_sm: int
    smem_per_sm: int
    max_threads_per_sm: int
    l2_bytes: int
    interpreted: bool


def kernels_interpreted() -> bool:
    """Whether Triton was imported with TRITON_INTERPRET=1 (kernels then run on the CPU)."""
    return isinstance(_forward_kernels.single_block_forward, InterpretedFunction)


@functools.lru_cache(maxsize=None)
def _cuda_info(index: int) -> DeviceInfo:
    props = torch.cuda.get_device_properties(index)
    driver_props = triton.runtime.driver.active.utils.get_device_properties(index)
    return DeviceInfo(
        name=props.name,
        sm_count=props.multi_processor_count,
        regs_per_sm=driver_props["max_num_regs"],
        smem_per_sm=driver_props["max_shared_mem"],
        max_threads_per_sm=props.max_threads_per_multi_processor,
        l2_bytes=props.L2_cache_size,
        interpreted=False,
    )


def device_info(device: torch.device) -> DeviceInfo:
    if kernels_interpreted():
        return DeviceInfo("triton interpreter", INTERPRETER_SM_COUNT, 65536, 228 * 1024, 2048,
                          1 << 20, True)
    index = device.index if device.index is not None else torch.cuda.current_device()
    return _cuda_info(index)
