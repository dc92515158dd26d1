"""Spooneye bots: they see one seat's view, play as normal promises (its capture takes the most dangerous mast), and beat weaker levels."""

import pygames
from pygames.cards import Rng
from tests.gameprops import seeded_positions
from tests.helpers.spooneye import play, table


def bot(g, level="normal", seed=0):
    return pygames.ai.choose_move(g.view(g.current_player), level=level, seed=seed)


def test_normal_raises_a_mast_when_it_can():
    g = table([[["TS", "9H"], ["5C"]], [["6D"], ["8S"]]], [["KD", "2C", "7H"], ["AH"]], stock=["QS", "4D"])
    for level in ("easy", "normal"):
        assert bot(g, level) == play("2C", 0, 0)


def test_normal_never_completes_an_opponents_mast_and_leaves_no_easy_21():
    full = [["TD", "9C"], ["QD", "8H"], ["TC", "7C"], ["KS", "6S"]]      # 19 18 17 16: a 6 fits none
    g = table([full, [["5D"], ["TD", "2D"], ["9D", "AD", "AH"], ["3H", "8D"]]],
              [["6C"], ["AS"]], stock=["QS", "4D"])
    move = bot(g)
    assert move["to"]["player"] == 1
    assert move["to"]["mast"] != 0          # 5 + 6 = 11 leaves a 10 to complete it: the likeliest card
    g = table([[["5C"]], [["TS", "5H"]]], [["6C", "KD"], ["AS"]], stock=["QS", "4D"])
    for seed in range(5):
        move = bot(g, seed=seed)
        assert move != play("6C", 1, 0)     # 21 on the opponent's mast would be theirs


def test_normal_captures_the_most_valuable_opponent_mast():
    g = table([[["TS", "9H"], ["5C"]], [["2D", "3S"], ["KH", "4C", "2H"], ["6D", "5D", "4D"], ["QC"]]],
              [["2C"], ["AH"]], stock=["QS", "4D"])
    g.play(play("2C", 0, 0))
    assert bot(g) == {"type": "capture", "player": 1, "mast": 2}      # long, one suit, diamonds


def test_normal_steals_a_crows_nest_that_raises_its_own_mast():
    g = table([[["TD", "8C"], ["5C"]], [["6D", "3S"], ["KH"], ["2H"]]], [["9C", "8H"], ["AH"]],
              stock=["QS", "4D"])
    g.play(play("9C", 0, 1))
    assert bot(g) == {"type": "steal", "player": 1, "mast": 0, "to": 0}


def test_normal_moves_to_raise_and_otherwise_draws():
    g = table([[["TS", "5H"], ["6C"], ["2D"]], [["3S"]]], [["KD"], ["AH"]], stock=["QS", "4C"], begin=True)
    assert bot(g) == {"type": "move", "from": 1, "to": 0}
    g = table([[["TS", "3H"], ["6C"], ["2D"]], [["3S"]]], [["KD"], ["AH"]], stock=["QS", "4C"], begin=True)
    assert bot(g) == {"type": "draw"}


def test_normal_plays_a_four_for_a_double_play():
    g = table([[["TS", "8C"], ["5C"], ["2C"]], [["9D"], ["KD"]]], [["4H", "JS", "QH"], ["AH"]],
              stock=["QS", "4D"])
    assert bot(g)["card"] == "4H"


def _margin(levels, seed, players=2, rules="standard"):
    g = pygames.new_game("spooneye", seed=seed, players=players, options={"rules": rules})
    step = 0
    while g.deal_number == 1 and not g.is_over:
        seat = g.current_player
        g.play(pygames.ai.choose_move(g.view(seat), level=levels[seat], seed=step))
        step += 1
    points = g.deals[0]["players"]
    return [p["base"] + p["bonus"] for p in points]


def test_normal_beats_random_and_easy_beats_random():
    for strong, weak, need in (("normal", "random", 16), ("easy", "random", 14), ("normal", "easy", 13)):
        wins = 0
        for seed in range(20):
            me = seed % 2
            levels = (strong, weak) if me == 0 else (weak, strong)
            score = _margin(levels, 500 + seed)
            wins += score[me] > score[1 - me]
        assert wins >= need, (strong, weak, wins)


def test_bots_play_three_and_four_player_deals_in_both_rule_sets():
    rng = Rng(3)
    for players in (3, 4):
        for rules in ("standard", "basic"):
            levels = ["normal", "easy", "random", "normal"][:players]
            score = _margin(levels, rng.below(1000), players, rules)
            assert len(score) == players


def test_hard_chooses_legal_moves_and_searches_small_decisions():
    g = table([[["TS", "9H"], ["5C"]], [["2D", "3S"], ["KH", "4C", "2H"], ["6D", "5D", "4D"]]],
              [["2C"], ["AH"]], stock=["QS", "4D"])
    g.play(play("2C", 0, 0))
    move = pygames.ai.choose_move(g.view(0), level="hard", seed=1, budget=30)
    assert g.find_legal(move) is not None and move["type"] == "capture"


# ---- no blunders: the hint and hard never leave their own raise, normal captures the dangerous mast ----
RAISE_LINK = ("spooneye?v=2&p=2&s=3&n=200&m=AMEAMAbDAGDQYMQDBLAIOBIEAADJDDYACAFEDUIDSHAVMCNCAGAPXOAGADAAARAEJB"
              "AEBVAKTAVEDDLSFDIPWDAPAAJRAQAfJCAVaAIAGGKAIFKFAANFBHACDAUdAZAYBBAeEAcADQKAJAWAQVCABADWAAACAH"
              "AJMVUBEVACAEAIHFCADAACAHPBJAWGAJAEAgALAHAK")


def test_the_hint_and_hard_raise_their_own_20_mast_with_the_ace_whatever_the_seed():
    """The ace of diamonds raises our 20-mast: the hint and hard play it on every seed, not the 6 of
    diamonds onto the opponent's 14-mast (a search of few samples can outvote a sure raise)."""
    from pygames import links
    from pygames.ai import hints
    g = links.decode(RAISE_LINK)
    view = g.view(g.current_player)
    ace = play("AD", g.current_player, 0)
    for seed in range(8):
        assert bot(g, "hard", seed) == ace
        hint = hints.hint(view, seed)
        assert hint["move"] == ace and hint["reason"]["key"] == "hint.spooneye.raise"


def test_normal_captures_the_mast_nearest_21_not_a_lone_card_beside_it():
    """After our raise: the opponent's 18-mast of clubs, not the king of diamonds beside it (a
    diamond is worth more as a card, but the 18 is the mast they raise next)."""
    for rules in ("standard", "basic"):
        g = table([[["TS", "9H"], ["5C"]], [["KD"], ["TC", "8C"]]], [["2C", "6H"], ["AH", "4S", "7D"]],
                  stock=["QS", "4D", "5S"], rules=rules)
        g.play(play("2C", 0, 0))
        for level in ("normal", "hard"):
            assert bot(g, level) == {"type": "capture", "player": 1, "mast": 1}, (rules, level)


def test_hard_raises_whenever_a_seeded_deal_offers_it_a_raise_of_its_own():
    """Positions from seeded normal games where the seat can raise one of its own masts: hard, at
    the hint's budget, plays one of those raises, with every seed."""
    from pygames.ai.spooneye import HINT_BUDGET, raises_own_mast
    from pygames.games.spooneye import Spooneye
    found = 0
    for seed in range(8):
        for rules in ("standard", "basic"):
            g = pygames.new_game("spooneye", seed=seed, options={"rules": rules})
            step = 0
            while not g.is_over and g.deal_number == 1:
                seat = g.current_player
                view = g.view(seat)
                raising = [a for a in g.legal_actions() if raises_own_mast(g, a)]
                if raising:
                    found += 1
                    moves = [g.action_to_move(a) for a in raising]
                    for s in (step, step + 1):
                        move = pygames.ai.choose_move(view, "hard", seed=s, budget=HINT_BUDGET)
                        assert move in moves, (seed, rules, step, move)
                g.play(pygames.ai.choose_move(view, "normal", seed=step))
                step += 1
    assert found >= 20


def test_the_bots_raise_check_agrees_with_the_rules():
    """``raises_own_mast``, the quick check behind easy's and hard's raises, says of every legal play,
    steal and move exactly whether the rules raise one of the seat's own masts with it, on thousands
    of seeded positions of every table size."""
    from pygames.ai.spooneye import raises_own_mast
    from pygames.games.spooneye import CAPTURE, MOVE, PLAY
    checked = raises = 0
    for players in (2, 3, 4):
        for g in seeded_positions("spooneye", range(1, 4), players, moves=250):
            seat = g.current_player
            for a in g.legal_actions():
                if not (MOVE <= a < CAPTURE or a >= PLAY):
                    continue                            # draw, pass, capture, swap: no card lands
                after = g.clone()
                after.apply_action(a)
                if after.is_over or after.deal_number != g.deal_number:
                    continue                            # the deal's end forgets its last raise
                raised = ((after.raised is not None and after.raised[0] == seat)
                          or (after.last_raise is not g.last_raise and after.last_raise["owner"] == seat))
                assert raises_own_mast(g, a) == raised, (a, g.rows)
                checked += 1
                raises += raised
    assert checked > 3000 and raises > 100, (checked, raises)

