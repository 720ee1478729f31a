"""The web layer: Flask blueprints that render and route, and never compute a rule, one package a
feature (tables, nights, leagues, groups, live), over http/ (what every request shares) and words/
(each phone's language). docs/architecture.md maps its modules."""
