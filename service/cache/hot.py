"""Counting the hottest cache keys with bounded memory (a pruned counter)."""

from __future__ import annotations

from collections import Counter


class HotKeys:
    """Counts look-ups per key; keeps at most ``keep * 8`` keys, pruning to the top ``keep``."""

    def __init__(self, keep: int = 20) -> None:
        self.keep = keep
        self.counts: Counter[bytes] = Counter()
        self.labels: dict[bytes, tuple[str, str]] = {}

    def seen(self, key: bytes, game: str, op: str) -> None:
        self.counts[key] += 1
        if key not in self.labels:
            self.labels[key] = (game, op)
            if len(self.labels) > self.keep * 8:
                self._prune()

    def _prune(self) -> None:
        top = dict(self.counts.most_common(self.keep))
        self.counts = Counter(top)
        self.labels = {k: self.labels[k] for k in top}

    def top(self, n: int = 10) -> list[tuple[str, str, str, int]]:
        """(game, op, key prefix, look-ups), hottest first."""
        return [(*self.labels[k], k.hex()[:16], c) for k, c in self.counts.most_common(n)]
