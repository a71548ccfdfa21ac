"""Numbers about the game: score tables, discard and pegging analysis.

``OPPONENTS`` names the opponent models every analysis accepts; it lives here, apart from
the numpy-heavy modules, so the command line can list them without loading those.
"""

OPPONENTS: tuple[str, ...] = ("random", "weighted")
