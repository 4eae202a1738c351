"""Unit cards: the Alpha Strike card (the official conversion, RULES.md §6) and the trading-card
game's card (mechlab's own conversion, RULES.md §5)."""
