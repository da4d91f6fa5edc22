"""Monster Rejects actions: each is one small step of a turn (see state.py for the phases).

Their str() shows card ids and is for debugging; players read `state.describe(action)`."""

from __future__ import annotations

from dataclasses import dataclass

from cardcafe.engine import Action

from .cards import ALL_CARDS, CHAOS, ITEMS, MAX_PLAYERS, REALM_CARDS


@dataclass(frozen=True, slots=True)
class PlayChaos(Action):
    """Play a Chaos card from your hand (only at the beginning of your turn)."""

    kind = "play-chaos"
    card: str

    def __str__(self) -> str:
        return f"play the Chaos card {self.card}"


@dataclass(frozen=True, slots=True)
class PlayRealm(Action):
    """Play one Realm card to the pile (repeat for more cards of the same value)."""

    kind = "play-realm"
    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class PlayItem(Action):
    """Battle Pack: play an item with the Realm cards you are about to play."""

    kind = "play-item"
    card: str

    def __str__(self) -> str:
        return f"play the item {self.card}"


@dataclass(frozen=True, slots=True)
class EndPlay(Action):
    """Stop adding cards to this play: your turn ends."""

    kind = "end-play"

    def __str__(self) -> str:
        return "end your play"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    kind = "draw"

    def __str__(self) -> str:
        return "draw a card"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Target(Action):
    """The Cosby: the player whose highest Realm card you take."""

    kind = "target"
    seat: int

    def __str__(self) -> str:
        return f"target player {self.seat + 1}"


@dataclass(frozen=True, slots=True)
class GiveBack(Action):
    """The Cosby: the card you give back (any card of your hand)."""

    kind = "give-back"
    card: str

    def __str__(self) -> str:
        return f"give back {self.card}"


@dataclass(frozen=True, slots=True)
class Hide(Action):
    """Put a card face down: under Smuggle A Mexican, or as the Illusionist's card."""

    kind = "hide"
    card: str

    def __str__(self) -> str:
        return f"put {self.card} face down"


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """The Illusionist: say which Realm card your face-down card is (true or not)."""

    kind = "declare"
    card: str

    def __str__(self) -> str:
        return f"declare it is {self.card}"


@dataclass(frozen=True, slots=True)
class Accept(Action):
    kind = "accept"

    def __str__(self) -> str:
        return "accept the face-down card as declared"


@dataclass(frozen=True, slots=True)
class Call(Action):
    kind = "call"

    def __str__(self) -> str:
        return "call the bluff: turn the face-down card over"


# Every action built once, in the order of the game's action space (which holds these very
# objects): legal moves are picked from here, not constructed, and `apply` finds the one played
# by identity.
PLAY_CHAOS = {card: PlayChaos(card) for card in CHAOS}
PLAY_REALM = {card: PlayRealm(card) for card in REALM_CARDS}
PLAY_ITEM = {card: PlayItem(card) for card in ITEMS}
END_PLAY, DRAW, PASS, ACCEPT, CALL = EndPlay(), Draw(), Pass(), Accept(), Call()
TARGET = tuple(Target(seat) for seat in range(MAX_PLAYERS))
GIVE_BACK = {card: GiveBack(card) for card in ALL_CARDS}
HIDE = {card: Hide(card) for card in ALL_CARDS}
DECLARE = {card: Declare(card) for card in REALM_CARDS}
ALL_ACTIONS: tuple[Action, ...] = (
    *PLAY_CHAOS.values(),
    *PLAY_REALM.values(),
    *PLAY_ITEM.values(),
    END_PLAY,
    DRAW,
    PASS,
    ACCEPT,
    CALL,
    *TARGET,
    *GIVE_BACK.values(),
    *HIDE.values(),
    *DECLARE.values(),
)
