"""The cooperative launches' exchange words (``triton_impl/exchange_buffer.py``): one buffer of two
halves per thread, device and stream, each launch publishing in one half and zeroing what the
launch before left in the other. Every way of launching a record (in order, built and never run,
run twice, run in another thread or on another stream, a launch that raises, under inference mode,
compiled, a CUDA graph) must give softmax."""

import threading

import pytest
import torch

import triton_impl
from reference.tolerance import assert_close, grad_scale
from triton_impl import exchange_buffer, launch, ops
from triton_impl.launch import Launch


@pytest.fixture(autouse=True)
def no_buffers_kept():
    exchange_buffer._kept().clear()
    yield
    exchange_buffer._kept().clear()


def _only_buffer():
    (halves,) = exchange_buffer._kept().values()
    return halves


def _forced(x, block_n=16):
    return triton_impl.plan(x, kernel="cooperative", block_n=block_n)


def _problem(device, M, N, dtype=torch.float32, seed=0):
    torch.manual_seed(seed)
    return (torch.randn(M, N, dtype=torch.float64) * 4).to(dtype).to(device)


def _check(y, x):
    assert_close(y, torch.softmax(x.double(), -1), dtype=x.dtype, kind="softmax")


def _nonzero_range(words) -> tuple[int, int]:
    """(first, last + 1) of the words other than 0, (0, 0) if none."""
    (where,) = torch.nonzero(words.cpu(), as_tuple=True)
    return (int(where[0]), int(where[-1]) + 1) if len(where) else (0, 0)


def _within(inner, outer) -> bool:
    return inner == (0, 0) or outer[0] <= inner[0] and inner[1] <= outer[1]


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64], ids=str)
def test_launches_alternate_halves_and_zero_what_the_launch_before_left(device, dtype):
    """Forward and backward calls of several sizes in turn, each right: each publishes all its
    words in its half (float64 forward pairs two a block), zeroes as many in the other, and the
    buffer knows where words may be left (``_Halves.dirty``). Calls of growing then shrinking
    sizes leave words of a larger launch before in the other half; the launch that next needs
    them finds them zeroed."""
    shapes = [(3, 100), (3, 100), (5, 70), (1, 40), (4, 130), (2, 50), (4, 130), (4, 130)]
    for calls, (M, N) in enumerate(shapes, start=1):
        x = _problem(device, M, N, dtype, seed=calls)
        y = triton_impl.softmax(x, -1, kernel="cooperative", block_n=16)
        _check(y, x)
        if device == "cuda":
            torch.cuda.synchronize()
        halves = _only_buffer()
        assert halves.generation == calls
        count = launch.exchange_words(M, _forced(x), False, x.element_size())
        used = halves.buffer[1 - halves.half]
        assert used[:count].all() and halves.dirty[1 - halves.half][1] >= count
        for half in (0, 1):
            assert _within(_nonzero_range(halves.buffer[half]), halves.dirty[half]), (M, N)
        if calls > 1 and (M, N) == shapes[calls - 2]:
            # the same launch again: the kernel zeroed all the launch before left
            assert halves.dirty[halves.half] == (0, 0) and not halves.buffer[halves.half].any()
    # the backward's launch is the next on the buffer (called here: autograd runs a GPU's
    # backward in a thread of its own, which keeps a buffer of its own)
    dx = triton_impl.softmax_backward_data(y, torch.randn_like(y), -1, kernel="cooperative",
                                           block_n=16)
    assert torch.isfinite(dx).all()
    if device == "cuda":
        torch.cuda.synchronize()
    halves = _only_buffer()
    assert halves.generation == len(shapes) + 1
    backward = triton_impl.plan(x, kernel="cooperative", block_n=16, backward=True)
    count = launch.exchange_words(M, backward, True, x.element_size())
    assert halves.buffer[1 - halves.half][:count].all()
    assert not halves.buffer[halves.half][:count].any()


def test_a_record_built_and_never_launched_changes_nothing(device):
    """Its lease (of more words than the launches around it: it zeroes the words of the half it
    would have used that a launch before left there) changes nothing a launch relies on."""
    large, x = _problem(device, 6, 200, seed=1), _problem(device, 3, 100)
    triton_impl.softmax(large, -1, kernel="cooperative", block_n=16)  # its words in half 0
    triton_impl.softmax(x, -1, kernel="cooperative", block_n=16)  # leaves half 0 partly dirty
    unused = launch.launches(_forced(large), (large, torch.empty_like(large)), log=False)
    assert unused[0].exchange is not None
    for _ in range(2):
        y = torch.full_like(x, float("nan"))
        launch.softmax_rows(_forced(x), x, y, log=False)
        _check(y, x)
    y = torch.full_like(large, float("nan"))
    launch.softmax_rows(_forced(large), large, y, log=False)
    _check(y, large)
    assert _only_buffer().generation == 5


def _launch_on_new_inputs(record, x, y, times):
    """Launch ``record`` of (x, y) ``times``, new values in x each time, checking y each time."""
    for seed in range(times):
        x.copy_(_problem(x.device, *x.shape, seed=seed + 1))
        y.fill_(float("nan"))
        record()
        _check(y, x)


def test_a_record_launched_twice_is_right_both_times(device):
    """The second launch of a record finds its leased half used: it takes fresh words. (Its
    inputs change in between: the first launch's words would give the first inputs' softmax.)"""
    x = _problem(device, 3, 100)
    y = torch.empty_like(x)
    (record,) = launch.launches(_forced(x), (x, y), log=False)
    _launch_on_new_inputs(record, x, y, 2)
    assert _only_buffer().generation == 1


def test_a_record_without_a_buffer_launched_twice_takes_fresh_words_again(device):
    """Leased where no buffer is kept (``fresh_words``, as the compiled ops are): the lease's own
    fresh words serve its first launch only."""
    x = _problem(device, 3, 100)
    y = torch.empty_like(x)
    with exchange_buffer.fresh_words():
        (record,) = launch.launches(_forced(x), (x, y), log=False)
    _launch_on_new_inputs(record, x, y, 3)
    assert not exchange_buffer._kept()


def test_a_record_launched_after_another_launch_takes_fresh_words(device):
    x, other = _problem(device, 3, 100), _problem(device, 2, 70, seed=1)
    y = torch.full_like(x, float("nan"))
    (record,) = launch.launches(_forced(x), (x, y), log=False)
    triton_impl.softmax(other, -1, kernel="cooperative", block_n=16)  # publishes in that half
    record()
    _check(y, x)
    assert _only_buffer().generation == 1


def test_a_record_launched_in_another_thread_takes_fresh_words(device):
    x = _problem(device, 3, 100)
    y = torch.full_like(x, float("nan"))
    (record,) = launch.launches(_forced(x), (x, y), log=False)
    errors = []

    def run():
        try:
            record()
            if device == "cuda":
                torch.cuda.synchronize()
        except Exception as error:  # reported below, in the test's thread
            errors.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    assert not errors, errors
    _check(y, x)
    assert _only_buffer().generation == 0


@pytest.mark.parametrize("launched", [False, True], ids=["before", "after"])
def test_a_launch_that_raises_drops_the_buffer(device, monkeypatch, launched):
    """Whether it raised before its kernel ran or after (its words then published, unknown to the
    buffer), the next launch takes a new buffer."""
    x = _problem(device, 3, 100)
    triton_impl.softmax(x, -1, kernel="cooperative", block_n=16)
    ops._PLAIN_CALLS.clear()  # through the launch table (a relaunch that raises: below)
    plain = Launch._launch

    def fails(self, args):
        if launched:
            plain(self, args)
        raise RuntimeError("launch failed")

    with monkeypatch.context() as patch:
        patch.setattr(Launch, "_launch", fails)
        with pytest.raises(RuntimeError, match="launch failed"):
            triton_impl.softmax(x, -1, kernel="cooperative", block_n=16)
    assert not exchange_buffer._kept()
    other = _problem(device, 3, 100, seed=1)  # the raising launch's words give x's softmax
    for _ in range(2):
        _check(triton_impl.softmax(other, -1, kernel="cooperative", block_n=16), other)
    assert _only_buffer().generation == 2


def test_a_buffer_made_under_inference_mode_serves_later_calls(device):
    """Made outside inference mode whatever the call: a later call may zero its words."""
    large, small = _problem(device, 8, 100), _problem(device, 1, 40, seed=1)
    with torch.inference_mode():
        _check(triton_impl.softmax(large, -1, kernel="cooperative", block_n=16), large)
    for x in (small, large, large):  # the second large call zeroes what the first left
        _check(triton_impl.softmax(x, -1, kernel="cooperative", block_n=16), x)
    assert _only_buffer().generation == 4


def test_autograd_through_cooperative_launches(device):
    """Forward and backward by autograd (on a GPU its backward runs in a thread of its own)."""
    x = _problem(device, 3, 100).requires_grad_()
    g = _problem(device, 3, 100, seed=1)
    for _ in range(2):
        y = triton_impl.softmax(x, -1, kernel="cooperative", block_n=16)
        (dx,) = torch.autograd.grad(y, x, g)
        x64 = x.detach().double().requires_grad_()
        (expected,) = torch.autograd.grad(torch.softmax(x64, -1), x64, g.double())
        assert_close(dx, expected, dtype=x.dtype, kind="grad", scale=grad_scale(y.detach(), g))
        _check(y.detach(), x.detach())


def test_compiled_calls_keep_no_buffer(device):
    """The custom ops that torch.compile records take fresh words (``fresh_words``)."""
    x = _problem(device, 3, 100)
    compiled = torch.compile(lambda t: triton_impl.softmax(t, -1, kernel="cooperative",
                                                            block_n=16), backend="aot_eager",
                             fullgraph=True)
    for _ in range(2):
        _check(compiled(x), x)
    assert not exchange_buffer._kept()


def test_a_larger_launch_grows_the_buffer(device):
    small, large = _problem(device, 1, 40), _problem(device, 40, 160, seed=1)
    triton_impl.softmax(small, -1, kernel="cooperative", block_n=16)
    assert _only_buffer().buffer.shape[1] == exchange_buffer.MIN_HALF_WORDS
    _check(triton_impl.softmax(large, -1, kernel="cooperative", block_n=16), large)
    words = launch.exchange_words(40, _forced(large), False, 4)
    assert words > exchange_buffer.MIN_HALF_WORDS
    assert _only_buffer().buffer.shape[1] == triton_impl.policy.next_power_of_2(words)
    _check(triton_impl.softmax(small, -1, kernel="cooperative", block_n=16), small)
    if large.is_cuda:
        torch.cuda.synchronize()
    halves = _only_buffer()  # the small launch zeroed the large one's first words, no more
    assert halves.dirty[halves.half] == (launch.exchange_words(1, _forced(small), False, 4), words)


def test_meta_tensors_take_no_buffer():
    """Records built to be compiled, never launched (benchmarks/resource_usage.py)."""
    x = torch.empty((4, 1 << 20), device="meta")
    plan = triton_impl.make_plan(4, 1 << 20, torch.float32, "cpu")
    (record,) = launch.launches(plan, (x, torch.empty_like(x)), log=False)
    assert record.exchange is not None and record.args[-2].device.type == "meta"
    assert not exchange_buffer._kept()


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")
def test_a_record_launched_on_another_stream_takes_fresh_words():
    x = _problem("cuda", 3, 100)
    y = torch.full_like(x, float("nan"))
    (record,) = launch.launches(_forced(x), (x, y), log=False)
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        record()
    torch.cuda.synchronize()
    _check(y, x)
    assert _only_buffer().generation == 0


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")
def test_buffers_past_the_kept_count_are_dropped_oldest_first():
    x = _problem("cuda", 16, 1 << 18)
    streams = [torch.cuda.Stream() for _ in range(exchange_buffer.KEPT_PER_THREAD + 1)]
    for _ in range(2):
        for stream in streams:
            stream.wait_stream(torch.cuda.current_stream())
            with torch.cuda.stream(stream):
                y = triton_impl.softmax(x, -1)
            torch.cuda.current_stream().wait_stream(stream)
            torch.cuda.synchronize()
            _check(y, x)
    assert len(exchange_buffer._kept()) == exchange_buffer.KEPT_PER_THREAD


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")
def test_streams_keep_buffers_of_their_own():
    x = _problem("cuda", 64, 1 << 18)
    side = torch.cuda.Stream()
    with torch.cuda.stream(side):
        y_side = triton_impl.softmax(x, -1)
    y = triton_impl.softmax(x, -1)
    torch.cuda.synchronize()
    assert len(exchange_buffer._kept()) == 2
    _check(y, x)
    _check(y_side, x)


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")
@pytest.mark.parametrize("launched", [False, True], ids=["before", "after"])
def test_a_relaunch_that_raises_drops_the_buffer(monkeypatch, launched):
    """As a launch of a record that raises (above), for a plain call's relaunch
    (``launch.Relaunch``), which leases its words itself."""
    x = _problem("cuda", 3, 1 << 18)
    assert triton_impl.plan(x).kernel == "cooperative"
    triton_impl.softmax(x, -1)
    (remembered,) = ops._PLAIN_CALLS.values()
    relaunch = remembered.relaunch
    assert relaunch is not None and relaunch.cooperative
    plain = relaunch.launcher

    def fails(*args):
        if launched:
            plain(*args)
        raise RuntimeError("launch failed")

    with monkeypatch.context() as patch:
        patch.setattr(relaunch, "launcher", fails)
        with pytest.raises(RuntimeError, match="launch failed"):
            triton_impl.softmax(x, -1)
    assert not exchange_buffer._kept()
    other = _problem("cuda", 3, 1 << 18, seed=1)
    for _ in range(2):
        _check(triton_impl.softmax(other, -1), other)
    assert _only_buffer().generation == 2


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")
def test_a_cuda_graph_replays_with_fresh_words_every_time(monkeypatch):
    """Captured, a launch takes fresh words (their zeroing is captured too): a kept buffer would
    hold the words of the capture's run at every replay. The capture repeats a call made before
    it, so it goes through that call's relaunch (``launch.Relaunch``); eager calls of the same
    shape between the replays use the kept buffer."""
    x = _problem("cuda", 8, 1 << 18)
    triton_impl.softmax(x, -1)  # compiled before the capture
    (remembered,) = ops._PLAIN_CALLS.values()
    relaunch = remembered.relaunch
    assert relaunch is not None and relaunch.cooperative
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    built, launched = [], launch.LAUNCHES["cooperative_forward"]
    with monkeypatch.context() as patch:
        patch.setattr(launch, "launches", lambda *a: built.append(a) or [])
        with torch.cuda.graph(graph):
            y = triton_impl.softmax(x, -1)
    assert not built and launch.LAUNCHES["cooperative_forward"] == launched + 1  # relaunched
    assert triton_impl.plan(x).kernel == "cooperative"
    for seed in range(3):
        x.copy_(_problem("cuda", 8, 1 << 18, seed=seed + 1))
        y.fill_(float("nan"))
        graph.replay()
        other = _problem("cuda", 8, 1 << 18, seed=seed + 10)
        y_other = triton_impl.softmax(other, -1)
        torch.cuda.synchronize()
        _check(y, x)
        _check(y_other, other)


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")
def test_compiled_with_cuda_graphs_the_ops_run_as_called():
    """torch.compile's CUDA graphs: the ops take fresh words (``fresh_words``), whose warm-up
    calls would otherwise keep a buffer in the graphs' memory pool. Rows of growing M, each
    called several times, every output checked."""
    compiled = torch.compile(lambda t: triton_impl.softmax(t, -1) * 2, mode="reduce-overhead",
                             dynamic=False)
    for M in (1, 4, 16):
        for seed in range(3):
            x = _problem("cuda", M, 1 << 18, seed=seed)
            y = compiled(x)
            torch.cuda.synchronize()
            _check(y / 2, x)
    assert not exchange_buffer._kept()
