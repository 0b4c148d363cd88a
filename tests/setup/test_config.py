"""Loading config.toml: the example loads, the password stays secret, errors name the key."""

from __future__ import annotations

import logging
import re
import tomllib
from datetime import time
from pathlib import Path

import pytest

from wolfbot.outbox.queue import FloodLimits, RetryPolicy
from wolfbot.setup.config import ConfigError, load_config

EXAMPLE = Path(__file__).parents[2] / "config.example.toml"
SECRET = "s3cr3t-Pässwort"
ENV = {"WOLFBOT_PASSWORD": SECRET}


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def example_with(tmp_path: Path, old: str, new: str) -> Path:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert re.search(old, text, flags=re.M), old
    return write(tmp_path, re.sub(old, new, text, count=1, flags=re.M))


def test_the_example_loads(tmp_path: Path) -> None:
    config = load_config(EXAMPLE, env=ENV)
    assert config.game.ruleset == "duesterliga"
    assert config.game.options == {"inactivity_dusks": 2, "mob_votes": 1}
    assert str(config.game.zone) == "Europe/Berlin"
    assert config.forum.base_url == "http://127.0.0.1:8080/"
    assert config.forum.password.get_secret_value() == SECRET
    # what the README asks the admin for, not WoltLab's "Users" group (`FloodLimits()`)
    limits = FloodLimits(conversation_message_interval=0, conversations_per_day=-1)
    assert config.forum.limits.flood_limits() == limits
    assert config.forum.retry.policy() == RetryPolicy()
    assert config.schedule.dusk_begins == time(19, 0)
    assert config.store.path == EXAMPLE.parent.resolve() / "wolfbot.sqlite"


def test_every_key_of_the_example_is_set_explicitly() -> None:
    """The example documents every key: each model field appears in it."""
    from wolfbot.setup.config import Config

    data = tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))
    commented = EXAMPLE.read_text(encoding="utf-8")

    def walk(model: type, section: dict, prefix: str) -> None:
        for name, field in model.model_fields.items():
            if field.exclude:
                continue
            annotation = field.annotation
            name = field.alias or name
            if isinstance(annotation, type) and hasattr(annotation, "model_fields"):
                walk(annotation, section.get(name, {}), f"{prefix}{name}.")
            else:
                assert name in section or f"# {name} =" in commented, f"{prefix}{name}"

    walk(Config, data, "")


def test_the_password_never_shows(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    config = load_config(EXAMPLE, env=ENV)
    caplog.set_level(logging.DEBUG)
    logging.getLogger("wolfbot").info("config: %s %r", config, config.forum)
    texts = [
        repr(config),
        str(config),
        repr(config.forum),
        str(config.forum.password),
        repr(config.forum.password),
        config.model_dump_json(),
        str(config.model_dump()),
        str(config.forum.model_dump(mode="json")),
        caplog.text,
    ]
    for text in texts:
        assert SECRET not in text


def test_the_password_from_a_file(tmp_path: Path) -> None:
    (tmp_path / "pw").write_text(SECRET + "\n", encoding="utf-8")
    path = example_with(tmp_path, r"^password_env = .*$", 'password_file = "pw"')
    config = load_config(path, env={})
    assert config.forum.password.get_secret_value() == SECRET
    assert SECRET not in repr(config) + config.model_dump_json()


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            r"^password_env = .*$",
            'password_env = "WOLFBOT_PASSWORD_MISSING"',
            "forum.password_env: die Umgebungsvariable WOLFBOT_PASSWORD_MISSING ist nicht gesetzt",
        ),
        (r"^password_env = .*$", "", "forum: genau eins von forum.password_env"),
        (
            r"^# password_file = .*$",
            'password_file = "pw"',
            "forum: genau eins von forum.password_env",
        ),
        (r"^password_env = .*$", 'password_file = "nowhere"', "forum.password_file: "),
        (
            r"^base_url = .*$",
            'base_url = "ftp://forum"',
            "forum.base_url: keine Adresse mit http://",
        ),
        (r"^base_url = .*$", "", "forum.base_url: fehlt"),
        (r"^thread_id = .*$", "thread_id = -1", "forum.thread_id: muss mindestens 0 sein"),
        (
            r"^poll_seconds = .*$",
            'poll_seconds = "often"',
            "forum.poll_seconds: muss eine Zahl sein",
        ),
        (r"^timeout = .*$", "timeout = 0", "forum.timeout: muss größer als 0 sein"),
        (
            r"^conversations_per_day = .*$",
            "conversations_per_day = 0",
            "forum.limits.conversations_per_day: mindestens 1, oder -1",
        ),
        (
            r"^max_participants = .*$",
            "max_participants = 0",
            "forum.limits.max_participants: muss mindestens 1 sein",
        ),
        (
            r"^backoff_max_seconds = .*$",
            "backoff_max_seconds = 1",
            "forum.retry: backoff_max_seconds darf nicht kleiner als backoff_seconds sein",
        ),
        (
            r"^max_attempts = .*$",
            "max_attempts = 0",
            "forum.retry.max_attempts: muss mindestens 1 sein",
        ),
        (
            r"^thread_id = .*$",
            "thread_id = 1\nthred = 2",
            "forum.thred: unbekannter Schlüssel „thred“ – Meintest du „thread_id“?",
        ),
        (
            r"^# wolfshoehle = 0",
            'wolfshoehle = "x"',
            "forum.conversations.wolfshoehle: muss eine ganze Zahl sein",
        ),
        (
            r"^timezone = .*$",
            'timezone = "Mars/Olympus"',
            "game.timezone: unbekannte Zeitzone „Mars/Olympus“",
        ),
        (r"^ruleset = .*$", 'ruleset = "skat"', "game.ruleset: kein Regelwerk heißt „skat“"),
        (
            r"^mob_votes = 1",
            "mob_vote = 1",
            "game.options.mob_vote: „mob_vote“ ist keine Hausregel",
        ),
        (
            r"^mob_votes = 1",
            'mob_votes = "viele"',
            "game.options.mob_votes: mob_votes: erwartet eine ganze Zahl",
        ),
        (r"^seed = .*$", "", "game.seed: fehlt"),
        (r"^dusk_begins = .*$", 'dusk_begins = "7pm"', "schedule.dusk_begins: keine Uhrzeit HH:MM"),
        (r"^night_begins = .*$", 'night_begins = "25:00"', "schedule.night_begins: keine Uhrzeit"),
        (r"^path = .*$", "path = 3", "store.path: muss ein Dateiname sein"),
        (
            r"^software = .*$",
            'software = "phpbb"',
            'forum.software: unbekannte Forensoftware "phpbb" (bekannt: "woltlab")',
        ),
    ],
)
def test_invalid_values_name_the_key(tmp_path: Path, old: str, new: str, message: str) -> None:
    (tmp_path / "pw").write_text("pw", encoding="utf-8")
    path = example_with(tmp_path, old, new)
    with pytest.raises(ConfigError) as error:
        load_config(path, env=ENV)
    text = str(error.value)
    assert text.startswith(f"{path}")
    assert message in text
    assert SECRET not in text


def test_not_toml_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"config.toml, Zeile 1 \(\[game\): der Abschnitts"):
        load_config(write(tmp_path, "[game\n"), env=ENV)
    with pytest.raises(ConfigError, match=r"Die Konfigurationsdatei \S+nothing.toml gibt es nicht"):
        load_config(tmp_path / "nothing.toml", env=ENV)


def test_the_environment_is_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WOLFBOT_PASSWORD", SECRET)
    assert load_config(EXAMPLE).forum.password.get_secret_value() == SECRET
    monkeypatch.delenv("WOLFBOT_PASSWORD")
    with pytest.raises(ConfigError, match="WOLFBOT_PASSWORD ist nicht gesetzt"):
        load_config(EXAMPLE)


def test_an_unknown_key_has_its_line_and_the_key_it_probably_means(tmp_path: Path) -> None:
    path = example_with(tmp_path, r"^poll_seconds = ", "poll_secnds = ")
    line = 1 + path.read_text(encoding="utf-8").splitlines().index(
        next(x for x in path.read_text(encoding="utf-8").splitlines() if x.startswith("poll_"))
    )
    with pytest.raises(ConfigError) as error:
        load_config(path, env=ENV)
    assert str(error.value) == (
        f"{path}, Zeile {line}: forum.poll_secnds: unbekannter Schlüssel „poll_secnds“ – "
        "Meintest du „poll_seconds“?"
    )


def test_bad_values_have_their_line_in_german(tmp_path: Path) -> None:
    path = example_with(tmp_path, r"^timeout = 20", "timeout = 0")
    number = 1 + next(
        i for i, x in enumerate(path.read_text(encoding="utf-8").splitlines())
        if x.startswith("timeout = 0")
    )  # fmt: skip
    with pytest.raises(ConfigError) as error:
        load_config(path, env=ENV)
    assert f"{path}, Zeile {number}: forum.timeout: muss größer als 0 sein" in str(error.value)
