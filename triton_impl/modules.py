"""``nn.Module`` wrappers, drop-ins for ``torch.nn.Softmax`` and ``torch.nn.LogSoftmax``.

As torch's, ``dim`` defaults to None: the legacy implicit dim of ``torch.nn.functional.softmax``
(0 for 0-, 1- and 3-D inputs, else 1), with torch's deprecation warning. Pass ``dim``.
"""

import torch

from ._inputs import implicit_dim
from .ops import log_softmax, softmax


class Softmax(torch.nn.Module):
    _op = staticmethod(softmax)
    _name = "softmax"  # torch's warning names the functional

    def __init__(self, dim: int | None = None):
        super().__init__()
        self.dim = dim

    def __setstate__(self, state):  # as torch's: modules pickled without a dim have None
        super().__setstate__(state)
        if not hasattr(self, "dim"):
            self.dim = None

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # stacklevel 4: forward, Module._call_impl, Module._wrapped_call_impl, the caller
        dim = self.dim if self.dim is not None else implicit_dim(self._name, x, stacklevel=4)
        return self._op(x, dim)

    def extra_repr(self) -> str:
        return f"dim={self.dim}"


class LogSoftmax(Softmax):
    _op = staticmethod(log_softmax)
    _name = "log_softmax"
