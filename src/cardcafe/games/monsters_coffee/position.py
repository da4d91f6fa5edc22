"""Monster's Coffee positions (issue 14): a state as JSON in the game's own words, and back.

The keys are listed on the rules page ("Positions"). Cards are the card ids of `cards.py`
("rex", "skyzoclop:-2"), seats are numbers from 0, a Mummy token is its face `[coffee, bones]`
with the seats that have seen it. A seat's position leaves out what that seat cannot see (others'
hands as their sizes, face-down Rear cards of others as null, the discarded cards and the Mummy
supply as counts, unseen Mummy faces as null); `from_position` deals those at random, as a
determinization does, keeping what all were told (Grunge's "no").
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardcafe.engine import BadInput
from cardcafe.engine.mechanics import resample_into_allowed
from cardcafe.engine.position import check_supply, field, seat_field

from . import powers as P
from . import tally
from .cards import CardSet, family
from .knowledge import GRUNGE_REDEALS
from .limits import LINE_MIN, MAX_DROPPINGS, REAR_SIZE, ROUNDS
from .options import MonstersCoffeeOptions
from .pieces import TOKEN, RearCard, Slot, Token

if TYPE_CHECKING:
    from cardcafe.engine import Game

    from .state import MonstersCoffeeState

# The phases a position can be in (the internal ids), and the power each choosing phase is of.
POWER_PHASES = {
    P.REX_REAR: "rex",
    P.REX_FRONT: "rex",
    P.PRISS_FRONT: "priss",
    P.PRISS_CENTRE: "priss",
    P.POOPY: "poopy",
    P.SNOUT: "snout",
    P.GRUNGE_PLAYER: "grunge",
    P.GRUNGE_FAMILY: "grunge",
    P.GRUNGE_REVEAL: "grunge",
    P.MUMMY_TOKEN: "mummy",
    P.MUMMY_CARD: "mummy",
}
PHASES = (P.REAR, P.TAKE, *POWER_PHASES, P.OVER)
MAX_HAND = 12  # 000: "Each player draws 10 Monster cards (12 when there are only 2 players)."
ROUND_SOURCES = ("skeeter", "snout", "grunge", "floor")
END_SOURCES = ("cookie", "mummy", "floor")


# -- state -> position -------------------------------------------------------------------------
def to_position(state: MonstersCoffeeState, seat: int | None) -> dict[str, Any]:
    """The game's part of `state.to_position(seat)` (see `State._to_position`)."""
    n = state.num_players

    def hidden(owner: int) -> bool:
        return seat is not None and owner != seat

    def token(t: Token) -> dict[str, Any]:
        known = seat is None or t.known_to(seat)
        return {
            "face": list(state.cards.mummy[t.value]) if known else None,
            "seen_by": [s for s in range(n) if t.knowers >> s & 1],
        }

    rounds, end = tally.tally(
        state.events, n, state.options.negative_coffee, getattr(state, "tally_base", None)
    )
    return {
        "families": list(state.families),
        "round": state.round,
        "phase": state.phase,
        "first_player": state.first_player,
        "turn": state.turn,
        "chooser": state.chooser,
        "hands": [len(h) if hidden(o) else list(h) for o, h in enumerate(state.hands)],
        "front": [
            [
                {
                    "card": s.card,
                    "droppings": s.droppings,
                    "snout_coffee": s.snout,
                    "mummy": None if s.mummy is None else token(s.mummy),
                }
                for s in line
            ]
            for line in state.front
        ],
        "rear": [
            [
                {"card": None if hidden(o) and not r.revealed else r.card, "revealed": r.revealed}
                for r in line
            ]
            for o, line in enumerate(state.rear)
        ],
        "centre": list(state.centre),
        "discard": len(state.discard) if seat is not None else list(state.discard),
        "coffee": list(state.coffee),
        "cookies": list(state.cookies),
        "whipped_cream": list(state.cream),
        "mummy_supply": (
            len(state.mummy_supply)
            if seat is not None
            else [token(TOKEN[face, 0]) for face in state.mummy_supply]
        ),
        "mummy_tokens": [[token(t) for t in held] for held in state.mummy_held],
        "drawn_mummy": [token(t) for t in state.drawn],
        "rex_rear": state.rex_rear,
        "priss_slot": state.priss_slot,
        "ask_target": state.ask_target,
        "ask_family": state.ask_family,
        "not_in_rear": [sorted(lacks) for lacks in state.lacks],
        "coffee_at_round_start": list(state.round_start),
        "round_two_coffee": list(state.round_two),
        "whipped_cream_at_end": list(state.cream_at_end),
        "end_bonus": list(state.bonus),
        "coffee_by_source": {
            "rounds": [[_source_json(got) for got in rounds[r]] for r in sorted(rounds)],
            "end": [_source_json(got) for got in end],
        },
    }


def _source_json(got: tally.Parts) -> dict[str, int]:
    return {
        f"majority:{source[1]}" if isinstance(source, tuple) else source: n
        for source, n in got.items()
    }


# -- position -> state -------------------------------------------------------------------------
def from_position(
    game: Game[Any, Any],
    players: int,
    options: MonstersCoffeeOptions,
    body: dict[str, Any],
    deal: random.Random,
    cards: CardSet,
    families: tuple[str, ...],
) -> MonstersCoffeeState:
    """The state a position describes (`Game.from_position`), checked against the rules; what a
    seat's position leaves out is dealt from `deal`."""
    from .state import MonstersCoffeeState, hand_size

    n = players
    if "families" in body and body["families"] != list(families):
        raise BadInput(
            f"'families' must be the five the options give, {list(families)}, "
            f"not {body['families']!r}"
        )
    deck = Counter(cards.deck(families))
    rnd = field(body, "round", int)
    if not 1 <= rnd <= ROUNDS:
        raise BadInput(f"'round' must be 1 or {ROUNDS}, not {rnd}")
    phase = field(body, "phase", str)
    if phase not in PHASES:
        raise BadInput(f"'phase' {phase!r} does not exist; phases: {', '.join(PHASES)}")
    first = seat_field(body, "first_player", n)
    turn = seat_field(body, "turn", n)
    chooser = seat_field(body, "chooser", n)

    known: Counter[str] = Counter()  # every card the position names

    def card(value: Any, where: str, nullable: bool = False) -> Any:  # str, or None if nullable
        if value is None and nullable:
            return None
        if not isinstance(value, str) or value not in deck:
            raise BadInput(f"{where} holds {value!r}, which is not a card of this game")
        known[value] += 1
        return value

    hands: list[Any] = []  # a list of cards, or a count (dealt below)
    for s, hand in enumerate(_per_seat(body, "hands", n)):
        if isinstance(hand, int) and not isinstance(hand, bool) and 0 <= hand <= MAX_HAND:
            hands.append(hand)
        elif isinstance(hand, list):
            hands.append(sorted(card(c, f"'hands'[{s}]") for c in hand))
        else:
            raise BadInput(f"'hands'[{s}] must be a list of cards or a count, not {hand!r}")

    tokens: list[tuple[str, Any]] = []  # (where, token json), to be checked and numbered later

    front: list[list[Slot]] = []
    for s, line in enumerate(_per_seat(body, "front", n, list)):
        slots: list[Any] = []  # Slots whose `mummy` is the token's json until numbered
        for i, raw in enumerate(line):
            where = f"'front'[{s}][{i}]"
            if isinstance(raw, str):
                raw = {"card": raw}
            if not isinstance(raw, dict):
                raise BadInput(f"{where} must be a card or an object with its tokens")
            _only(raw, {"card", "droppings", "snout_coffee", "mummy"}, where)
            mummy = raw.get("mummy")
            if mummy is not None:
                tokens.append((f"{where}.mummy", mummy))
            slots.append(
                Slot(
                    card(raw.get("card"), where),
                    _bool(raw, "droppings", where),
                    _bool(raw, "snout_coffee", where),
                    mummy,  # numbered below
                )
            )
        front.append(slots)

    rear: list[list[RearCard]] = []
    for s, line in enumerate(_per_seat(body, "rear", n, list)):
        cards_ = []
        for i, raw in enumerate(line):
            where = f"'rear'[{s}][{i}]"
            if isinstance(raw, str) or raw is None:
                raw = {"card": raw}
            if not isinstance(raw, dict):
                raise BadInput(f"{where} must be a card, null or {{card, revealed}}")
            _only(raw, {"card", "revealed"}, where)
            revealed = _bool(raw, "revealed", where)
            got = card(raw.get("card"), where, nullable=not revealed)
            cards_.append(RearCard(got, revealed))  # (card None: to be dealt)
        rear.append(cards_)

    centre = [card(c, f"'centre'[{i}]") for i, c in enumerate(field(body, "centre", list))]
    discard_raw = field(body, "discard", (list, int))
    discard: list[str] | int
    if isinstance(discard_raw, int):
        if discard_raw < 0:
            raise BadInput(f"'discard' must be a list of cards or a count, not {discard_raw}")
        discard = discard_raw
    else:
        discard = [card(c, f"'discard'[{i}]") for i, c in enumerate(discard_raw)]
    check_supply(known, deck)

    # Sizes the rules fix.
    size = hand_size(n)
    dealt_away = sum(deck.values()) - n * size
    count = len(discard) if isinstance(discard, list) else discard
    # Decision: a position may leave more cards out of play than a deal does (a puzzle on a
    # small table), never fewer; while Rear Lines are chosen the hands fix it exactly.
    if count < dealt_away or (phase == P.REAR and count != dealt_away):
        raise BadInput(
            f"'discard' must hold {dealt_away} cards at {n} players (50 less {size} each), "
            f"not {count}"
        )
    hand_len = [h if isinstance(h, int) else len(h) for h in hands]
    if any(len(line) > REAR_SIZE for line in rear):
        raise BadInput(f"a Rear Line holds at most {REAR_SIZE} cards")
    if phase == P.REAR:
        _rear_phase_sizes(n, size, hand_len, front, rear, centre, first, chooser)
    else:
        if any(hand_len):
            raise BadInput(f"in phase {phase!r} the hands are empty (all cards are on the table)")
        if any(len(line) != REAR_SIZE for line in rear):
            raise BadInput(f"in phase {phase!r} every Rear Line holds {REAR_SIZE} cards")
        if any(len(line) < LINE_MIN for line in front):
            raise BadInput(f"a Front Line holds at least {LINE_MIN} cards (000 NOTE 0)")
        if phase == P.TAKE and all(len(line) == LINE_MIN for line in front):
            raise BadInput("every Front Line holds 3 cards: the round is over, not phase 'take'")
        if phase == P.OVER:
            if rnd != ROUNDS or any(len(line) != LINE_MIN for line in front):
                raise BadInput("phase 'over' comes after round 2, with 3 cards in each Front Line")
            if not all(r.revealed for line in rear for r in line):
                raise BadInput("at the game's end every Rear Line is revealed")
            if any(s.droppings or s.snout or s.mummy is not None for line in front for s in line):
                raise BadInput("at the game's end no token is left on a Front Line")
    if phase in POWER_PHASES and (not centre or family(centre[-1]) != POWER_PHASES[phase]):
        raise BadInput(
            f"phase {phase!r} is {POWER_PHASES[phase]}'s power: the last card of the centre "
            f"must be a {POWER_PHASES[phase]}"
        )

    # Tokens.
    coffee = _ints(body, "coffee", n, minimum=None if options.negative_coffee else 0)
    cookies = _ints(body, "cookies", n)
    cream = _ints(body, "whipped_cream", n)
    for name, taken in (("cookie", cookies), ("whipped_cream", cream)):
        if sum(taken) > cards.supply_of(name):
            raise BadInput(
                f"the players hold {sum(taken)} {name} tokens; the box has only "
                f"{cards.supply_of(name)}"
            )
    if phase in (P.REAR, P.OVER) and any(cream):
        raise BadInput("Whipped Cream is discarded at the end of a round: none in this phase")
    drops = [sum(s.droppings for s in line) for line in front]
    if max(drops, default=0) > MAX_DROPPINGS:
        raise BadInput(f"a Front Line carries more than {MAX_DROPPINGS} Droppings tokens")
    if sum(drops) > cards.supply_of("droppings"):
        raise BadInput(
            f"the Front Lines carry {sum(drops)} Droppings tokens; the box has "
            f"{cards.supply_of('droppings')}"
        )

    supply_raw = field(body, "mummy_supply", (list, int))
    if isinstance(supply_raw, int):
        if not 0 <= supply_raw <= len(cards.mummy):
            raise BadInput(
                f"'mummy_supply' must be a list of tokens or a count from 0 to "
                f"{len(cards.mummy)}, not {supply_raw}"
            )
        supply_json: list[Any] = [{"face": None, "seen_by": []} for _ in range(supply_raw)]
    else:
        supply_json = supply_raw
    tokens += [(f"'mummy_supply'[{i}]", t) for i, t in enumerate(supply_json)]
    held_json = _per_seat(body, "mummy_tokens", n, list)
    for s, held in enumerate(held_json):
        tokens += [(f"'mummy_tokens'[{s}][{i}]", t) for i, t in enumerate(held)]
    drawn_json = field(body, "drawn_mummy", list)
    tokens += [(f"'drawn_mummy'[{i}]", t) for i, t in enumerate(drawn_json)]
    dealt = iter(_deal_faces(tokens, cards, n, deal))  # in the order of `tokens`
    front = [
        [s._replace(mummy=None if s.mummy is None else next(dealt)) for s in line] for line in front
    ]
    supply = [next(dealt) for _ in supply_json]
    held = [[next(dealt) for _ in line] for line in held_json]
    drawn = [next(dealt) for _ in drawn_json]
    if any(t.knowers for t in supply):
        raise BadInput("a token of 'mummy_supply' lies face down in the box: nobody has seen it")
    for s, line in enumerate(held):
        if not all(t.known_to(s) for t in line):
            raise BadInput(f"seat {s} holds a Mummy token in 'mummy_tokens' it has not seen")
    if phase == P.OVER and not all(t.knowers == (1 << n) - 1 for line in held for t in line):
        raise BadInput("at the game's end every Mummy token is revealed: seen_by every seat")
    want = {P.MUMMY_TOKEN: 2, P.MUMMY_CARD: 1}.get(phase, 0)
    if len(drawn) != want:
        raise BadInput(f"in phase {phase!r} 'drawn_mummy' holds {want} tokens, not {len(drawn)}")

    # The power's pending choices.
    rex_rear = _pending(body, "rex_rear", phase == P.REX_FRONT, int)
    if rex_rear is not None and not 0 <= rex_rear < REAR_SIZE:
        raise BadInput(f"'rex_rear' must be a Rear Line slot from 0 to {REAR_SIZE - 1}")
    priss = _pending(body, "priss_slot", phase == P.PRISS_CENTRE, int)
    if priss is not None and not (
        0 <= priss < len(front[turn]) and not front[turn][priss].droppings
    ):
        raise BadInput(
            "'priss_slot' must be a card without Droppings of the Priss player's Front Line"
        )
    target = _pending(body, "ask_target", phase in (P.GRUNGE_FAMILY, P.GRUNGE_REVEAL), int)
    if target is not None and (not 0 <= target < n or target == turn):
        raise BadInput("'ask_target' must be another player's seat")
    asked = _pending(body, "ask_family", phase == P.GRUNGE_REVEAL, str)
    if asked is not None and asked not in families:
        raise BadInput(f"'ask_family' must be a family in play, not {asked!r}")
    lacks = []
    for s, fams in enumerate(_per_seat(body, "not_in_rear", n, list)):
        if not all(isinstance(f, str) and f in families for f in fams):
            raise BadInput(f"'not_in_rear'[{s}] must list families in play")
        if phase == P.REAR and fams:
            raise BadInput("'not_in_rear' is empty while Rear Lines are chosen (a new deal)")
        lacks.append(frozenset(fams))
    for s, line in enumerate(rear):
        if any(r.card is not None and not r.revealed and family(r.card) in lacks[s] for r in line):
            raise BadInput(f"seat {s}'s face-down Rear Line holds a family in 'not_in_rear'")

    round_start = _ints(body, "coffee_at_round_start", n, minimum=None)
    ends = [
        _ints(body, k, n, minimum=None)
        for k in ("round_two_coffee", "whipped_cream_at_end", "end_bonus")
    ]
    if phase != P.OVER and any(any(v) for v in ends):
        raise BadInput(
            "'round_two_coffee', 'whipped_cream_at_end' and 'end_bonus' are set "
            "at the game's end only: zeros before"
        )
    base = _tally_base(body.get("coffee_by_source"), n, rnd, coffee)

    # Deal what the position leaves out (a seat's position), then build.
    dealt_discard = _deal_cards(
        deck, known, hands, rear, discard, lacks, phase, target, asked, deal
    )
    state = MonstersCoffeeState.blank(game, n, options)
    state.cards, state.families = cards, tuple(families)
    state.round, state.phase, state.turn = rnd, phase, turn
    state.is_over = phase == P.OVER
    state.pinned = sum(drops)
    state.chooser, state.first_player = chooser, first
    state.hands, state.front, state.rear = hands, front, rear  # (every hand is dealt now)
    state.centre, state.discard = centre, dealt_discard
    state.coffee, state.cookies, state.cream = coffee, cookies, cream
    state.supply = {
        "cookie": cards.supply_of("cookie") - sum(cookies),
        "whipped_cream": cards.supply_of("whipped_cream") - sum(cream),
        "droppings": cards.supply_of("droppings") - sum(drops),
    }
    state.mummy_supply = [t.value for t in supply]  # face down, unseen: their faces
    state.mummy_held, state.drawn = held, drawn
    state.rex_rear, state.priss_slot = rex_rear, priss
    state.ask_target, state.ask_family = target, asked
    state.lacks = lacks
    state.round_start = round_start
    state.round_two, state.cream_at_end, state.bonus = ends
    state.tally_base = base
    if phase != P.OVER and not state._legal_actions():
        raise BadInput(f"in this position phase {phase!r} offers no move: it cannot happen")
    if phase == P.GRUNGE_REVEAL and state.current_player is None:
        raise BadInput("phase 'grunge-reveal' needs 'ask_target'")
    return state


def _rear_phase_sizes(
    n: int,
    size: int,
    hand_len: list[int],
    front: list[list[Slot]],
    rear: list[list[RearCard]],
    centre: list[str],
    first: int,
    chooser: int,
) -> None:
    if any(front) or centre:
        raise BadInput(
            "while Rear Lines are chosen (phase 'rear') the Front Lines and centre are empty"
        )
    for s in range(n):
        if hand_len[s] + len(rear[s]) != size:
            raise BadInput(
                f"seat {s}'s hand and Rear Line hold {hand_len[s] + len(rear[s])} "
                f"cards; each player draws {size}"
            )
    order = [(first + k) % n for k in range(n)]
    at = order.index(chooser)
    if (
        len(rear[chooser]) == REAR_SIZE
        or any(len(rear[s]) != REAR_SIZE for s in order[:at])
        or any(rear[s] for s in order[at + 1 :])
    ):
        raise BadInput(
            "in phase 'rear' the players before 'chooser' (from 'first_player') have "
            "chosen 3 cards, 'chooser' fewer, the others none"
        )
    if any(r.revealed for line in rear for r in line):
        raise BadInput("in phase 'rear' no Rear card is revealed yet")


def _deal_cards(
    deck: Counter[str],
    known: Counter[str],
    hands: list[Any],
    rear: list[list[RearCard]],
    discard: list[str] | int,
    lacks: list[frozenset[str]],
    phase: str,
    target: int | None,
    asked: str | None,
    deal: random.Random,
) -> list[str]:
    """Fill what a seat's position left out (counts, nulls) with the cards nobody named, at
    random, never giving a face-down Rear card a family its owner is known to lack."""
    pool = sorted((deck - known).elements())
    piles: list[list[str]] = []
    allowed: list[Callable[[str], bool] | None] = []
    fill: list[tuple[str, Any]] = []  # how to put each pile back
    if isinstance(discard, int):
        piles.append(pool[:discard])
        del pool[:discard]
        allowed.append(None)
        fill.append(("discard", None))
    for s, hand in enumerate(hands):
        if isinstance(hand, int):
            piles.append(pool[:hand])
            del pool[:hand]
            allowed.append(None)
            fill.append(("hand", s))
    for s, line in enumerate(rear):
        slots = [i for i, r in enumerate(line) if r.card is None]
        if slots:
            piles.append(pool[: len(slots)])
            del pool[: len(slots)]
            lack = lacks[s]
            allowed.append(_lacking(lack) if lack else None)
            fill.append(("rear", (s, slots)))
    if pool or any(len(p) != n for p, n in zip(piles, _sizes(fill, hands, discard), strict=True)):
        raise BadInput("the hidden places and the cards left unnamed do not match in number")
    if not piles:
        assert isinstance(discard, list)
        return discard
    asked_pile = next(
        (k for k, (kind, what) in enumerate(fill) if kind == "rear" and what[0] == target), None
    )
    start = [list(p) for p in piles]
    for attempt in range(GRUNGE_REDEALS):
        if attempt:
            for pile, original in zip(piles, start, strict=True):
                pile[:] = original
        try:
            resample_into_allowed(piles, allowed, deal)
        except ValueError:
            raise BadInput(
                "no deal of the hidden cards fits 'not_in_rear' (what players said they lack)"
            ) from None
        if phase != P.GRUNGE_REVEAL or asked_pile is None:
            break
        if any(family(c) == asked for c in piles[asked_pile]):
            break
    return _fill(fill, piles, hands, rear, discard)


def _sizes(fill: list[tuple[str, Any]], hands: list[Any], discard: list[str] | int) -> list[int]:
    out: list[int] = []
    for kind, what in fill:
        if kind == "discard":
            assert isinstance(discard, int)
            out.append(discard)
        elif kind == "hand":
            out.append(hands[what])
        else:
            out.append(len(what[1]))
    return out


def _fill(
    fill: list[tuple[str, Any]],
    piles: list[list[str]],
    hands: list[Any],
    rear: list[list[RearCard]],
    discard: list[str] | int,
) -> list[str]:
    for (kind, what), pile in zip(fill, piles, strict=True):
        if kind == "discard":
            discard = list(pile)
        elif kind == "hand":
            hands[what] = sorted(pile)
        else:
            s, slots = what
            for i, c in zip(slots, pile, strict=True):
                rear[s][i] = rear[s][i]._replace(card=c)
    assert isinstance(discard, list)
    return discard


def _deal_faces(
    tokens: list[tuple[str, Any]], cards: CardSet, n: int, deal: random.Random
) -> list[Token]:
    """Each token json -> a Token: its face (dealt from the unnamed faces when null) numbered
    canonically (the k-th token of a face gets the k-th index of that face in the card data)."""
    faces: list[tuple[int, int] | None] = []
    knowers = []
    for where, t in tokens:
        if not isinstance(t, dict):
            raise BadInput(f"{where} must be a Mummy token {{face, seen_by}}")
        _only(t, {"face", "seen_by"}, where)
        face = t.get("face")
        if face is not None:
            if (
                not isinstance(face, list)
                or len(face) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in face)
            ):
                raise BadInput(f"{where}.face must be [coffee, bones] or null, not {face!r}")
            face = (face[0], face[1])
        seen = t.get("seen_by", [])
        if (
            not isinstance(seen, list)
            or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < n for s in seen)
            or len(set(seen)) != len(seen)
        ):
            raise BadInput(f"{where}.seen_by must list distinct seats from 0 to {n - 1}")
        faces.append(face)
        knowers.append(sum(1 << s for s in seen))
    box = Counter(cards.mummy)
    named = Counter(f for f in faces if f is not None)
    for f, k in named.items():
        if k > box.get(f, 0):
            raise BadInput(
                f"the position holds {k} Mummy tokens {list(f)}; the game has {box.get(f, 0)}"
            )
    if len(tokens) != len(cards.mummy):
        raise BadInput(
            f"the position holds {len(tokens)} Mummy tokens; the game has {len(cards.mummy)}"
        )
    unseen = sorted((box - named).elements())
    if any(f is None for f in faces):
        deal.shuffle(unseen)
    rest = iter(unseen)
    indices: dict[tuple[int, int], list[int]] = {}
    for i, f in enumerate(cards.mummy):
        indices.setdefault(f, []).append(i)
    out = []
    for face, know in zip(faces, knowers, strict=True):
        face = face if face is not None else next(rest)
        out.append(Token(indices[face].pop(0), know))
    return out


def _tally_base(obj: Any, n: int, rnd: int, coffee: list[int]) -> dict[str, Any]:
    """The breakdown's parts before the position ('coffee_by_source'; all 0 when left out)."""
    base: dict[str, Any] = {
        "rounds": {r: [{} for _ in range(n)] for r in range(1, rnd + 1)},
        "end": [{} for _ in range(n)],
        "round": rnd,
        "coffee": list(coffee),
    }
    if obj is None:
        return base
    where = "'coffee_by_source'"
    if not isinstance(obj, dict) or set(obj) != {"rounds", "end"}:
        raise BadInput(f"{where} must be an object with 'rounds' and 'end'")
    rounds, end = obj["rounds"], obj["end"]
    if not isinstance(rounds, list) or len(rounds) != rnd:
        raise BadInput(f"{where}.rounds must list the {rnd} rounds played so far")
    for r, seats in enumerate(rounds, start=1):
        base["rounds"][r] = [
            _sources(got, f"{where}.rounds[{r - 1}][{s}]", ROUND_SOURCES)
            for s, got in enumerate(_seat_list(seats, f"{where}.rounds[{r - 1}]", n))
        ]
    base["end"] = [
        _sources(got, f"{where}.end[{s}]", END_SOURCES)
        for s, got in enumerate(_seat_list(end, f"{where}.end", n))
    ]
    return base


def _sources(got: Any, where: str, names: tuple[str, ...]) -> tally.Parts:
    if not isinstance(got, dict):
        raise BadInput(f"{where} must be an object of Coffee by source")
    out: tally.Parts = {}
    for key, value in got.items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise BadInput(f"{where}[{key!r}] must be a whole number")
        if key in names:
            out[key] = value
        elif names is ROUND_SOURCES and key.startswith("majority:"):
            out[("majority", key.partition(":")[2])] = value
        else:
            raise BadInput(f"{where} has the unknown source {key!r}")
    return out


def _lacking(lack: frozenset[str]) -> Callable[[str], bool]:
    return lambda card: family(card) not in lack


# -- small readers -----------------------------------------------------------------------------
def _seat_list(value: Any, where: str, n: int) -> list[Any]:
    if not isinstance(value, list) or len(value) != n:
        raise BadInput(f"{where} must be a list of one entry per seat ({n})")
    return value


def _per_seat(body: dict[str, Any], name: str, n: int, kind: type | None = None) -> list[Any]:
    value: list[Any] = field(body, name, list)
    _seat_list(value, repr(name), n)
    if kind is not None:
        for s, entry in enumerate(value):
            if not isinstance(entry, kind):
                raise BadInput(f"{name!r}[{s}] must be a list")
    return value


def _ints(body: dict[str, Any], name: str, n: int, minimum: int | None = 0) -> list[int]:
    values = _per_seat(body, name, n)
    for s, v in enumerate(values):
        if not isinstance(v, int) or isinstance(v, bool):
            raise BadInput(f"{name!r}[{s}] must be a whole number, not {v!r}")
        if minimum is not None and v < minimum:
            raise BadInput(f"{name!r}[{s}] must be {minimum} or more, not {v}")
    return list(values)


def _bool(obj: dict[str, Any], name: str, where: str) -> bool:
    value = obj.get(name, False)
    if not isinstance(value, bool):
        raise BadInput(f"{where}.{name} must be true or false, not {value!r}")
    return value


def _only(obj: dict[str, Any], keys: set[str], where: str) -> None:
    extra = sorted(set(obj) - keys)
    if extra:
        raise BadInput(f"{where} has unknown keys {extra}")


def _pending(body: dict[str, Any], name: str, needed: bool, kind: type) -> Any:
    value = body.get(name)
    if not needed:
        if value is not None:
            raise BadInput(f"{name!r} is null outside the phase that sets it")
        return None
    if not isinstance(value, kind) or isinstance(value, bool):
        raise BadInput(f"{name!r} must be set in this phase, not {value!r}")
    return value
