"""mechlab never loses a user's file: it does not write over its own inputs, writes
atomically (a failure leaves every pre-existing file as it was), refuses two inputs
that would share an output name, and replaces an existing file only with --force."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from tests_support import EXAMPLES, MEGAMEK, run_here

from mechlab.cli import main
from mechlab.core.errors import DesignError
from mechlab.files.output import OutputBatch, atomic_file, write_all

GOOD = (EXAMPLES / "catapult.yaml").read_text()


def _snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` with its bytes (temp files would show up here too)."""
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_export_refuses_to_write_over_its_own_mtf_input(tmp_path):
    source = tmp_path / "cat.mtf"
    source.write_bytes((MEGAMEK / "Catapult CPLT-C1.mtf").read_bytes())
    before = _snapshot(tmp_path)
    result = run_here("export", "cat.mtf", "--to", "mtf", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == ("mechlab: cat.mtf: is an input of this command and would be "
                             "overwritten; write elsewhere, e.g. -o cat-out.mtf\n")
    assert _snapshot(tmp_path) == before
    # --force does not make writing over the input acceptable
    assert run_here("export", "cat.mtf", "-o", "cat.mtf", "--force", cwd=tmp_path).returncode == 2
    assert _snapshot(tmp_path) == before


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_import_refuses_to_write_over_its_own_input(tmp_path):
    (tmp_path / "x.yaml").write_text(GOOD)
    result = run_here("import", "x.yaml", "-o", "x.yaml", "--force", cwd=tmp_path)
    assert result.returncode == 2
    assert (tmp_path / "x.yaml").read_text() == GOOD


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_failed_build_keeps_every_earlier_output_and_names_the_users_path(tmp_path):
    (tmp_path / "cat.yaml").write_text(GOOD)
    assert run_here("build", "cat.yaml", "-f", "json", "-q", cwd=tmp_path).returncode == 0
    (tmp_path / "cat.pdf").mkdir()  # an output that cannot be written
    before = _snapshot(tmp_path)
    result = run_here("build", "cat.yaml", "-q", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "mechlab: cat.pdf: is a directory; name a file to write\n"
    assert _snapshot(tmp_path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cat.json", "cat.pdf", "cat.yaml"]


def test_failed_rename_puts_back_the_files_already_replaced(tmp_path, monkeypatch):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_bytes(b"old a")
    real_replace, calls = os.replace, []

    def failing_replace(src, dst):
        calls.append(dst)
        if Path(dst) == second:
            raise PermissionError(13, "Permission denied", str(src))
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(DesignError) as caught:
        write_all({first: b"new a", second: b"new b"})
    monkeypatch.undo()
    assert str(caught.value) == (f"{second}: cannot write: Permission denied; nothing was "
                                 "written and earlier files are unchanged")
    assert ".part" not in str(caught.value)
    assert _snapshot(tmp_path) == {"a.json": b"old a"}


def test_interrupt_during_commit_leaves_files_as_they_were(tmp_path, monkeypatch):
    paths = [tmp_path / f"{n}.out" for n in "abc"]
    paths[0].write_bytes(b"keep me")
    real_replace = os.replace

    def interrupted(src, dst):
        if Path(dst) == paths[2]:
            raise KeyboardInterrupt
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_all({p: b"new" for p in paths})
    monkeypatch.undo()
    assert _snapshot(tmp_path) == {"a.out": b"keep me"}


def test_streamed_file_appears_only_when_complete(tmp_path):
    target = tmp_path / "big.pdf"
    target.write_bytes(b"the old one")
    with pytest.raises(RuntimeError), atomic_file(target) as handle:
        handle.write(b"half of it")
        raise RuntimeError("the renderer failed")
    assert _snapshot(tmp_path) == {"big.pdf": b"the old one"}
    with atomic_file(target) as handle:
        for chunk in (b"%PDF", b"-1.4 ", b"done"):
            handle.write(chunk)
    assert _snapshot(tmp_path) == {"big.pdf": b"%PDF-1.4 done"}


def test_a_batch_mixes_streamed_and_in_memory_outputs(tmp_path):
    with OutputBatch() as batch:
        batch.add(tmp_path / "a.json", b"{}")
        with batch.open(tmp_path / "sub" / "a.pdf") as handle:
            handle.write(b"%PDF")
        assert not (tmp_path / "a.json").exists()  # staged, not yet in place
    assert _snapshot(tmp_path) == {"a.json": b"{}", "sub/a.pdf": b"%PDF"}


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_two_inputs_sharing_an_output_name_are_refused_before_writing(tmp_path):
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "x.yaml").write_text(GOOD)
    result = run_here("build", "a/x.yaml", "b/x.yaml", "-o", "out", "-f", "json", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == ("mechlab: out/x.json: a/x.yaml and b/x.yaml would both write this "
                             "file; build them into different folders (-o) or one at a time\n")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", [
    ["new", "--tonnage", "50", "--walk", "5", "-o", "mine.yaml"],
    ["import", "in.mtf", "-o", "mine.yaml"],
    ["export", "in.yaml", "-o", "mine.mtf"],  # a .mtf is named .mtf (audit31)
], ids=["new", "import", "export"])
def test_existing_output_file_is_refused_without_force(tmp_path, monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    mine = tmp_path / command[-1]
    mine.write_text("my precious design\n")
    (tmp_path / "in.yaml").write_text(GOOD)
    CliRunner().invoke(main, ["export", str(tmp_path / "in.yaml"), "-o",
                              str(tmp_path / "in.mtf")])
    result = CliRunner().invoke(main, command)
    assert result.exit_code == 2
    assert result.output == (f"mechlab: {mine.name}: already exists; use --force to replace "
                             "it, or -o to write elsewhere\n")
    assert mine.read_text() == "my precious design\n"
    result = CliRunner().invoke(main, [*command, "--force"])
    assert result.exit_code == 0, result.output
    assert mine.read_text() != "my precious design\n"


def test_ctrl_c_exits_130_with_one_line_and_no_partial_file(tmp_path, monkeypatch):
    import mechlab.render.pdf as pdf_module

    def interrupted(document):
        raise KeyboardInterrupt

    monkeypatch.setattr(pdf_module, "render_pdf", interrupted)
    (tmp_path / "cat.yaml").write_text(GOOD)
    result = CliRunner().invoke(main, ["build", str(tmp_path / "cat.yaml"), "-q"])
    assert result.exit_code == 130
    assert result.output == "mechlab: interrupted; no partial file written\n"
    assert _snapshot(tmp_path) == {"cat.yaml": GOOD.encode()}


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_a_real_ctrl_c_mid_print_run_exits_130_and_leaves_no_file(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    import mechlab
    from mechlab.files.library import library

    env = {**os.environ, "PYTHONPATH": str(Path(mechlab.__file__).resolve().parents[1])}
    units = [str(u.path) for u in library()]
    process = subprocess.Popen(
        # -j 2: the Ctrl-C reaches the command while it waits on its workers.
        [sys.executable, "-m", "mechlab", "sheet", *units, "-o", "lance.pdf", "-j", "2"],
        cwd=tmp_path,
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # A shell's background job starts with Ctrl-C ignored, and the child would inherit
        # that: give it the default a user's terminal gives.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(".lance.pdf.*")) and process.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.02)  # until the print run has started writing its staged file
    # Half a second in: a signal in the print run's first moments was now and then lost
    # (~1 run in 10 on a busy machine, at b322110 too; none in 30 runs half a second in).
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130
    assert stderr == "mechlab: interrupted; no partial file written\n"
    assert list(tmp_path.iterdir()) == []
