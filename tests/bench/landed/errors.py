"""The engine's error family. Every error is a ``ValueError`` so callers can catch one type."""


class IllegalAction(ValueError):
    """An action that is not in ``legal_actions()`` right now (GEN-5).

    The message names the action and the reason, e.g. ``"place B3 2: seat 2's pile top is 5"``.
    The game state is left exactly as it was.
    """


class MalformedAction(IllegalAction):
    """An action string that is not in the game's notation at all (e.g. ``"ask 1 10"``)."""


class InvalidOption(ValueError):
    """An unknown game name, a player count out of range, an unknown option or a bad value."""


class InvalidDeck(ValueError):
    """A stacked deck (GEN-2) that is not a permutation of the game's deck."""


class InvalidSave(ValueError):
    """A save text that is malformed, truncated, from an unknown version or inconsistent."""
