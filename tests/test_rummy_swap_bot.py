"""Hard wins a joker back when it lands in a meld this turn, and only then (seed 000).

« 3 – Il peut récupérer un joker dans une combinaison à condition de posséder la carte
qu'il remplace », the joker then going « immédiatement » into a new meld; and the round
ends only with a last card thrown (« il jette sa dernière carte »), so a swap whose meld
would leave nothing to throw cannot be played out. Positions as in test_rummy_rami.
"""

from __future__ import annotations

from rummy_helpers import bot_turn, position, table


def test_hard_wins_the_joker_back_and_melds_it_at_once() -> None:
    # seat 0 (opened): 9H 8C QC QD 5C    table: [1] 7H 8H JK 10H (seat 1)   [2] 2D 3D 4D (seat 0)
    game = position("rami", ["9H 8C QC QD 5C", "2C 5D 9S"], "2D 4C", "9C",
                    melds=[(1, "7H 8H JK 10H"), (0, "2D 3D 4D")])
    moves = bot_turn(game, "hard")
    assert moves[0] == "swap 9H for joker in 1" and sorted(moves[1].split()) == sorted(["meld", "QC", "QD", "JK"])
    assert table(game)[0] == "7H 8H 9H 10H" and len(table(game)) == 3


def test_hard_leaves_the_joker_when_its_meld_would_leave_nothing_to_throw() -> None:
    # seat 0 (opened): 9H QC QD — won back, the joker makes QC QD JK and no card is left
    game = position("rami", ["9H QC QD", "2C 5D 9S"], "2D 4C", "9C",
                    melds=[(1, "7H 8H JK 10H"), (0, "2D 3D 4D")])
    moves = bot_turn(game, "hard")
    assert not any(m.startswith("swap") for m in moves)
    assert table(game)[0] == "7H 8H JK 10H"
