"""Units by name from MegaMek data folders the user points at (`--megamek-dir DIR` or the
environment variable MECHLAB_MEGAMEK_DIR, several folders separated by the system's path
separator): `mechlab sheet "Atlas AS7-K"` with MegaMekLab installed.

Each folder's index (chassis, model and file of every `.mtf` under it) is cached in the
user's cache folder and rebuilt when the folder changes: a file added, removed, renamed
or edited (its path, size or modification time) gives another fingerprint. A cache that
cannot be read or written is ignored, never an error: the folder is the truth.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from mechlab.files.unit_names import key, unit_keys

ENV = "MECHLAB_MEGAMEK_DIR"
CACHE_ENV = "MECHLAB_CACHE_DIR"
FORMAT = 3
_HEAD_BYTES = 4096  # chassis and model are in a file's first lines


@dataclass(frozen=True)
class MegaMekUnit:
    path: Path
    chassis: str
    model: str
    tonnage: int = 0  # 0: the file's head did not say
    source: str = ""  # its `Source:` line, where the head has one

    @property
    def name(self) -> str:
        return f"{self.chassis} {self.model}".strip()


def configured_dirs() -> list[Path]:
    """The folders MECHLAB_MEGAMEK_DIR names (the `--megamek-dir` option sets it)."""
    text = os.environ.get(ENV, "")
    return [Path(p).expanduser() for p in text.split(os.pathsep) if p.strip()]


def use_dirs(dirs: tuple[str, ...]) -> None:
    """`--megamek-dir DIR …`: these folders first, then those of the environment."""
    if dirs:
        os.environ[ENV] = os.pathsep.join([*dirs, *map(str, configured_dirs())])


def cache_dir() -> Path:
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mechlab"


def _mtf_files(folder: Path) -> list[tuple[str, int, int]]:
    """(path relative to `folder`, size, mtime) of every `.mtf` under it, sorted."""
    found: list[tuple[str, int, int]] = []
    stack = [""]
    while stack:
        relative = stack.pop()
        try:
            entries = list(os.scandir(folder / relative))
        except OSError:
            continue
        for entry in entries:
            name = f"{relative}/{entry.name}" if relative else entry.name
            if entry.is_dir(follow_symlinks=False):
                stack.append(name)
            elif entry.name.lower().endswith(".mtf") and entry.is_file():
                info = entry.stat()
                found.append((name, info.st_size, info.st_mtime_ns))
    return sorted(found)


def fingerprint(files: list[tuple[str, int, int]]) -> str:
    digest = hashlib.sha256()
    for name, size, mtime in files:
        digest.update(f"{name}\0{size}\0{mtime}\n".encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


def names_of(path: Path) -> tuple[str, str, str, str] | None:
    """Chassis, model, mass and source from a file's head (chassis and model on bare
    lines 2-3 or as `chassis:`/`model:`)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(_HEAD_BYTES).decode("utf-8-sig", "replace")
    except OSError:
        return None
    values: dict[str, str] = {}
    bare: list[str] = []
    for raw in head.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, colon, value = line.partition(":")
        if colon:
            values.setdefault(key.strip().lower(), value.strip())
        elif len(bare) < 2:
            bare.append(line)
        if key.strip().lower() == "mass":
            break
    chassis = values.get("chassis") or (bare[0] if bare else "")
    model = values.get("model") or (bare[1] if len(bare) > 1 else "")
    mass = values.get("mass", "")
    if not chassis or "version" not in values:
        return None
    return (chassis, model, mass if mass.isdigit() and len(mass) <= 4 else "0",
            values.get("source", "")[:200])


def index(folder: Path) -> tuple[MegaMekUnit, ...]:
    """Every unit under `folder`, from the cache when the folder has not changed."""
    folder = folder.resolve()
    files = _mtf_files(folder)
    stamp = fingerprint(files)
    cache = cache_dir() / f"megamek-{hashlib.sha256(str(folder).encode()).hexdigest()[:16]}.json"
    rows = _cached(cache, folder, stamp)
    if rows is None:
        rows = [[name, *names] for name, _, _ in files
                if (names := names_of(folder / name)) is not None]
        _save(cache, {"format": FORMAT, "folder": str(folder), "fingerprint": stamp,
                      "units": rows})
    return tuple(MegaMekUnit(folder / rel, chassis, model, int(mass), source)
                 for rel, chassis, model, mass, source in rows)


def _cached(cache: Path, folder: Path, stamp: str) -> list[list[str]] | None:
    try:
        data = json.loads(cache.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if (not isinstance(data, dict) or data.get("format") != FORMAT
            or data.get("folder") != str(folder) or data.get("fingerprint") != stamp):
        return None
    units = data.get("units")
    if not isinstance(units, list) or not all(
            isinstance(r, list) and len(r) == 5 and all(isinstance(x, str) for x in r)
            and r[3].isdigit()
            for r in units):
        return None
    return units


def _save(cache: Path, data: dict[str, object]) -> None:
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        temporary = cache.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(json.dumps(data), encoding="utf-8")
        temporary.replace(cache)
    except OSError:
        return  # a read-only home: the index is rebuilt next time


def all_units() -> list[MegaMekUnit]:
    return [u for folder in configured_dirs() if folder.is_dir() for u in index(folder)]


def find_megamek_unit(name: str) -> MegaMekUnit | None:
    """A unit by full name ("Atlas AS7-K"), model ("AS7-K") or file stem; the first folder
    wins, and within it the shortest path."""
    wanted = key(name)
    if not wanted:
        return None
    for unit in all_units():
        if wanted in unit_keys(unit.chassis, unit.model, unit.path.stem):
            return unit
    return None


def suggest(name: str, limit: int = 3) -> list[str]:
    import difflib

    names = {key(u.name): u.name for u in all_units()}
    return [names[k] for k in difflib.get_close_matches(key(name), list(names), n=limit,
                                                        cutoff=0.6)]
