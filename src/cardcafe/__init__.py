"""cardcafe: rules engines, bots, simulation and play for four published card games."""

__version__ = "0.1.0"
