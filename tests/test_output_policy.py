"""Issue 18, part 2: one output policy for every command that writes (mechlab.files.output.Guard).

Outputs (PDF, HTML, JSON) are replaced only when mechlab wrote them, design files need
--force, nothing is written over an input, a signal leaves no partial file, and a set
of outputs is renamed as a set. Each case asserts the exit code, the message and the
bytes of the folder before and after."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from test_bad_input import run
from tests_support import EXAMPLES, MEGAMEK, run_here

import mechlab
from mechlab.files.output import Guard, write_all
from mechlab.files.provenance import written_by_mechlab

GOOD = (EXAMPLES / "catapult.yaml").read_text()


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _refused(name: str) -> str:
    return (f"mechlab: {name}: already exists and was not written by mechlab; use --force "
            "to replace it, or -o to write elsewhere\n")


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
def test_schema_does_not_replace_a_design_file_without_force(tmp_path):
    (tmp_path / "my.yaml").write_text("precious\n")
    result = run("schema", "-o", "my.yaml", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == ("mechlab: my.yaml: already exists; use --force to replace it, "
                             "or -o to write elsewhere\n")
    assert _snapshot(tmp_path) == {"my.yaml": b"precious\n"}
    assert run("schema", "-o", "my.yaml", "--force", cwd=tmp_path).returncode == 0
    assert (tmp_path / "my.yaml").read_text().startswith("{")


@pytest.mark.slow  # runs mechlab's commands (in this process: run_here)
def test_schema_replaces_its_own_output_and_refuses_a_users_json(tmp_path):
    assert run_here("schema", "-o", "engine.schema.json", cwd=tmp_path).returncode == 0
    first = _snapshot(tmp_path)
    again = run_here("schema", "-o", "engine.schema.json", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert _snapshot(tmp_path) == first
    (tmp_path / "notes.json").write_text('{"mine": true}\n')
    result = run_here("schema", "-o", "notes.json", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (2, _refused("notes.json"))
    assert (tmp_path / "notes.json").read_text() == '{"mine": true}\n'


@pytest.mark.slow  # runs mechlab's commands (in this process: run_here)
@pytest.mark.parametrize("command", [
    ["sheet", "cat.yaml", "-o", "out.pdf"],
    ["sheet", "cat.yaml", "-o", "out.html"],
    ["card", "cat.yaml", "--game", "ccg", "-o", "out.pdf"],
    ["card", "cat.yaml", "--game", "ccg", "-o", "out.json"],
], ids=["sheet-pdf", "sheet-html", "card-pdf", "card-json"])
def test_sheet_and_card_replace_only_what_mechlab_wrote(tmp_path, command):
    (tmp_path / "cat.yaml").write_text(GOOD)
    output = tmp_path / command[-1]
    output.write_bytes(b"%PDF-1.4 someone else's\n" if output.suffix == ".pdf"
                       else b"<!DOCTYPE html><p>mine</p>\n")
    before = _snapshot(tmp_path)
    result = run_here(*command, cwd=tmp_path)
    assert (result.returncode, result.stderr) == (2, _refused(output.name))
    assert _snapshot(tmp_path) == before
    assert run_here(*command, "--force", cwd=tmp_path).returncode == 0
    written = output.read_bytes()
    assert written_by_mechlab(output)
    again = run_here(*command, cwd=tmp_path)  # running the same command again simply works
    assert again.returncode == 0, again.stderr
    assert output.read_bytes() == written


@pytest.mark.slow  # runs mechlab's commands (in this process: run_here)
def test_build_runs_again_and_keeps_a_users_file_of_the_same_name(tmp_path):
    (tmp_path / "cat.yaml").write_text(GOOD)
    assert run_here("build", "cat.yaml", "-q", cwd=tmp_path).returncode == 0
    first = _snapshot(tmp_path)
    assert run_here("build", "cat.yaml", "-q", cwd=tmp_path).returncode == 0
    assert _snapshot(tmp_path) == first
    (tmp_path / "cat.html").write_text("my notes on the Catapult\n")
    before = _snapshot(tmp_path)
    result = run_here("build", "cat.yaml", "-q", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (2, _refused("cat.html"))
    assert _snapshot(tmp_path) == before
    assert run_here("build", "cat.yaml", "-q", "--force", cwd=tmp_path).returncode == 0
    assert _snapshot(tmp_path) == first


@pytest.mark.slow  # runs mechlab's commands (in this process: run_here)
def test_check_report_is_replaced_only_when_mechlab_wrote_it(tmp_path):
    (tmp_path / "designs").mkdir()
    (tmp_path / "designs" / "cat.yaml").write_text(GOOD)
    assert run_here("check", "designs", "--json", "report.json", cwd=tmp_path).returncode == 0
    assert run_here("check", "designs", "--json", "report.json", cwd=tmp_path).returncode == 0
    (tmp_path / "report.json").write_text("[1, 2, 3]\n")
    result = run_here("check", "designs", "--json", "report.json", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (2, _refused("report.json"))
    assert (tmp_path / "report.json").read_text() == "[1, 2, 3]\n"


def _input_refusal(name: str) -> str:
    out = Path(name)
    return (f"mechlab: {name}: is an input of this command and would be overwritten; write "
            f"elsewhere, e.g. -o {out.stem}-out{out.suffix}\n")


@pytest.mark.slow  # runs mechlab's commands (in this process: run_here)
def test_sheet_never_writes_over_its_input_however_it_is_named(tmp_path):
    (tmp_path / "x.pdf").write_text(GOOD)  # a design file under an output's name
    (tmp_path / "other.yaml").write_text(GOOD)
    before = _snapshot(tmp_path)
    for files, output in [(["x.pdf"], "x.pdf"),
                          (["./x.pdf"], str(tmp_path / "x.pdf")),
                          (["other.yaml", "x.pdf"], "x.pdf")]:
        result = run_here("sheet", *files, "-o", output, "--force", cwd=tmp_path)
        assert (result.returncode, result.stderr) == (2, _input_refusal(output))
        assert _snapshot(tmp_path) == before


@pytest.mark.slow  # runs mechlab's commands (in this process: run_here)
def test_sheet_and_card_never_write_over_a_unit_a_force_file_names(tmp_path):
    (tmp_path / "unit.html").write_text(GOOD)
    (tmp_path / "force.yaml").write_text(
        "force: Test Lance\nunits:\n  - unit: unit.html\n  - unit: LCT-1V\n")
    before = _snapshot(tmp_path)
    for command in (["sheet", "force.yaml", "-o", "unit.html"],
                    ["card", "force.yaml", "--game", "ccg", "-o", "unit.html"]):
        result = run_here(*command, "--force", cwd=tmp_path)
        assert (result.returncode, result.stderr) == (2, _input_refusal("unit.html"))
        assert _snapshot(tmp_path) == before


@pytest.mark.slow  # runs mechlab's commands (in this process: run_here)
def test_import_onto_its_own_mtf_names_the_real_problem(tmp_path):
    (tmp_path / "ok.mtf").write_bytes((MEGAMEK / "Locust LCT-1V.mtf").read_bytes())
    before = _snapshot(tmp_path)
    result = run_here("import", "ok.mtf", "-o", "ok.mtf", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == ("mechlab: ok.mtf: is an input of this command and would be "
                             "overwritten; -o names the .yaml to write (or a folder for "
                             "several inputs), e.g. -o ok.yaml\n")
    assert _snapshot(tmp_path) == before
    assert run_here("import", "ok.mtf", "-o", "ok.yaml", cwd=tmp_path).returncode == 0


def _print_run(tmp_path: Path, output: str) -> subprocess.Popen[str]:
    from mechlab.files.library import library

    env = {**os.environ, "PYTHONPATH": str(Path(mechlab.__file__).resolve().parents[1])}
    # Two worker processes (-j 2): the signal reaches the command while it waits on them
    # (it used to be raised inside multiprocessing's waits, and now and then hung the run
    # or ended it with 1; batch.run now notes it and stops between results).
    return subprocess.Popen(
        [sys.executable, "-m", "mechlab", "sheet", *[str(u.path) for u in library()],
         "-o", output, "-j", "2"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True)


@pytest.mark.slow  # spawns a real mechlab process (~0.5 s)
@pytest.mark.parametrize(("signum", "output"), [
    (signal.SIGTERM, "all.pdf"), (signal.SIGHUP, "all.pdf"), (signal.SIGTERM, "all.html")])
def test_a_signal_that_ends_a_print_run_leaves_no_partial_file(tmp_path, signum, output):
    process = _print_run(tmp_path, output)
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(f".{output}.*.part")) and process.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    # Half a second into the print run (of ~5 s): a signal in its first moments is now
    # and then lost (see test_user_files's Ctrl-C test).
    time.sleep(0.5)
    process.send_signal(signum)
    _, stderr = process.communicate(timeout=60)
    name = signal.Signals(signum).name
    assert process.returncode == 128 + signum
    assert stderr == f"mechlab: stopped by {name}; no partial file written\n"
    assert list(tmp_path.iterdir()) == []


def test_a_set_of_outputs_is_renamed_while_holding_its_folders_lock(tmp_path):
    """Two builds into one folder take turns renaming their sets: while one holds the
    folder's lock, the other's files do not appear (so neither can leave a mix)."""
    fcntl = pytest.importorskip("fcntl")
    folder = os.open(tmp_path, os.O_RDONLY)
    fcntl.flock(folder, fcntl.LOCK_EX)
    writer = threading.Thread(target=write_all, args=(
        {tmp_path / "a.json": b"{}", tmp_path / "a.pdf": b"%PDF"},))
    writer.start()
    time.sleep(0.3)
    assert not (tmp_path / "a.json").exists() and not (tmp_path / "a.pdf").exists()
    fcntl.flock(folder, fcntl.LOCK_UN)
    os.close(folder)
    writer.join(10)
    assert _snapshot(tmp_path) == {"a.json": b"{}", "a.pdf": b"%PDF"}


def test_the_guard_is_asked_again_when_the_set_is_renamed(tmp_path):
    """A file that appears while outputs are drawn is not lost to the rename."""
    from mechlab.core.errors import DesignError
    from mechlab.files.output import OutputBatch

    target = tmp_path / "a.pdf"
    with pytest.raises(DesignError), OutputBatch(Guard()) as batch:
        batch.add(target, b"%PDF-1.4 mechlab's")
        target.write_bytes(b"%PDF-1.4 the user's, saved meanwhile")
    assert _snapshot(tmp_path) == {"a.pdf": b"%PDF-1.4 the user's, saved meanwhile"}


@pytest.mark.slow  # runs mechlab's commands (in this process: run_here)
def test_a_pdf_another_program_saved_again_is_no_longer_mechlabs(tmp_path):
    (tmp_path / "cat.yaml").write_text(GOOD)
    assert run_here("build", "cat.yaml", "-q", "-f", "pdf", cwd=tmp_path).returncode == 0
    pdf = tmp_path / "cat.pdf"
    assert written_by_mechlab(pdf)
    with pdf.open("ab") as handle:  # an incremental update, as a PDF editor appends it
        handle.write(b"\n99 0 obj\n<< /Producer (Preview) >>\nendobj\n")
    assert not written_by_mechlab(pdf)


@pytest.mark.slow  # runs mechlab's commands (in this process: run_here)
def test_symbolic_links_and_other_files_are_never_taken_for_mechlabs(tmp_path):
    (tmp_path / "cat.yaml").write_text(GOOD)
    assert run_here("build", "cat.yaml", "-q", "-f", "json", cwd=tmp_path).returncode == 0
    (tmp_path / "link.json").symlink_to(tmp_path / "cat.json")
    assert written_by_mechlab(tmp_path / "cat.json")
    assert not written_by_mechlab(tmp_path / "link.json")
    result = run_here("schema", "-o", "link.json", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == ("mechlab: link.json: is a symbolic link; use --force to replace "
                             "it, or -o to write elsewhere\n")


@pytest.mark.slow  # runs mechlab's commands (in this process: run_here)
def test_a_library_unit_named_on_the_command_line_is_never_replaced(tmp_path):
    """`export CPLT-C1 -o <its library file> --force` would replace the bundled unit: an
    export writes a `.mtf`, so the library's `.yaml` is refused as its output's name before
    anything is written (audit31: outputs named for their format)."""
    from mechlab.files.library import find_unit

    library_file = find_unit("CPLT-C1").path
    before = library_file.read_bytes()
    result = run_here("export", "CPLT-C1", "-o", str(library_file), "--force", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (
        2, f"mechlab: {library_file}: the output must end in .mtf\n")
    assert library_file.read_bytes() == before


READ_ONLY_WRITES = [
    ["sheet", "CPLT-C1", "-o", "{ro}/x.pdf"], ["sheet", "CPLT-C1", "-o", "{ro}/x.html"],
    ["build", "CPLT-C1", "-q", "-o", "{ro}"], ["card", "CPLT-C1", "--game", "ccg", "-o",
                                              "{ro}/c.pdf"],
    ["card", "CPLT-C1", "--game", "alpha-strike", "-o", "{ro}/c.json"],
    ["schema", "-o", "{ro}/s.json"], ["schema", "--cards", "-o", "{ro}/s.json"],
    ["export", "CPLT-C1", "-o", "{ro}/x.mtf"], ["new", "--tonnage", "50", "-w", "4", "-o",
                                               "{ro}/n.yaml"],
    ["import", str(MEGAMEK / "Locust LCT-1V.mtf"), "-o", "{ro}"],
    ["check", str(EXAMPLES), "--json", "{ro}/c.json"]]


@pytest.mark.parametrize("command", READ_ONLY_WRITES, ids=lambda c: c[0])
def test_an_unwritable_target_is_named_never_the_hidden_staged_file(tmp_path, monkeypatch,
                                                                    command):
    """Issue 31: on a read-only file system removing the staged file that could not be
    made fails too, and that error named `.x.pdf.19a8df3f.part`. The user's path and
    "nothing was written" (docs/files-and-input.md), exit 2, the folder unchanged."""
    import errno

    from click.testing import CliRunner

    from mechlab.cli import main

    ro = tmp_path / "ro"
    ro.mkdir()
    (ro / "kept.txt").write_text("earlier")
    real_open, real_unlink = os.open, os.unlink

    def refused(path: object) -> bool:
        return Path(os.path.abspath(os.fsdecode(path))).parent == ro  # type: ignore[arg-type]

    def read_only_open(path: object, flags: int, *args: object, **kwargs: object) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR) and refused(path):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), os.fsdecode(path))
        return real_open(path, flags, *args, **kwargs)

    def read_only_unlink(path: object, *args: object, **kwargs: object) -> None:
        if refused(path):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), os.fsdecode(path))
        real_unlink(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only_open)
    monkeypatch.setattr(os, "unlink", read_only_unlink)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, [part.format(ro="ro") for part in command])
    assert result.exit_code == 2, result.output
    assert ".part" not in result.stderr
    last = result.stderr.splitlines()[-1]
    assert last.startswith("mechlab: ro/") and last.endswith(
        ": cannot write: Read-only file system; nothing was written and earlier files are "
        "unchanged"), result.stderr
    assert _snapshot(ro) == {"kept.txt": b"earlier"}


@pytest.mark.parametrize("command", READ_ONLY_WRITES, ids=lambda c: c[0])
def test_every_writer_says_what_it_wrote(tmp_path, monkeypatch, command):
    """Issue 31: `schema --cards -o` (and `schema -o`, `check --json`) wrote in silence;
    every writer names each file it wrote, on stderr, as `wrote PATH`."""
    from click.testing import CliRunner

    from mechlab.cli import main

    (tmp_path / "ro").mkdir()
    monkeypatch.chdir(tmp_path)
    # build -q says nothing by request; `check examples` exits 2 (its force files).
    result = CliRunner().invoke(main, [part.format(ro="ro") for part in command if part != "-q"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    written = sorted(str(p.relative_to(tmp_path)) for p in (tmp_path / "ro").iterdir())
    said = [line.split()[1] for line in result.stderr.splitlines() + result.stdout.splitlines()
            if line.startswith("wrote ")]
    if command[0] == "import":  # one line for a batch: "wrote 1 design file"
        assert said == ["1"] and len(written) == 1
    else:
        assert sorted(said) == written, result.output
