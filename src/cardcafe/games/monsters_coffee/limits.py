"""The numbers the rulebook (000_992b8e92303b7cf4.txt) fixes for the table."""

# 000 NOTE 0: "No player can have fewer than 3 Monster cards in their Front Line and fewer than 3
# Monster cards in their Rear Line."
LINE_MIN = 3
# 000: "Each player chooses 3 Monster cards that they put, face down, in front of them."
REAR_SIZE = 3
# 000: "A game of Monster Café is played in 2 rounds."
ROUNDS = 2
# 000 Poopy: "No player can have more than 3 Droppings tokens on their Front Line."
MAX_DROPPINGS = 3
