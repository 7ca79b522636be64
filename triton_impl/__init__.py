"""Fused softmax and log-softmax in Triton: forward and backward, a drop-in for torch.

    import triton_impl
    y = triton_impl.softmax(x, dim=-1)           # like torch.softmax, differentiable
    z = triton_impl.log_softmax(x, dim=1)        # like torch.log_softmax
    triton_impl.plan(x)                          # the kernel, blocks, warps and grid it would use
    triton_impl.softmax(x, kernel="online")      # force a path: single_block, online or split
    triton_impl.softmax_backward_data(y, dy)     # the backward alone, no autograd

On a CPU tensor the same kernels run under the Triton interpreter when TRITON_INTERPRET=1 is set
before import. Modules: ``kernels`` (the Triton code), ``dispatch`` (the plan), ``launch`` (runs a
plan), ``ops`` (torch layer: custom ops, autograd), ``modules`` (nn.Module wrappers).
"""

from .dispatch import KERNELS, Plan, make_plan
from .launch import LAUNCHES
from .modules import LogSoftmax, Softmax
from .ops import log_softmax, plan, softmax, softmax_backward_data
from ._inputs import SUPPORTED_DTYPES

__all__ = ["softmax", "log_softmax", "softmax_backward_data", "plan", "make_plan", "Plan", "KERNELS", "Softmax",
           "LogSoftmax", "LAUNCHES", "SUPPORTED_DTYPES"]
