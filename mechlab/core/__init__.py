"""The vocabulary every stage shares: locations, exact tons, equipment items, the
Design a user writes, findings and errors. Depends on nothing else in mechlab."""
