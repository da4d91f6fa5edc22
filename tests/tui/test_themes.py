"""Text is legible in both themes: WCAG AA (4.5:1) for every text colour on the backgrounds it
is drawn on, and for the text on every card chip of every game."""

from __future__ import annotations

import pytest
from textual.color import Color

from cardcafe import games
from cardcafe.tui.render.cards import card_colours
from cardcafe.tui.themes import TEXT_ON, THEMES

NAMED = {"white": "#ffffff", "black": "#000000"}


def luminance(colour: Color) -> float:
    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour.r) + 0.7152 * channel(colour.g) + 0.0722 * channel(colour.b)


def contrast(text: Color, background: Color) -> float:
    light, dark = sorted((luminance(text), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_is_measured_as_wcag_says():
    assert contrast(Color.parse("#000000"), Color.parse("#ffffff")) == pytest.approx(21)
    assert contrast(Color.parse("#777777"), Color.parse("#ffffff")) == pytest.approx(4.48, 0.01)


@pytest.mark.parametrize("theme", THEMES, ids=lambda t: t.name)
def test_every_text_colour_reads_on_its_background(theme):
    variables = {**theme.to_color_system().generate(), **theme.variables}
    for text, backgrounds in TEXT_ON.items():
        for background in backgrounds:
            under = Color.parse(variables[background])
            over = under + Color.parse(variables[text])  # a translucent colour over its ground
            ratio = contrast(over, under)
            assert ratio >= 4.5, f"{theme.name}: {text} on {background} is {ratio:.2f}:1"


def test_the_light_theme_prompt_is_no_pale_orange():
    light = next(t for t in THEMES if not t.dark)
    prompt = Color.parse(light.variables["cardcafe-prompt"])
    assert contrast(prompt, Color.parse(light.background)) >= 4.5


@pytest.mark.parametrize("game", games.all(), ids=lambda g: g.id)
def test_every_card_chip_is_legible(game):
    catalogue = game.catalogue()
    for card in catalogue["cards"]:
        background, text = card_colours(card, catalogue)
        ratio = contrast(Color.parse(NAMED.get(text, text)), Color.parse(background))
        assert ratio >= 4.5, f"{card}: {ratio:.2f}:1"
