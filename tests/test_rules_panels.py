"""The in-app rules panels (web/rules/<lang>/<game>.html) agree with the project's rules
(docs/rules/<game>.md) on the numbers a player relies on: card counts, hand sizes, targets, scores.

Each fact is read from the rules page and from both panels by a pattern of its own wording, and the
numbers it captures must be equal. A panel that says another number fails here, naming the fact; a
panel reworded so that a fact can no longer be found fails too, so that its pattern is updated
rather than the fact silently unchecked. Named groups (``(?P<name>...)``) let a language put the
numbers in another order. No browser needed."""

import html
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
         "eight": "8", "nine": "9", "ten": "10", "third": "3"}

# game, fact, then its pattern in docs/rules, in the English panel and in the Japanese panel
FACTS = [
    ("spades", "players", r"(\d) players; partners sit opposite", r"(\w+) players in two partnerships", r"(\d)人で2人ずつのペア戦"),
    ("spades", "deck", r"One (\d+)-card deck", r"One (\d+)-card deck", r"(\d+)枚のカード1組"),
    ("spades", "hand size", r"(\d+) cards each, one at a time", r"\((\d+) cards each\)", r"(\d+)枚ずつ配った"),
    ("spades", "bids", r"a number of tricks (\d+)–(\d+)", r"\((\d+)–(\d+)\)", r"（(\d+)〜(\d+)）"),
    ("spades", "double nil when trailing by", r"trails by (\d+) or more", r"trails by (\d+) or more", r"(\d+)点以上負けている"),
    ("spades", "double nil exchange", r"passes (\d) cards face down", r"swap (\w+) cards face down", r"(\d)枚ずつカードを裏向きで交換"),
    ("spades", "contract made", r"(\d+) × bid \+ (\d+) per overtrick", r"(\d+) per trick bid, plus (\d+) per extra trick",
     r"1トリックにつき(\d+)点、超過したトリック（バッグ）1つにつき(\d+)点"),
    ("spades", "contract set", r"Set: −(\d+) × bid", r"minus (\d+) per trick bid", r"1トリックにつき−(\d+)点"),
    ("spades", "made example", r"bid (\d+), took (\d+) → (\d+)", r"Bid (\d+), took (\d+) → (\d+)", r"(\d+)ビッドで(\d+)トリック → (\d+)点"),
    ("spades", "set example", r"Bid (\d+), took (\d+) → (−\d+)", r"Bid (\d+), took (\d+) → (−\d+)", r"(\d+)ビッドで(\d+)トリック → (−\d+)点"),
    ("spades", "nil and double nil", r"Nil: \+(\d+) made, −(\d+) failed\. Double Nil: ±(\d+)",
     r"Nil: \+(\d+) if the bidder takes no trick, −(\d+) if .*?Double Nil: ±(\d+)",
     r"ニル: 1トリックも取らなければ\+(\d+)点、1つでも取れば−(\d+)点.*?ダブル・ニルは±(\d+)点"),
    ("spades", "bags", r"reaches (\d+) bags it loses (\d+)", r"Every (\d+) bags a team collects cost it (\d+) points",
     r"バッグが(\d+)たまるごとに(\d+)点を失います"),
    ("spades", "target", r"a team reaches (\d+) or more", r"The first team to reach (\d+) after a deal", r"(\d+)点に先に達したチーム"),

    ("spite_malice", "players", r"(\d) to (\d) players", r"(\w+) to (\w+) players", r"(\d)〜(\d)人で"),
    ("spite_malice", "decks", r"(?P<d2>\w+) 52-card decks for (?P<p2>\d) players, (?P<d3>\w+) for (?P<p3>\d), (?P<d4>\w+) for (?P<p4>\d)",
     r"\((?P<d2>\w+) decks for (?P<p2>\w+) players, (?P<d3>\w+) for (?P<p3>\w+), (?P<d4>\w+) for (?P<p4>\w+)\)",
     r"（(?P<p2>\d)人なら(?P<d2>\d)組、(?P<p3>\d)人なら(?P<d3>\d)組、(?P<p4>\d)人なら(?P<d4>\d)組）"),
    ("spite_malice", "pay-off pile", r"pay-off pile of (\d+) cards face down \(`options.payoff` \d+, or (\d+) for a short game",
     r"(\d+) cards each \((\d+) in a short game\)", r"1人(\d+)枚（短いゲームでは(\d+)枚）"),
    ("spite_malice", "hand size", r"until the hand holds (\d) cards", r"until you hold (\w+) cards", r"手札が(\d)枚になるまで"),
    ("spite_malice", "centre piles", r"Centre piles \(shared\): at most (\d)", r"at most (\w+) at a time", r"同時に最大(\d)つ"),
    ("spite_malice", "discard piles", r"Discard piles \(own\): at most (\d)", r"each player has up to (\w+)", r"各プレイヤーが最大(\d)つ持てる"),
    ("spite_malice", "winner's score", r"scores (\d+) plus (\d+) per card left", r"scores (\d+), plus (\d+) for every card",
     r"(\d+)点に加えて、[^。]*?1枚につき(\d+)点"),
    ("spite_malice", "targets", r"`options.target`: (?P<a>\d+), (?P<default>\d+) \(default\) or (?P<b>\d+)",
     r"\((?P<default>\d+) by default; (?P<a>\d+), (?P<b>\d+), or a single game", r"標準は(?P<default>\d+)点。設定で(?P<a>\d+)点、(?P<b>\d+)点"),

    ("skarney_gin", "players", r"(\d) players, one 52-card deck", r"A rummy game for (\w+)", r"(\d)人用のラミー"),
    ("skarney_gin", "hand size", r"(\d+) cards each, one at a time", r"each player gets (\d+) cards", r"(\d+)枚ずつ配って"),
    ("skarney_gin", "initial meld", r"exactly (?P<melds>\w+) melds of exactly (?P<cards>\w+) cards each",
     r"exactly (?P<melds>\w+) melds of exactly (?P<cards>\w+) cards each", r"「(?P<cards>\d)枚のメルドをちょうど(?P<melds>\d)組」"),
    ("skarney_gin", "lay-off limit", r"at most (\d) cards to any one meld per turn", r"at most (\d) cards onto any one meld per turn",
     r"1回の番で(\d)枚まで"),
    ("skarney_gin", "stock end", r"third-last stock card \((\d) left\)", r"leaves only (\d) cards in the stock", r"山札が残り(\d)枚"),
    ("skarney_gin", "card points", r"A = (\d+), 2–10 = pip value, J/Q/K = (\d+)", r"Ace (\d+), 2–10 their number, J Q K (\d+)",
     r"A (\d+)点、2〜10 数字どおり、J・Q・K (\d+)点"),
    ("skarney_gin", "Skarney", r"Skarney: (\d+) points \((\d+) if the opponent", r"Skarney: (\d+) points \((\d+) if the opponent",
     r"スカーニー：(\d+)点（相手がまだ最初のメルドをしていなければ(\d+)点）"),
    ("skarney_gin", "target", r"a player's total reaches (\d+) \(`options.target`", r"\((\d+) unless you chose otherwise\)",
     r"目標点（指定しなければ(\d+)点）"),
    ("skarney_gin", "bonuses", r"box bonus of (\d+) per deal.*?game bonus of (\d+).*?shutout bonus of another (\d+)",
     r"box bonus of (\d+) for every deal.*?game bonus of (\d+).*?shutout bonus of another (\d+)",
     r"(\d+)点のボックス・ボーナス.*?ゲーム・ボーナス(\d+)点.*?シャットアウト・ボーナス(\d+)点"),

    ("leopard", "players", r"(\d) players, or (\d) in two partnerships", r"(\w+) players, or (\w+) in two partnerships",
     r"(\d)人で、または向かい合った2人ずつのチームで(\d)人"),
    ("leopard", "decks", r"(\w+) 52-card decks shuffled together", r"(\w+) 52-card decks are shuffled together", r"52枚のカード(\d)組を混ぜて"),
    ("leopard", "hand size", r"(\d) cards to each player", r"Everyone gets (\d) cards", r"各プレイヤーに(\d)枚ずつ"),
    ("leopard", "square", r"owns a (\d)×(\d) square", r"owns a (\d)×(\d) square", r"(\d)×(\d)の位置"),
    ("leopard", "going out", r"when your square scores ≥ (\d) points\. The deal ends at once\. Going out costs (\d) point",
     r"if your square scores (\d) or more\. The deal ends at once and going out costs (\d) point",
     r"スクエアが(\d)点以上なら上がることができます。ディールはすぐに終わり、上がりは(\d)点の減点"),
    ("leopard", "lines", r"Each of the (\d) lines \((\d) rows, (\d) columns, (\d) diagonals\)",
     r"Each of the (\d) lines \((\d) rows, (\d) columns, (\d) diagonals\)", r"(\d)つの列（横(\d)列、縦(\d)列、斜め(\d)列）"),
    ("leopard", "line points", r"all one suit = (\d) points; all one colour but not one suit = (\d) point",
     r"of one suit: (\d) points.*?all one colour but not one suit: (\d) point",
     r"同じスートのカードが3枚並んだ列は(\d)点.*?同じ色だが同じスートでない列は(\d)点"),
    ("leopard", "same-suit line, revised", r"a same-suit line scores (\d)", r"\((\d) with the option", r"アボットの改訂版では(\d)点"),
    ("leopard", "bonus", r"square points above (\d) score (\d) extra each", r"Every square point above (\d) scores (\d) more",
     r"スクエアの点数が(\d)点を超えた分は、1点ごとにさらに(\d)点"),
    ("leopard", "example", r"square (\d) points and went out → \d \+ \(\d − \d\) − \d = (\d+)",
     r"a square of (\d) points that went out scores \d \+ \d − \d = (\d+)", r"スクエアの点数が(\d)点で上がったら、\d＋\d−\d＝(\d+)点"),
    ("leopard", "deals", r"(\w+) deals; the higher total wins", r"After (\w+) deals the higher total wins", r"(\d)ディールを終えて"),

    ("spooneye", "players", r"(\d) players \(the source describes 2; see \"(\d)–(\d) players", r"(\w+) players \((\w+) or (\w+) are",
     r"(\d)人用（(\d)人・(\d)人は"),
    ("spooneye", "masts dealt", r"lays (\d) cards face up in a row", r"a row of (\d) face-up cards", r"表向きのカードを(\d)枚並べ"),
    ("spooneye", "hand size", r"Then (\d) cards face down to each player", r"and (\d) hand cards", r"手札を(\d)枚ずつ"),
    ("spooneye", "card values", r"A = (\d+), 2–10 = pip value, Q = K = (\d+)", r"A = (\d+), 2–10 as marked, Q and K = (\d+)",
     r"A＝(\d+)、2〜10は数字どおり、QとK＝(\d+)"),
    ("spooneye", "J at the bottom", r"J = (\d+) when it is the bottom card", r"is worth (\d+) at the bottom of a mast", r"マストの一番下なら(\d+)"),
    ("spooneye", "mast limit", r"A mast's total may never exceed (\d+)", r"A mast may never pass (\d+)", r"マストの合計は(\d+)を超えてはいけません"),
    ("spooneye", "masts a row", r"a row that has fewer than (\d) masts", r"any row with fewer than (\d) masts", r"マストが(\d)つ未満の列"),
    ("spooneye", "double cards", r"Double cards \((\d) points each", r"Double cards \((\d) points", r"2倍のカード（(\d)点"),
    ("spooneye", "three sevens", r"exactly (?P<n>\w+) (?P<v>\d)-valued cards", r"exactly (?P<n>\w+) cards worth (?P<v>\d)",
     r"点数(?P<v>\d)のカード[^）]*）ちょうど(?P<n>\d)枚"),
    ("spooneye", "captured cards", r"face-down captured cards × (\d) \+ face-up × (\d)", r"face down ▼ (\d), face up ▲ (\d)",
     r"裏向き▼は(\d)点、表向き▲は(\d)点"),
    ("spooneye", "suit bonus", r"♦ \+(\d), ♠ \+(\d), ♥ (\d), ♣ −(\d) each", r"♦ \+(\d), ♠ \+(\d), ♥ (\d), ♣ −(\d) per captured card",
     r"♦ \+(\d)、♠ \+(\d)、♥ (\d)、♣ −(\d)"),
    ("spooneye", "target", r"someone's base total is ≥ (\d+)", r"someone's base total reaches (\d+)", r"基本得点の合計が(\d+)点に達する"),
]

SOURCES = ("docs/rules/{game}.md", "web/rules/en/{game}.html", "web/rules/ja/{game}.html")


def plain(path: Path) -> str:
    """A rules page as one line of text: markup (HTML tags, Markdown emphasis) dropped, spaces joined."""
    text = path.read_text(encoding="utf-8")
    text = html.unescape(re.sub(r"<[^>]+>", "", text)).replace("**", "")
    text = re.sub(r"\s+", " ", text)
    cjk = "\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef"
    return re.sub(f"(?<=[{cjk}]) (?=[{cjk}])", "", text)     # Japanese lines join without a space


def value(pattern: str, text: str):
    """The numbers a fact's pattern captures in ``text`` (by name where the pattern names them), or None."""
    found = re.search(pattern, text, re.IGNORECASE)
    if found is None:
        return None
    def number(s):
        return WORDS.get(s.lower(), s).replace("−", "-")
    if found.re.groupindex:
        return {name: number(s) for name, s in sorted(found.groupdict().items())}
    return tuple(number(s) for s in found.groups())


@pytest.mark.parametrize("game, fact, in_rules, in_english, in_japanese", FACTS, ids=[f"{g}-{f}" for g, f, *_ in FACTS])
def test_the_rules_panels_agree_with_the_rules(game, fact, in_rules, in_english, in_japanese):
    patterns = (in_rules, in_english, in_japanese)
    texts = [plain(ROOT / source.format(game=game)) for source in SOURCES]
    values = [value(p, t) for p, t in zip(patterns, texts)]
    for source, v in zip(SOURCES, values):
        assert v is not None, f"{game} {fact}: not found in {source.format(game=game)} (reworded? update its pattern)"
    rules = values[0]
    for source, v in zip(SOURCES[1:], values[1:]):
        assert v == rules, f"{game} {fact}: {source.format(game=game)} says {v}, docs/rules/{game}.md says {rules}"


def test_every_game_has_its_facts_checked():
    import pygames
    assert {g for g, *_ in FACTS} == set(pygames.GAME_IDS)
