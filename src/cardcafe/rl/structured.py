"""Structured observations: a fixed layout of named, seat-relative, normalised features per game.

Made from one seat's view (`state.view(seat)`) alone, like the hashed encoding, so it holds
nothing the rules hide from that seat. Unlike it, every feature has a name and a place:

- **seat-relative**: every per-seat feature lists the observing seat first, then the seats
  after it in turn order, padded with zeros up to the game's most players, so a policy learnt in
  one seat reads the same in any other;
- **normalised**: every value is divided by a scale fitted to the game (a count of cards by the
  copies of that card, a score by the game's usual range) and clipped to [-1, 1];
- **card bags**: a zone (a hand, a mat, a pile) is a count per card of the game's catalogue (the
  order of `Game.catalogue()["cards"]`), so "two Florists on my mat" is one number.

`encoder_for(game_id)` gives a game's encoder; `layout(game_id)` lists its fields with their
offsets (docs/rl.md shows them). A game without a layout here falls back to the hashed one.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cardcafe import games
from cardcafe.engine import BadInput


@dataclass(frozen=True)
class Field:
    """One named block of the observation: `size(vocab, seats)` numbers from a view."""

    name: str
    kind: str  # number, counts, seats, cards, seat_cards, seat_ref, bucket, index
    get: Callable[[dict[str, Any]], Any]
    scale: float = 1.0
    buckets: int = 0
    meaning: str = ""
    keys: tuple[str, ...] = ()  # counts: the named amounts, in this order

    def size(self, vocab: int, seats: int) -> int:
        return {
            "number": 1,
            "counts": len(self.keys),
            "seats": seats,
            "cards": vocab,
            "seat_cards": seats * vocab,
            "seat_ref": seats + 1,
            "bucket": self.buckets,
            "index": self.buckets,
        }[self.kind]


def _card_ids(value: Any, vocab: dict[str, int], out: list[int]) -> None:
    """Every catalogue card id anywhere in `value` (a card, a list, a dict of counts...)."""
    if isinstance(value, str):
        if value in vocab:
            out.append(vocab[value])
    elif isinstance(value, dict):
        for key, inner in value.items():
            if key in vocab and isinstance(inner, int) and not isinstance(inner, bool):
                out.extend([vocab[key]] * inner)  # a bag written {card: count}
            else:
                _card_ids(inner, vocab, out)
    elif isinstance(value, (list, tuple)):
        for inner in value:
            _card_ids(inner, vocab, out)


def _relative(values: list[Any], seat: int) -> list[Any]:
    n = len(values)
    return [values[(seat + i) % n] for i in range(n)]


@dataclass
class StructuredEncoder:
    """The encoder of one game: `encoder(view) -> float32[size]`."""

    game_id: str
    fields: list[Field]
    vocab_list: list[str] = field(default_factory=list)

    def __post_init__(self):
        game = games.get(self.game_id)
        if not self.vocab_list:
            self.vocab_list = list(game.catalogue()["cards"])
        self.vocab = {card: i for i, card in enumerate(self.vocab_list)}
        self.seats = game.players.stop - 1  # the most players: one size for every table
        # The phase one-hot in the catalogue's order: a hash of 16 buckets put four of Monster's
        # Coffee's five phases of a 2-player game in one bucket. The hash stays for a game
        # with no phases in its catalogue, or more than the field holds.
        phases = list((game.catalogue().get("phases") or {}).values())
        phase = next((f for f in self.fields if f.kind == "bucket"), None)
        fits = phase is not None and len(phases) <= phase.buckets
        self.phases = {name: i for i, name in enumerate(phases)} if fits else {}

    def size(self, players: int | None = None) -> int:
        """The length of the vector (the same at every table size of the game)."""
        return sum(f.size(len(self.vocab), self.seats) for f in self.fields)

    def layout(self) -> list[dict[str, Any]]:
        """Each field's name, offset, size and meaning, in order."""
        out, offset = [], 0
        for f in self.fields:
            size = f.size(len(self.vocab), self.seats)
            out.append(
                {"name": f.name, "kind": f.kind, "offset": offset, "size": size,
                 "scale": f.scale, "meaning": f.meaning or f"the view's {f.name.replace('_', ' ')}"}
            )  # fmt: skip
            offset += size
        return out

    def _bag(self, value: Any) -> np.ndarray:
        ids: list[int] = []
        _card_ids(value, self.vocab, ids)
        return np.bincount(ids, minlength=len(self.vocab)).astype(np.float32)

    def _block(self, f: Field, view: dict[str, Any], seat: int) -> np.ndarray:
        value = f.get(view)
        v, s = len(self.vocab), self.seats
        if f.kind == "number":
            return np.array([float(value or 0)], np.float32)
        if f.kind == "counts":  # named amounts that are no cards (the supply's tokens)
            return np.array([float((value or {}).get(k) or 0) for k in f.keys], np.float32)
        if f.kind == "seats":
            out = np.zeros(s, np.float32)
            for i, x in enumerate(_relative(list(value or []), seat)):
                out[i] = len(x) if isinstance(x, (list, tuple)) else float(x or 0)
            return out
        if f.kind == "cards":
            return self._bag(value)
        if f.kind == "seat_cards":
            out = np.zeros((s, v), np.float32)
            for i, zone in enumerate(_relative(list(value or []), seat)):
                out[i] = self._bag(zone)
            return out.ravel()
        if f.kind == "seat_ref":  # a seat number, seat-relative (0 = me), or none
            out = np.zeros(s + 1, np.float32)
            out[s if value is None else (value - seat) % view["players"]] = 1.0
            return out
        if f.kind == "bucket":
            out = np.zeros(f.buckets, np.float32)
            if value in self.phases:
                out[self.phases[value]] = 1.0
            elif value is not None:
                out[zlib.crc32(str(value).encode()) % f.buckets] = 1.0
            return out
        if f.kind == "index":  # a place in a line (a slot), one-hot from the first; last: none
            out = np.zeros(f.buckets, np.float32)
            out[-1 if value is None else min(int(value), f.buckets - 2)] = 1.0
            return out
        raise ValueError(f"unknown field kind {f.kind!r}")

    def __call__(self, view: dict[str, Any]) -> np.ndarray:
        seat = view["seat"] if view.get("seat") is not None else 0
        parts = [self._block(f, view, seat) / f.scale for f in self.fields]
        return np.clip(np.concatenate(parts), -1.0, 1.0).astype(np.float32)


def _key(name: str, default: Any = None) -> Callable[[dict[str, Any]], Any]:
    return lambda view: view.get(name, default)


def _common(score_scale: float, max_players: int) -> list[Field]:
    """The fields every game has: table size, whose turn, the end, the scores, the phase."""
    return [
        Field("players", "number", _key("players"), max_players, meaning="players at the table"),
        Field("to_move", "seat_ref", _key("current_player"), meaning="who moves (0: me)"),
        Field("is_over", "number", lambda v: float(v["is_over"]), meaning="1 once the game ends"),
        Field("scores", "seats", _key("scores"), score_scale, meaning="running scores"),
        Field(
            "phase",
            "bucket",
            _key("phase"),
            buckets=16,
            meaning="the phase, one-hot in the order of the catalogue's phases",
        ),
    ]


def _own(name: str) -> Callable[[dict[str, Any]], Any]:
    """The observing seat's entry of a per-seat list that shows only one's own (hands)."""
    return lambda view: (view.get(name) or [None] * (view["seat"] + 1))[view["seat"]]


def _orders(part: str) -> Callable[[dict[str, Any]], Any]:
    """One part of every open order of Coffee Break (an empty slot is None)."""
    return lambda view: [o[part] for o in view.get("orders") or [] if o]


def _fraction(part: str, whole: str) -> Callable[[dict[str, Any]], float]:
    """A count as a share of its limit (turns of the turn limit)."""
    return lambda view: (view.get(part) or 0) / (view.get(whole) or 1)


def _drawn_mummy(view: dict[str, Any]) -> dict[str, int]:
    """Monster's Coffee: the Coffees and Bones of the two Mummy tokens drawn to choose from."""
    out = {}
    for i, token in enumerate((view.get("drawn_mummy") or [])[:2]):
        if isinstance(token, dict):  # a face the viewer sees
            out[f"{i}_coffee"], out[f"{i}_bones"] = token["coffee"], token["bones"]
    return out


def _my_mummy(view: dict[str, Any]) -> dict[str, int]:
    """Monster's Coffee: the Coffees and Bones on my own Mummy tokens (others' are face down)."""
    faces = [t for t in _own("mummy_tokens")(view) or [] if isinstance(t, dict)]
    return {
        "coffee": sum(t["coffee"] for t in faces),
        "bones": sum(t["bones"] for t in faces),
    }


def _face_up_pile(view: dict[str, Any]) -> list[Any]:
    return [p for p in view.get("pile") or [] if not p.get("face_down")]


LAYOUTS: dict[str, Callable[[], list[Field]]] = {
    "monster-diner": lambda: [
        *_common(100, 6),
        Field("deck_size", "number", _key("deck_size"), 110, meaning="cards left in the deck"),
        Field("held", "cards", _key("held"), meaning="the card I hold to place"),
        Field("mats", "seat_cards", _key("mats"), 4, meaning="each seat's mat"),
        Field("diners", "seat_cards", _key("diners"), 10, meaning="each seat's diner"),
        Field(
            "guests_to_give",
            "number",
            _key("guests_to_give"),
            4,
            meaning="Unwelcome guests still to give",
        ),
        Field("guest_target", "seat_ref", _key("guest_target"), meaning="who gets the guest"),
        Field(
            "given_on_mat",
            "seats",
            _key("given_on_mat"),
            4,
            meaning="guests each seat has given onto a mat",
        ),
    ],
    "monsters-coffee": lambda: [
        *_common(40, 5),
        Field("round", "number", _key("round"), 2, meaning="the round, 1 or 2"),
        Field("families", "cards", _key("families"), meaning="the families in the game"),
        Field("cookies", "seats", _key("cookies"), 10, meaning="Cookie tokens of each seat"),
        Field(
            "whipped_cream",
            "seats",
            _key("whipped_cream"),
            8,
            meaning="Whipped Cream tokens of each seat",
        ),
        Field(
            "supply",
            "counts",
            _key("supply"),
            24,
            keys=("cookie", "whipped_cream", "droppings", "mummy"),
            meaning="tokens left in the supply: Cookie, Whipped Cream, Droppings, Mummy",
        ),
        Field("centre", "cards", _key("centre"), 8, meaning="cards in the centre"),
        Field(
            "discarded", "number", _key("discarded"), 60, meaning="cards dealt to nobody this round"
        ),
        Field("hand", "cards", lambda v: _own("hands")(v), 6, meaning="my hand"),
        Field("hand_sizes", "seats", _key("hands"), 12, meaning="cards in each hand"),
        Field("front", "seat_cards", _key("front"), 6, meaning="each seat's Front Line"),
        Field("rear", "seat_cards", _key("rear"), 3, meaning="each seat's Rear Line, as seen"),
        Field(
            "mummy_tokens",
            "seats",
            _key("mummy_tokens"),
            10,
            meaning="Mummy tokens each seat holds",
        ),
        Field(
            "rex_rear",
            "index",
            _key("rex_rear"),
            buckets=6,
            meaning="Rex: the Rear Line slot chosen to swap (one-hot from the first; last: none)",
        ),
        # Added after the fields above (their offsets kept): what a seat knows while a power
        # waits on a choice, which the observation lacked (the Mummy's two tokens were chosen
        # between blind).
        Field(
            "drawn_mummy",
            "counts",
            _drawn_mummy,
            3,
            keys=("0_coffee", "0_bones", "1_coffee", "1_bones"),
            meaning="Mummy: Coffees and Bones of the first and second token drawn to choose from",
        ),
        Field(
            "my_mummy",
            "counts",
            _my_mummy,
            10,
            keys=("coffee", "bones"),
            meaning="Coffees and Bones on my Mummy tokens",
        ),
        Field("asker", "seat_ref", _key("asker"), meaning="Grunge: who asks"),
        Field("ask_target", "seat_ref", _key("ask_target"), meaning="Grunge: who is asked"),
        Field("ask_family", "cards", _key("ask_family"), meaning="Grunge: the family asked for"),
        Field(
            "priss_slot",
            "number",
            lambda v: 0 if v.get("priss_slot") is None else v["priss_slot"] + 1,
            12,
            meaning="Priss: the Front Line slot chosen to swap, from 1 (0: none)",
        ),
        Field(
            "not_in_rear",
            "seat_cards",
            _key("not_in_rear"),
            meaning="families each seat's Rear Line is known to lack",
        ),
    ],
    "coffee-break": lambda: [
        *_common(30, 3),
        Field("target", "number", _key("target"), 30, meaning="points that end the game"),
        Field("orders", "cards", _orders("order"), 2, meaning="the open orders on the table"),
        Field(
            "missing",
            "cards",
            _orders("missing"),
            6,
            meaning="ingredients the open orders still need",
        ),
        Field(
            "laid",
            "cards",
            _orders("laid"),
            12,
            meaning="cards laid under the open orders (a Joker also as what it stands for)",
        ),
        Field(
            "order_pile",
            "number",
            _key("order_pile_size"),
            20,
            meaning="cards left in the order pile",
        ),
        Field(
            "ingredient_pile",
            "number",
            _key("ingredient_pile_size"),
            60,
            meaning="cards left in the ingredient pile",
        ),
        Field("used_pile", "cards", _key("used_pile"), 20, meaning="the used pile, face up"),
        Field("hand", "cards", _key("hand"), 7, meaning="my hand"),
        Field("hand_sizes", "seats", _key("hand_sizes"), 10, meaning="cards in each hand"),
        Field(
            "picked",
            "cards",
            _key("picked"),
            4,
            meaning="the cards I picked to exchange, while I pick",
        ),
        Field("taken", "seat_cards", _key("taken"), 4, meaning="orders each seat took"),
        Field(
            "quiet_turns",
            "number",
            _fraction("quiet_turns", "quiet_limit"),
            meaning="turns without an order taken, as a share of the limit that ends the game",
        ),
    ],
    "monster-rejects": lambda: [
        *_common(40, 10),  # a score is minus the cards in hand: as hand sizes
        Field("hand", "cards", _key("hand"), 3, meaning="my hand"),
        Field("hand_sizes", "seats", _key("hand_sizes"), 40, meaning="cards in each hand"),
        Field("deck_size", "number", _key("deck_size"), 70, meaning="cards left in the draw pile"),
        Field(
            "graveyard", "cards", _key("graveyard"), 4, meaning="the graveyard (discarded cards)"
        ),
        Field(
            "pile_top",
            "cards",
            lambda v: [p["card"] for p in (v.get("pile") or [])[-1:]],
            meaning="the top card of the play pile (a face-down one as declared)",
        ),
        Field("pile", "cards", _face_up_pile, 3, meaning="face-up cards of the pile"),
        Field(
            "pile_size",
            "number",
            lambda v: len(v.get("pile") or []),
            40,
            meaning="cards in the play pile",
        ),
        Field(
            "beside",
            "cards",
            _key("beside"),
            3,
            meaning="cards beside the play pile (Chaos cards played on it)",
        ),
        Field(
            "smuggled",
            "cards",
            _key("smuggled"),
            3,
            meaning="my smuggled cards (others' are face down)",
        ),
        Field(
            "in_force", "cards", _key("in_force"), meaning="the Chaos cards whose effect holds now"
        ),
        Field("item", "cards", _key("item"), meaning="the Battle Pack item played this turn"),
        Field(
            "play_so_far",
            "cards",
            _key("play_so_far"),
            3,
            meaning="cards of the play being made this turn",
        ),
        Field(
            "last_player", "seat_ref", _key("last_player"), meaning="who played last onto the pile"
        ),
        Field(
            "cosby_target",
            "seat_ref",
            _key("cosby_target"),
            meaning="whom the Cosby took a card from (who gets one back)",
        ),
        Field(
            "illusionist",
            "seat_ref",
            _key("illusionist"),
            meaning="who played the Illusionist's face-down card",
        ),
        Field(
            "turns",
            "number",
            _fraction("turns", "turn_limit"),
            meaning="turns played, as a share of the turn limit",
        ),
        # After the fields above (their offsets kept): the card a player put face down for the
        # Illusionist, which it then declares (it had left the hand and was in no field).
        Field(
            "illusion_card",
            "cards",
            _key("illusion_card"),
            meaning="Illusionist: my card put face down, while I declare it",
        ),
    ],
}

_CACHE: dict[str, StructuredEncoder] = {}


def structured_encoder(game_id: str) -> StructuredEncoder:
    """The structured encoder of `game_id` (built once per process)."""
    if game_id not in _CACHE:
        _CACHE[game_id] = StructuredEncoder(game_id, LAYOUTS[game_id]())
    return _CACHE[game_id]


def layout(game_id: str) -> list[dict[str, Any]]:
    """The fields of `game_id`'s structured observation: name, kind, offset, size, scale."""
    games.get(game_id)  # an unknown game: BadInput naming the games
    if game_id not in LAYOUTS:
        raise BadInput(
            f"{game_id} has no structured layout: its observations use the hashed encoding "
            "(cardcafe.rl.encode_view), which has no named fields"
        )
    return structured_encoder(game_id).layout()
