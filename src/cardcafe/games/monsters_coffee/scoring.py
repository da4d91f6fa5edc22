"""Monster's Coffee scoring, pure: round-end majorities, the game-end bonuses, the winners.

The engine calls `round_coffee` at every round end and `cardcafe score monsters-coffee` calls
`score_json`, so the table-side calculator and the game can never disagree.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardcafe.engine import BadInput
from cardcafe.engine.mechanics import best_by

from .cards import CARDS_PER_FAMILY, FAMILIES, FAMILIES_PER_GAME, FAMILY_OF, KANDHIII_TABLE, family
from .cards import load as load_cards

MAX_PLAYERS = 5
COOKIE_BONUS = 5  # 000: "the player who has the most Cookie tokens gets 5 Coffee tokens"
ODD_BONES_LOSS = 3  # 000: "With an odd number of Bones, you lose 3 Coffee tokens."
VALUED = frozenset({"bliblop", "skyzoclop", "kandhiii"})  # families not worth 1 a card


def holdings(front: Iterable[str], rear: Iterable[str]) -> Counter[str]:
    """How many of each family a player has, Rear Line cards counting twice.

    000: "Don't forget that Monster cards from the Rear Line are worth double!"
    """
    count: Counter[str] = Counter(map(FAMILY_OF.__getitem__, front))
    for card in rear:
        count[FAMILY_OF[card]] += 2
    return count


def family_counts(front: Sequence[str], rear: Sequence[str]) -> dict[str, int]:
    """`holdings` as a plain dict (no entry for a family the player lacks), for less."""
    count: dict[str, int] = {}
    get = count.get
    for card in front:
        fam = FAMILY_OF[card]
        count[fam] = get(fam, 0) + 1
    for card in rear:
        fam = FAMILY_OF[card]
        count[fam] = get(fam, 0) + 2
    return count


def majority_holder(counts: Sequence[int], whipped: Sequence[int]) -> int | None:
    """The seat with the most of a family, or None.

    000: "The player who has the most of any one family wins ... In the event of a tie, nobody
    wins Coffee tokens for that family." Snorkel: "In the event of a tie, such as when Coffee
    tokens are distributed at the end of a round, the player who has the most Whipped Cream
    tokens wins." Having none of a family is no majority (decision, see the rules page).
    """
    best = max(counts)
    if best <= 0:
        return None
    if counts.count(best) == 1:
        return counts.index(best)
    tied = [seat for seat, n in enumerate(counts) if n == best]
    cream = [whipped[seat] for seat in tied]
    top = max(cream)
    return tied[cream.index(top)] if cream.count(top) == 1 else None


def family_gain(fam: str, centre_cards: Sequence[str]) -> int:
    """The Coffee the majority of `fam` wins for these cards of `fam` in the centre."""
    if fam not in VALUED:
        # 000: "wins as many Coffee tokens as there are Monster cards from that family at the
        # centre"
        return len(centre_cards)
    if fam == "bliblop":
        # 000: "This family is worth 2 Coffee tokens (instead of the usual 1) per Bliblop card"
        return 2 * len(centre_cards)
    if fam == "skyzoclop":
        # 000: "wins, or loses, the number of Coffee tokens indicated on the Skyzo'clop's cards
        # at the centre of the table. The usual gain of 1 Coffee token per card is not applicable."
        return sum(int(card.partition(":")[2]) for card in centre_cards)
    # Kandhiii, 000: "the player gets 1/3/6/10 Coffee tokens for 1/2/3/4 different symbols"
    return KANDHIII_TABLE[len({card.partition(":")[2] for card in centre_cards})]


def round_majorities(
    centre: Sequence[str], held: Sequence[Mapping[str, int]], whipped: Sequence[int]
) -> dict[str, tuple[int | None, int]]:
    """Each family at the centre: who holds its majority (None: nobody) and the Coffee it is
    worth to them, in the order the families first reach the centre.

    000: "For every family of Monsters at the centre of the table, check which player has the
    majority in their Front and Rear Lines combined."
    """
    return {fam: (winner, gain) for fam, winner, gain, _ in majorities(centre, held, whipped)}


def majorities(
    centre: Sequence[str], held: Sequence[Mapping[str, int]], whipped: Sequence[int]
) -> list[tuple[str, int | None, int, list[int]]]:
    """`round_majorities` as (family, winner, Coffee, each seat's count) in the same order:
    what the round's end logs."""
    by_family: dict[str, list[str]] = {}
    for card in centre:
        fam = FAMILY_OF[card]
        cards = by_family.get(fam)
        if cards is None:
            by_family[fam] = [card]
        else:
            cards.append(card)
    out = []
    for fam, cards in by_family.items():
        counts = [h.get(fam, 0) for h in held]
        best = max(counts)
        if best <= 0:
            winner = None
        elif counts.count(best) == 1:
            winner = counts.index(best)
        else:
            winner = majority_holder(counts, whipped)
        gain = len(cards) if fam not in VALUED else family_gain(fam, cards)
        out.append((fam, winner, gain, counts))
    return out


def round_coffee(
    centre: Sequence[str], held: Sequence[Mapping[str, int]], whipped: Sequence[int]
) -> list[int]:
    """The Coffee each player wins (or loses) from the family majorities of one round."""
    coffee = [0] * len(held)
    for winner, gain in round_majorities(centre, held, whipped).values():
        if winner is not None:
            coffee[winner] += gain
    return coffee


def cookie_bonus(cookies: Sequence[int], cream_at_end: Sequence[int]) -> list[int]:
    """000: "At the end of the game, the player who has the most Cookie tokens gets 5 Coffee
    tokens. In the event of a tie, the player with the most Whipped Cream tokens at the end of the
    second round gets the 5 Coffee tokens. If the tie persists, no one gets those tokens." """
    bonus = [0] * len(cookies)
    winner = majority_holder(cookies, cream_at_end)
    if winner is not None:
        bonus[winner] = COOKIE_BONUS
    return bonus


def mummy_value(tokens: Iterable[tuple[int, int]]) -> int:
    """What a player's Mummy tokens (coffees, bones) are worth at the end of the game.

    000: "Coffees are converted into Coffee tokens. Moreover, you win or lose points according to
    the number of Bones. With an odd number of Bones, you lose 3 Coffee tokens. With an even
    number of Bones, you win as many Coffee tokens as the even number of Bones."
    """
    coffees = bones = 0
    for coffee, bone in tokens:
        coffees += coffee
        bones += bone
    return coffees + (-ODD_BONES_LOSS if bones % 2 else bones)


def final_winners(totals: Sequence[int], round_two: Sequence[int]) -> list[int]:
    """000: "The player who has the most Coffee tokens wins! In the event of a tie, the player who
    won the most Coffee tokens during the second round wins (Cookie tokens and Mummy tokens not
    included). If there is still a tie, players share the victory" """
    return best_by([(t, r) for t, r in zip(totals, round_two, strict=True)])


# -- the table-side calculator -----------------------------------------------------------------
def _parse_card(card: object, where: str, in_centre: bool) -> str:
    if not isinstance(card, str):
        raise BadInput(f"{where}: a card must be a string like 'rex' or 'skyzoclop:-2'")
    fam, sep, detail = card.partition(":")
    if fam not in FAMILIES:
        raise BadInput(f"{where}: unknown family {fam!r}; families: {', '.join(FAMILIES)}")
    if fam == "skyzoclop" and (sep or in_centre):
        try:
            int(detail)
        except ValueError:
            raise BadInput(
                f"{where}: a Skyzo'clop card writes its value, like 'skyzoclop:-2', not {card!r}"
            ) from None
    elif fam == "kandhiii" and (sep or in_centre):
        if not detail:
            raise BadInput(
                f"{where}: a Kandhiii card writes its symbol, like 'kandhiii:donut', not {card!r}"
            )
        symbols = sorted(set(load_cards().kandhiii))
        if detail not in symbols:
            raise BadInput(
                f"{where}: no Kandhiii card shows {detail!r}; the symbols are: {', '.join(symbols)}"
            )
    elif sep:
        raise BadInput(f"{where}: {fam} cards carry no value or symbol, so not {card!r}")
    return card


def _card_list(obj: object, where: str, in_centre: bool = False) -> list[str]:
    if not isinstance(obj, list):
        raise BadInput(f"{where} must be a list of cards")
    return [_parse_card(c, f"{where}[{i}]", in_centre) for i, c in enumerate(obj)]


def score_json(obj: Any) -> dict[str, Any]:
    """Score Monster's Coffee at the table: one round's majorities, or a whole game.

    One round: `{"centre": [...], "players": [{"front": [...], "rear": [...],
    "whipped_cream": 0}, ...]}` -> `{"coffee": [...]}`, what each player wins (or loses) from
    that round's majorities. Cards are family ids; a Skyzo'clop card in the centre writes its
    value ("skyzoclop:-2"), a Kandhiii card its symbol ("kandhiii:donut").

    A whole game: `{"rounds": [ROUND, ROUND], "players": [{"cookies": 0, "mummy_tokens":
    [[coffee, bones], ...]}, ...], "negative_coffee": false}`, each ROUND a one-round input whose
    players may also give "coffee" (Coffee tokens they took during the round: Skeeter, Grunge,
    Snout tokens on cards they moved) and "snout_coffee" (Snout Coffee tokens still on their
    Front Line at the round's end). Prints per round the majorities, the Snout tokens and the
    Coffee each player has after it, "round_two" (Coffee won in round two, the final tie-break),
    "cookie" (the 5-Coffee bonus, Whipped Cream of round two breaking a tie), "mummy" (Coffees,
    and Bones: odd loses 3, even wins that many), the final "coffee" and the "winners" (seats
    from 0). Coffee stops at 0 unless "negative_coffee" is true, as in the game."""
    if isinstance(obj, dict) and "rounds" in obj:
        return _score_game(obj)
    if not isinstance(obj, dict) or set(obj) != {"centre", "players"}:
        raise BadInput(
            'expected a JSON object with exactly the fields "centre" and "players" (one round), '
            'or "rounds" and "players" (a whole game)'
        )
    coffee, _ = _score_round(obj, "", extras=False)
    return {"coffee": coffee}


def _score_round(obj: Any, where: str, extras: bool) -> tuple[list[int], list[dict[str, int]]]:
    """One round's majorities, and per player the extra fields a whole game may give."""
    if not isinstance(obj, dict) or set(obj) != {"centre", "players"}:
        raise BadInput(f'{where}expected an object with exactly the fields "centre" and "players"')
    centre = _card_list(obj["centre"], f"{where}centre", in_centre=True)
    kinds = {c.partition(":")[2] for c in centre if family(c) == "kandhiii"}
    if len(kinds) >= len(KANDHIII_TABLE):
        raise BadInput(f"{where}centre: the rulebook scores at most 4 different Kandhiii symbols")
    players = obj["players"]
    if not isinstance(players, list) or not 2 <= len(players) <= MAX_PLAYERS:
        raise BadInput(f'{where}"players" must be a list of 2 to {MAX_PLAYERS} players')
    held, whipped, more = [], [], []
    table: Counter[str] = Counter(family(c) for c in centre)
    allowed = {"front", "rear", "whipped_cream"} | (ROUND_EXTRAS if extras else set())
    for seat, player in enumerate(players):
        at = f"{where}players[{seat}]"
        if (
            not isinstance(player, dict)
            or not {"front", "rear"} <= set(player)
            or not set(player) <= allowed
        ):
            fields = ", ".join(f'"{f}"' for f in sorted(allowed))
            raise BadInput(f"{at} must be an object with the fields {fields}")
        whipped.append(_count(player, "whipped_cream", at))
        more.append({name: _count(player, name, at) for name in ROUND_EXTRAS})
        front = _card_list(player["front"], f"{at}.front")
        rear = _card_list(player["rear"], f"{at}.rear")
        table.update(family(c) for c in front + rear)
        held.append(holdings(front, rear))
        more[-1]["whipped_cream"] = whipped[-1]
    _check_table(table)
    return round_coffee(centre, held, whipped), more


ROUND_EXTRAS = {"coffee", "snout_coffee"}


def _count(obj: dict[str, Any], name: str, where: str) -> int:
    value = obj.get(name, 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise BadInput(f"{where}.{name} must be a whole number, 0 or more")
    return value


def _score_game(obj: dict[str, Any]) -> dict[str, Any]:
    """A whole game (see `score_json`), in the order the game pays: each round the Coffee taken
    during it and the Snout tokens left on Front Lines, then its majorities as one sum; at the
    end the Cookie bonus, then the Mummy tokens."""
    if not set(obj) <= {"rounds", "players", "negative_coffee"} or "players" not in obj:
        raise BadInput('a whole game has the fields "rounds", "players" and "negative_coffee"')
    negative = obj.get("negative_coffee", False)
    if not isinstance(negative, bool):
        raise BadInput('"negative_coffee" must be true or false')
    rounds = obj["rounds"]
    # 000: "A game of Monster Café is played in 2 rounds."
    if not isinstance(rounds, list) or len(rounds) != 2:
        raise BadInput('"rounds" must list the 2 rounds of the game')
    players = obj["players"]
    if not isinstance(players, list) or not 2 <= len(players) <= MAX_PLAYERS:
        raise BadInput(f'"players" must be a list of 2 to {MAX_PLAYERS} players')
    n = len(players)
    cookies, mummies = [], []
    for seat, player in enumerate(players):
        at = f"players[{seat}]"
        if not isinstance(player, dict) or not set(player) <= {"cookies", "mummy_tokens"}:
            raise BadInput(f'{at} must be an object with "cookies" and "mummy_tokens"')
        cookies.append(_count(player, "cookies", at))
        tokens = player.get("mummy_tokens", [])
        if not isinstance(tokens, list) or not all(
            isinstance(t, list)
            and len(t) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in t)
            for t in tokens
        ):
            raise BadInput(f"{at}.mummy_tokens must list tokens as [coffee, bones]")
        mummies.append([(t[0], t[1]) for t in tokens])

    def pay(total: int, amount: int) -> int:
        return total + amount if negative else max(0, total + amount)

    coffee = [0] * n
    out_rounds = []
    start = list(coffee)
    cream = [0] * n
    for r, round_obj in enumerate(rounds):
        majorities, more = _score_round(round_obj, f"rounds[{r}].", extras=True)
        if len(more) != n:
            raise BadInput(f'rounds[{r}] must list the same {n} players as "players"')
        start = list(coffee)
        for seat in range(n):
            # Tokens taken during the round, then 000 Snout: "If said token is still at the
            # player's Front Line at the end of the round, that player takes the Coffee token."
            coffee[seat] += more[seat]["coffee"] + more[seat]["snout_coffee"]
            coffee[seat] = pay(coffee[seat], majorities[seat])
        cream = [m["whipped_cream"] for m in more]
        out_rounds.append(
            {
                "majorities": majorities,
                "snout": [m["snout_coffee"] for m in more],
                "coffee": list(coffee),
            }
        )
    # 000: "the player who won the most Coffee tokens during the second round wins (Cookie
    # tokens and Mummy tokens not included)"
    round_two = [coffee[p] - start[p] for p in range(n)]
    # Cakosaurus: "the player with the most Whipped Cream tokens at the end of the second round"
    cookie = cookie_bonus(cookies, cream)
    # Mummy: "At the end of the game, reveal your Mummy tokens."
    mummy = [mummy_value(tokens) for tokens in mummies]
    for seat in range(n):
        coffee[seat] = pay(pay(coffee[seat], cookie[seat]), mummy[seat])
    return {
        "rounds": out_rounds,
        "round_two": round_two,
        "cookie": cookie,
        "mummy": mummy,
        "coffee": coffee,
        "winners": final_winners(coffee, round_two),
    }


def _check_table(table: Counter[str]) -> None:
    """Refuse a table no game can show (a typo would otherwise score silently wrong)."""
    # RESEARCH: "12 Monster families of 10 cards each"
    over = sorted(fam for fam, n in table.items() if n > CARDS_PER_FAMILY)
    if over:
        raise BadInput(
            f"the table shows {table[over[0]]} {over[0]} cards, but a family has only "
            f"{CARDS_PER_FAMILY}"
        )
    # 000: "Choose the 5 families of Monsters you want to play with."
    if len(table) > FAMILIES_PER_GAME:
        raise BadInput(
            f"the table shows {len(table)} families ({', '.join(sorted(table))}), but a game "
            f"uses {FAMILIES_PER_GAME}"
        )
