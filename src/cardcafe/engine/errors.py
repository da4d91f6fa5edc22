"""Errors a player or a client can be shown as they are."""

from __future__ import annotations


class GameError(Exception):
    """Anything a player did that the game refuses; the message is for people."""


class IllegalMove(GameError):
    """A well-formed action that the rules do not allow now."""


class BadInput(GameError):
    """Input that is not an action, an option, a record or a data file we understand."""


class OptionError(BadInput):
    """An option value the game cannot take: which option (`option`, its id), and why, in
    words that read after the option's name ("must be 1 to 50, not 100"), so that a lobby or
    a start screen can name the option by its label (`Game.option_error_words`) where a
    command line names it by its id (the message)."""

    def __init__(self, option: str, why: str, game_id: str | None = None) -> None:
        self.option, self.why, self.game_id = option, why, game_id
        of = f" of {game_id}" if game_id else ""
        super().__init__(f"option {option!r}{of} {why}")

    def __reduce__(self) -> tuple[type[OptionError], tuple[str, str, str | None]]:
        # Pickled whole (a simulation's worker sends its error back): the message alone
        # cannot be given back to __init__.
        return OptionError, (self.option, self.why, self.game_id)

    def of(self, game_id: str) -> OptionError:
        """The same error, saying which game's option it is."""
        return self if self.game_id else OptionError(self.option, self.why, game_id)
