"""Run a ``Plan`` on (M, N) row matrices: the only place that calls the kernels."""

from __future__ import annotations

import collections

import torch
import triton

from .dispatch import Plan
from .kernels import backward as bwd
from .kernels import forward as fwd

LAUNCHES: collections.Counter = collections.Counter()
"""Kernel launches by name, counted so that tests can assert which path really ran."""


def _count(name: str) -> None:
    LAUNCHES[name] += 1


def softmax_rows(plan: Plan, x: torch.Tensor, y: torch.Tensor, log: bool) -> None:
    """y = softmax(x) (or log-softmax) along dim 1; x, y are (M, N) with unit column stride."""
    M, N = x.shape
    if plan.kernel == "single_block":
        fwd.single_block_forward[plan.grid](
            x, y, M, N, x.stride(0), y.stride(0), BLOCK_M=plan.block_m, BLOCK_N=plan.block_n,
            LOG=log, NUM_STAGES=plan.num_stages, num_warps=plan.num_warps,
            num_stages=plan.num_stages)
        _count("single_block_forward")
    elif plan.kernel == "online":
        fwd.online_forward[plan.grid](x, y, M, N, x.stride(0), y.stride(0), BLOCK=plan.block_n,
                                      LANES=plan.lanes, LOG=log, STAGES=plan.num_stages,
                                      num_warps=plan.num_warps)
        _count("online_forward")
    else:
        pairs = torch.empty((2, M, plan.splits), dtype=torch.float32, device=x.device)
        fwd.split_partials[plan.grid](x, pairs, N, x.stride(0), plan.chunk, BLOCK=plan.block_n,
                                      LANES=plan.lanes, STAGES=plan.num_stages,
                                      num_warps=plan.num_warps)
        fwd.split_forward[plan.grid](
            x, y, pairs, N, x.stride(0), y.stride(0), plan.chunk,
            SPLITS_BLOCK=triton.next_power_of_2(plan.splits), BLOCK=plan.block_n, LOG=log,
            STAGES=plan.num_stages, num_warps=plan.num_warps)
        _count("split_forward")


def softmax_backward_rows(plan: Plan, y: torch.Tensor, dy: torch.Tensor, dx: torch.Tensor,
                          log: bool) -> None:
    """dx from the forward output y and gradient dy, all (M, N) with unit column stride."""
    M, N = y.shape
    strides = (y.stride(0), dy.stride(0), dx.stride(0))
    if plan.kernel == "single_block":
        bwd.single_block_backward[plan.grid](
            y, dy, dx, M, N, *strides, BLOCK_M=plan.block_m, BLOCK_N=plan.block_n, LOG=log,
            NUM_STAGES=plan.num_stages, num_warps=plan.num_warps, num_stages=plan.num_stages)
        _count("single_block_backward")
    elif plan.kernel == "online":
        bwd.online_backward[plan.grid](y, dy, dx, M, N, *strides, BLOCK=plan.block_n,
                                       LANES=plan.lanes, LOG=log, STAGES=plan.num_stages,
                                       num_warps=plan.num_warps)
        _count("online_backward")
    else:
        sums = torch.empty((M, plan.splits), dtype=torch.float32, device=y.device)
        bwd.split_grad_partials[plan.grid](y, dy, sums, N, *strides[:2], plan.chunk,
                                           BLOCK=plan.block_n, LANES=plan.lanes, LOG=log,
                                           STAGES=plan.num_stages, num_warps=plan.num_warps)
        bwd.split_backward[plan.grid](
            y, dy, dx, sums, N, *strides, plan.chunk,
            SPLITS_BLOCK=triton.next_power_of_2(plan.splits), BLOCK=plan.block_n, LOG=log,
            STAGES=plan.num_stages, num_warps=plan.num_warps)
        _count("split_backward")
