"""benchmarks/sweep_plans.py with every launch capped at MAXNREG registers a thread (an
experiment: Triton's ``maxnreg`` launch option, which the launch table does not pass).

    MAXNREG=64 PYTHONPATH=. python3 results/h200/paired_words_2026-11-23/sweep_maxnreg.py ARGS
"""
import os
import sys

sys.path.insert(0, "benchmarks")
from triton_impl import launch  # noqa: E402

MAXNREG = int(os.environ["MAXNREG"])


def capped_launch(self):
    return self.kernel[self.grid](*self.args, **self.constexprs, num_warps=self.num_warps,
                                  num_stages=self.num_stages, maxnreg=MAXNREG)


launch.Launch.__call__ = capped_launch
import sweep_plans  # noqa: E402

sweep_plans.main()
