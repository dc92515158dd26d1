"""Experiments with the hard Spades bot, apart from the bot the page plays (``pygames.ai.spades``):
conventions a partnership could play and read, and ways of reading the hidden hands, each measured
against OpenSpiel's ISMCTS (``research/vs_openspiel.py``) and, for the reading, away from any match
(``research/card_reading.py``). None has been shown to play better than the page's bot, so none is
in it.

The experimental hard bot (``hard_move``) plays the page's hard bot - the same team rules
(``partner_choice``), the same search (``search_card``) - and passes what an experiment varies
through the search's own parameters: its sampler of the hidden hands (``sampler``: ``sample=``) and
what it makes of the search's card. With nothing switched on (``Reading()``) it plays exactly the
page's moves.

* the count signal (``Reading.signals``): on its first follow to a suit, when its card would not take
  the trick, a seat plays its lowest card of the suit with an odd number of them and its second lowest
  with an even number; its partner reads it so (``signal_card``, ``partner_signals``, ``fits_signal``);
* shape by carding (``Reading.carding``): cards of a suit with every card between them gone in finished
  tricks take the same tricks for the rest of the deal; which of them a seat plays tells its partner
  the shape it was dealt (``shape_bits``, ``equal_run``, ``carding_misses``, ``carded``);
* exact bids (``Reading.chain``): a hidden hand weighs 1000 when the normal bidder would bid what its
  seat bid, else its ``BID_FIT`` over ``EXACT_MISS``; and the deals are a Markov chain: each sample
  after the first is the last one with ``chain`` swaps of two hidden seats' cards proposed, each kept
  as likely as the weights say (Metropolis) - drawing more deals alone does not reach hands that fit
  exactly. ``chains`` chains take the samples in turn, so that one sample and the next are not nearly
  the same deal;
* reading the follows (``Reading.read``, ``follow_reads``).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygames.ai.spades import (BUDGET_CAP, DEALS_DRAWN, HARD_BUDGET, BidDealer, Table, bid_curve,  # noqa: E402
                               bid_fit, bid_of, deal_plays, estimate_tricks, partner_choice, pick, search_card)
from pygames.ai.spades import choose_move as page_choose_move  # noqa: E402
from pygames.cards import CODES, IDS, Rng, suit_of  # noqa: E402
from pygames.games.spades import NIL_BIDS, STRENGTH, Spades, deal_with_voids, trick_winner  # noqa: E402


@dataclass(frozen=True)
class Reading:
    """What the experimental hard bot plays and reads beyond the page's bot; all off: the page's bot."""
    read: bool = False          # read the other seats' follows (``follow_reads``)
    signals: bool = False       # play the count signal, and read it in the partner
    carding: bool = False       # tell the shape by carding, and read it in the partner
    chain: int = 0              # exact bids: card swaps proposed a sample (0: the page's draws)
    chains: int = 1             # exact bids: chains taking the samples in turn
    frame: Callable[[dict[str, Any]], Any] = Spades.hidden_frame    # what a view fixes of the hands
    deal: Callable[..., list[list[int]]] = deal_with_voids         # how the unseen cards are dealt
    sample: Callable[[dict[str, Any]], Any] | None = None          # a sampler of its own (an oracle)


def hard_move(view, seed, budget=None, reading=None):
    """The experimental hard bot's move for ``view``, as ``pygames.ai.choose_move(view, "hard", seed,
    budget)`` would play it with ``reading``'s experiments (bids and passes: the page's)."""
    reading = reading or Reading()
    legal = view["legal_moves"]
    rng = Rng(seed)
    if len(legal) == 1:
        return legal[rng.below(1)]
    if view["phase"] != "play":
        return page_choose_move(view, "hard", rng, budget)
    allowed = partner_choice(Table(view), [IDS[m["card"]] for m in legal])
    if allowed and len(allowed) == 1:
        return {"type": "play", "card": CODES[carded(view, allowed[0]) if reading.carding else allowed[0]]}
    playouts = min(budget or HARD_BUDGET, BUDGET_CAP)
    card = search_card(view, rng, cards=allowed, playouts=playouts, sample=sampler(view, reading))
    if reading.signals:
        card = signalled(view, card, allowed)
    if reading.carding:
        card = carded(view, card)
    return {"type": "play", "card": CODES[card]}


# ---- the count signal ------------------------------------------------------------------------------
def signalled(view, card, allowed):
    """The search's card, or the count signal in its place: on this seat's first follow to a suit,
    when the search's card does not take the trick and the signal card would not either."""
    t = Table(view)
    if not t.trick or suit_of(card) != suit_of(t.trick[0]):
        return card
    partner = (t.seat + 2) % 4
    if any(t.bids[s] in NIL_BIDS for s in (t.seat, partner)):
        return card
    suit = suit_of(card)
    if any(who == t.seat and suit_of(c) == suit for who, c in deal_plays(view)):
        return card
    k = len(t.trick)
    if trick_winner(t.trick + [card]) == k:
        return card
    sig = signal_card(t.hand, suit)
    if trick_winner(t.trick + [sig]) == k or (allowed and sig not in allowed):
        return card
    return sig


SIGNAL_MISS = 20        # a dealt partner hand its signal does not fit: its weight divided by this
SUIT_MASK = tuple(sum(1 << c for c in range(s * 13, s * 13 + 13)) for s in range(4))
BELOW = tuple(sum(1 << o for o in range((c // 13) * 13, (c // 13) * 13 + 13) if STRENGTH[o] < STRENGTH[c])
              for c in range(52))


def signal_card(hand, suit):
    """The count signal (``Reading.signals``), on a seat's first follow to a suit when it is not winning the
    trick: with an odd number of cards of the suit, its lowest; with an even number, its second
    lowest. Both seats of hard's side play it and read it in each other (``partner_signals``), so
    the partner's suit lengths - worth as much to the search as its whole hand (README, "Bots") -
    are read better."""
    cards = sorted((c for c in hand if suit_of(c) == suit), key=STRENGTH.__getitem__)
    return cards[1] if len(cards) % 2 == 0 else cards[0]


def partner_signals(view):
    """The partner's count signals this deal: ``(card, later)`` each - the card, and the partner's
    cards played from it on (a bit mask): a hand then held is ``dealt | later``, and it fits the
    signal when the card is its lowest of the suit with an odd count, or its second lowest with an
    even one."""
    seat = view["seat"]
    partner = (seat + 2) % 4
    plays = deal_plays(view)
    bids = view["bids"]
    if any(bids[s] in NIL_BIDS for s in (seat, partner)):
        return []
    seen = set()
    out = []
    for i, (who, c) in enumerate(plays):
        k = i % 4
        suit = suit_of(c)
        if who == partner and k and suit == suit_of(plays[i - k][1]) and suit not in seen:
            trick = [x for _, x in plays[i - k:i]]
            if trick_winner(trick + [c]) != k:           # a card that does not take the trick
                later = 0
                for w, x in plays[i:]:
                    if w == partner:
                        later |= 1 << x
                out.append((c, later))
        if who == partner:
            seen.add(suit)
    return out


def fits_signal(hand_mask, card):
    """Whether a hand (bit mask, as held when the card was played) would have signalled with it."""
    n = bin(hand_mask & SUIT_MASK[card // 13]).count("1")
    lower = bin(hand_mask & BELOW[card]).count("1")
    return lower == 0 if n % 2 else lower == 1


# ---- shape by carding ---------------------------------------------------------------------------
RANKED = tuple(tuple(sorted(range(s * 13, s * 13 + 13), key=STRENGTH.__getitem__)) for s in range(4))
POSITION = tuple(RANKED[c // 13].index(c) for c in range(52))


def shape_bits(dealt_mask):
    """What a hard seat's choices among equal cards tell its partner, in order (then over again):
    for each suit, spades first, whether it was dealt four or more of it; then each length's parity."""
    n = [bin(dealt_mask & SUIT_MASK[s]).count("1") for s in range(4)]
    return [x >= 4 for x in n] + [x % 2 == 1 for x in n]


def equal_run(hand_mask, gone_mask, card):
    """The lowest and highest of the cards ``hand_mask`` holds that play exactly as ``card`` does
    for the rest of the deal: the same suit, with every card between them gone (``gone_mask``: the
    cards of finished tricks)."""
    ranked = RANKED[card // 13]
    i = POSITION[card]
    low = high = card
    for step in (-1, 1):
        j = i + step
        while 0 <= j < 13:
            c = ranked[j]
            if hand_mask >> c & 1:
                if step < 0:
                    low = c
                else:
                    high = c
            elif not gone_mask >> c & 1:
                break
            j += step
    return low, high


def seat_plays(plays, seat):
    """``seat``'s plays this deal (``plays``: ``deal_plays``) as ``(card, gone, later)``: the cards of
    the tricks finished before it (a mask), and the seat's own cards played from it on (a mask: the
    hand it then held is its hand now with these)."""
    out, gone = [], 0
    for i, (who, c) in enumerate(plays):
        if i % 4 == 0 and i:
            for _, x in plays[i - 4:i]:
                gone |= 1 << x
        if who == seat:
            out.append([c, gone, 0])
    later = 0
    for entry in reversed(out):
        later |= 1 << entry[0]
        entry[2] = later
    return out


def carding_misses(now_mask, own_plays, card=None, gone=0):
    """How many of a seat's plays (``seat_plays``), with the hand it holds now (``now_mask``), break
    the code: each play from a run of equal cards (``equal_run``) is its next choice, and it plays
    the run's highest for a true bit of ``shape_bits`` (of the hand it was dealt), its lowest for a
    false one. Given ``card`` (its next play) and ``gone`` (the finished tricks' cards), also the
    card of its run the code asks for."""
    dealt = now_mask | (own_plays[0][2] if own_plays else 0)
    bits = shape_bits(dealt)
    k = misses = 0
    for c, done, later in own_plays:
        low, high = equal_run(now_mask | later, done, c)
        if low != high:
            if c != (high if bits[k % 8] else low):
                misses += 1
            k += 1
    if card is None:
        return misses, None
    low, high = equal_run(now_mask, gone, card)
    return misses, (high if bits[k % 8] else low)


def carded(view, card):
    """The search's card, or the card of its equal run (``equal_run``) the partnership's code asks
    for (``carding_misses``): equal cards take the same tricks, so the choice between them is free,
    and it tells the partner, who reads it (``sampler``), the shape of this seat's hand."""
    seat = view["seat"]
    plays = deal_plays(view)
    now = sum(1 << IDS[x] for x in view["zones"][f"hand{seat}"])
    done = len(plays) - len(plays) % 4
    gone = sum(1 << c for _, c in plays[:done])
    return carding_misses(now, seat_plays(plays, seat), card, gone)[1]


# ---- exact bids and reading the follows ------------------------------------------------------------
EXACT_MISS = 20


def exact_fit(hand, bid):
    """How well a whole 13-card hand fits its bid as the normal bidder bids (``choose_bid``), of 1000."""
    if not isinstance(bid, int):
        return bid_fit(hand, bid)
    est = estimate_tricks(hand)
    if bid_of(est) == bid:
        return 1000
    return max(1, bid_curve(est, bid) // EXACT_MISS)


READ_DRAWS = 16     # with reading (follows, signals, carding): deals drawn for each sample
READ_MISS = 10      # reading the follows: a dealt hand's weight is divided by this for each follow it leaves unexplained


def follow_reads(view):
    """What the other seats' follows say, read as a careful player reads them: a seat that followed
    suit with a card other than its lowest of the suit held no lower card of it - unless the card
    was the cheapest that beat the trick so far, when it held no cheaper winner. (True of about 80%
    of the hard bot's own follows that had a choice.) One ``(seat, lower, gap)`` a follow, as bit
    masks of card ids: a hand explains the follow unless it holds a card of ``lower`` and (``gap``
    None, or) a card of ``gap``. The seat's later plays, still in its hand then, are taken into
    account: ``lower`` is -1 when one of them rules the lowest card out; a follow no hand explains
    is left out."""
    plays = deal_plays(view)
    reads = []
    for i, (s, c) in enumerate(plays):
        k = i % 4
        trick = [x for _, x in plays[i - k:i]]
        if not k or s == view["seat"] or suit_of(c) != suit_of(trick[0]):
            continue
        led = suit_of(c)
        later = 0
        for who, x in plays[i + 1:]:
            if who == s:
                later |= 1 << x
        suit = range(led * 13, led * 13 + 13)
        lower = sum(1 << x for x in suit if STRENGTH[x] < STRENGTH[c])
        best = trick[trick_winner(trick)]
        gap = None
        if suit_of(best) == led and STRENGTH[c] > STRENGTH[best]:
            gap = sum(1 << x for x in suit if STRENGTH[best] < STRENGTH[x] < STRENGTH[c])
            if later & gap:
                gap = None
        if later & lower:
            if gap is None:
                continue
            lower = -1
        reads.append((s, lower, gap))
    return reads


def sampler(view, reading=None):
    """A sampler for the search (``search_card(sample=...)``): the page's ``bid_sampler`` with what
    ``reading`` adds. ``read``: the follows are read (``follow_reads``), of ``READ_DRAWS`` deals, each
    follow a dealt hand leaves unexplained dividing its weight by ``READ_MISS``: it reads the hidden
    hands better (``card_reading.py``) but has not been shown to play better. ``signals`` or
    ``carding``: the partner's count signals or its carding are read, each that a dealt partner hand
    does not fit dividing its weight by ``SIGNAL_MISS``. ``chain``: the exact bids' chains (above).
    ``frame`` and ``deal``: what the view fixes and how the rest is dealt (the oracles); ``sample``:
    a sampler of its own in place of all this."""
    reading = reading or Reading()
    if reading.sample is not None:
        return reading.sample(view)
    dealer = BidDealer(view, frame=reading.frame, deal=reading.deal)
    slots, hidden = dealer.slots, dealer.hidden
    if DEALS_DRAWN <= 1 or not hidden:
        return Spades.determinize
    read, chain_steps, chain_count = reading.read, reading.chain, reading.chains
    reads = [r for r in follow_reads(view) if slots[r[0]]] if read else []
    partner = (view["seat"] + 2) % 4
    signals = partner_signals(view) if reading.signals and slots[partner] else []
    cardings = seat_plays(deal_plays(view), partner) if reading.carding and slots[partner] else []
    draws, scale = (READ_DRAWS, 10 ** 6) if read or signals or cardings else (DEALS_DRAWN, 1)
    bids, shown, held, voids = dealer.bids, dealer.shown, dealer.held, dealer.voids

    fit = exact_fit if chain_steps else bid_fit
    chains = [{} for _ in range(chain_count)]
    turn = [0]

    def partner_misses(hand):
        """How many of the partner's signals and carding plays a dealt partner hand (its hidden
        cards) does not fit."""
        misses = 0
        if signals:
            mask = 0
            for c in hand:
                mask |= 1 << c
            misses += sum(1 for card, later in signals if not fits_signal(mask | later, card))
        if cardings:
            mask = 0
            for c in hand + held[partner]:
                mask |= 1 << c
            misses += carding_misses(mask, cardings)[0]
        return misses

    def weigh(s, hand):
        """A hidden hand's weight in a chain: its bid's fit, for the partner divided by
        ``SIGNAL_MISS`` for each of its signals or carding plays the hand does not fit."""
        w = fit(hand + shown[s], bids[s])
        if s != partner or not (signals or cardings):
            return w
        return max(1, w * SIGNAL_MISS ** 4 // SIGNAL_MISS ** partner_misses(hand))

    def step(hands, fits, rng):
        """One proposal of the chain: two hidden seats swap a card each, voids kept."""
        n = len(hidden)
        i = rng.below(n)
        a, b = hidden[i], hidden[(i + 1 + rng.below(n - 1)) % n]
        x, y = rng.below(len(hands[a])), rng.below(len(hands[b]))
        ca, cb = hands[a][x], hands[b][y]
        if ca // 13 in voids[b] or cb // 13 in voids[a]:
            return
        hands[a][x], hands[b][y] = cb, ca
        fa, fb = weigh(a, hands[a]), weigh(b, hands[b])
        if rng.below(fits[a] * fits[b]) < fa * fb:
            fits[a], fits[b] = fa, fb
        else:
            hands[a][x], hands[b][y] = ca, cb

    def sample(view, rng):
        chain = chains[turn[0] % chain_count]
        turn[0] += 1
        if chain:
            hands, fits = chain["hands"], chain["fits"]
            for _ in range(chain_steps):
                step(hands, fits, rng)
            return dealer.state(hands, rng)
        deals, weights = [], []
        for _ in range(draws):
            hands = dealer.deal(rng)
            weight = scale
            for s in hidden:
                weight *= fit(hands[s] + shown[s], bids[s])
            if reads:
                masks = [0, 0, 0, 0]
                for s in hidden:
                    for c in hands[s]:
                        masks[s] |= 1 << c
                for s, lower, gap in reads:
                    if masks[s] & lower and (gap is None or masks[s] & gap):
                        weight //= READ_MISS
            if signals or cardings:
                weight //= SIGNAL_MISS ** partner_misses(hands[partner])     # one floor division: as one by one
            deals.append(hands)
            weights.append(weight)
        hands = pick(deals, weights, rng)
        if chain_steps and len(hidden) > 1 and not reads:
            chain["hands"] = [h[:] for h in hands]
            chain["fits"] = {s: weigh(s, hands[s]) for s in hidden}
        return dealer.state(hands, rng)
    return sample
