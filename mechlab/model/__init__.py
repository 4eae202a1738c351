"""Design → Mech: resolving a design under its ruleset into everything derived."""
