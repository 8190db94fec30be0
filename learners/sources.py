"""The five source texts by the names a reader knows them by — the one table every credit on a page uses.

In code and docstrings the sources are "seed 000" … "seed 004" (docs/SOURCES.md explains the numbering);
on a page that reads like the random seed beside it, so every user-facing credit is built here:
``credit("003", "Thm 2.1")`` is "Agarwal's notes, Thm 2.1".  The names follow how docs/SOURCES.md cites
each text: only what our copies print (no year is printed in any of them, so none is given).

>>> credit("003", "Thm 2.1")
"Agarwal's notes, Thm 2.1"
>>> SOURCES["002"].name
'Gottlieb, Kaufman & Kontorovich'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SOURCES_LINK = "docs/SOURCES.md"      # the page that cites each source in full (shown on Home)


@dataclass(frozen=True)
class Source:
    name: str        # how a credit names it: "Agarwal's notes"
    title: str       # the title as our copy prints it


SOURCES = {
    "000": Source("Supeesun & Fakcharoenphol",
                  "A better analysis of a Perceptron-based algorithm for multiclass importance weighted "
                  "online learning"),
    "001": Source("COMS 4771 lecture 8", "Online learning: Weighted Majority and Perceptron"),
    "002": Source("Gottlieb, Kaufman & Kontorovich",
                  "Apportioned Margin Approach for Cost Sensitive Large Margin Classifiers"),
    "003": Source("Agarwal's notes", "Online Classification: Perceptron and Winnow"),
    "004": Source("Madani & Huang", "Large-Scale Many-Class Prediction via Flat Techniques"),
}


_NUMBERED = re.compile(r"\b[Ss]eed (00[0-4])('s)?")


def readable(text: str) -> str:
    """``text`` with every "seed 00N" (a developer's name for a source) replaced by the source's name —
    for text written for developers that a page shows (docs/SOURCES.md, an experiment's notes).

    >>> readable("Table 1 of seed 000; seed 003's Theorem 2.1")
    "Table 1 of Supeesun & Fakcharoenphol; Agarwal's notes' Theorem 2.1"
    """
    def name(match: re.Match) -> str:
        found = SOURCES[match.group(1)].name
        if not match.group(2):
            return found
        return found + ("'" if found.endswith("s") else "'s")
    return _NUMBERED.sub(name, text)


def sources_page() -> str:
    """docs/SOURCES.md from its first source on, as a page shows it: each heading and mention by name."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / SOURCES_LINK).read_text(encoding="utf-8")
    start = text.find("## Seed 000")
    return readable(text[start:] if start >= 0 else text)


def credit(key: str, place: str = "") -> str:
    """``"<source's name>, <place>"`` (or the name alone), e.g. credit("000", "Thm 3").

    Raises ValueError for a key that is not one of the five sources."""
    if key not in SOURCES:
        raise ValueError(f"no source {key!r}; the sources are {', '.join(sorted(SOURCES))}.")
    return f"{SOURCES[key].name}, {place}" if place else SOURCES[key].name
