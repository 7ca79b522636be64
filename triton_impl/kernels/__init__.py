"""Triton kernels, kept apart from their torch wrappers (``triton_impl.ops``).

``row_math`` holds the pieces every kernel shares (the online (max, normaliser) update, the merge of
partial results, the output and gradient formulas); ``forward`` and ``backward`` hold the kernels
themselves: single-block, online multi-block and split-row, each written once for softmax and
log-softmax (the ``LOG`` constexpr picks the output formula at compile time); ``cooperative``
the rows shared by programs that wait for each other, and ``spatial`` the rows interleaved in
memory (a softmax along a dim that is not the innermost).
"""
