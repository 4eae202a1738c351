"""What a resolved 'Mech is worth: Battle Value, cost and their explanations."""
