"""A player's key as a few words, so that the host and a friend who joins can compare them in the chat
before the host confirms the seat: the words of the key the host's page received must be the words
the friend's page shows. Four words of 256 are 32 bits: to sit in a friend's place unseen, an
impostor would have to find, in the minutes before the host confirms, a key of its own with the same
four words, about four billion tries of making a key."""

from __future__ import annotations

from .curve import tagged_hash

WORDS = (
    "acorn", "anchor", "apple", "arrow", "atlas", "autumn", "badge", "bamboo", "banjo", "barrel", "basil",
    "beacon", "beaver", "bell", "berry", "bicycle", "bison", "blanket", "blossom", "boat", "bonnet", "book",
    "bottle", "bramble", "bread", "bridge", "brook", "bubble", "bucket", "butter", "cabin", "cactus", "camel",
    "candle", "canoe", "canyon", "carrot", "castle", "cedar", "cello", "chalk", "cherry", "chess", "cider",
    "circus", "clover", "cobalt", "coconut", "comet", "copper", "coral", "cotton", "cradle", "crane", "crayon",
    "cricket", "crown", "cuckoo", "daisy", "dance", "delta", "desert", "diamond", "dolphin", "donkey", "dragon",
    "drum", "eagle", "echo", "elbow", "ember", "emerald", "falcon", "feather", "fern", "fiddle", "fig", "flame",
    "flute", "forest", "fossil", "fountain", "fox", "garden", "garlic", "gecko", "giant", "ginger", "glacier",
    "globe", "goat", "gold", "grape", "gravel", "guitar", "hammer", "harbor", "harp", "hazel", "hedge", "helmet",
    "heron", "hill", "honey", "horizon", "iceberg", "igloo", "island", "ivory", "jacket", "jaguar", "jam",
    "jasmine", "jelly", "jungle", "kayak", "kettle", "kite", "koala", "ladder", "lagoon", "lantern", "lemon",
    "lily", "lime", "lion", "lizard", "lobster", "lotus", "magnet", "mango", "maple", "marble", "meadow",
    "melon", "mint", "mirror", "mitten", "moon", "moss", "mountain", "mushroom", "needle", "nest", "noodle",
    "nutmeg", "oasis", "ocean", "olive", "onion", "orange", "orbit", "orchid", "otter", "owl", "paddle",
    "panda", "paper", "parrot", "peach", "peanut", "pearl", "pebble", "pencil", "pepper", "piano", "pickle",
    "pigeon", "pillow", "pine", "planet", "plum", "pocket", "pony", "poppy", "potato", "pumpkin", "puzzle",
    "quartz", "quilt", "rabbit", "radish", "rainbow", "raven", "reef", "ribbon", "river", "robin", "rocket",
    "rose", "ruby", "saddle", "salmon", "sand", "sapphire", "scarf", "seal", "shadow", "shell", "silver",
    "sketch", "sled", "snail", "snow", "sparrow", "spider", "spoon", "spring", "squirrel", "star", "stone",
    "storm", "straw", "sugar", "summer", "sun", "swan", "table", "tea", "thistle", "thunder", "tiger",
    "timber", "toast", "tomato", "topaz", "tortoise", "tower", "trumpet", "tulip", "tunnel", "turnip",
    "umbrella", "valley", "velvet", "violet", "violin", "volcano", "wagon", "walnut", "walrus", "water",
    "whale", "wheat", "whistle", "willow", "window", "winter", "wolf", "wool", "yacht", "yarn", "zebra",
    "zephyr", "zinc", "compass",
)


def words(table: bytes, seat: int, key: bytes) -> list[str]:
    """The four words of a player's signing key at a seat of a table."""
    digest = tagged_hash("pygames/fingerprint", table + bytes([seat]) + key)
    return [WORDS[b] for b in digest[:4]]
