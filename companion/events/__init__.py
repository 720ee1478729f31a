"""Tournament nights: registration, seating, rounds, standings with tie-breakers (pure logic + service)."""
