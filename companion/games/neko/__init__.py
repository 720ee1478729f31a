"""Kyoto no Neko: kitten sheets, skill checks, missions and medals, growth, bike cards."""
