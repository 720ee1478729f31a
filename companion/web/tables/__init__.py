"""A table's pages and JSON: play and watch, seats, rewind and pause, statistics, QR codes, regions."""
