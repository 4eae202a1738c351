"""A 'Mech → the MegaMek unit that states it (`mechlab export X.yaml --to mtf`): one
writer for every ruleset; the design's ruleset states its `rules level:` line
(`Ruleset.ladder_level`), the header states every component's type and tech.

Every slot is written where the resolved 'Mech has it, with the spelling that reads back
to the same item on this 'Mech's tech base (a corpus spelling first, then MegaMek's
internal name, then mechlab's name and id), so that mechlab's reader gives back the same
design (tests/test_mtf_standard_export.py) and MegaMek reads what it wrote.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from mechlab.core.equipment import ItemKind
from mechlab.core.locations import Location
from mechlab.files.mtf.model import (
    CONFIG_ARMOR_LOCATIONS,
    CONFIG_BLOCKS,
    MtfUnit,
    WeaponLine,
)
from mechlab.files.mtf.names import EMPTY
from mechlab.files.mtf.parse import SLOTS_PER_BLOCK
from mechlab.files.mtf.patchwork import location_type_texts, slot_type
from mechlab.files.mtf.spellings import MOTIVE_TEXT, header_lines, spread_crit, tech_of
from mechlab.model.mech import Mech, MountedItem, SlotKind
from mechlab.rulesets import catalogue_ruleset

_SPREAD = ("structure", "armor", "myomer")


def mtf_from_mech(mech: Mech) -> MtfUnit:
    design = mech.design
    config = str(getattr(design.config, "value", design.config))
    blocks = CONFIG_BLOCKS[config]
    block_of = {Location(loc): block for block, loc in blocks}
    # ADVANCED_EQUIPMENT.md §4.3: `Jump MP:` states a mechanical jump booster's MP (its size)
    # where it is more than the jets'.
    jump = max(mech.jumping_mp, mech.ruleset.jump_booster_mp(m.item for m in mech.mounts))
    header = header_lines(design, mech.engine_rating, mech.walking_mp, jump,
                          mech.ruleset.ladder_level or 1,
                          mech.ruleset.is_large_engine(mech.engine_rating))
    header = _with_motive(header, mech)
    spelling = _Spelling(mech)
    weapons = tuple(WeaponLine(spelling.of(m), block_of[m.location], rear=m.rear)
                    for m in _first_slots(mech) if m.item.kind is ItemKind.WEAPON)
    return mtf_unit(mech, header, CONFIG_ARMOR_LOCATIONS[config], weapons,
                    blocks, spelling.slot_line)


def _with_motive(header: list[tuple[str, str]], mech: Mech) -> list[tuple[str, str]]:
    """A QuadVee's `Motive:` line after `Myomer:`, as MegaMek writes it: the motive item in
    its legs (tracks or QuadVee wheels) says which; MegaMek reads the line, not the item."""
    ids = {m.item.weapon.id for m in mech.mounts}
    motive = next((text for item, text in MOTIVE_TEXT.items() if item in ids), None)
    if motive is None:
        return header
    at = next((i + 1 for i, (key, _) in enumerate(header) if key == "myomer"), len(header))
    return [*header[:at], ("motive", motive), *header[at:]]


def mtf_unit(mech: Mech, header: list[tuple[str, str]],
             armor_keys: Mapping[str, tuple[str, bool]], weapons: tuple[WeaponLine, ...],
             blocks: tuple[tuple[str, str], ...], item_line: Callable[[MountedItem], str]
             ) -> MtfUnit:
    """The unit both exporters write: the header and weapons as given; the armor of each
    of `armor_keys` (MegaMek's key → location, rear); each block's slots, an item's line
    as `item_line` spells it; the design's names and its engine maker as MegaMek's system
    lines."""
    design = mech.design
    armor = tuple((key, mech.armor_rear(Location(loc)) if rear
                   else mech.armor_front(Location(loc))) for key, (loc, rear) in armor_keys.items())
    locations = tuple((block, _lines(mech, Location(loc), item_line)) for block, loc in blocks)
    systems: tuple[tuple[str, str, str], ...] = ()
    if design.engine_maker:
        systems = (("systemmanufacturer", "ENGINE", design.engine_maker),
                   ("systemmode", "ENGINE", str(mech.engine_rating)))
    return MtfUnit(version="1.0", chassis=design.chassis, model=design.model,
                   mul_id=None if design.mul_id is None else str(design.mul_id),
                   header=tuple(header), armor=armor, weapons=weapons, locations=locations,
                   armor_types=location_type_texts(design, armor_keys, tech_of(design, None)),
                   systems=systems, quirks=quirk_lines(design))


def quirk_lines(design: Any) -> tuple[tuple[str, str], ...]:
    """MegaMek's `quirk:` and `weaponquirk:` lines of the design's quirks (its slot index
    is 0-based, the design's 1-based)."""
    lines = [("quirk", name) for name in design.quirks]
    lines += [("weaponquirk", f"{q.quirk}:{q.location.abbreviation}:{q.slot - 1}:{q.weapon}")
              for q in design.weapon_quirks]
    return tuple(lines)


def _first_slots(mech: Mech) -> list[MountedItem]:
    """Each mounted item once, where its first slot is, in slot order."""
    seen: set[int] = set()
    mounts = []
    for location in mech.locations:
        for slot in mech.critical_slots[location]:
            if slot.mount is not None and slot.mount.id not in seen:
                seen.add(slot.mount.id)
                mounts.append(slot.mount)
    return mounts


def _lines(mech: Mech, location: Location, item_line: Callable[[MountedItem], str]
           ) -> tuple[str, ...]:
    lines = []
    for slot in mech.critical_slots[location]:
        if slot.kind is SlotKind.EMPTY:
            lines.append(EMPTY)
        elif slot.mount is None:
            # ADVANCED_COMPONENTS.md §5: MegaMek marks an armored system slot `(armored)`.
            lines.append(slot.name + (ARMORED_MARK if slot.armored else ""))
        else:
            lines.append(item_line(slot.mount) + "".join(
                # CONFIGURATIONS.md §1.3: a superheavy's second item in the slot, `A|B`.
                "|" + item_line(m) for m in mech.mounts
                if m.shared_slot == slot.index and m.location is location))
    # MegaMek writes twelve lines for every location, padding heads and legs.
    return tuple(lines + [EMPTY] * (SLOTS_PER_BLOCK - len(lines)))


ARMORED_MARK = " (armored)"


def placement_marks(mount: MountedItem) -> str:
    """The suffixes of a slot line that say where the item faces, whether it is split and
    whether it rides its location's turret (MegaMek's `(T)`, before `(OMNIPOD)`)."""
    text = " (R)" if mount.rear else ""
    if mount.item.kind is ItemKind.WEAPON and len(mount.locations) > 1:
        text += " (Split)"
    if mount.turret:
        text += " (T)"
    return text


class _Spelling:
    """The crit name of each item, chosen once per item."""

    def __init__(self, mech: Mech) -> None:
        self.mech = mech
        self.design = mech.design
        # The catalogue's spellings: every item has its MegaMek names there, whichever
        # ruleset's table the design was resolved with.
        self.catalog = catalogue_ruleset().catalog
        self.tech_base = str(getattr(self.design.tech_base, "value", self.design.tech_base))
        self.names: dict[str, str] = {}

    def _row(self, mount: MountedItem) -> Any:
        """The catalogue row of the mount: by its id where it has one (an IS item on a Clan
        'Mech, MegaMek's `ISAES` on the Sojourner, keeps its row), else by its name."""
        item_id = mount.item.weapon.id
        if item_id:
            try:
                return self.catalog.lookup(item_id, self.tech_base).weapon
            except ValueError:
                pass
        return self.catalog.lookup(mount.item.name, self.tech_base).weapon

    def of(self, mount: MountedItem) -> str:
        weapon = self._row(mount)
        if weapon.id not in self.names:
            self.names[weapon.id] = next(
                (n for n in (*weapon.mtf_names, weapon.mm_name, weapon.name)
                 if n and self._reads_back(n, weapon.id)), weapon.id)
        return self.names[weapon.id]

    def _reads_back(self, name: str, item_id: str) -> bool:
        try:
            return bool(self.catalog.lookup(name, self.tech_base).weapon.id == item_id)
        except ValueError:
            return False

    def slot_line(self, mount: MountedItem) -> str:
        if mount.path in _SPREAD:
            component = (slot_type(self.design, mount.location) if mount.path == "armor"
                         else getattr(self.design, mount.path))
            return spread_crit(mount.path, str(component.type), tech_of(self.design, component))
        text = self.of(mount)
        entry = self._entry(mount)
        if entry is not None and getattr(entry, "size", None) is not None:
            # the size once, in MegaMek's `:SIZE:` form, after a name that states none
            weapon = self._row(mount)
            text = next((n for n in (weapon.mm_name, weapon.name)
                         if n and self._reads_back(n, weapon.id)), text)
            text += f":SIZE:{entry.size}"
        text += placement_marks(mount)
        if getattr(mount, "pod", False):
            text += " (OMNIPOD)"
        if mount.armored:  # last, as MegaMek writes it (`Coolant Pod (OMNIPOD) (ARMORED)`)
            text += ARMORED_MARK
        return text

    def _entry(self, mount: MountedItem) -> Any:
        if not mount.path.startswith("equipment["):
            return None
        index = int(mount.path[len("equipment["):].split("]")[0])
        return self.design.equipment[index]
