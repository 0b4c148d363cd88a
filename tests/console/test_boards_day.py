"""The Tag board (`wolfbot.console.boards.day`): the count as the engine has it, every vote
over time with its changes, the Dämmerung's cut, the election, non-voters, inactivity."""

from __future__ import annotations

import json

import pytest
from boards_stores import RULESETS, Round, boards_group

from wolfbot.console.boards import day
from wolfbot.console.words import WORDS
from wolfbot.engine import events as ev
from wolfbot.spielleitung.explain.stored import rebuild
from wolfbot.store.db import engine_for, session_factory


@pytest.mark.parametrize(
    "ruleset", [pytest.param(r, marks=boards_group(r)) for r in RULESETS], ids=list(RULESETS)
)
def test_every_day_of_a_finished_round(finished, ruleset) -> None:
    played = finished(ruleset)
    last = day.load_day(played.connection, played.info, played.game)
    assert last is not None and not last.current
    for number in range(1, last.number + 1):
        board = day.load_day(played.connection, played.info, played.game, number)
        assert board is not None and board.number == number
        assert all(v.phase.endswith(f" {number}") for v in board.votes)
        assert [v.at for v in board.votes] == sorted(v.at for v in board.votes if v.at)
        for vote in board.votes:
            assert all(f"change_{vote.change}" in WORDS[lang] for lang in WORDS)
            if vote.verdict == "rejected":
                assert vote.change == "rejected" and vote.reason
        if board.tally_moment == "Abend":
            assert [c.votes for c in board.tally] == sorted(
                (c.votes for c in board.tally), reverse=True
            )
        if board.dusk is not None:
            assert "dusk" in played.game.rules.phases
        # every voter the evening's count names gave a vote the day's list shows, wherever
        # the ruleset has the votes given (Weerwolven: in the Rollenmitteilung)
        counted = {voter for c in board.tally for voter in c.voters}
        listed = {v.voter for v in board.votes if v.verdict == "accepted"}
        assert counted <= listed, (number, counted - listed)
        # and so does the store's view for moderators, `v_votes`
        viewed = played.connection.execute(
            "SELECT command_id, voter FROM v_votes WHERE game_id = ? AND day = ?"
            " AND kind = 'vote' AND verdict = 'accepted'",
            (played.info.id, number),
        ).fetchall()
        assert counted <= {voter for _, voter in viewed}, (number, viewed)
        accepted = {v.command_id for v in board.votes if v.verdict == "accepted"}
        assert accepted <= {command for command, _ in viewed}
    (words,) = played.connection.execute(
        "SELECT ballot_words FROM games WHERE id = ?", (played.info.id,)
    ).fetchone()
    assert tuple(json.loads(words)) == played.game.rules.ballot_words
    assert day.load_day(played.connection, played.info, played.game, 0) is None


@boards_group("duesterliga")
def test_the_first_day_elects_the_buergermeister(finished) -> None:
    played = finished("duesterliga")
    board = day.load_day(played.connection, played.info, played.game, 1)
    elected = next(e for e in played.game.state.log if isinstance(e, ev.MayorElected))
    assert board.elected == elected.player and board.election
    assert board.election[0].target == elected.player or elected.by_lot
    assert sum(c.votes for c in board.election) == sum(len(v) for _, v in elected.tally)
    assert any(v.ballot == "Wahl" for v in board.votes)


@boards_group("duesterliga")
def test_a_running_day_counts_as_the_engine_does(finished) -> None:
    played = finished("duesterliga")
    engine = engine_for(played.db)
    try:
        sessions = session_factory(engine)

        def in_dusk(events: list[ev.Event]) -> bool:
            return any(isinstance(e, ev.PhaseBegan) and e.phase == "dusk 2" for e in events)

        game = rebuild(sessions, played.info.id, in_dusk)
    finally:
        engine.dispose()
    board = day.load_day(played.connection, played.info, game)
    assert board.number == 2 and board.current and str(game.state.phase) == "dusk 2"
    assert board.tally_moment == "jetzt"
    from wolfbot.engine.day.votes import missing_votes, tally

    assert {c.target: c.votes for c in board.tally} == {t: n for t, n in tally(game).items() if n}
    assert board.non_voters == tuple(missing_votes(game))
    assert board.dusk is not None  # the Dämmerung's cut
    limit = board.inactivity_limit
    assert limit == 2
    for row in board.inactivity:
        assert row.missed == game.player(row.player).missed_dusks
        assert row.near == (row.missed >= limit - 1 and not row.excluded)


def _stored(tmp_path, votes: list[tuple[str | None, str | None, str]]) -> Round:
    """A store with one round and day 1's votes of Anna (`word`, `target`, `verdict`) in the
    game thread: the `commands` and `input_posts` columns the board reads."""
    import json
    import sqlite3

    db = tmp_path / "votes.sqlite"
    connection = sqlite3.connect(db)
    connection.executescript(
        "CREATE TABLE commands (id, game_id, at, phase, actor, word, targets, verdict, reason,"
        " input_id, text, channel);"
        "CREATE TABLE input_posts (id, url);"
    )
    for index, (word, target, verdict) in enumerate(votes, 1):
        connection.execute(
            "INSERT INTO commands VALUES (?, 1, ?, 'day 1', 'Anna', ?, ?, ?, ?, NULL, ?, 'thread')",
            (
                index,
                f"2026-10-21 0{index}:00:00",
                word,
                json.dumps([target] if target else []),
                verdict,
                "nein" if verdict == "rejected" else None,
                f"!{word} {target or ''}".strip(),
            ),
        )
    return connection


@pytest.mark.parametrize(
    ("votes", "changes", "previous"),
    [
        ([("Lynch", "A", "accepted")], ["new"], [None]),
        ([("Lynch", "A", "accepted"), ("Lynch", "B", "accepted")], ["new", "changed"], [None, "A"]),
        ([("Lynch", "A", "accepted"), ("Lynch", "A", "accepted")], ["new", "same"], [None, None]),
        (
            [
                ("Lynch", "A", "accepted"),
                ("Zurücknehmen", None, "accepted"),
                ("Lynch", "B", "accepted"),
            ],
            ["new", "withdrawn", "new"],
            [None, "A", None],
        ),
        (
            [("Lynch", "A", "accepted"), ("Lynch", "B", "rejected")],
            ["new", "rejected"],
            [None, None],
        ),
        (
            [("Bürgermeister", "A", "accepted"), ("Lynch", "B", "accepted")],
            ["new", "new"],
            [None, None],
        ),
        ([(None, None, "rejected")], ["rejected"], [None]),
    ],
    ids=[
        "first",
        "changed",
        "repeated",
        "withdrawn",
        "rejected",
        "election-apart",
        "not-understood",
    ],
)
def test_vote_changes_are_told_apart(finished, tmp_path, votes, changes, previous) -> None:
    game = finished("duesterliga").game
    connection = _stored(tmp_path, votes)
    found = day._votes(connection, 1, 1, game)
    assert [v.change for v in found] == changes
    assert [v.previous for v in found] == previous


@pytest.mark.parametrize(
    ("ruleset", "office"),
    [
        pytest.param("duesterliga", "Bürgermeister", marks=boards_group("duesterliga")),
        pytest.param("klassisch", "Hauptmann", marks=boards_group("klassisch")),
        pytest.param("wolfvillage", "Hauptmann", marks=boards_group("wolfvillage")),
        pytest.param("weerwolven", "Burgemeester", marks=boards_group("weerwolven")),
    ],
    ids=["buergermeister", "hauptmann-klassisch", "hauptmann-wolfvillage", "burgemeester"],
)
def test_the_day_names_the_rulesets_own_office(finished, ruleset, office) -> None:
    """A tie the office holder decided says whose vote it was: Klassisch's Hauptmann is no
    Bürgermeister ("Stimme des Hauptmanns")."""
    played = finished(ruleset)
    board = day.load_day(played.connection, played.info, played.game, 1)
    assert board is not None and board.office == office
