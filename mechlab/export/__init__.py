"""Exports of a resolved 'Mech: JSON for game engines (`engine`), its JSON Schema."""
