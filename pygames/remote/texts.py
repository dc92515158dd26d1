"""The words of a remote table (``pygames.remote``): what opening a link did, why a table stopped,
what a move could not be sent for. English templates, rendered by the page in its own language
(web/lang/<lang>/remote.json); part of the engine's catalogue (``pygames.games.english_catalogue``)."""

from __future__ import annotations

TEXTS: dict[str, str] = {
    "remote.cannot_send": "This move cannot be sent to the table: {reason}",
    "remote.outcome.own_invitation": "You are already at this table: this link is its invitation.",
    "remote.outcome.other_invitation": "This is an invitation to another table.",
    "remote.outcome.other_table": "This message is for another table.",
    "remote.outcome.join_already": "{name} has already joined this table.",
    "remote.outcome.seat_taken": "{name}'s seat is already taken.",
    "remote.outcome.not_seat_link": "This join for {name}'s seat was not made from that seat's own invitation.",
    "remote.outcome.confirmed": "{name}'s seat is confirmed.",
    "remote.outcome.not_chosen": "The host confirmed someone else at {name}'s seat: this page is not at the table.",
    "remote.outcome.already": "Message {n} from {name} is already on the table.",
    "remote.outcome.not_signed": "This message claims to be {name}'s but is not signed by {name}.",
    "remote.outcome.forged": "This message claims to be {name}'s but is not signed by {name} (forged or damaged).",
    "remote.outcome.too_many_held": "Too many messages are waiting: open the earlier ones first.",
    "remote.outcome.wait_join": "Kept for later: {name} must take a seat first.",
    "remote.outcome.wait_message": "Kept for later: message {n} from {name} must be opened first.",
    "remote.outcome.applied": "Applied message {n} from {name}.",
    "remote.outcome.moved": "Move made.",
    "remote.outcome.text": "{text}",
    "remote.why.move_rules": "{name}'s move {n} breaks the rules",
    "remote.why.move_card": "{name}'s move {n} names a card other than the one it takes",
    "remote.why.move_hides": "{name}'s move {n} hides a card from the wrong players",
    "remote.why.shuffle": "{name}'s shuffle of the deck is false",
    "remote.why.share": "{name} gave a false share of a card",
    "remote.why.secret": "{name}'s key for the deal is false, missing or shown too early",
    "remote.why.protocol": "{name}'s message breaks the way a table plays by links",
    "remote.why.signed_twice": "{name} signed two different messages with one number",
    "remote.why.split": "the players' copies of the game disagree, so the table cannot go on",
}
