"""The policy's ``DeviceDescription`` of a present device, read once per device, never at import."""

from __future__ import annotations

import functools
import os

import torch
import triton
import triton.testing
from triton.runtime.interpreter import InterpretedFunction

from .kernels import forward as _forward_kernels
from .policy import DeviceDescription

INTERPRETER_SM_COUNT = 4
"""The interpreter runs programs one after another; a small 'SM count' keeps persistent loops
visibly iterating (each program takes several tiles) so CI exercises them."""


def kernels_interpreted() -> bool:
    """Whether Triton was imported with TRITON_INTERPRET=1 (kernels then run on the CPU)."""
    return isinstance(_forward_kernels.single_block_forward, InterpretedFunction)


PTXAS_TOOLS = (triton.knobs.env_nvidia_tool("ptxas"),
               triton.knobs.env_nvidia_tool("ptxas-blackwell"))
"""The ptxas Triton 3.6 compiles with for a GPU before Blackwell (sm_90: TRITON_PTXAS_PATH, or its
own 12.8) and for Blackwell on (compute capability 10 and up: TRITON_PTXAS_BLACKWELL_PATH, or its
own 12.9)."""


def ptxas_tool(capability: int = 9):
    """The ptxas (Triton's ``NvidiaTool``: ``path``, ``version``) that Triton compiles with now
    for a GPU of compute capability ``capability`` (its major number), asked once per setting;
    the compile tools name it (``benchmarks/resource_usage.py``). It can change in a process:
    torch.compile's inductor sets TRITON_PTXAS_PATH to torch's own ptxas when it compiles in that
    process, if nothing had. No plan depends on it (``policy.COOPERATIVE_PAIRED_MAX_REGISTERS``
    says why). None where Triton finds no ptxas or cannot read its version."""
    blackwell = int(capability >= 10)
    return _ptxas_at(blackwell, _ptxas_setting()[blackwell])


def _ptxas_setting() -> tuple[str | None, ...]:
    """What chooses the ptxas that Triton compiles with: the variables it reads (None: its own
    tool), in ``PTXAS_TOOLS``' order."""
    return tuple(os.environ.get(tool.key) for tool in PTXAS_TOOLS)


@functools.lru_cache(maxsize=None)
def _ptxas_at(blackwell: int, path: str | None):
    """The tool that ``path`` names (None: Triton's own), or None if it has no readable version."""
    try:
        tool = PTXAS_TOOLS[blackwell].transform(path)
        int(tool.version.split(".")[0])
        return tool
    except (RuntimeError, OSError, ValueError, AttributeError):
        return None


@functools.lru_cache(maxsize=None)
def _cuda_description(index: int) -> DeviceDescription:
    props = torch.cuda.get_device_properties(index)
    return DeviceDescription(props.name, props.multi_processor_count, dram_gbs=dram_gbs(index),
                             capability=props.major)


def dram_gbs(index: int) -> float | None:
    """The peak DRAM bandwidth of CUDA device ``index`` in GB/s, as Triton computes it from the
    driver's memory clock and bus width (``triton.testing.get_dram_gbps``: double data rate, so
    two transfers of the bus a clock); None where the driver does not say. An H100 SXM read
    3352 GB/s (2619 MHz x 5120 bits), an H200 4814 (results/*/run_d426f73_2026-11-23/parts/
    device.txt)."""
    try:
        gbs = triton.testing.get_dram_gbps(index)
    except (AttributeError, KeyError, RuntimeError, TypeError):
        return None
    return gbs if gbs > 0 else None


def device_info(device: torch.device) -> DeviceDescription:
    """What the policy plans for on ``device``: the interpreter's stand-in under it, and for a
    meta tensor (a shape alone) on a machine without a GPU; else the CUDA device's."""
    if kernels_interpreted() or (device.type == "meta" and not torch.cuda.is_available()):
        return DeviceDescription("triton interpreter", INTERPRETER_SM_COUNT, interpreted=True)
    index = device.index if device.index is not None else torch.cuda.current_device()
    return _cuda_description(index)
