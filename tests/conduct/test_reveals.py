"""Reveals and hints of a role: "Kein Dorfbewohner darf seine Rolle offenbaren oder
andeuten. Aber jeder Dorfbewohner darf behaupten, er sei ein Bürger und spiele für das
Dorf." – each phrasing family found, what is no claim not found, and each of the "Andere
Offenbarungsregelungen" judged as its text says."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wolfbot.conduct.flags import HINT, REVEAL
from wolfbot.conduct.lexicon import lexicon_of
from wolfbot.conduct.outing import PRIVATE, RevealWatch, Situation
from wolfbot.conduct.reveals import HINT as HINTED
from wolfbot.conduct.reveals import OTHER, OWN, Phrases
from wolfbot.conduct.situation import situation_of
from wolfbot.engine.commands import Command
from wolfbot.engine.game import Game
from wolfbot.rulesets import loader

RULES = loader.load("duesterliga")
LEXICON = lexicon_of(RULES)
ROLES = {
    "Anna": "Werwolf",
    "Bernd": "Weißer Wolf",
    "Clara": "Seherin",
    "Dora": "Hexe",
    "Emil": "Jäger",
    "Frieda": "Bürger",
    "Gustav": "Heiler",
    "Rotkäppchen": "Bürger",  # a player whose name is a role's
    "Dr. No": "Bürger",  # a name with a full stop
    "Ida": "Dorfnutte",
}
PLAYERS = tuple(ROLES)
PHRASES = Phrases(LEXICON, PLAYERS)
WOLVES = frozenset({"Anna", "Bernd"})
KNOWN = {"Anna": frozenset({"Bernd"}), "Bernd": frozenset({"Anna"})}


def at(phase: str = "day 2", group: str | None = None, most_voted=frozenset()) -> Situation:
    members = WOLVES if group == "wolves" else frozenset()
    return Situation(phase, group, members, PLAYERS, ROLES, frozenset(most_voted), KNOWN)


def flagged(watch: RevealWatch, text: str, author: str, situation: Situation) -> list[str]:
    return [flag.rule for flag in watch.flags(text, author, "thread:1", situation)]


@pytest.mark.parametrize(
    ("text", "author", "claims"),
    [
        ("ich bin die Seherin", "Clara", [(OWN, "Seherin", "Clara")]),
        ("Ich bin Seher.", "Clara", [(OWN, "Seherin", "Clara")]),
        ("Leute, ich bin der Heiler", "Gustav", [(OWN, "Heiler", "Gustav")]),
        ("Ich bin hier übrigens die Jägerin!", "Emil", [(OWN, "Jäger", "Emil")]),
        ("Als Hexe kann ich euch sagen: Anna lügt.", "Dora", [(OWN, "Hexe", "Dora")]),
        ("Meine Rolle ist Jäger.", "Emil", [(OWN, "Jäger", "Emil")]),
        ("ich spiele den Jäger", "Emil", [(OWN, "Jäger", "Emil")]),
        ("Ich, die Seherin, sage euch die Wahrheit.", "Clara", [(OWN, "Seherin", "Clara")]),
        ("Ich oute mich als Hexe.", "Dora", [(OWN, "Hexe", "Dora")]),
        ("Ich bin der Weisse Wolf", "Bernd", [(OWN, "Weißer Wolf", "Bernd")]),
        ("Ich bin das Rotkäppchen", "Frieda", [(OWN, "Rotkäppchen", "Frieda")]),
        (
            "Anna ist bei uns im Rudel",
            "Bernd",
            [(OTHER, "Werwolf", "Anna"), (OWN, "Werwolf", "Bernd")],
        ),
        (
            "Anna und ich sind Wölfe",
            "Bernd",
            [(OTHER, "Werwolf", "Anna"), (OWN, "Werwolf", "Bernd")],
        ),
        (
            "mein Mitwolf Anna wird das bestätigen",
            "Bernd",
            [(OTHER, "Werwolf", "Anna"), (OWN, "Werwolf", "Bernd")],
        ),
        ("Wir Wölfe halten zusammen.", "Anna", [(OWN, "Werwolf", "Anna")]),
        ("ich habe heute Nacht Anna angeschaut", "Clara", [(HINTED, "", "Clara")]),
        ("Gestern Nacht habe ich Emil besucht.", "Clara", [(HINTED, "", "Clara")]),
        ("meine Tränke sind aufgebraucht", "Dora", [(HINTED, "", "Dora")]),
        ("ich habe jemanden beschützt", "Gustav", [(HINTED, "", "Gustav")]),
        ("Aus meiner Rolle weiß ich, dass Bernd gut ist.", "Clara", [(HINTED, "", "Clara")]),
        ("Ich werde heute Nacht Anna anschauen.", "Clara", [(HINTED, "", "Clara")]),
        ("Ich habe Anna überprüft.", "Clara", [(HINTED, "", "Clara")]),
        ("Ich weiß genau, dass Anna ein Wolf ist.", "Clara", [(HINTED, "", "Clara")]),
        ("Die Seherin bin ich, hört zu.", "Clara", [(OWN, "Seherin", "Clara")]),
        ("Seherin hier. Wer will was wissen?", "Clara", [(OWN, "Seherin", "Clara")]),
        ("Als Dorfnutte übernachte ich woanders.", "Ida", [(OWN, "Dorfnutte", "Ida")]),
        ("Ich hab noch den Gifttrank, Anna.", "Dora", [(HINTED, "", "Dora")]),
        ("Letzte Nacht habe ich Dr. No beschützt.", "Gustav", [(HINTED, "", "Gustav")]),
        ("Anna ist eine von uns.", "Bernd", [(OTHER, "Werwolf", "Anna")]),
    ],
    ids=[
        "own-ich-bin",
        "own-alias",
        "own-after-a-greeting",
        "own-feminine-ending",
        "own-als-rolle-kann-ich",
        "own-meine-rolle-ist",
        "own-ich-spiele",
        "own-ich-comma-role",
        "own-ich-oute-mich",
        "own-adjective-form",
        "own-role-named-like-a-player-with-article",
        "other-bei-uns-im-rudel",
        "together-und-ich-sind",
        "together-mein-mitwolf",
        "own-wir-woelfe",
        "hint-heute-nacht-angeschaut",
        "hint-nacht-besucht",
        "hint-meine-traenke",
        "hint-jemanden-beschuetzt",
        "hint-aus-meiner-rolle",
        "hint-werde-heute-nacht",
        "hint-player-checked",
        "hint-ich-weiss-genau",
        "own-role-first",
        "own-role-hier",
        "own-als-rolle-verb-ich",
        "hint-noch-den-trank",
        "hint-a-name-with-a-full-stop",
        "other-eine-von-uns",
    ],
)
def test_a_claim_is_found(text: str, author: str, claims: list[tuple[str, str, str]]) -> None:
    found = PHRASES.claims(text, author)
    assert [(c.kind, c.role, c.player) for c in found] == claims
    assert all(c.evidence in text for c in found)  # the words as the post writes them


@pytest.mark.parametrize(
    "text",
    [
        "Bist du die Seherin?",
        "Ist Anna die Hexe? Ich frage für einen Freund.",
        "ich bin nicht die Hexe",
        "Ich bin doch kein Werwolf!",
        "Ich bin die Seherin nicht.",
        "wenn ich die Seherin wäre, würde ich schweigen",
        "Als Hexe würde ich Anna retten.",
        "Angenommen, ich bin die Seherin: was dann?",
        "Die Seherin sollte sich nicht zeigen.",
        "die Hexe hat heute Nacht geheilt",
        "Wir müssen die Wölfe finden, bevor es zu spät ist.",
        "Ich bin Rotkäppchen und sage Hallo.",
        "Ich bin mir sicher, dass Anna lügt.",
        "Ich habe Annas Posts gesehen, sie stimmt immer spät ab.",
        "Ich habe mir Bernd angeschaut, der ist komisch.",
        "Ich bin für die Seherin, sie soll sich melden.",
        "Aus meiner Sicht ist Anna verdächtig.",
    ],
    ids=[
        "question",
        "question-about-another",
        "negation",
        "negation-kein",
        "negation-after",
        "conditional-wenn-waere",
        "conditional-wuerde",
        "conditional-angenommen",
        "general-role-talk",
        "general-ability-talk",
        "the-pack-hunted",
        "a-players-name-like-a-role",
        "ich-bin-mir-sicher",
        "posts-seen-by-day",
        "looked-at-by-day",
        "ich-bin-fuer",
        "aus-meiner-sicht",
    ],
)
def test_what_is_no_claim_is_not_found(text: str) -> None:
    assert PHRASES.claims(text, "Rotkäppchen" if "Rotkäppchen" in text else "Frieda") == []


BAN = RevealWatch(RULES)


@pytest.mark.parametrize(
    ("text", "author", "rules"),
    [
        ("Ich bin die Seherin.", "Clara", [REVEAL]),
        ("Ich bin die Hexe.", "Anna", [REVEAL]),  # a lie is a claim too
        ("Ich habe heute Nacht jemanden beschützt.", "Gustav", [HINT]),
        ("Bernd ist ein Wolf, glaubt mir.", "Anna", [REVEAL]),
        ("Mein Mitwolf Bernd ist unschuldig", "Anna", [REVEAL, REVEAL]),
        ("Ich glaube, Anna ist ein Werwolf.", "Clara", []),
        ("Frieda ist ein Werwolf!", "Anna", []),  # a lie of a wolf is suspicion
        ("Ich bin nur ein einfacher Bürger, ehrlich!", "Anna", []),
        ("Ich bin Bürger und spiele für das Dorf.", "Clara", []),
        ("Ich bin Dorfbewohner wie ihr alle.", "Dora", []),
        ("Ich bin hier der Sündenbock.", "Emil", []),  # no Sündenbock plays
    ],
    ids=[
        "outing_ban-own-role",
        "outing_ban-a-false-claim",
        "outing_ban-hint",
        "outing_ban-a-fellow-wolf",
        "outing_ban-mitwolf-both",
        "suspicion-of-a-villager",
        "suspicion-known-false",
        "allowed-buerger-claim",
        "allowed-buerger-spielt-fuer-das-dorf",
        "allowed-dorfbewohner-alias",
        "a-role-nobody-plays",
    ],
)
def test_the_absolute_ban(text: str, author: str, rules: list[str]) -> None:
    flags = BAN.flags(text, author, "thread:1", at())
    assert [f.rule for f in flags] == rules
    assert all(f.clause == RULES.outing_ban for f in flags)


def test_a_flag_carries_the_clause_the_evidence_and_a_stable_key() -> None:
    text = "Hallo! Ich bin die SEHERIN und meine Tränke – ach nein."
    flags = RevealWatch(RULES).flags(text, "Clara", "thread:7", at())
    assert [(f.rule, f.evidence, f.key) for f in flags] == [
        (REVEAL, "Ich bin die SEHERIN", "offenbarung/Seherin/0"),
        (HINT, "meine Tränke", "andeutung/-/1"),
    ]
    assert {(f.player, f.channel) for f in flags} == {("Clara", "thread:7")}
    assert flags == RevealWatch(RULES).flags(text, "Clara", "thread:7", at())


def test_a_players_conversation_with_the_spielleitung_is_never_judged() -> None:
    assert flagged(BAN, "Ich bin die Seherin, was soll ich tun?", "Clara", at(group=PRIVATE)) == []


@pytest.mark.parametrize(
    ("outing", "text", "author", "where", "rules"),
    [
        (["werwoelfe"], "Ich bin der Weiße Wolf.", "Bernd", "wolves", []),
        (["werwoelfe"], "Ich habe heute Nacht Emil besucht.", "Anna", "wolves", []),
        (["werwoelfe"], "Ich bin der Weiße Wolf.", "Bernd", None, [REVEAL]),
        (["werwoelfe"], "Anna ist bei uns im Rudel.", "Bernd", None, [REVEAL, REVEAL]),
        ([], "Ich bin der Weiße Wolf.", "Bernd", "wolves", [REVEAL]),
        ([], "Wir Wölfe fressen heute Emil.", "Anna", "wolves", []),
        ([], "Ich bin die Seherin.", "Clara", "lovers", [REVEAL]),
        (["kein_andeutungsverbot"], "Meine Tränke sind noch voll.", "Dora", None, []),
        (["kein_andeutungsverbot"], "Ich bin die Hexe.", "Dora", None, [REVEAL]),
        (["kein_offenbarungsverbot"], "Ich bin die Hexe.", "Dora", None, []),
        (["kein_offenbarungsverbot"], "Meine Tränke sind noch voll.", "Dora", None, []),
        (["kein_offenbarungsverbot"], "Bernd ist mein Mitwolf.", "Anna", None, [REVEAL]),
    ],
    ids=[
        "werwoelfe-among-the-wolves",
        "werwoelfe-a-hint-among-the-wolves",
        "werwoelfe-in-public",
        "werwoelfe-a-fellow-in-public",
        "outing_ban-the-wolves-conversation",
        "outing_ban-the-packs-words-among-the-pack",
        "outing_ban-another-conversation",
        "kein_andeutungsverbot-hint",
        "kein_andeutungsverbot-reveal",
        "kein_offenbarungsverbot-reveal",
        "kein_offenbarungsverbot-hint",
        "kein_offenbarungsverbot-another",
    ],
)
def test_the_other_regulations(
    outing: list[str], text: str, author: str, where: str | None, rules: list[str]
) -> None:
    watch = RevealWatch(RULES, outing)
    assert flagged(watch, text, author, at(group=where)) == rules


@pytest.mark.parametrize(
    ("text", "author", "rules"),
    [
        ("Ich bin die Seherin.", "Clara", []),
        ("Ich bin der Seher!", "Dora", []),  # a counter-reveal with the same role
        ("Ich bin die Hexe.", "Dora", [REVEAL]),  # another role
        ("Ich habe heute Nacht Anna angeschaut.", "Clara", [HINT]),
    ],
    ids=[
        "rollen-a-listed-role",
        "rollen-counter-reveal-same-role",
        "rollen-counter-reveal-another-role",
        "rollen-hints-stay-forbidden",
    ],
)
def test_rollen(text: str, author: str, rules: list[str]) -> None:
    watch = RevealWatch(RULES, ["rollen"], ["Seher"])
    flags = watch.flags(text, author, "thread:1", at())
    assert [f.rule for f in flags] == rules
    assert all(f.clause.startswith(RULES.outing["rollen"].title) for f in flags)


def test_daemmerung_the_most_voted_and_the_counter_reveals() -> None:
    """ "Jeder Dorfbewohner, der in der Dämmerung dieselbe Anzahl an den meisten
    Gegenstimmen auf sich vereinigt, darf seine Rolle offenbaren. Gegenoffenbarungen sind
    nur in derselben Dämmerung und mit derselben Rolle zulässig." """
    watch = RevealWatch(RULES, ["daemmerung"])
    dusk = at("dusk 2", most_voted={"Clara", "Emil"})
    posts = [
        ("Ich bin die Hexe.", "Dora", dusk, [REVEAL]),  # before any reveal: no counter-reveal
        ("Ich bin die Seherin!", "Clara", dusk, []),  # the most-voted
        ("Ich bin der Jäger.", "Emil", dusk, []),  # the other most-voted
        ("Unsinn, ich bin die Seherin.", "Dora", dusk, []),  # counter-reveal, same role
        ("Ich bin die Jägerin.", "Gustav", dusk, []),  # counter-reveal, same role
        ("Und ich bin die Hexe.", "Gustav", dusk, [REVEAL]),  # counter-reveal, another role
        ("Ich habe heute Nacht Anna angeschaut.", "Clara", dusk, [HINT]),  # hints stay banned
        ("Ich bin die Seherin.", "Dora", at("day 3"), [REVEAL]),  # not in a Dämmerung
        ("Ich bin die Seherin.", "Dora", at("dusk 3"), [REVEAL]),  # not the same Dämmerung
        ("Ich bin die Seherin.", "Clara", at("day 3"), [REVEAL]),  # no longer most-voted
    ]
    for text, author, situation, rules in posts:
        assert flagged(watch, text, author, situation) == rules, text
    clauses = {f.clause for f in watch.flags("Ich bin die Hexe.", "Dora", "t", dusk)}
    assert clauses == {f"{RULES.outing['daemmerung'].title}: {RULES.outing['daemmerung'].text}"}


def test_an_unknown_regulation_or_role_is_refused() -> None:
    with pytest.raises(ValueError, match="no Offenbarungsregelung gar_keine"):
        RevealWatch(RULES, ["gar_keine"])
    with pytest.raises(ValueError, match="no role is called 'Zahnfee'"):
        RevealWatch(RULES, ["rollen"], ["Zahnfee"])


def test_a_ruleset_without_phrasing_flags_nothing() -> None:
    data = RULES.model_dump(by_alias=True)
    data["conduct"]["reveals"] = {}
    bare = type(RULES).model_validate(data)
    assert flagged(RevealWatch(bare), "Ich bin die Seherin.", "Clara", at()) == []


POSTS = [
    "Ich bin die Seherin.",
    "Ich bin die Hexe.",
    "Ich bin der Jäger.",
    "Meine Tränke sind leer.",
    "Bernd ist mein Mitwolf.",
    "Ich bin ein Bürger.",
    "Bist du die Seherin?",
]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(POSTS),
            st.sampled_from(PLAYERS),
            st.sampled_from(["day 1", "dusk 1", "dusk 2", "night 2"]),
            st.sets(st.sampled_from(PLAYERS), max_size=2),
        ),
        max_size=12,
    ),
    st.sampled_from([[], ["daemmerung"], ["rollen"], ["werwoelfe", "kein_andeutungsverbot"]]),
)
def test_a_fresh_watch_fed_the_same_posts_gives_the_same_flags(posts, outing) -> None:
    def run() -> list:
        watch = RevealWatch(RULES, outing, ["Seherin"] if "rollen" in outing else [])
        return [
            watch.flags(text, author, f"thread:{n}", at(phase, most_voted=top))
            for n, (text, author, phase, top) in enumerate(posts)
        ]

    assert run() == run()


def test_the_situation_of_a_game_in_the_daemmerung() -> None:
    roster = [
        ("Anna", "Werwolf"),
        ("Bernd", "Werwolf"),
        ("Clara", "Seherin"),
        ("Dora", "Bürger"),
        ("Emil", "Bürger"),
        ("Frieda", "Bürger"),
    ]
    game = Game.new(RULES, roster, seed=3)
    game.submit(Command(word="Fressen", actor="Anna", channel="wolves", targets=("Frieda",)))
    game.advance()
    for voter, target in {"Anna": "Clara", "Bernd": "Clara", "Dora": "Emil"}.items():
        game.submit(Command(word="Lynch", actor=voter, channel="thread", targets=(target,)))
    game.advance()  # the Dämmerung
    public = situation_of(game)
    assert public.phase == "dusk 1"
    assert public.most_voted == {"Clara"}
    assert public.known_to["Anna"] == {"Bernd"} and "Clara" not in public.known_to
    assert public.roles["Clara"] == "Seherin" and public.members == frozenset()
    assert situation_of(game, "wolves").members == {"Anna", "Bernd"}
