"""docs/bots.md "Writing a bot": its example bot, run as written, plays a game in a loop and as
an opponent of the Gymnasium env, from the observation alone."""

from __future__ import annotations

import re
from pathlib import Path

from cardcafe import games
from cardcafe.bots import Bot, Observation, make_bot

DOC = Path(__file__).parents[2] / "docs" / "bots.md"


def _example_bot() -> type[Bot]:
    section = DOC.read_text().split("## Writing a bot", 1)[1].split("\n## ", 1)[0]
    (code,) = re.findall(r"```python\n(.*?)```", section, re.S)
    namespace: dict = {}
    exec(compile(code, str(DOC), "exec"), namespace)
    return namespace["GreedyBot"]


def test_the_documented_bot_plays_in_a_loop_and_in_the_gymnasium_env():
    greedy = _example_bot()
    bot = greedy(seed=1, samples=2)
    assert bot.samples == 2 and bot.spec == "greedy:samples=2"
    state = games.get("monster-diner").new(2, seed=3)
    bots = [bot, make_bot("random", 2)]
    while not state.is_over:
        state.apply(bots[state.current_player].choose(Observation.of(state)))
    assert state.winners()

    from cardcafe.rl import SingleSeatEnv

    env = SingleSeatEnv("coffee-break", 3, opponents=[greedy, "heuristic"])
    obs, _ = env.reset(seed=0)
    assert obs["action_mask"].any()
