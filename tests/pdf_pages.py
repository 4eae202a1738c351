"""Decoded page content streams of a PDF, in page order: enough of a PDF reader to
compare what two files draw, read through the xref table (no PDF library needed)."""

from __future__ import annotations

import base64
import re
import zlib


def _objects(pdf: bytes) -> dict[int, bytes]:
    """Object number → its bytes, from the classic xref table that ReportLab writes."""
    start = int(pdf[pdf.rindex(b"startxref") + len(b"startxref"):].split()[0])
    lines = pdf[start:].split(b"\n")
    assert lines[0].strip() == b"xref", "no classic xref table"
    count = int(lines[1].split()[1])
    offsets = {n: int(lines[2 + n][:10]) for n in range(1, count)}
    # Each object runs to the next one (or to the xref table): slices, not the whole
    # rest of the file per object (that copying made reading a 293-page file quadratic).
    ends = dict(zip(sorted(offsets.values()), [*sorted(offsets.values())[1:], start],
                    strict=True))
    return {n: pdf[offset:ends[offset]] for n, offset in offsets.items()}


def _ref(text: bytes, key: bytes) -> int:
    match = re.search(rb"/" + key + rb" (\d+) 0 R", text)
    assert match, f"/{key.decode()} missing"
    return int(match[1])


def _stream(obj: bytes) -> bytes:
    head, _, rest = obj.partition(b"stream\n")
    stated = re.search(rb"/Length (\d+)", head)
    assert stated is not None, f"a stream without its /Length: {head[-80:]!r}"
    length = int(stated[1])
    data = rest[:length]
    filters = re.search(rb"/Filter \[([^\]]*)\]", head)
    for name in (filters[1].split() if filters else []):
        if name == b"/ASCII85Decode":
            data = base64.a85decode(data.replace(b"\n", b"").removesuffix(b"~>"))
        elif name == b"/FlateDecode":
            data = zlib.decompress(data)
        else:
            raise AssertionError(f"unexpected filter {name!r}")
    return data


def filters(pdf: bytes) -> set[bytes]:
    """Every stream filter the file uses."""
    return set(re.findall(rb"/(ASCII85Decode|FlateDecode)", pdf))


def page_contents(pdf: bytes) -> list[bytes]:
    """What each page draws: its decoded content stream, in page order."""
    objects = _objects(pdf)
    trailer = pdf[pdf.rindex(b"trailer"):]
    catalog = objects[_ref(trailer, b"Root")]
    tree = objects[_ref(catalog, b"Pages")]
    listed = re.search(rb"/Kids \[([^\]]*)\]", tree)
    assert listed is not None, f"a page tree without /Kids: {tree[:80]!r}"
    kids = listed[1]
    pages = [int(n) for n in re.findall(rb"(\d+) 0 R", kids)]
    return [_stream(objects[_ref(objects[n].split(b"endobj")[0], b"Contents")])
            for n in pages]
