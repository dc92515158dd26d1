"""Each game's glossary: a thing the game names, its English words and its one Japanese word.

Every Japanese text of a game that renders the English term uses the chosen word, and none uses a
rejected synonym (tests/test_glossary.py checks them). A thing has one word within its game: the
stock is 山札 in every game (Spite and Malice's pay-off pile is 払い札, so 山札 never names two piles).

    game: [(thing, English pattern (a regular expression, case-insensitive), chosen word, rejected)]
"""

GLOSSARY = {
    "spades": [
        ("nil", r"\bnil\b", "ニル", ("ゼロ宣言",)),
        ("bags", r"\bbags?\b", "バッグ", ()),
        ("trumps", r"\btrumps?\b", "切り札", ()),
    ],
    "spite_malice": [
        ("pay-off pile", r"\bpay-?off", "払い札", ("ペイオフ山",)),
        ("stock", r"\bstock\b", "山札", ("ストック",)),
        ("centre pile", r"\bcentre piles?\b", "台札", ("場札", "中央の山")),
        ("discard pile", r"\bdiscard piles?\b", "捨て札", ()),
    ],
    "skarney_gin": [
        ("stock", r"\bstock\b", "山札", ("ストック",)),
        ("meld", r"\bmelds?\b", "メルド", ()),
        ("lay off", r"\blay(s|ing)?[ -]off\b|\blaid off\b|\blay-offs?\b", "レイオフ", ("付け札",)),
        ("offer", r"\boffer", "オファー", ()),
    ],
    "leopard": [
        ("square", r"\bsquares?\b", "スクエア", ("方陣",)),
        ("line", r"\blines?\b", "ライン", ()),
        ("stock", r"\bstock\b", "山札", ("ストック",)),
    ],
    "spooneye": [
        ("crow's nest", r"\bcrow'?s[ -]nests?\b", "からすの巣", ("見張り台",)),
        ("mast", r"\bmasts?\b", "マスト", ()),
        ("stock", r"\bstock\b", "山札", ("ストック",)),
    ],
}
