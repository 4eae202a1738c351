"""Reading `.mtf` text. The format has no specification; this reads what the MegaMek
corpus contains and rejects anything else with `MtfError` (file, line, what was
expected). Keys are case-insensitive. Refused as bad input, with the line: a key given
twice with different values (both lines named: which one is meant?), a control
character (a NUL, an escape) anywhere, and a slot or weapon line longer than
`MAX_LINE` characters.
"""

from __future__ import annotations

import re
from pathlib import Path

from mechlab.files.mtf.model import (
    ALL_ARMOR_KEYS,
    CONFIG_BLOCKS,
    LOCATION_BLOCKS,
    QUAD_BLOCKS,
    TRIPOD_BLOCKS,
    MtfUnit,
    WeaponLine,
)

BLOCK_NAMES = {name.lower(): name for name, _ in (*LOCATION_BLOCKS, *QUAD_BLOCKS,
                                                  *TRIPOD_BLOCKS)}
# Free-text (fluff) keys: skipped, never imported.
FLUFF_KEYS = frozenset({
    "overview", "capabilities", "deployment", "history", "notes", "manufacturer",
    "primaryfactory", "imagefile", "icon", "fluffimage", "role",
    "clanname", "nocrit", "bv", "omnipod",
})
# Provenance only, never judged: stated twice differently (five MegaMek files do), the
# last one is kept as MegaMek keeps it. Any other key stated twice must agree.
PROVENANCE_KEYS = frozenset({"source"})
# Identity lines a file may repeat, each a fact of its own (MegaMek `MtfFile`).
QUIRK_KEYS = ("quirk", "weaponquirk")
SLOTS_PER_BLOCK = 12
# A slot or weapon line names an item (MegaMek's longest are under 60 characters).
MAX_LINE = 120
# C0 and C1 control characters other than the tab (line ends are split off before).
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f]")
_CONTROL_BETWEEN_LINES = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # not the \n joining
_ARMOR = re.compile(r"^([a-z]{2,3}) armor$")
_WEAPON = re.compile(
    r"^(?:(\d{1,3})\s+)?(.+?),\s*([A-Za-z ]+?)(\s*\(R\))?(?:,\s*Ammo:(\d{1,6}))?\s*$",
    re.IGNORECASE,
)
# Patchwork armor: `LA armor:Reactive(Inner Sphere):26` (refused by the rulesets, but read).
_TYPED_ARMOR = re.compile(r"^(.{1,60}):(\d{1,4})$")


class MtfError(ValueError):
    def __init__(self, source: str, line: int, message: str) -> None:
        super().__init__(f"{source}:{line}: {message}")
        self.source, self.line, self.message = source, line, message


def decode(raw: bytes) -> str:
    """UTF-8 (with or without BOM), else Windows-1252 as older MegaMekLab wrote;
    `UnicodeDecodeError` for bytes that are neither (0x81, 0x8D, 0x8F, 0x90 and 0x9D have
    no Windows-1252 character: they were read as U+FFFD, a name silently changed)."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252")


def read_mtf(path: str | Path) -> MtfUnit:
    path = Path(path)
    return parse_mtf(decode(path.read_bytes()), str(path))


def parse_mtf(text: str, source: str = "<mtf>") -> MtfUnit:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return _Reader(lines, source).read()


class _Reader:
    def __init__(self, lines: list[str], source: str) -> None:
        self.lines, self.source, self.i = lines, source, 0
        self.header: dict[str, str] = {}
        self.armor: dict[str, int] = {}
        self.armor_types: dict[str, str] = {}
        self.weapons: list[WeaponLine] = []
        self.blocks: dict[str, tuple[str, ...]] = {}
        self.systems: list[tuple[str, str, str]] = []
        self.quirks: list[tuple[str, str]] = []
        self.bare: list[str] = []
        self.line_numbers: dict[str, int] = {}
        self.in_fluff = False

    def fail(self, message: str, line: int | None = None) -> MtfError:
        return MtfError(self.source, line if line is not None else self.i, message)

    def read(self) -> MtfUnit:
        # One search of the whole text; line by line only to name the line (issue 31).
        # A printable text (tabs and line ends aside) has no control character: the regex
        # (~30 µs a file) only for a text that is not.
        joined = "\n".join(self.lines)
        clean = (joined.replace("\n", "").replace("\t", "").isprintable()
                 or _CONTROL_BETWEEN_LINES.search(joined) is None)
        for number, line in enumerate(() if clean else self.lines, 1):
            if control := _CONTROL.search(line):
                raise self.fail(f"control character U+{ord(control.group()):04X} at column "
                                f"{control.start() + 1}; a .mtf file is plain text", number)
        lines = self.lines
        while self.i < len(lines):
            raw = lines[self.i].strip()
            self.i += 1
            if raw and raw[0] != "#":
                self._line(raw)
        return self._unit()

    def _line(self, raw: str) -> None:
        if raw[-1] == ":" and (name := raw.lower().rstrip(":")) in BLOCK_NAMES:
            self.in_fluff = False
            self._block(BLOCK_NAMES[name])
            return
        if ":" not in raw:
            if self.in_fluff:
                return  # a fluff paragraph running over several lines
            if len(self.bare) == 2 or self.blocks or self.weapons:
                raise self.fail(f"expected 'Key:value' or a location header, got {_shown(raw)}")
            self.bare.append(raw)  # chassis and model, bare on lines 2 and 3
            return
        key, _, value = raw.partition(":")
        key, value = key.strip().lower(), value.strip()
        self.in_fluff = key in FLUFF_KEYS
        if key.startswith("system"):
            # systemmanufacturer:ENGINE:Magna, or an older systemmanufacturer:Name
            parts = [p.strip() for p in raw.split(":", 2)]
            system, name = (parts[1].upper(), parts[2]) if len(parts) == 3 else ("", parts[1])
            self.systems.append((parts[0].lower(), system, name))
        elif key in QUIRK_KEYS:
            self._bounded(value, f"{key} line")
            self.quirks.append((key, value))
            self.line_numbers.setdefault(key, self.i)
        elif key == "weapons":
            self.line_numbers["weapons"] = self.i
            self._weapons(value)
        elif key.endswith(" armor") and (match := _ARMOR.match(key)):
            self._armor(match.group(1).upper(), value)
        elif key not in FLUFF_KEYS:
            if key in self.header and self.header[key] != value and key not in PROVENANCE_KEYS:
                raise self.fail(f"{_shown(raw.partition(':')[0])} given twice (lines "
                                f"{self.line_numbers[key]} and {self.i}); keep one")
            self.header[key] = value
            self.line_numbers[key] = self.i

    def _armor(self, key: str, value: str) -> None:
        if key not in ALL_ARMOR_KEYS:
            raise self.fail(f"unknown armor location {_shown(key)}")
        if typed := _TYPED_ARMOR.match(value):
            self.armor_types[key], value = typed.group(1).strip(), typed.group(2)
        if not value.isdecimal() or len(value) > 4:
            raise self.fail(f"{key} armor: expected a whole number, got {_shown(value)}")
        self.armor[key] = int(value)

    def _weapons(self, value: str) -> None:
        if not value.isdecimal() or len(value) > 3:
            raise self.fail(f"Weapons: expected a count (at most 999), got {_shown(value)}")
        for _ in range(int(value)):
            if self.i >= len(self.lines) or not self.lines[self.i].strip():
                raise self.fail(f"expected {value} weapon lines 'Name, Location'")
            line = self.lines[self.i].strip()
            self.i += 1
            self._bounded(line, "weapon line")
            match = _WEAPON.match(line)
            if not match:
                raise self.fail(f"expected a weapon line 'Name, Location', got {_shown(line)}")
            count, name, location, rear, ammo = match.groups()
            if location.lower() not in BLOCK_NAMES:
                raise self.fail(f"unknown location {_shown(location)} in weapon line")
            self.weapons.append(WeaponLine(name.strip(), BLOCK_NAMES[location.lower()],
                                           int(count or 1), int(ammo) if ammo else None,
                                           rear=bool(rear)))

    def _block(self, name: str) -> None:
        if name in self.blocks:
            raise self.fail(f"location block {name!r} appears twice")
        slots: list[str] = []
        self.line_numbers[name] = self.i + 1
        # The line index kept local, `self.i` set once at the end (about 350,000 slot
        # lines over the corpus: issue 31) and before any failure, which names it.
        lines, i, end = self.lines, self.i, len(self.lines)
        while i < end and (line := lines[i].strip()):
            if line[-1] == ":" and line.lower().rstrip(":") in BLOCK_NAMES:
                break
            if len(slots) == SLOTS_PER_BLOCK:
                raise self.fail(f"{name}: more than {SLOTS_PER_BLOCK} slot lines", i + 1)
            if len(line) > MAX_LINE:  # named with its own line number
                self.i = i + 1
                self._bounded(line, f"{name} slot line")
            slots.append(line)
            i += 1
        self.i = i
        self.blocks[name] = tuple(slots)

    def _bounded(self, line: str, what: str) -> None:
        if len(line) > MAX_LINE:
            raise self.fail(f"{what} of {len(line):,} characters, more than the {MAX_LINE} "
                            f"an item name takes: {_shown(line, 40)}")
    def _config(self) -> str:
        """A quad says so on its `Config:` line and writes four leg blocks (§10); a tripod
        writes `Config:Tripod` and a `Center Leg:` block (CONFIGURATIONS.md §1.2)."""
        if _is_quad_config(self.header.get("config")) or "Front Left Leg" in self.blocks:
            return "quad"
        config = (self.header.get("config") or "").strip().lower()
        return "tripod" if config.startswith("tripod") or "Center Leg" in self.blocks else "biped"

    def _unit(self) -> MtfUnit:
        version = self.header.pop("version", None)
        if version is None:
            raise self.fail("missing 'Version:' line: is this a MegaMek .mtf file?", 1)
        chassis = self.header.pop("chassis", None) or (self.bare[0] if self.bare else None)
        model = self.header.pop("model", None)
        if model is None:
            model = self.bare[1] if len(self.bare) > 1 else ""
        if not chassis:
            raise self.fail("missing the chassis name (line 2)", 2)
        config = self._config()
        blocks = CONFIG_BLOCKS[config]
        missing = [name for name, _ in blocks if name not in self.blocks]
        stray = [name for name in self.blocks if name not in dict(blocks)]
        if stray:
            raise self.fail(f"location block {stray[0]!r} in a {config}'s file")
        if missing:
            raise self.fail(f"missing location block {missing[0]!r}")
        return MtfUnit(
            version=version,
            chassis=chassis,
            model=model,
            mul_id=self.header.pop("mul id", None),
            header=tuple(self.header.items()),
            armor=tuple((k, self.armor[k]) for k in ALL_ARMOR_KEYS if k in self.armor),
            armor_types=tuple((k, self.armor_types[k]) for k in ALL_ARMOR_KEYS
                              if k in self.armor_types),
            weapons=tuple(self.weapons),
            locations=tuple((name, self.blocks[name]) for name, _ in blocks),
            systems=tuple(self.systems),
            quirks=tuple(self.quirks),
            line_numbers=tuple(self.line_numbers.items()),
        )


def _is_quad_config(config: str | None) -> bool:
    return (config or "").strip().lower().startswith("quad")


def _shown(text: str, limit: int = 60) -> str:
    """An echo of the file's text, clipped: a hostile line gives a short message."""
    return repr(text) if len(text) <= limit else repr(text[: limit - 1] + "…")
