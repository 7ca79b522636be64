"""The lab's own glue: the main job (``python -m softmax_lab``) and the measuring tools that the
benchmarks share (implementations to compare, copy bandwidth, timing)."""
