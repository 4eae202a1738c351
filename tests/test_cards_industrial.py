"""IndustrialMechs' Alpha Strike cards against the Master Unit List's (tests/data/megamek/,
INDUSTRIAL_FILES of tests/data/vendor.py; alpha_strike_industrial.tsv).

Nine published cards are reproduced on every field, one for each rule an IM card adds (type
IM, AFC/BFC by the cockpit, EE/FC by the engine, BAR, SEAL with SOA for a non-ICE engine,
CT# from the cargo, ENE when nothing explodes). The rest of the MUL's IM cards disagree with
these and with each other: for each special, a pair of designs that share every fact the rule
reads gets different published specials, so no rule read from the files can give both; mechlab
gives both the same, as MegaMek's converter does (docs/VALUES_DIFFERENCES.md, "IndustrialMech
cards", has the counts and what was checked)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests_support import DATA, MEGAMEK, read_table

from mechlab.assess import assess
from mechlab.cards import as_industrial
from mechlab.cards.alpha_strike import alpha_strike_card
from mechlab.cards.as_constants import constants
from mechlab.cards.as_variants import alpha_strike_rules
from mechlab.cards.export import alpha_strike_data
from mechlab.files.mtf import read_design
from mechlab.model.mech import Mech
from mechlab.model.resolve import resolve

FIELDS = ("pv", "sz", "mv", "tmm", "dmg_s", "dmg_m", "dmg_l", "ov", "armor", "structure",
          "specials")
PUBLISHED = {Path(row["path"]).name: row for row in read_table(DATA /
                                                               "alpha_strike_industrial.tsv")}

# The cards mechlab reproduces field for field, and the rule each one shows.
AGREE = {
    "DemolitionMech WI-DM.mtf": "FC (fuel cell), CT0.5 (half a ton as it is), ENG (wrecking ball)",
    "Jabberwocky EngineerMech JAW-65A.mtf": "SEAL and SOA with a fuel cell",
    "StrongArm SC CV ConstructionMech.mtf": "ENE on an unarmed ICE IndustrialMech",
    "Harvester HVR-199 AgroMech.mtf": "ENE and CT2 on an unarmed AgroMech",
    "Harvester HVR-199M AgroMech MOD.mtf": "AFC: a standard cockpit has advanced fire control",
    "Heavy Forester HFL-1 LoggerMech.mtf": "BAR (commercial armor), ES, SAW, CT4 from two mounts",
    "Daedalus GTX2A Stevedore.mtf": "ENE on an unarmed fusion quad, CT15",
    "Marco MR-6.mtf": "SEAL and SOA with fusion, MHQ4 and RCN from 4 t of communications",
    "Powerman SC XI-M-B LoaderMech MOD.mtf": "CT2 for 2.5 t (above a ton: whole tons, down)",
}


def _mech(name: str) -> Mech:
    assessed = assess(resolve(read_design(MEGAMEK / name)))
    assert assessed.legal and assessed.mech.is_industrial
    return assessed.mech


def _specials(text: str) -> set[str]:
    return {t.strip() for t in text.split(",") if t.strip()}


def _card(name: str) -> dict[str, str]:
    data = alpha_strike_data(alpha_strike_card(_mech(name), PUBLISHED[name]["path"])).model_dump(
        mode="json")
    names = {"dmg_s": "s", "dmg_m": "m", "dmg_l": "l"}
    card = {f: str(data[names.get(f, f)]) for f in FIELDS if f != "specials"}
    return card | {"specials": ",".join(sorted(data["specials"]))}


@pytest.mark.parametrize("name", sorted(AGREE))
def test_an_industrialmechs_card_is_the_published_one(name: str) -> None:
    row = PUBLISHED[name]
    published = {f: row[f] for f in FIELDS} | {
        "specials": ",".join(sorted(_specials(row["specials"])))}
    assert _card(name) == published, AGREE[name]


# (design whose card mechlab matches, design whose card contradicts it, the special mechlab
# gives both, what the second card prints instead, what both files share for that rule)
CONTRADICTED = [
    ("Daedalus GTX2A Stevedore.mtf", "Daedalus GTX2B Navvy.mtf", "ENE", None,
     "same chassis, engine, cockpit and armor, nothing explosive, no weapon; one MUL book"),
    ("Harvester HVR-199 AgroMech.mtf", "Harvester Agromech HVR-99.mtf", "ENE", None,
     "ICE, industrial cockpit, combine, lift hoist and cargo only"),
    ("Harvester HVR-199M AgroMech MOD.mtf", "Demeter WLD-1-M AgroMech MOD.mtf", "AFC", "BFC",
     "a standard cockpit (the file names none: MegaMek's default)"),
    ("Marco MR-8C.mtf", "Marco MR-8E.mtf", "SOA", None,
     "120 fusion, industrial cockpit, environmental sealing in every location"),
    ("Crosscut ED-X1 LoggerMech.mtf", "Marco MR-7.mtf", "CT1", "CT1.5",
     "one 1.5-ton cargo mount"),
]


def _shares(first: Mech, second: Mech, special: str) -> bool:
    """The two designs agree on every fact the rule for `special` reads."""
    one, two = first.design, second.design
    if special == "ENE":  # MegaMek: no item with explosion damage; both unarmed, same engine
        units = [alpha_strike_rules(m.ruleset).alpha_strike_unit(m) for m in (first, second)]
        return (not any(u.explosive or u.weapons for u in units)
                and one.engine.type == two.engine.type and one.cockpit == two.cockpit)
    if special == "SOA":  # MegaMek: sealed, and a fusion, fuel-cell or fission engine
        return (_sealed(first) and _sealed(second)
                and one.engine.type == two.engine.type == "standard")
    if special == "AFC":  # MegaMek: an IndustrialMech with a standard cockpit
        return one.cockpit == two.cockpit == "standard"
    # CT: the cargo the 'Mech carries
    r = constants()
    return as_industrial.cargo_tons(first, r) == as_industrial.cargo_tons(second, r)


def _sealed(mech: Mech) -> bool:
    return bool({m.item.weapon.id for m in mech.mounts} & set(constants().industrial.sealing))


@pytest.mark.parametrize("matched, contradicted, ours, theirs, shared", CONTRADICTED,
                         ids=[f"{c[2]}-{Path(c[1]).stem}" for c in CONTRADICTED])
def test_the_mul_contradicts_itself_and_mechlab_gives_both_the_same(
        matched: str, contradicted: str, ours: str, theirs: str | None, shared: str) -> None:
    assert _shares(_mech(matched), _mech(contradicted), ours.rstrip("0123456789.")), shared
    assert ours in _specials(_card(matched)["specials"])
    assert ours in _specials(_card(contradicted)["specials"])
    assert ours in _specials(PUBLISHED[matched]["specials"])
    assert ours not in _specials(PUBLISHED[contradicted]["specials"])
    if theirs:
        assert theirs in _specials(PUBLISHED[contradicted]["specials"])
