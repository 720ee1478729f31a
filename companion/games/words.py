"""Words every engine's sentences share: a count with its noun in the right number, a list read
as a person says it. One place, so "1 bells" or "on blue and blue" cannot come back in one game."""
from __future__ import annotations


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """`n` and its noun, singular for exactly one: "1 card", "0 cards", "3 copies"."""
    return f"{n} {number(n, noun, plural)}"


def number(n: int, noun: str, plural: str | None = None) -> str:
    """The noun in the number `n` asks for: "card" for 1, "cards" otherwise."""
    return noun if n == 1 else plural or noun + "s"


def listed(words: list[str]) -> str:
    """Words as a sentence lists them: "red", "red and blue", "red, blue and green"."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]
