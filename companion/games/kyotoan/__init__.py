"""Last Kyotoan Standing: a King of Tokyo edition set in Kyoto."""
