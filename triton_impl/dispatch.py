"""The dispatcher: ``triton_impl.policy`` applied to a present device, cached per problem.

The policy (which kernel, block, warps and grid, and the measurements behind every number) is
``triton_impl.policy``; this module only reads the device (``hardware.device_info``) and caches
``policy.choose``'s plans, so that a call costs a dictionary lookup.
"""

from __future__ import annotations

import functools

import torch

from .hardware import device_info
from .policy import AUTO, KERNELS, Forcing, Plan, choose

__all__ = ["KERNELS", "Forcing", "Plan", "make_plan"]


@functools.lru_cache(maxsize=4096)
def _cached_plan(M: int, N: int, dtype: torch.dtype, device: torch.device, backward: bool,
                 forcing: Forcing, inner: int) -> Plan:
    return choose(M, N, dtype, device_info(device), backward=backward, forcing=forcing,
                  inner=inner)


def make_plan(M: int, N: int, dtype: torch.dtype, device, *, backward: bool = False,
              forcing: Forcing = AUTO, inner: int = 1) -> Plan:
    """The plan for M rows of N columns (M, N >= 1) of ``dtype`` on ``device``, interleaved in
    groups of ``inner`` (see ``policy.choose``)."""
    return _cached_plan(M, N, dtype, torch.device(device), backward, forcing, inner)
