"""Writing output files: all or nothing, never a half-written file, never a lost one.

Every output is first staged in a temporary file beside its target; only when every
file of a batch is staged are they renamed into place. If a rename fails (or Ctrl-C
arrives), the files already replaced are put back from hard-link backups and the new
ones removed, so a failure leaves every pre-existing file exactly as it was. Errors
name the user's path, never a temporary file.

    write_all({Path("a.json"): data, Path("a.pdf"): pdf})      # bytes in memory

    with OutputBatch() as batch:                                 # streamed
        with batch.open(Path("big.pdf")) as handle:
            handle.write(chunk)                                  # … many times
    # committed here; discarded if the block raised

`atomic_file(path)` is the one-file form of the streamed batch.

**The output policy** (`Guard`; every command that writes uses it, README "Your files are
safe"):

- Nothing is ever written over one of the command's inputs (the same file, however it is
  named: `./x.pdf`, an absolute path, a hard link), not even with `--force`.
- An existing *output* file (PDF, HTML, JSON) is replaced only when mechlab wrote it,
  which it tells by the content (`written_by_mechlab`, in `files/provenance.py`: a PDF
  produced by mechlab, an HTML page it generated, a JSON file with its `format` or
  schema `$id`, a `check` report). Anything else needs `--force`.
- An existing *design* file (any suffix a reader is registered for in `files/load.py`:
  `.yaml`, `.yml`, `.mtf`; people edit them), a symbolic link and anything that is not a
  regular file always need `--force`.
- A set of outputs (build's JSON, PDF and HTML) is renamed into place under a lock on
  each target folder, so two runs at once leave one run's set, never a mix.
- A signal that ends the run (SIGTERM, SIGHUP, SIGQUIT…, as Ctrl-C) removes the staged
  temporary files first (`stop_on_signals`): nothing partial is left.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import BinaryIO

from mechlab.core.errors import DesignError  # not mechlab.files.load: no pydantic for `list`


class OutputError(DesignError):
    """An output that cannot be written (or must not be): bad input, exit 2."""


class Terminated(BaseException):
    """A signal that ends the run (SIGTERM, SIGHUP…), raised like KeyboardInterrupt so
    that every staged file is removed on the way out."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name


# Signals whose default action ends the process (SIGINT is Python's KeyboardInterrupt).
ENDING = tuple(getattr(signal, name) for name in (
    "SIGTERM", "SIGHUP", "SIGQUIT", "SIGALRM", "SIGUSR1", "SIGUSR2", "SIGXCPU")
    if hasattr(signal, name))


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    raise Terminated(signum)


@contextlib.contextmanager
def stop_on_signals() -> Iterator[None]:
    """Within the block, a signal that would end the process raises `Terminated` instead,
    so `finally` blocks run and staged files are removed. A signal the process was told
    to ignore (`nohup`) stays ignored; outside the main thread nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {}
    for signum in ENDING:
        if signal.getsignal(signum) is signal.SIG_DFL:
            previous[signum] = signal.signal(signum, _raise_terminated)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)


class OutputBatch:
    """Files staged in temporary files, then renamed into place together (under a lock on
    their folders, and checked once more against `guard` there)."""

    def __init__(self, guard: Guard | None = None) -> None:
        self._staged: dict[Path, Path] = {}  # target → its staged temporary file
        self._guard = guard
        self._signals = stop_on_signals()

    def __enter__(self) -> OutputBatch:
        self._signals.__enter__()
        return self

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        try:
            if kind is None:
                self.commit()
            else:
                self.discard()
        finally:
            self._signals.__exit__(None, None, None)

    @property
    def paths(self) -> tuple[Path, ...]:
        return tuple(self._staged)

    def add(self, path: Path, data: bytes) -> None:
        with self.open(path) as handle:
            handle.write(data)

    @contextlib.contextmanager
    def open(self, path: Path) -> Iterator[BinaryIO]:
        """A binary handle on the staged copy of `path`; the copy is kept only if the
        block finishes."""
        if path in self._staged:
            raise OutputError(str(path), ["written twice by one command; "
                                          "name the outputs differently"])
        refuse_directory(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _cannot_write(path, exc) from None
        staged: Path | None = None  # named before it exists: whatever arrives, removed
        try:
            while True:
                # secrets.token_hex(4) is os.urandom(4).hex(); importing secrets (hmac,
                # hashlib, random) costs a `validate` that writes nothing (issue 31)
                staged = path.parent / f".{path.name}.{os.urandom(4).hex()}.part"
                try:
                    fd = os.open(staged, _NEW_FILE, 0o666)  # the mode open() would give
                    break
                except FileExistsError:
                    continue
            with os.fdopen(fd, "wb") as handle:
                yield handle
        except OSError as exc:
            if staged is not None:
                _remove(staged)
            raise _cannot_write(path, exc) from None
        except BaseException:
            if staged is not None:
                _remove(staged)
            raise
        self._staged[path] = staged

    def discard(self) -> None:
        for staged in self._staged.values():
            _remove(staged)
        self._staged.clear()

    def commit(self) -> None:
        """Rename every staged file into place, or put everything back as it was."""
        backups: dict[Path, Path | None] = {}  # replaced target → its backup (None: was new)
        try:
            with _folders_locked(self._staged):
                if self._guard is not None:  # again: another process may have written since
                    self._guard.check(self._staged)
                for path, staged in self._staged.items():
                    backups[path] = _backup(path)
                    try:
                        os.replace(staged, path)
                    except OSError as exc:
                        raise _cannot_write(path, exc) from None
        except BaseException:
            for path, backup in backups.items():
                _restore(path, backup, self._staged[path])
            self.discard()
            raise
        for backup in backups.values():
            if backup is not None:
                _remove(backup)
        self._staged.clear()


@contextlib.contextmanager
def atomic_file(path: Path, guard: Guard | None = None) -> Iterator[BinaryIO]:
    """Write one file from a stream: it appears, complete, only if the block finishes."""
    with OutputBatch(guard) as batch, batch.open(path) as handle:
        yield handle


def write_all(outputs: dict[Path, bytes], guard: Guard | None = None) -> None:
    """Write every file, or (on failure) leave every pre-existing file as it was."""
    with OutputBatch(guard) as batch:
        for path, data in outputs.items():
            batch.add(path, data)


@contextlib.contextmanager
def _folders_locked(paths: Iterable[Path]) -> Iterator[None]:
    """An exclusive lock on each target folder (in a fixed order: no deadlock between two
    runs), so that two runs renaming their sets at once take turns. Advisory: flock(2) on
    the folder itself, so no lock file is left in the user's folder; where that cannot be
    had (no fcntl, a file system without locks) the renames go ahead unlocked."""
    try:
        import fcntl
    except ImportError:  # Windows: renames are still atomic one by one
        yield
        return
    with contextlib.ExitStack() as stack:
        for folder in sorted({os.path.abspath(p.parent) for p in paths}):
            try:
                fd = os.open(folder, os.O_RDONLY)
            except OSError:
                continue
            stack.callback(os.close, fd)
            with contextlib.suppress(OSError):
                fcntl.flock(fd, fcntl.LOCK_EX)
        yield


@dataclass(frozen=True)
class Guard:
    """The output policy of one command run: its inputs (never written over) and whether
    `--force` was given. `check` refuses, before anything is drawn, every output that
    must not be written; `OutputBatch` checks again when it renames."""

    inputs: tuple[Path, ...] = ()
    force: bool = False
    # `-o` names a folder (`build --out-dir`), not a file: what a refusal suggests.
    out_dir: bool = False

    def check(self, outputs: Iterable[Path]) -> None:
        outputs = list(outputs)
        for path in outputs:
            refuse_directory(path)
        refuse_own_inputs(outputs, self.inputs, self.out_dir)
        problems = [p for p in outputs if (p.exists() or p.is_symlink()) and not self.force
                    and _needs_force(p)]
        if problems:
            raise DesignError.combine([_refusal(p) for p in problems])


def _needs_force(path: Path) -> bool:
    from mechlab.files.provenance import written_by_mechlab  # only when a file is there

    return _is_design_file(path) or not written_by_mechlab(path)


def _is_design_file(path: Path) -> bool:
    """A file some registered reader reads (`.yaml`, `.yml`, `.mtf`…): people edit those,
    so it needs --force whoever wrote it."""
    # Imported here, not at the top: `list` imports this module (signals) but must not load
    # the design models that the reader registry imports; every command that checks an
    # output has read designs already.
    from mechlab.files.load import design_suffixes

    return path.suffix.lower() in design_suffixes()


def _refusal(path: Path) -> OutputError:
    if _is_design_file(path):
        why = "already exists"
    elif path.is_symlink():
        why = "is a symbolic link"
    elif not path.is_file():
        why = "exists and is not a regular file"
    else:
        why = "already exists and was not written by mechlab"
    return OutputError(str(path), [f"{why}; use --force to replace it, "
                                   "or -o to write elsewhere"])


def refuse_own_inputs(outputs: Iterable[Path], inputs: Iterable[Path],
                      out_dir: bool = False) -> None:
    """No command writes over one of its own inputs (exit 2, saying where to write: `-o`
    another file, or another folder where `-o` names one)."""
    # The same file is the same (device, inode), however it is named: one stat a path,
    # not one a pair (1,000 inputs × 3,000 outputs of a big build).
    sources = {identity for p in inputs if (identity := _identity(p)) is not None}
    clashes = [path for path in outputs if _identity(path) in sources]
    if clashes:
        raise DesignError.combine([
            OutputError(str(path), ["is an input of this command and would be overwritten; "
                                    + (f"write into another folder, e.g. -o {path.stem}-out"
                                       if out_dir else
                                       f"write elsewhere, e.g. -o {_elsewhere(path)}")])
            for path in clashes])


def refuse_shared_names(claims: Iterable[tuple[Path, str]]) -> None:
    """Two inputs that would write the same output file: an error before any writing."""
    owners: dict[str, tuple[Path, list[str]]] = {}  # absolute path → (as given, sources)
    for path, source in claims:
        _, sources = owners.setdefault(os.path.abspath(path), (path, []))
        if source not in sources:
            sources.append(source)
    shared = [(path, sources) for path, sources in owners.values() if len(sources) > 1]
    if shared:
        raise DesignError.combine([
            OutputError(str(path), [f"{' and '.join(sources)} would both write this file; "
                                    "build them into different folders (-o) or one at a time"])
            for path, sources in shared])


def refuse_directory(path: Path) -> None:
    if path.is_dir():
        raise OutputError(str(path), ["is a directory; name a file to write"])


def _elsewhere(path: Path) -> str:
    # The name alone (the current folder): the input may sit somewhere not to write into
    # (an installed library unit), and a long path twice would not fit the clipped line.
    return f"{path.stem}-out{path.suffix}"


def _identity(path: Path) -> tuple[int, int] | None:
    """The file `path` names (following links), or None if there is none."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return info.st_dev, info.st_ino


def _backup(path: Path) -> Path | None:
    """A hard link (or copy) of the file about to be replaced, so it can be put back."""
    if not path.exists() and not path.is_symlink():
        return None
    import shutil  # with tempfile, only when a file is replaced (start-up: issue 31)
    import tempfile

    backup = Path(tempfile.mktemp(prefix=f".{path.name}.", suffix=".bak", dir=path.parent))
    try:
        os.link(path, backup, follow_symlinks=False)
    except OSError:
        try:
            shutil.copy2(path, backup, follow_symlinks=False)
        except OSError as exc:
            raise _cannot_write(path, exc) from None
    return backup


def _restore(path: Path, backup: Path | None, staged: Path) -> None:
    """Put back what was at `path` before this batch (best effort, never raising)."""
    with contextlib.suppress(OSError):
        if backup is not None:
            os.replace(backup, path)
        elif not staged.exists():  # our new file was renamed into place: take it away
            _remove(path)


def _remove(path: Path) -> None:
    """Remove a file of ours, best effort: a clean-up never hides why a write failed (on a
    read-only file system, removing the staged file that could not be made fails too)."""
    with contextlib.suppress(OSError):
        path.unlink()


def _cannot_write(path: Path, exc: OSError) -> OutputError:
    reason = exc.strerror or type(exc).__name__
    if isinstance(exc, (FileExistsError, NotADirectoryError)):
        # A file stands where the path needs a folder: making the folder says "File
        # exists", which names nothing the user can see (`-o notes.txt/x.pdf`).
        blocking = next((p for p in path.parents if p.exists() and not p.is_dir()), None)
        if blocking is not None:
            reason = f"{blocking} is a file, not a folder"
    return OutputError(str(path), [f"cannot write: {reason}; nothing was written "
                                   "and earlier files are unchanged"])
