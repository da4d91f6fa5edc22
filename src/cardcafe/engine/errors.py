"""Errors a player or a client can be shown as they are."""


class GameError(Exception):
    """Anything a player did that the game refuses; the message is for people."""


class IllegalMove(GameError):
    """A well-formed action that the rules do not allow now."""


class BadInput(GameError):
    """Input that is not an action, an option, a record or a data file we understand."""
