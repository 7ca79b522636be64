"""``python -m traffic_model``: the table, the plot, the measured overlay, the errors, and an
import that pulls in neither torch nor matplotlib."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from traffic_model.cli import main
from traffic_model.measurements import load_measurements

REPO = Path(__file__).resolve().parents[1]
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
    assert "naive" in header and "µs" in header and "GB/s" in header
    assert len(lines) == 1 + 6
    assert len({len(line) for line in lines}) == 1, "every row as wide as the header"
    assert lines[-1].split()[:3] == ["4096", "12800", "bfloat16"]
    assert "3019 GB/s" in out


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


def point(impl, M, N, direction, gbs, **extra):
    return {"impl": impl, "M": M, "N": N, "dtype": "float32", "direction": direction, "gbs": gbs, **extra}


def write_measurements(path: Path) -> Path:
    points = [
        point("fused", 4096, 1024, "forward", 2411, ms=0.0139),
        point("naive", 4096, 1024, "forward", 605, ms=0.0555),
        point("liger", 4096, 4096, "forward", 3567, ms=None),
        point("fused", 4096, 1024, "backward", 3000),
        point("fused", 8, 1024, "forward", 10),
    ]
    path.write_text(json.dumps({"device": "NVIDIA H200", "copy_gbs": 4268, "points": points}))
    return path


def test_measured_overlay_compares_and_calibrates(tmp_path, capsys):
    measured = write_measurements(tmp_path / "run.json")
    path = tmp_path / "overlay.png"
    out = run(
        capsys, "--gpu", "H100", "--N", "256:4096:256", "--measured", str(measured), "--plot", str(path)
    )
    assert path.read_bytes()[:8] == PNG_SIGNATURE
    assert "4268 GB/s" in out, "the file's copy bandwidth replaces the H100's"
    assert "3 measured points overlaid" in out, "forward points at M=4096 only"
    assert "measured/model" in out and "liger" not in out.split("measured/model")[1]


def test_measurements_loader(tmp_path):
    m = load_measurements(write_measurements(tmp_path / "run.json"))
    assert m.device == "NVIDIA H200" and m.copy_gbs == 4268 and len(m.points) == 5
    assert m.points[3].model_name == "fused_backward" and m.points[2].ms is None


@pytest.mark.parametrize(
    "data, message",
    [
        ({"device": "x", "points": []}, "missing key.*copy_gbs"),
        ({"device": "x", "copy_gbs": -1, "points": []}, "copy_gbs must be a positive"),
        ({"device": "x", "copy_gbs": 1, "points": [point("f", 1, 1, "sideways", 1)]}, "direction"),
        ({"device": "x", "copy_gbs": 1, "points": [point("f", 0, 1, "forward", 1)]}, r"points\[0\]\.M"),
        ({"device": "x", "copy_gbs": 1, "points": [{"impl": "f", "M": 1}]}, r"points\[0\]: missing key.*gbs"),
    ],
)
def test_bad_measurements_are_clear_errors(tmp_path, data, message):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match=message):
        load_measurements(path)


def test_list_gpus_prints_figures_and_sources(capsys):
    out = run(capsys, "--list-gpus")
    for key in ("A100-40GB", "A100-80GB", "H100", "H200", "Sources", "datasheet", "ANCHORS.md"):
        assert key in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--gpu", "B200"], "unknown GPU 'B200'; known GPUs: A100-40GB, A100-80GB, H100, H200"),
        (["--impl", "fast"], "unknown implementation 'fast'"),
        (["--N", "300:100"], "bad N '300:100'"),
        (["--N", "1:x"], "bad N"),
        (["--M", "0"], "bad M"),
        (["--dtype", "int8"], "unknown dtype"),
        (["--measured", "/nonexistent/run.json"], "No such file"),
    ],
)
def test_errors_exit_2_with_a_message(capsys, argv, message):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_module_runs_and_import_pulls_in_neither_torch_nor_matplotlib():
    check = (
        "import sys, traffic_model; "
        "heavy = [m for m in sys.modules if m.split('.')[0] in ('torch', 'triton', 'matplotlib')]; "
        "assert not heavy, heavy"
    )
    subprocess.run([sys.executable, "-c", check], cwd=REPO, check=True)
    out = subprocess.run(
        [sys.executable, "-m", "traffic_model", "--N", "256"],
        cwd=REPO,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert len(table_lines(out)) == 2
