"""What the Alpha Strike conversion reads from a 'Mech: a plain record its ruleset builds.

The conversion (ALPHA_STRIKE.md) is one code for every ruleset; what a 'Mech's items are
worth on the card (each weapon's base values, its heat, its damage special, its
ammunition pool) and which equipment specials it earns depend on the construction rules
and the equipment table, so the rules of the 'Mech's ruleset work them out
(`mechlab.cards.as_variants.alpha_strike_rules(ruleset).alpha_strike_unit`) and hand them
over as an `ASUnit`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

Bands = tuple[Fraction, Fraction, Fraction]
NO_DAMAGE: Bands = (Fraction(0), Fraction(0), Fraction(0))


@dataclass(frozen=True)
class ASWeapon:
    """One weapon as ALPHA_STRIKE.md §5 sees it."""

    name: str
    damage: Bands  # §5.2 base S/M/L, the linked Artemis IV/V value where there is one
    heat: Fraction  # §6 step 2: TW heat (Ultra × 2, Rotary × 6)
    rear: bool = False
    plain: Bands | None = None  # §7.2: the value without Artemis (None: same as `damage`)
    kind: str = ""  # §7.2 damage special it feeds: AC, FLK, LRM, SRM, MML, TOR ("" none)
    indirect: bool = False  # §7.2: feeds IF
    artemis: bool = False  # linked Artemis: never counts for LRM / SRM
    tc: bool = False  # §5.3: gets the targeting computer's × 1.1
    one_shot: bool = False  # §5.3: × 0.1, no heat, never in an ammunition pool
    ammo: str | None = None  # §5.3: the ammunition pool it draws on (None: needs none)
    ammo_threshold: int = 10  # §5.3: shots per weapon for full value (Ultra 20, Rotary 60)
    heat_damage: tuple[int, int, int] = (0, 0, 0)  # §7.2 HT: flamers, plasma
    special: str = ""  # §7.1 a special it gives by itself: AMS, TAG, LTAG, SNARC, INARC
    turret: bool = False  # ADVANCED_BV.md §7.1: turret-mounted, also in the TUR block
    aes: bool = False  # ADVANCED_BV.md §7.1: in an arm with an actuator enhancement system

    @property
    def base(self) -> Bands:
        """The value without Artemis (IF, the damage specials, the long heat check)."""
        return self.plain if self.plain is not None else self.damage


@dataclass(frozen=True)
class ASUnit:
    """A 'Mech as ALPHA_STRIKE.md reads it."""

    tonnage: int
    walking_mp: int  # as built (TSM's extra MP never counts)
    jumping_mp: int
    armor_points: Fraction  # §3: every point, weighted by the armor type
    structure_row: str  # §4: the row of the structure table (by engine)
    heat_capacity: int  # §6 step 4: sinks × 1 or × 2, + coolant pods
    weapons: tuple[ASWeapon, ...]
    ammo: tuple[tuple[str, int], ...] = ()  # §5.3: (pool, shots) of every lot
    masc: bool = False
    supercharger: bool = False
    improved_jump_jets: bool = False
    jump_booster_mp: int = 0
    structure_factor: Fraction = Fraction(1)  # §4: reinforced 2, composite ½ (rounded up)
    signature_heat: int = 0  # §6 step 2: stealth armor 10
    targeting_computer: bool = False
    explosive: bool = False  # §7.4: carries something explosive
    clan_case: bool = False  # §7.4: a Clan (or Clan-chassis mixed) design: explosive → CASE
    specials: tuple[str, ...] = ()  # §7.1 equipment specials (ECM, PRB, CASE, MEL, OMNI …)
    mhq: Fraction = Fraction(0)  # §7.1 MHQ: C3S 1, C3I 2.5, C3M 5, comms tons …
    unit_type: str = "BM"  # the card's type: BM, IM (an IndustrialMech)
    run_heat: int | None = None  # §6 step 2: movement heat when running (None: the table's)
    # ADVANCED_BV.md §7.2: [heat per jumping MP, least heat] (None: the table's rule).
    jump_heat: tuple[Fraction, int] | None = None
    # lane lam: a LAM's other moves, (value, code): `g` inches, `a` thrust (as_land_air).
    air_moves: tuple[tuple[int, str], ...] = ()
    walk_penalty: int = 0  # ADVANCED_BV.md §6: MP lost after MASC (hardened armor, modular 1)
    umu_mp: int = 0  # ALPHA_STRIKE.md §2 step 3: UMU MP, its own `s` mode
    move_code: str = ""  # ADVANCED_BV.md §6: the ground mode's letters (QuadVee `qt`, `qw`)
    turret_specials: tuple[str, ...] = ()  # the TUR block's TAG, TSEMP (once per mount)
