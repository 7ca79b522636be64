"""The traffic model on the CPU: how long a grid of predictions takes, and what it predicts.

``PredictedBandwidth`` tracks the model's GB/s at exactly the problems of ``bench_gpu.Softmax``
(M = 2**27 // N), so the history shows the prediction beside the measurement, and a change to
the model's numbers (a knob, a GPU's figures) shows as a step. It runs anywhere; at a commit
without ``traffic_model`` it skips.
"""

from __future__ import annotations

from .common import (
    DIRECTIONS,
    GPU_DTYPES,
    GPU_WIDTHS,
    SEEDS_GRID_M,
    SEEDS_GRID_N,
    dram_rows,
    require,
)

MODEL_IMPLEMENTATIONS = ["naive", "fused", "online", "split", "torch"]
"""The model's forward names; the backward's add "_backward"."""

MODEL_GPUS = ["H100", "H200"]


def model_name(implementation: str, direction: str) -> str:
    return implementation if direction == "forward" else f"{implementation}_backward"


class PredictGrid:
    """Seconds to predict every implementation at every point of the seeds' grid (M = 4096,
    N = 256 .. 12800 step 128, float32 and bfloat16: 198 points) on an H100."""

    params = [DIRECTIONS]
    param_names = ["direction"]

    def setup(self, direction):
        traffic_model = require("traffic_model", "predict_grid", "grid")
        self.predict_grid = traffic_model.predict_grid
        self.implementations = [model_name(i, direction) for i in MODEL_IMPLEMENTATIONS]
        self.points = traffic_model.grid(SEEDS_GRID_M, SEEDS_GRID_N, GPU_DTYPES)

    def time_predict_grid(self, direction):
        self.predict_grid(self.implementations, self.points, gpu="H100")


class PredictedBandwidth:
    """The model's GB/s (useful bytes over predicted time) at bench_gpu.Softmax's problems."""

    params = [MODEL_IMPLEMENTATIONS, DIRECTIONS, GPU_DTYPES, GPU_WIDTHS, MODEL_GPUS]
    param_names = ["implementation", "direction", "dtype", "N", "gpu"]
    unit = "GB/s"

    def setup(self, implementation, direction, dtype, N, gpu):
        self.predict = require("traffic_model", "predict").predict
        self.name = model_name(implementation, direction)

    def track_predicted_gbs(self, implementation, direction, dtype, N, gpu):
        return self.predict(self.name, dram_rows(N), N, dtype, gpu).gbs
