"""Many games: backends that play them (this process, local processes, Ray) and the
round-robin tournament. ``manastack.simulate`` is the two-deck run."""
