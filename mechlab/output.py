"""Writing output files: all or nothing, never a half-written file."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path`, then rename it into place."""
    with atomic_file(path) as handle:
        handle.write(data)


@contextlib.contextmanager
def atomic_file(path: Path) -> Iterator[BinaryIO]:
    """Write one file from a stream: it appears, complete, only if the block finishes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; give what open() would
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_all(outputs: dict[Path, bytes]) -> None:
    """Write every file, or (on failure) leave none of this batch behind."""
    written: list[Path] = []
    try:
        for path, data in outputs.items():
            write_atomic(path, data)
            written.append(path)
    except BaseException:
        for path in written:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
        raise
