"""Plays a short Mixtour game, shows a refused move, and verifies the game by its record.

python examples/play_mixtour.py [BASE_URL]     (default: $REGELWERK_URL or :8000)
"""

from __future__ import annotations

import os
import sys

from regelwerk_client import MoveEntry, MoveRejected, Regelwerk, TransportError


def main(base_url: str) -> None:
    with Regelwerk(base_url, timeout=5.0) as rw:
        pos = rw.new_game("mixtour", options={"pointsToWin": 1})
        record: list[MoveEntry] = []
        while pos["status"] == "ongoing":
            moves = rw.legal_moves("mixtour", pos["state"])["moves"]
            # A simple bot: move the tallest stack it can, else place.
            choice = max(moves, key=lambda m: int(m["move"].get("count", 0)))
            pos = rw.play("mixtour", pos["state"], choice["move"])  # the move document
            record.append(choice["notation"])
        print(f"{len(record)} plies: {' '.join(str(m) for m in record)}")
        print(f"winners {pos['winners']}, scores {pos['scores']}")

        try:
            rw.play("mixtour", pos["state"], "a1")
        except MoveRejected as refused:
            print(f"refused: {refused.code} ({refused.reason}) at ply {refused.ply}")

        replayed = rw.replay("mixtour", record, options={"pointsToWin": 1})
        assert replayed["state"] == pos["state"], "the record replays to the same state"
        print(f"verified by replay: {replayed['plies']} plies, winners {replayed['winners']}")

        with open("mixtour.svg", "w", encoding="utf-8") as svg:
            svg.write(rw.render("mixtour", pos["state"]))


if __name__ == "__main__":
    url = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("REGELWERK_URL", "")
    try:
        main(url or "http://127.0.0.1:8000")
    except TransportError as failure:
        sys.exit(f"no Regelwerk service answered: {failure}")
