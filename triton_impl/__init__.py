"""Fused softmax and log-softmax in Triton: forward and backward, a drop-in for torch.

    import triton_impl
    y = triton_impl.softmax(x, dim=-1)           # like torch.softmax, differentiable
    z = triton_impl.log_softmax(x, dim=1)        # like torch.log_softmax
    triton_impl.plan(x)                          # the kernel, blocks, warps and grid it would use
    triton_impl.softmax(x, kernel="online")      # force a path (triton_impl.KERNELS)
    triton_impl.softmax_backward_data(y, dy)     # the backward alone, no autograd

On a CPU tensor the same kernels run under the Triton interpreter when TRITON_INTERPRET=1 is set
before import. Modules: ``policy`` (the dispatch policy, torch-free), ``kernels`` (the Triton
code), ``dispatch`` (the policy on a present device), ``launch`` (a plan's kernel launches),
``exchange_buffer`` (the cooperative launches' workspace, kept zeroed), ``ops`` (torch layer:
custom ops, autograd), ``modules`` (nn.Module wrappers).

``import triton_impl.policy`` needs neither torch nor triton (the traffic model imports it): the
torch-facing names below are imported on first use.
"""

import importlib

_PUBLIC = {
    "softmax": "ops", "log_softmax": "ops", "softmax_backward_data": "ops", "plan": "ops",
    "make_plan": "dispatch", "Plan": "policy", "Forcing": "policy", "KERNELS": "policy",
    "Softmax": "modules", "LogSoftmax": "modules", "LAUNCHES": "launch",
    "SUPPORTED_DTYPES": "_inputs",
}

__all__ = list(_PUBLIC)


def __getattr__(name):
    if name not in _PUBLIC:
        raise AttributeError(f"module 'triton_impl' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_PUBLIC[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_PUBLIC))
