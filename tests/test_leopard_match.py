"""No Leopard bot concedes the match: on the last deal, going out (or a partner's yes) ends the match at
once, so no level above random ends it behind, while playing on could still turn it; normal and hard
end it when that wins. From a position in the last deal shared as a link, and over seeded last-deal positions judged by
the engine itself (the match played out to its end on a copy)."""

import pytest

import pygames
from pygames import links
from pygames.ai import choose_move
from pygames.games.leopard import DEALS, GO_OUT, YES

LEVELS = ("easy", "normal", "hard")
# deal 4, East's side 8 against 18: its square scores 6 against 4; going out ends the match 22-14
CONCEDE_LINK = ("leopard?v=2&p=4&s=7&n=165&m=EQACKKIBZHpbaBAPOHpSEVGGXYHTORfCLCJBAPXRAAFTDPFOBgGZHeUSCAJBD"
                "XJCDAJWKCBAAHWDpSHhuPROBaCPFQUMGVRNMSUAERLKBRUKQQSSHQAAALUGZRQFdRaTFDeWWGdXWEMKDAJHUFHHXAEL"
                "AJBBRHVAQOBKO")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_behind_on_the_last_deal_it_neither_asks_to_go_out_nor_lets_its_partner(level, seed):
    g = links.decode(CONCEDE_LINK)
    seat = g.current_player
    assert g.deal_number == DEALS and ending_result(g, seat) < 0
    assert choose_move(g.view(seat), level, seed=seed)["type"] != "go_out"
    g.play({"type": "go_out"})
    partner = g.current_player
    assert choose_move(g.view(partner), level, seed=seed) == {"type": "answer", "allow": False}


def ending_result(g, seat):
    """The side of ``seat``'s match margin once the deal ends now (going out, and a partner's yes),
    from the engine: None when that does not end the match."""
    c = g.clone()
    if c.phase != "answer":
        c.apply_action(GO_OUT)
    if c.phase == "answer":
        c.apply_action(YES)
    return c.returns()[seat] if c.is_over else None


def last_deal_choices(seeds, players):
    """``(game, seat, result)`` at every last-deal turn of normal-bot matches where the seat to act
    may end the match (go out, or answer its partner), with the result that would lock in."""
    for seed in seeds:
        g = pygames.new_game("leopard", seed=seed, players=players)
        n = 0
        while not g.is_over:
            seat = g.current_player
            if g.deal_number == DEALS and (g.phase == "answer" or g.legal_actions()[0] == GO_OUT):
                asker = g.asker if g.phase == "answer" else seat
                yield g, seat, ending_result(g, asker)
            g.play(choose_move(g.view(seat), "normal", seed=seed * 1000 + n))
            n += 1


def ends(move):
    return move["type"] == "go_out" or move.get("allow") is True


@pytest.mark.parametrize("players", [2, 4])
def test_seeded_last_deals_never_end_the_match_behind_and_end_it_ahead(players):
    behind = ahead = 0
    for g, seat, result in last_deal_choices(range(12), players):
        if result is None or result == 0:
            continue
        behind += result < 0
        ahead += result > 0
        for level in LEVELS:
            move = choose_move(g.view(seat), level, seed=seat)
            if result < 0:
                assert not ends(move), (level, g.history)
            elif level != "easy":
                assert ends(move), (level, g.history)
    assert behind >= 5 and ahead >= 1, (behind, ahead)
