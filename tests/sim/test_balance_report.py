"""The balance section of a report: 0/1 statistics get their own win-rate panel, and table
statistics that never happened (a family not in play) are left out of report.md."""

from __future__ import annotations

import matplotlib.image

from cardcafe.sim import SimConfig, run_simulation, write_report


def report(tmp_path, game: str, players: int, options=None):
    config = SimConfig.build(game, players, "random", 4, 5, options=options or {})
    outcome = run_simulation(config, out=tmp_path, workers=1)
    write_report(tmp_path, config.to_json(), outcome.results)
    return (tmp_path / "report.md").read_text(), matplotlib.image.imread(tmp_path / "balance.png")


def test_families_not_in_play_are_left_out_and_one_panel_for_amounts(tmp_path):
    text, pixels = report(tmp_path, "monsters-coffee", 3)
    # The Latte Newbie: Rex, Cakosaurus, Skeeter, Snorkel, Bliblop; never Grunge.
    assert "| family:rex | 1.00 |" in text and "| menu:latte-newbie | 1.00 |" in text
    assert "family:grunge" not in text and "menu:prissato" not in text
    assert "| coffee:majority bliblop |" in text
    one_panel = pixels.shape[0]
    assert one_panel < 600


def test_held_cards_get_a_second_panel_of_win_rates(tmp_path):
    text, pixels = report(tmp_path, "monster-rejects", 3, {"turn_limit": 20})
    assert "| held:hiroshima |" in text
    assert pixels.shape[0] > 900  # two panels: amounts, then win rates with and without
