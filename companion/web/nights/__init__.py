"""Tournament nights: the desk's and the players' pages and JSON, and a night on a player's phone."""
