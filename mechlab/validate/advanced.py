"""The Advanced and Experimental construction rules (ADVANCED_COMPONENTS.md; docs/advanced.md):
what the components of Tactical Operations and Interstellar Operations add to the Standard
rules. Facts are the rulesets' tables (advanced.yaml, experimental.yaml)."""

from __future__ import annotations

from collections.abc import Iterator

from mechlab.core.findings import Finding, error
from mechlab.model.mech import Mech
from mechlab.validate.standard import _std as standard_ruleset


def gyro_none_needs_interface_cockpit(mech: Mech) -> Iterator[Finding]:
    """E-GYRO-NONE: a 'Mech without a gyro has an interface cockpit.

    ADVANCED_COMPONENTS.md §3 (MegaMek's TestMek: "Missing Gyro!" for every cockpit but the
    interface cockpit): `gyro: none` is legal only with a cockpit that works without a gyro
    (experimental.yaml `gyroless`). Path: `gyro`."""
    ruleset, design = standard_ruleset(mech), mech.design
    gyro, cockpit = ruleset.gyro_type(design), ruleset.cockpit_type(design)
    if gyro is None or not gyro.gyroless or cockpit is None or cockpit.gyroless:
        return
    yield error("E-GYRO-NONE", "gyro",
                f"no gyro with a {cockpit.title.lower()} cockpit; only an interface cockpit "
                "works without one", expected="a gyro, or an interface cockpit",
                actual=f"gyro: {design.gyro}",
                hint="choose a gyro (standard, xl, compact, heavy_duty) or cockpit: interface")
