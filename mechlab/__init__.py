"""mechlab: BattleTech 'Mech designs in YAML → legality verdict, record sheets, engine JSON."""

__version__ = "0.1.0"
