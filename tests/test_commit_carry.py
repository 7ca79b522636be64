"""benchmarks/commit_for_carry.sh and commit_from_tree.sh: the commits a GPU machine records in asv
are rebuilt there, from the working tree that travels without .git, with the hashes they have
here, or not at all."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if shutil.which("git") is None:
    pytest.skip("needs git", allow_module_level=True)

IDENTITY = {"GIT_AUTHOR_NAME": "a", "GIT_AUTHOR_EMAIL": "a@example.com",
            "GIT_COMMITTER_NAME": "a", "GIT_COMMITTER_EMAIL": "a@example.com"}


def sh(cwd: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, check=check,
                          env={**os.environ, **IDENTITY})


def commit(repo: Path, files: dict[str, str], message: str) -> str:
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    sh(repo, "git", "add", "-A")
    sh(repo, "git", "commit", "-q", "-m", message)
    return sh(repo, "git", "rev-parse", "HEAD").stdout.strip()


@pytest.fixture
def history(tmp_path: Path) -> tuple[Path, list[str]]:
    """A repository of three commits: a file changed in each, one added, one removed."""
    repo = tmp_path / "here"
    repo.mkdir()
    sh(repo, "git", "init", "-q", "-b", "main")
    first = commit(repo, {".gitignore": "/.gl/\n", "kernel.py": "v1\n", "old.txt": "gone later\n", "a/b.txt": "b\n"}, "one")
    second = commit(repo, {"kernel.py": "v2\n", "a/c.txt": "c\n"}, "two")
    (repo / "old.txt").unlink()
    head = commit(repo, {"kernel.py": "v3\n"}, "three")
    return repo, [first, second, head]


def travel(repo: Path, destination: Path) -> None:
    """The working tree without .git, and the ignored .gl folder (carried), as the device tool
    sends them; not .left/, which benchmarks/leave_behind.sh keeps here (git-ignored)."""
    shutil.copytree(repo, destination, ignore=shutil.ignore_patterns(".git", ".left"))


def carry(repo: Path, *older: str, leave: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(ROOT / "benchmarks/commit_for_carry.sh"), ".gl", *older],
                          cwd=repo, capture_output=True, text=True,
                          env={**os.environ, **IDENTITY, "LEAVE": leave})


def leave_behind(repo: Path, way: str, *folders: str) -> subprocess.CompletedProcess:
    return sh(repo, "bash", str(ROOT / "benchmarks/leave_behind.sh"), way, *folders, check=False)


def rebuild(there: Path) -> subprocess.CompletedProcess:
    return sh(there, "bash", str(ROOT / "benchmarks/commit_from_tree.sh"), ".gl", check=False)


def test_head_and_older_commits_rebuilt_with_their_hashes(history, tmp_path):
    repo, (first, second, head) = history
    assert carry(repo, first, second[:8]).returncode == 0
    there = tmp_path / "there"
    travel(repo, there)
    done = rebuild(there)
    assert done.returncode == 0, done.stderr
    assert sh(there, "git", "rev-parse", "HEAD").stdout.strip() == head
    for sha, text in ((first, "v1\n"), (second, "v2\n")):
        assert sh(there, "git", "show", f"{sha}:kernel.py").stdout == text
        assert sh(there, "git", "rev-parse", f"{sha}^{{tree}}").stdout == \
            sh(repo, "git", "rev-parse", f"{sha}^{{tree}}").stdout
    assert sh(there, "git", "show", f"{first}:old.txt").stdout == "gone later\n"
    # each is a root there, so that asv's rev-list of the hashes gives exactly them
    assert sorted(sh(there, "git", "rev-list", second, head).stdout.split()) == \
        sorted([second, head])
    assert sh(there, "git", "status", "--porcelain").stdout == ""


def test_a_tree_changed_after_the_commit_is_refused(history, tmp_path):
    repo, _ = history
    assert carry(repo).returncode == 0
    there = tmp_path / "there"
    travel(repo, there)
    (there / "kernel.py").write_text("edited after the commit\n")
    done = rebuild(there)
    assert done.returncode == 1 and "not the commit's tree" in done.stderr
    assert sh(there, "git", "rev-parse", "--verify", "-q", "HEAD", check=False).returncode != 0


def rebuild_without(repo: Path, pack: str, there: Path) -> subprocess.CompletedProcess:
    """``rebuild`` of a tree that travelled after ``pack`` was deleted from .gl."""
    (repo / ".gl" / pack).unlink()
    travel(repo, there)
    return rebuild(there)


def test_an_older_commit_without_its_objects_is_refused(history, tmp_path):
    repo, (first, _, _) = history
    assert carry(repo, first).returncode == 0
    done = rebuild_without(repo, "others.pack", tmp_path / "there")
    assert done.returncode == 1 and "missing" in done.stderr, done.stderr


def test_carrying_refuses_uncommitted_work_and_names_that_are_not_commits(history):
    repo, _ = history
    bad = carry(repo, "no-such-commit")
    assert bad.returncode == 2 and "not a commit: no-such-commit" in bad.stderr
    (repo / "kernel.py").write_text("uncommitted\n")
    dirty = carry(repo)
    assert dirty.returncode == 1 and "commit first" in dirty.stderr
    assert not (repo / ".gl").exists()


def test_a_folder_left_behind_is_written_back_from_its_pack(history, tmp_path):
    """LEAVE: a folder that stays here (moved into .left/ for the call) travels as its packed
    objects, and HEAD and an older commit are rebuilt there with their hashes, the folder's
    files as committed."""
    repo, (first, _, head) = history
    done = carry(repo, first, leave="a")
    assert done.returncode == 0, done.stderr
    assert (repo / ".gl/left").read_text() == "a\n" and (repo / ".gl/left.pack").stat().st_size
    assert leave_behind(repo, "away", "a").returncode == 0
    assert not (repo / "a").exists() and (repo / ".left/a/c.txt").read_text() == "c\n"
    there = tmp_path / "there"
    travel(repo, there)
    assert not (there / "a").exists()
    assert leave_behind(repo, "back", "a").returncode == 0
    assert (repo / "a/b.txt").read_text() == "b\n" and not (repo / ".left").exists()
    assert sh(repo, "git", "status", "--porcelain").stdout == ""
    rebuilt = rebuild(there)
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert sh(there, "git", "rev-parse", "HEAD").stdout.strip() == head
    assert (there / "a/b.txt").read_text() == "b\n" and (there / "a/c.txt").read_text() == "c\n"
    assert sh(there, "git", "show", f"{first}:kernel.py").stdout == "v1\n"
    assert sh(there, "git", "status", "--porcelain").stdout == ""


def test_a_left_folder_that_travelled_is_replaced_and_one_that_lost_its_pack_refused(history,
                                                                                     tmp_path):
    """A folder named in LEAVE that reached the GPU machine anyway, changed or not (the device
    tool once sent an older results/ than HEAD's), is written again from its pack."""
    repo, (_, _, head) = history
    assert carry(repo, leave="a").returncode == 0
    travelled = tmp_path / "travelled"
    travel(repo, travelled)  # not moved away: it travelled after all
    (travelled / "a/b.txt").write_text("not as committed\n")
    (travelled / "a/stray.txt").write_text("not in the commit\n")
    done = rebuild(travelled)
    assert done.returncode == 0 and "replaced by the commit's" in done.stderr, done.stderr
    assert sh(travelled, "git", "rev-parse", "HEAD").stdout.strip() == head
    assert (travelled / "a/b.txt").read_text() == "b\n" and not (travelled / "a/stray.txt").exists()
    assert leave_behind(repo, "away", "a").returncode == 0
    done = rebuild_without(repo, "left.pack", tmp_path / "unpacked")
    assert done.returncode == 1 and "left.pack is missing" in done.stderr, done.stderr


def test_leaving_refuses_what_is_not_a_tracked_top_level_folder(history):
    repo, _ = history
    for leave in ("nope", "a/b.txt", "kernel.py"):
        done = carry(repo, leave=leave)
        assert done.returncode == 2 and "not a top-level folder" in done.stderr, leave
    assert leave_behind(repo, "away", "nope").returncode == 2
    assert leave_behind(repo, "away", "../a").returncode == 2
    assert leave_behind(repo, "sideways", "a").returncode == 2
    assert leave_behind(repo, "back", "a").returncode == 2  # nothing moved
    assert leave_behind(repo, "away", "a").returncode == 0
    again = leave_behind(repo, "away", "a")
    assert again.returncode == 2 and "not a tracked folder" in again.stderr
    (repo / "a").mkdir()
    clash = leave_behind(repo, "back", "a")
    assert clash.returncode == 1 and "never moved away" in clash.stderr
    (repo / "a").rmdir()
    assert leave_behind(repo, "back", "a").returncode == 0
    assert sh(repo, "git", "status", "--porcelain").stdout == ""
