"""Te-Trix: placement generation for one player on mid-game sheets (rounds 5-9, 7 × 7)."""

from __future__ import annotations

from service.games.te_trix import ENGINE

from .common import best_of, playout_positions, rate


def run(quick: bool = False) -> None:
    positions = playout_positions(
        ENGINE,
        100 if quick else 1000,
        seed=4,
        players=3,
        keep=lambda s: s.phase == "place" and 5 <= s.round <= 9,
    )
    asks = [(s, ENGINE.to_move(s)[0]) for s in positions]
    seconds = best_of(lambda: [ENGINE.legal_moves(s, p) for s, p in asks])
    placements = sum(len(ENGINE.legal_moves(s, p)) for s, p in asks)
    filled = sum(
        sum(c != "." for c in ENGINE.encode(s)["sheets"][p] if isinstance(c, str))
        for s, p in asks[:1]
    )
    print(rate(f"placements, {len(asks)} mid-game sheets", len(asks), seconds, "sheets/s"))
    print(f"{'  average placements per sheet':<48} {placements / len(asks):>12.1f}")
    del filled
    rolls = playout_positions(
        ENGINE, 100 if quick else 500, seed=5, players=2, keep=lambda s: s.phase == "arrange"
    )
    seconds = best_of(lambda: [ENGINE.legal_moves(s) for s in rolls])
    print(rate(f"roller arrangements, {len(rolls)} rolls", len(rolls), seconds, "rolls/s"))
    entries(quick)


def entries(quick: bool = False) -> None:
    """A legal-moves answer's entries made afresh (``Game.offered`` when nothing is kept yet):
    with the document's cells copied (``move_document``, as before issue 26's sixth session)
    and shared with the engine's tables (``kept_document``, as a kept entry is made now)."""
    for players, options in ((2, None), (4, {"size": 9})):
        states = playout_positions(
            ENGINE, 20 if quick else 60, 7, players, options, keep=lambda s: s.phase == "place"
        )
        asks = [(s, move) for s in states for move in ENGINE.legal_moves(s, ENGINE.to_move(s)[0])]
        made = {
            "copied": ENGINE.move_document,
            "shared": ENGINE.rules.kept_document,
        }
        took = {
            name: best_of(
                lambda document=document, asks=asks: [
                    ENGINE._offer(s, move, document(s, move)) for s, move in asks
                ]
            )
            for name, document in made.items()
        }
        size = "7x7" if options is None else "9x9"
        for name, seconds in took.items():
            label = f"entries made, {players}p {size}, cells {name}"
            print(rate(label, len(asks), seconds, "entries/s"))
        print(f"{'  shared / copied':<48} {took['shared'] / took['copied']:>12.2f}×")
