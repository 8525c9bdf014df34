"""Work units the settings check reads, declared where nothing heavy is imported.

``Settings.check`` needs them to tell whether ``SUGGEST_MAX_BUDGET`` fits ``MAX_WORK``; the bot
and the work budget import them from here, so ``service.settings`` loads no engine.
"""

from __future__ import annotations

# The most plies one search iteration plays: its way down the tree and the playout. What a
# search of n iterations may cost, reserved from the request's work budget before it starts.
ITERATION_PLIES = 61
# A computed position costs about as much as this many played moves (bench).
POSITION_COST = 25
