"""Turret-mounted equipment needs the turret that turns it, and no more: the turret items'
rules level (Advanced: Tactical Operations, MegaMek's Quad/Shoulder/Head Turret), not the
armored components' (Experimental). The ruleset that admits a design and the content
level it is told it has were two answers to one question (audit32: the Doom Courser, a
level-3 file for MegaMek, was judged under Experimental while its content level said
Advanced; `import` wrote `ruleset: experimental`, `export` wrote `rules level:4`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests_support import ALL, NO_ALL, run_here

from mechlab.files.load import read_source
from mechlab.model.resolve import resolve
from mechlab.rulesets import get_ruleset
from mechlab.rulesets.content_level import rules_level

DOOM_COURSER = ALL / "Recognition Guide ilClan" / "Vol 22" / "Doom Courser A.mtf"


def _index_level(path: Path) -> str:
    """MegaMek's rules level of a corpus file (INDEX.tsv), an oracle independent of mechlab."""
    relative = path.relative_to(ALL).as_posix()
    for line in (ALL / "INDEX.tsv").read_text(encoding="utf-8").splitlines():
        fields = line.split("\t")
        if fields[0] == relative:
            return fields[6]
    raise LookupError(relative)


@pytest.mark.skipif(not ALL.is_dir(), reason=NO_ALL)
def test_a_quad_turret_design_of_level_3_is_judged_under_the_advanced_rules(
        tmp_path: Path) -> None:
    assert _index_level(DOOM_COURSER) == "3"
    done = run_here("validate", str(DOOM_COURSER), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("legal (Doom Courser A, advanced)")


@pytest.mark.skipif(not ALL.is_dir(), reason=NO_ALL)
def test_the_ruleset_that_judges_a_turret_design_is_its_content_level() -> None:
    """Every corpus file with a turret mount (`(T)`): the least ruleset that admits it is
    the level its content has (the static one, as a file's `rules level:` line states)."""
    files = [path for path in sorted(ALL.rglob("*.mtf"))
             if "(T)" in path.read_text(encoding="utf-8", errors="replace")]
    assert len(files) >= 20  # MegaMek's corpus has 27
    for path in files:
        source = read_source(path)
        mech = resolve(source.design, get_ruleset(source.design.ruleset))
        level = rules_level(mech.design, mech.ruleset, in_year=False).level
        assert level == source.design.ruleset, path.name


def test_the_standard_rules_refuse_a_turret_mount_naming_the_advanced_rules(
        tmp_path: Path) -> None:
    design = tmp_path / "turret.yaml"
    design.write_text("chassis: Test\ntonnage: 50\nwalking_mp: 4\nruleset: standard\n"
                      "equipment:\n- {item: Medium Laser, location: right_torso, "
                      "turret: true}\n", encoding="utf-8")
    done = run_here("validate", str(design), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == (f"mechlab: {design}: R-COMPONENT equipment: needs the Advanced "
                           "rules (level 3): turret-mounted equipment (use ruleset: advanced)\n")
