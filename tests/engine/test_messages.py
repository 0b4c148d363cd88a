"""The engine speaks no language: it writes no sentence, only message keys and values
(`say("seen.aura", name=…, good=…)`), and the ruleset's catalog (`rules/<name>/messages/`)
words every key it uses – no key missing, none unused, every wording valid. Every shipped
ruleset's catalog (its own or inherited, `messages_from`) words every key the posts, the bot
and the templates use (`msg('post.…')`), so that a ruleset in another language misses none."""

from __future__ import annotations

import ast
import random
import re
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jinja2 import Environment

from wolfbot.demo.simulate import play, random_command
from wolfbot.engine.text import Text, say, texts_in
from wolfbot.posts.wording import ABOUT, MissingWording, death_phrase, worded
from wolfbot.rulesets import loader

ROOT = Path(__file__).resolve().parent.parent.parent
ENGINE = ROOT / "wolfbot" / "engine"
SPEAKERS = sorted((ROOT / "wolfbot").rglob("*.py"))  # where `say(...)` may be called
# the shipped templates and the rulesets' own, whose `msg('key')` words a catalog entry
SHIPPED_TEMPLATES = ROOT / "wolfbot" / "posts" / "templates"
TEMPLATES = sorted(SHIPPED_TEMPLATES.glob("*.j2"))
TEMPLATES += sorted((ROOT / "rules").glob("*/templates/*.j2"))
RULES = loader.load("duesterliga")
# names of the ruleset's domain (German, like the rule text): command words, roles, factions
DOMAIN_NAMES = (
    {spec.word for spec in RULES.commands}
    | set(RULES.roles)
    | set(RULES.factions)
    | {entry for stage in RULES.night_order for entry in stage}  # "Ruhelose Geister"
)
WORD = re.compile(r"[^\W\d_]{2,}")


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _literals(path: Path) -> list[tuple[int, str]]:
    """Every string literal of the module but its docstrings; an f-string's literal parts
    joined (what it would say around its values)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            skip.update(id(part) for part in node.values)
    out = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            out.append((node.lineno, node.value))
        elif isinstance(node, ast.JoinedStr):
            parts = [v.value for v in node.values if isinstance(v, ast.Constant)]
            out.append((node.lineno, " ".join(str(p) for p in parts)))
    return out


def is_sentence(text: str) -> bool:
    """Two or more words of letters side by side – in any language – that are not one of
    the ruleset's names ("Schwarze Pest" is a command word, not a sentence)."""
    if text.strip() in DOMAIN_NAMES:
        return False
    return len(WORD.findall(text)) >= 2 and bool(re.search(r"[^\W\d_]{2,}\s+[^\W\d_]", text))


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("Du heilst Anna.", True),
        ("cannot draw from an empty choice", True),
        ("Je geneest Anna.", True),
        ("seen.aura", False),
        ("night", False),
        ("Schwarze Pest", False),
        ("{} {}", False),
        ("refused.used_up", False),
    ],
    ids=["german", "english", "dutch", "key", "token", "command word", "format", "dotted key"],
)
def test_the_sentence_check_tells_sentences_from_keys(text: str, sentence: bool) -> None:
    assert is_sentence(text) is sentence


ENGINE_FILES = sorted(ENGINE.rglob("*.py"))
ENGINE_IDS = [str(p.relative_to(ENGINE)) for p in ENGINE_FILES]


@pytest.mark.parametrize("path", ENGINE_FILES, ids=ENGINE_IDS)
def test_the_engine_writes_no_sentence(path: Path) -> None:
    sentences = [(line, text) for line, text in _literals(path) if is_sentence(text)]
    assert not sentences, f"{path.name} writes sentences (make them message keys): {sentences}"


# -- message keys ------------------------------------------------------------------------------
@cache
def said_keys() -> dict[str, str]:
    """Every key passed to `say(...)` anywhere in wolfbot → where; the key must be a literal.
    Read when a test asks first, not while the suite is collected."""
    keys: dict[str, str] = {}
    for path in SPEAKERS:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "say":
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                first = node.args[0] if node.args else None
                assert isinstance(first, ast.Constant) and isinstance(first.value, str), (
                    f"{where}: say() takes a literal key, so the catalog can be checked"
                )
                keys.setdefault(first.value, where)
    return keys


TEMPLATE_REFERENCE = re.compile(r"msg\('([\w.]+)'(\s*~)?")
# worded without `say`: the filter `quoted` of every entry, the posts' fallback for a death
WORDED_OTHERWISE = {"language.quoted", "death_by"}


def template_keys(paths: list[Path] = TEMPLATES) -> dict[str, str]:
    """Every key the templates word with `msg('key')` → where."""
    keys: dict[str, str] = {}
    for path in paths:
        for key, dynamic in TEMPLATE_REFERENCE.findall(path.read_text(encoding="utf-8")):
            assert not dynamic, f"{path}: msg() in a template takes a literal key"
            keys.setdefault(key, str(path.relative_to(ROOT)))
    return keys


def templates_of(name: str) -> list[Path]:
    """The templates a ruleset's posts are rendered from: its own, and the shipped ones it
    does not replace."""
    own = sorted((ROOT / "rules" / name / "templates").glob("*.j2"))
    replaced = {p.name for p in own}
    return own + [p for p in sorted(SHIPPED_TEMPLATES.glob("*.j2")) if p.name not in replaced]


def _referenced_in_catalog() -> tuple[set[str], set[str]]:
    """Keys the catalog words through another entry: `msg('key')` and families
    `msg('prefix.' ~ value)`."""
    keys, prefixes = set(), set()
    for wording in RULES.messages.values():
        for key, dynamic in TEMPLATE_REFERENCE.findall(wording):
            (prefixes if dynamic else keys).add(key)
    return keys, prefixes


def test_every_key_the_engine_says_is_in_the_catalog() -> None:
    missing = {key: where for key, where in said_keys().items() if key not in RULES.messages}
    assert not missing, f"no wording in rules/duesterliga/messages for {missing}"


def test_every_key_the_catalog_refers_to_exists() -> None:
    keys, prefixes = _referenced_in_catalog()
    assert keys <= set(RULES.messages), keys - set(RULES.messages)
    for prefix in prefixes:
        assert any(k.startswith(prefix) for k in RULES.messages), prefix


def test_the_catalog_holds_no_unused_wording() -> None:
    keys, prefixes = _referenced_in_catalog()
    used = set(said_keys()) | set(template_keys()) | keys | WORDED_OTHERWISE
    used |= {ABOUT + key for key in used}  # a reason said of the player (`worded_about`)
    unused = sorted(
        k for k in RULES.messages if k not in used and not any(k.startswith(p) for p in prefixes)
    )
    assert not unused, f"catalog entries nobody says: {unused}"


def _posts_keys(rules) -> tuple[dict[str, str], set[str]]:
    """What the ruleset's catalog must word for the posts: every key said outside the
    engine, every key of the templates it is rendered from, and every entry these word in
    turn (`msg`) → where; and the families (`msg('prefix.' ~ value)`) among them."""
    wanted = {k: w for k, w in said_keys().items() if not w.startswith("wolfbot/engine/")}
    wanted |= template_keys(templates_of(rules.name))
    wanted |= dict.fromkeys(WORDED_OTHERWISE, "wolfbot/posts/wording.py")
    prefixes: set[str] = set()
    todo = list(wanted)
    while todo:
        for key, dynamic in TEMPLATE_REFERENCE.findall(rules.messages.get(todo.pop(), "")):
            if dynamic:
                prefixes.add(key)
            elif key not in wanted:
                wanted[key] = "the catalog"
                todo.append(key)
    return wanted, prefixes


@pytest.mark.parametrize("name", loader.available())
def test_every_key_of_the_posts_is_in_every_shipped_catalog(name: str) -> None:
    rules = loader.load(name)
    wanted, prefixes = _posts_keys(rules)
    missing = {key: where for key, where in wanted.items() if key not in rules.messages}
    assert not missing, f"no wording in rules/{name}/messages (or its messages_from) for {missing}"
    for prefix in prefixes:
        assert any(k.startswith(prefix) for k in rules.messages), f"{name}: {prefix}…"


@pytest.mark.parametrize("key", sorted(RULES.messages))
def test_every_wording_is_a_valid_template(key: str) -> None:
    Environment().parse(RULES.messages[key])


# -- wording -----------------------------------------------------------------------------------
ATTACKED = "In dieser Nacht erfolgreich angegriffen"
NIGHT_DUSK = ("night", "dusk")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (say("seen.aura", name="Anna", good=True), "Anna hat eine gute Aura."),
        (say("seen.aura", name="Anna", good=False), "Anna hat eine böse Aura."),
        (say("heal.attacked_tonight", names=()), f"{ATTACKED}: niemand."),
        (say("heal.attacked_tonight", names=["A", "B"]), f"{ATTACKED}: A, B."),
        (
            say("refused.answer_where", word="Nachfolger", channel="wolves"),
            "Antworte mit !Nachfolger in der Wolfshöhle.",
        ),
        (
            say("refused.not_now", word="Verlieben", when=say("when.phases", phases=NIGHT_DUSK)),
            "!Verlieben ist nur in der Nacht und in der Dämmerung möglich, nicht jetzt.",
        ),
        (
            say("refused.ability_kept", why=say("heal.not_attacked", name="Bo"), word="Heilen"),
            "Bo wurde in dieser Nacht nicht erfolgreich angegriffen;"
            " dein !Heilen bleibt unverbraucht.",
        ),
        (
            say("parse.no_such_name", kind="player", text="Ana", near=("Anna", "Jana")),
            "Kein Spieler heißt „Ana“ (Namen vollständig, mit allen Sonderzeichen)."
            " Meintest du „Anna“ oder „Jana“?",
        ),
        (say("time.night", number=2), "Nacht 2"),
    ],
    ids=[
        "a choice",
        "the other choice",
        "an empty list",
        "a list",
        "a channel through the catalog",
        "a nested text",
        "a reason inside a reason",
        "close names",
        "the time",
    ],
)
def test_the_catalog_words_a_text(text: Text, expected: str) -> None:
    assert worded(RULES, text) == expected


def test_a_key_without_wording_is_a_clear_error() -> None:
    with pytest.raises(MissingWording) as missing:
        worded(RULES, say("no.such.key"))
    assert (missing.value.ruleset, missing.value.key) == ("duesterliga", "no.such.key")


def test_a_text_is_plain_hashable_data() -> None:
    text = say("amor.done", first="A", second="B")
    assert text == say("amor.done", first="A", second="B") and hash(text)
    assert say("heal.attacked_tonight", names=["A"]).value("names") == ("A",)
    assert str(text) == "amor.done(first=A, second=B)"  # for logs: a key, never words


@pytest.mark.parametrize(
    ("cause", "phrase"),
    [
        ("Werwolf", "wurde von den Werwölfen gefressen"),
        ("Lynch", "wurde gelyncht"),
        ("Niemand", "wurde durch Niemand getötet"),
    ],
    ids=["the role's kill phrase", "a cause of the ruleset", "the catalog's fallback"],
)
def test_a_death_is_worded_by_the_ruleset(cause: str, phrase: str) -> None:
    assert death_phrase(RULES, cause) == phrase


# -- every text of a random game is worded -----------------------------------------------------
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    roles=st.builds(
        lambda others, at: [*others[:at], "Werwolf", *others[at:]],
        st.lists(st.sampled_from(RULES.dealt_roles()), min_size=3, max_size=13),
        st.integers(0, 13),
    ),
    seed=st.integers(0, 2**32),
)
def test_every_text_of_a_random_game_is_worded(roles: list[str], seed: int) -> None:
    rng = random.Random(seed)
    game = play(RULES, roles, seed, max_phases=rng.randint(1, 40)).game
    for _ in range(40):  # and mostly wrong commands, for the rejections
        command = random_command(game, rng, legal_bias=0.3)
        if command is not None:
            game.submit(command)
    for event in game.state.log:
        for field in event.__dataclass_fields__:
            for text in texts_in(getattr(event, field)):
                assert worded(RULES, text).strip(), text


def test_a_wording_is_remembered_per_ruleset_and_never_crosses_to_another() -> None:
    """`worded` keeps what it worded (receipts repeat the same texts): the same text in
    another ruleset – here one whose catalog says it otherwise – gets that ruleset's words,
    and a text with a value that cannot be remembered (a list) is still worded."""
    text = say("seen.aura", name="Anna", good=True)
    first = worded(RULES, text)
    assert worded(RULES, text) == first
    other = RULES.model_copy(
        update={"messages": {**RULES.messages, "seen.aura": "{{ name }}: anders gesagt"}}
    )
    assert worded(other, text) == "Anna: anders gesagt"
    assert worded(RULES, text) == first
    listed = Text("seen.aura", (("name", ["Anna"]), ("good", True)))
    assert "Anna" in worded(RULES, listed)
