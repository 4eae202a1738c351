"""Reading the data files mechlab ships (ruleset tables, the catalogue, the unit library)
fast.

libyaml's C parser, when PyYAML was built with it, parses ~8× faster than the
pure-Python one (`intro.yaml`: 4 ms instead of 33). The data are the same either
way: the C parser feeds the same Python `SafeConstructor` and resolver. These files
are ours and tested, so the bounds a user's design file gets do not apply here.

The constructor is still Python: standard.yaml and the equipment tables took ~40 ms of
every start (issue 31: a design's start-up). So a shipped file's parsed data are kept
as Python keeps a module's bytecode (`shipped_data`): marshalled in the `__pycache__`
folder beside the file, stamped with the file's size and modification time, read back
when the stamp matches, written only where Python would write bytecode
(`sys.dont_write_bytecode`, `sys.pycache_prefix` honoured). A cache that cannot be read
or written is no error: the file is parsed.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
import zlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import CodeType
from typing import Any

# Bumped when what a cache holds changes shape (the stamp's fields, the parsers' output).
CACHE_VERSION = 1


def load_shipped(text: str) -> Any:
    """The data of one YAML document that ships with mechlab. (PyYAML is imported only
    when a file is parsed anew: a start whose caches are fresh does without it, ~30 ms
    of a `check` of `.mtf` files before its workers start; issue 31.)"""
    import yaml

    return yaml.load(text, Loader=_loader())


@cache
def _loader() -> type[Any]:
    """libyaml's loader where PyYAML was built with it, else the same in Python."""
    import yaml

    return yaml.CSafeLoader if yaml.__with_libyaml__ else yaml.SafeLoader


def __getattr__(name: str) -> Any:
    """`Loader`: the loader `load_shipped` uses (imported with PyYAML when first asked)."""
    if name == "Loader":
        return _loader()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@cache
def shipped_file(package: str, file_name: str) -> Any:
    """The data of a YAML file shipped in `package`, parsed once for the process: the
    Standard ruleset's table and the catalogue's construction rows are one file, read
    once (issue 31: start-up). Shared: callers copy before changing it."""
    return shipped_data(shipped_path(package, file_name), load_shipped)


def shipped_path(package: str, file_name: str) -> Path:
    """A data file shipped beside the modules of `package` (imported). Found by path, as
    the unit library is (files/library.py): importing `importlib.resources` (zipfile,
    tempfile, …) costs a design's start-up more than reading the file."""
    module_file = sys.modules[package].__file__
    assert module_file is not None, f"{package} is a package on disk"
    return Path(module_file).parent / file_name


def shipped_text(package: str, file_name: str) -> str:
    """A data file shipped beside the modules of `package`, as text."""
    return shipped_path(package, file_name).read_text(encoding="utf-8")


def shipped_data(path: Path, parse: Callable[[str], Any], cache_dir: Path | None = None
                 ) -> Any:
    """`parse(text)` of a shipped file, from its cache when the file has not changed
    since (see the module docstring). A fresh object each call: callers may change it.
    `cache_dir`: where the cache goes (default: as Python's bytecode would)."""
    stat = path.stat()
    stamp = (CACHE_VERSION, _parser_stamp(parse), stat.st_size, stat.st_mtime_ns)
    where = cache_dir / _cache_name(path) if cache_dir else _cache_path(path)
    try:
        with open(where, "rb") as handle:  # loads, not load: load reads object by object
            saved, data = marshal.loads(handle.read())
        if saved == stamp:
            return data
    except (OSError, EOFError, ValueError, TypeError):
        pass  # none yet, or unreadable: parse the file
    data = parse(path.read_text(encoding="utf-8"))
    if cache_dir is not None or not sys.dont_write_bytecode:
        _write(where, stamp, data)
    return data


def _parser_stamp(parse: Callable[[str], Any]) -> str:
    """The parser's name and code: a changed parser makes its old caches stale even where
    the file has not changed (the bytecode's own cache is the compiler's business)."""
    code = getattr(parse, "__code__", None)
    digest = _code_digest(code) if isinstance(code, CodeType) else 0
    return f"{getattr(parse, '__qualname__', '')}:{digest:08x}"


def _code_digest(code: CodeType) -> int:
    """A digest of a function's bytecode, names and constants that is the same in every
    process (no addresses, no set order)."""
    parts = [code.co_code, repr(code.co_names).encode()]
    for const in code.co_consts:
        if isinstance(const, CodeType):
            parts.append(b"%d" % _code_digest(const))
        elif isinstance(const, frozenset):
            parts.append(repr(sorted(map(repr, const))).encode())
        else:
            parts.append(repr(const).encode())
    return zlib.crc32(b"\0".join(parts))


def _cache_name(path: Path) -> str:
    return f"{path.name}.{sys.implementation.cache_tag}.marshal"


def _cache_path(path: Path) -> Path:
    """Where Python would keep the bytecode of a module at `path`, for this data file."""
    if sys.pycache_prefix:
        folder = Path(sys.pycache_prefix) / path.parent.resolve().relative_to(
            path.parent.resolve().anchor)
    else:
        folder = path.parent / "__pycache__"
    return folder / _cache_name(path)


def _write(where: Path, stamp: tuple[Any, ...], data: Any) -> None:
    """The cache, written whole or not at all (another process may be writing it too)."""
    part = where.with_name(f"{where.name}.{os.getpid()}.tmp")
    try:
        blob = marshal.dumps((stamp, data))
        where.parent.mkdir(parents=True, exist_ok=True)
        part.write_bytes(blob)
        os.replace(part, where)
    except (OSError, ValueError):  # a read-only install, or data marshal cannot hold
        with contextlib.suppress(OSError):
            part.unlink(missing_ok=True)
