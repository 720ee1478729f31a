"""The web layer: Flask blueprints that render and route, and never compute a rule; a package a
feature over http/ (what every request shares) and words/ (each phone's language)."""
