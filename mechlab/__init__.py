"""mechlab: BattleTech 'Mech designs in YAML → legality verdict, record sheets, engine JSON."""

__version__ = "0.1.0"

# Before any of mechlab's dataclasses is defined: their methods other than __init__ are
# compiled on first call (issue 31: a sixth of a command's start-up; the adapter's
# docstring says why and where).
from mechlab.core import dataclass_methods

dataclass_methods.install()
