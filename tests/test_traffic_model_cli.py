"""``python -m traffic_model``: the table, the plot, the measured overlay on the real H200 run, and a
command line that refuses every bad argument in one line before doing anything, with exit statuses
a script can rely on (0 done, 1 could not finish, 2 bad argument, 141 reader gone)."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from traffic_model import cli
from traffic_model.cli import main
from traffic_model.measurements import load_measurements

REPO = Path(__file__).resolve().parents[1]
H200_RUN = REPO / "results" / "h200" / "speed_of_light.json"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def table_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line and not line.startswith("#")]


def run(capsys, *argv):
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_prints_an_aligned_table(capsys):
    out = run(capsys, "--M", "4096", "--N", "256,1024,12800", "--dtype", "fp32,bf16")
    lines = table_lines(out)
    header = lines[0].split()
    assert header[:3] == ["M", "N", "dtype"] and header[-1] == "fused/naive"
    assert header[3:-1:4] == list(cli.DEFAULT_IMPLEMENTATIONS), "a µs and a GB/s column each"
    assert len(lines) == 1 + 6
    assert len({len(line) for line in lines}) == 1, "every row as wide as the header"
    assert lines[-1].split()[:3] == ["4096", "12800", "bfloat16"]
    assert "3002 GB/s" in out


def test_default_grid_is_the_seeds_benchmark(capsys):
    lines = table_lines(run(capsys))
    assert len(lines) == 1 + 99
    assert lines[1].split()[:2] == ["4096", "256"] and lines[-1].split()[:2] == ["4096", "12800"]


def test_backward_and_bandwidth(capsys):
    out = run(capsys, "--backward", "--impl", "naive,fused", "--N", "4096", "--bandwidth", "2000")
    assert "2000 GB/s" in out
    assert table_lines(out)[0].split()[-1] == "fused/naive"


def test_writes_a_png(tmp_path, capsys):
    path = tmp_path / "gbs.png"
    out = run(capsys, "--N", "256:4096:256", "--plot", str(path))
    assert path.read_bytes()[:8] == PNG_SIGNATURE
    assert f"wrote {path}" in out


def test_a_png_is_saved_as_a_palette_that_draws_the_same_figure(tmp_path):
    """``plot.save_figure`` writes a PNG as 256 colours of a palette: smaller than matplotlib's
    RGBA, and the same picture to within what the eye sees; any other format as matplotlib does."""
    np = pytest.importorskip("numpy")
    Image = pytest.importorskip("PIL.Image")
    from traffic_model.grid import grid, predict_grid
    from traffic_model.plot import figure, save_figure

    implementations = ["naive", "fused", "ours"]
    fig, _ = figure(predict_grid(implementations, grid(4096, range(256, 4097, 256), "float32")),
                    implementations)
    save_figure(fig, tmp_path / "palette.png", dpi=100)
    fig.savefig(tmp_path / "rgba.png", dpi=100)
    save_figure(fig, tmp_path / "vector.svg", dpi=100)
    with Image.open(tmp_path / "palette.png") as palette, Image.open(tmp_path / "rgba.png") as rgba:
        assert palette.mode == "P" and palette.size == rgba.size
        difference = np.abs(np.asarray(palette.convert("RGB"), dtype=int)
                            - np.asarray(rgba.convert("RGB"), dtype=int))
    assert difference.mean() < 1.0, difference.mean()
    assert (tmp_path / "palette.png").stat().st_size < (tmp_path / "rgba.png").stat().st_size / 2
    assert (tmp_path / "vector.svg").read_text().lstrip().startswith("<?xml")


def point(impl, M, N, direction, gbs, **extra):
    return {"impl": impl, "M": M, "N": N, "dtype": "float32", "direction": direction, "gbs": gbs, **extra}


def write_measurements(path: Path) -> Path:
    points = [
        point("ours", 4096, 1024, "forward", 2411, ms=0.0139),
        point("naive", 4096, 1024, "forward", 605, ms=0.0555),
        point("liger", 4096, 4096, "forward", 3567, ms=None),
        point("fused", 4096, 1024, "backward", 3000),
        point("ours:online", 8, 1024, "forward", 10, kernel=None),
    ]
    path.write_text(json.dumps({"device": "NVIDIA H200", "copy_gbs": 4268, "points": points}))
    return path


def test_measured_overlay_compares_and_calibrates(tmp_path, capsys):
    measured = write_measurements(tmp_path / "run.json")
    path = tmp_path / "overlay.png"
    out = run(capsys, "--N", "256:4096:256", "--measured", str(measured), "--plot", str(path))
    assert path.read_bytes()[:8] == PNG_SIGNATURE
    assert "NVIDIA H200 SXM" in out, "the file's device picks the GPU when --gpu is not given"
    assert "4268 GB/s" in out, "the file's copy bandwidth replaces the GPU's"
    assert "3 measured points overlaid" in out, "forward points at M=4096 only"
    comparison = out.split("measured/model")[1]
    assert "liger" not in comparison and "1 measured points of implementations the model does not know" in out
    assert "1 \"ours\" points do not record their kernel" in out


def test_the_committed_h200_run_is_compared_point_for_point(capsys):
    """All 193 points of our kernels in results/h200 (160 through the dispatcher, 32 forced online,
    once silently dropped) are set beside the model, as the kernel they ran."""
    out = run(capsys, "--measured", str(H200_RUN), "--N", "4096")
    rows = [line.split() for line in out.split("measured/model", 1)[1].splitlines()
            if line and not line.startswith("#")]
    ours = [r for r in rows if r[0].startswith("ours")]
    assert len(rows) == 453 and len(ours) == 193
    assert {r[1] for r in ours} == {"fused", "online", "split"}, "the kernels the H200's dispatcher ran"
    assert "do not record their kernel" not in out
    m = load_measurements(H200_RUN)
    assert m.assumed == 0 and all(p.model_name for p in m.points)


def test_measurements_loader(tmp_path):
    m = load_measurements(write_measurements(tmp_path / "run.json"))
    assert m.device == "NVIDIA H200" and m.copy_gbs == 4268 and len(m.points) == 5
    assert [p.model_name for p in m.points] == ["ours", "naive", None, "fused_backward", "online"]
    assert m.points[2].ms is None and m.assumed == 1


@pytest.mark.parametrize(
    "data, message",
    [
        ({"device": "x", "points": []}, "missing key.*copy_gbs"),
        ({"device": "x", "copy_gbs": -1, "points": []}, "copy_gbs must be a positive"),
        ({"device": "x", "copy_gbs": 1, "points": [point("f", 1, 1, "sideways", 1)]}, "direction"),
        ({"device": "x", "copy_gbs": 1, "points": [point("f", 0, 1, "forward", 1)]}, r"points\[0\]\.M"),
        ({"device": "x", "copy_gbs": 1, "points": [{"impl": "f", "M": 1}]}, r"points\[0\]: missing key.*gbs"),
        ({"device": "x", "copy_gbs": 1, "points": [point("ours:fast", 1, 1, "forward", 1)]}, "unknown kernel 'fast'"),
    ],
)
def test_bad_measurements_are_clear_errors(tmp_path, data, message):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match=message):
        load_measurements(path)


def test_list_gpus_prints_figures_and_sources(capsys):
    out = run(capsys, "--list-gpus")
    for key in ("A100-40GB", "A100-80GB", "H100", "H200", "Sources", "datasheet", "speed_of_light.json"):
        assert key in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--gpu", "B200"], "unknown GPU 'B200'; known GPUs: A100-40GB, A100-80GB, H100, H200"),
        (["--impl", "fast"], "unknown implementation 'fast'"),
        (["--impl", ","], "no implementation given"),
        (["--N", "300:100"], "bad N '300:100'"),
        (["--N", "1:x"], "bad N"),
        (["--M", "0"], "bad M"),
        (["--dtype", "int8"], "unknown dtype 'int8'"),
        (["--splits", "0"], "--splits: expected a whole number of at least 1, got '0'"),
        (["--splits", "two"], "--splits: expected a whole number of at least 1, got 'two'"),
        (["--splits", "200", "--impl", "cooperative"], "at most 132"),
        (["--bandwidth", "0"], "--bandwidth: expected a positive number of GB/s"),
        (["--bandwidth", "nan"], "--bandwidth: expected a positive number of GB/s"),
        (["--plot", "/missing/dir/x.png"], "no such directory /missing/dir"),
        (["--plot", "x.txt"], "one of .png, .pdf, .svg"),
        (["--measured", "/nonexistent/run.json"], "cannot read /nonexistent/run.json: No such file"),
        (["--measured", "results/h200/ncu_traffic.json"], "not a timings file"),
        (["--nonsense"], "unrecognized arguments: --nonsense"),
    ],
)
def test_bad_arguments_exit_2_with_one_line_and_no_output(capsys, monkeypatch, argv, message):
    monkeypatch.chdir(REPO)
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    out, err = capsys.readouterr()
    assert exit_info.value.code == 2
    assert out == "", "nothing is printed before the arguments are checked"
    assert len(err.strip().splitlines()) == 1 and message in err and "Traceback" not in err


def test_a_directory_is_not_a_plot_file(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--plot", str(tmp_path)])
    assert exit_info.value.code == 2 and "is a directory" in capsys.readouterr().err


def test_a_plot_that_cannot_be_written_exits_1_in_one_line(tmp_path, capsys, monkeypatch):
    import traffic_model.plot

    def fail(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(traffic_model.plot, "plot_gbs", fail)
    assert main(["--N", "256", "--plot", str(tmp_path / "x.png")]) == 1
    err = capsys.readouterr().err
    assert err.strip() == f"python -m traffic_model: error: could not write {tmp_path / 'x.png'}: Permission denied"


def test_a_closed_pipe_ends_quietly_with_status_141():
    """``python -m traffic_model | head``: the reader goes after one line; no traceback."""
    process = subprocess.Popen([sys.executable, "-m", "traffic_model", "--N", "1:6000", "--impl", "fused"],
                               cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout.readline().startswith(b"# traffic model")
    process.stdout.close()
    assert process.wait(timeout=120) == cli.BROKEN_PIPE_STATUS
    assert process.stderr.read() == b""


def test_every_file_the_help_names_exists():
    named = re.findall(r"(results/\S+)", cli.EXAMPLES)
    assert named and all((REPO / path).exists() for path in named), named


def test_help_states_the_exit_statuses(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    assert "exit status: 0 done; 1" in capsys.readouterr().out


def test_the_plot_shows_what_it_is_of_and_hides_no_point():
    """The title names the direction, M, the dtype and the GPU; the legend sits outside the axes;
    measured points take their own line's colour, and the lines that coincide stay distinguishable."""
    import traffic_model
    from traffic_model.plot import STYLES, default_title, figure, style

    rows = traffic_model.predict_grid(["fused", "ours", "torch"], traffic_model.grid(4096, [256, 1024, 4096]),
                                      gpu="H200")
    title = default_title(rows, ["fused", "ours", "torch"], "H200", 4246)
    assert "forward" in title and "M = 4096" in title and "float32" in title and "H200" in title
    fig, _ = figure(rows, ["fused", "ours", "torch"], measurements=load_measurements(H200_RUN))
    fig.canvas.draw()
    (ax,) = fig.axes
    legend = ax.get_legend().get_window_extent()
    assert legend.x0 >= ax.get_window_extent().x1, "the legend is beside the axes, over no point"
    assert style("ours:online") == style("online") and style("ours_backward") == style("ours")
    colours = {name: s[0] for name, s in STYLES.items()}
    assert len(set(colours.values())) == len(colours)
    widths = {name: STYLES[name][2] for name in ("fused", "ours", "torch")}
    assert widths["fused"] > widths["ours"] > widths["torch"], "the widest under, each visible"
