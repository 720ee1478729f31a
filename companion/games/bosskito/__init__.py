"""Boss Kito: banana cards and tokens, four turns each per round, benefits by colour, majority scoring."""
