"""Users' files: design formats in and out (YAML, MegaMek .mtf), the bundled library,
and the output policy every command writes through."""
