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
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

from mechlab.core.errors import DesignError


class OutputError(DesignError):
    """An output that cannot be written (or must not be): bad input, exit 2."""


class OutputBatch:
    """Files staged in temporary files, then renamed into place together."""

    def __init__(self) -> None:
        self._staged: dict[Path, Path] = {}  # target → its staged temporary file

    def __enter__(self) -> OutputBatch:
        return self

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()

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
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
        except OSError as exc:
            raise _cannot_write(path, exc) from None
        staged = Path(tmp)
        try:
            with os.fdopen(fd, "wb") as handle:
                yield handle
            os.chmod(staged, 0o666 & ~_umask())  # mkstemp makes 0600; give what open() would
        except OSError as exc:
            _remove(staged)
            raise _cannot_write(path, exc) from None
        except BaseException:
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
def atomic_file(path: Path) -> Iterator[BinaryIO]:
    """Write one file from a stream: it appears, complete, only if the block finishes."""
    with OutputBatch() as batch, batch.open(path) as handle:
        yield handle


def write_all(outputs: dict[Path, bytes]) -> None:
    """Write every file, or (on failure) leave every pre-existing file as it was."""
    with OutputBatch() as batch:
        for path, data in outputs.items():
            batch.add(path, data)


def refuse_own_inputs(outputs: Iterable[Path], inputs: Iterable[Path]) -> None:
    """No command writes over one of its own inputs (exit 2, saying where to write)."""
    sources = [p for p in inputs if p.exists()]
    clashes = [path for path in outputs if any(_same_file(path, s) for s in sources)]
    if clashes:
        raise DesignError.combine([
            OutputError(str(path), ["is an input of this command and would be overwritten; "
                                    f"write elsewhere, e.g. -o {_elsewhere(path)}"])
            for path in clashes])


def refuse_existing(outputs: Iterable[Path], force: bool) -> None:
    """Never overwrite a user's file silently: an existing target needs --force."""
    if force:
        return
    existing = [p for p in outputs if p.exists()]
    if existing:
        raise DesignError.combine([
            OutputError(str(p), ["already exists; use --force to replace it, "
                                 "or -o to write elsewhere"]) for p in existing])


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


def _elsewhere(path: Path) -> Path:
    return path.with_name(f"{path.stem}-out{path.suffix}")


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def _backup(path: Path) -> Path | None:
    """A hard link (or copy) of the file about to be replaced, so it can be put back."""
    if not path.exists() and not path.is_symlink():
        return None
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
    with contextlib.suppress(FileNotFoundError, IsADirectoryError, PermissionError):
        path.unlink()


def _cannot_write(path: Path, exc: OSError) -> OutputError:
    reason = exc.strerror or type(exc).__name__
    return OutputError(str(path), [f"cannot write: {reason}; nothing was written "
                                   "and earlier files are unchanged"])


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
