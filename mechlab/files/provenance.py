"""Whether a file is mechlab's own output, told by its content (the output policy of
`files/output.py` replaces such a file without --force; anything else is the user's):

- a PDF whose last `/Producer` is `(mechlab)`;
- an HTML page with `<meta name="generator" content="mechlab">` (or the `MechlabVera`
  font face that pages of earlier versions declare first);
- a JSON file whose `format` is `mechlab-…` (engine JSON, cards), a JSON Schema whose
  `$id` is mechlab's, or a `check --json` report;
- a MegaMek unit list (`.mul`) whose comment says `written by mechlab` (force/mul.py);
- a MakaMek package (`.mmux`, a zip) whose manifest's author is mechlab (export/mmux.py).

A new output format adds its mark here (docs/architecture.md, "An output format").
"""

from __future__ import annotations

import json
import mmap
import os
import re
import stat
from pathlib import Path
from typing import BinaryIO

_PDF_PRODUCER = re.compile(rb"/Producer \(([^)]*)\)")
_HTML_MARKS = (b'<meta name="generator" content="mechlab">',
               b'@font-face { font-family: "MechlabVera";')  # pages of earlier versions
_SCHEMA_ID = "https://mechlab.invalid/schema/"
_CHECK_KEYS = frozenset({"counts", "codes", "results"})
_MUL_MARK = b"<!-- written by mechlab:"
_MMUX_MARK = b'"author": "mechlab'
_MAX_JSON = 64_000_000  # a larger JSON file is not read to be recognised: --force


def written_by_mechlab(path: Path) -> bool:
    """Whether `path` is a regular file that mechlab wrote as an output (its content says
    so). Anything unreadable or unrecognised is the user's."""
    try:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size == 0:
            return False
        with open(path, "rb") as handle:
            head = handle.read(4096)
            if head.startswith(b"%PDF-"):
                return _pdf_by_mechlab(handle)
            if head.startswith(b"<?xml") and _MUL_MARK in head:
                return True
            if head.startswith(b"PK\x03\x04"):
                return info.st_size <= _MAX_JSON and _mmux_by_mechlab(path)
            if head.lstrip().startswith(b"{"):
                return info.st_size <= _MAX_JSON and _json_by_mechlab(head + handle.read())
            return head.lstrip().lower().startswith(b"<!doctype html") and any(
                mark in head for mark in _HTML_MARKS)
    except OSError:
        return False


def _pdf_by_mechlab(handle: BinaryIO) -> bool:
    """The last /Producer in the file is mechlab: a PDF another program saved again (an
    incremental update appends its own Info) is no longer mechlab's."""
    with mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as data:
        at = data.rfind(b"/Producer (")
        if at < 0:
            return False
        match = _PDF_PRODUCER.match(data[at:at + 200])
    return match is not None and match.group(1) == b"mechlab"


def _mmux_by_mechlab(path: Path) -> bool:
    import zipfile

    try:
        with zipfile.ZipFile(path) as package:
            info = package.getinfo("manifest.json")
            if info.file_size > 4096:
                return False
            return _MMUX_MARK in package.read(info)
    except (OSError, KeyError, zipfile.BadZipFile, RuntimeError):
        return False


def _json_by_mechlab(raw: bytes) -> bool:
    try:
        data = json.loads(raw)
    except ValueError:
        return False
    if not isinstance(data, dict):
        return False
    mark = data.get("format")
    if isinstance(mark, str) and mark.startswith("mechlab-"):  # engine JSON, cards
        return True
    ident = data.get("$id")
    if isinstance(ident, str) and ident.startswith(_SCHEMA_ID):  # `mechlab schema`
        return True
    return set(data) == _CHECK_KEYS and isinstance(data["counts"], dict) and \
        "unreadable" in data["counts"]  # `mechlab check --json`
