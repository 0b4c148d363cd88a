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
    assert config.forum.limits.flood_limits() == FloodLimits()
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
            "forum.password_env: environment variable WOLFBOT_PASSWORD_MISSING is not set",
        ),
        (r"^password_env = .*$", "", "forum: set exactly one of forum.password_env"),
        (
            r"^# password_file = .*$",
            'password_file = "pw"',
            "forum: set exactly one of forum.password_env",
        ),
        (r"^password_env = .*$", 'password_file = "nowhere"', "forum.password_file: cannot read"),
        (r"^base_url = .*$", 'base_url = "ftp://forum"', "forum.base_url: not an http"),
        (r"^base_url = .*$", "", "forum.base_url: Field required"),
        (r"^thread_id = .*$", "thread_id = -1", "forum.thread_id: Input should be greater"),
        (r"^poll_seconds = .*$", 'poll_seconds = "often"', "forum.poll_seconds: Input should be"),
        (r"^timeout = .*$", "timeout = 0", "forum.timeout: Input should be greater than 0"),
        (
            r"^conversations_per_day = .*$",
            "conversations_per_day = 0",
            "forum.limits.conversations_per_day: Value error, must be at least 1, or -1",
        ),
        (
            r"^max_participants = .*$",
            "max_participants = 0",
            "forum.limits.max_participants: Input should be greater",
        ),
        (
            r"^backoff_max_seconds = .*$",
            "backoff_max_seconds = 1",
            "forum.retry: backoff_max_seconds must not be below backoff_seconds",
        ),
        (r"^max_attempts = .*$", "max_attempts = 0", "forum.retry.max_attempts: Input should be"),
        (r"^thread_id = .*$", "thread_id = 1\nthred = 2", "forum.thred: Extra inputs"),
        (r"^# wolfshoehle = 0", 'wolfshoehle = "x"', "forum.conversations.wolfshoehle: Input"),
        (r"^timezone = .*$", 'timezone = "Mars/Olympus"', "game.timezone: unknown time zone"),
        (r"^ruleset = .*$", 'ruleset = "skat"', "game.ruleset: unknown ruleset 'skat'"),
        (r"^mob_votes = 1", "mob_vote = 1", "game.options: 'mob_vote' is not an option"),
        (r"^mob_votes = 1", 'mob_votes = "viele"', "game.options: mob_votes: expected int"),
        (r"^seed = .*$", "", "game.seed: Field required"),
        (r"^dusk_begins = .*$", 'dusk_begins = "7pm"', "schedule.dusk_begins: not a time of day"),
        (r"^night_begins = .*$", 'night_begins = "25:00"', "schedule.night_begins: not a time"),
        (r"^path = .*$", "path = 3", "store.path: Input"),
    ],
)
def test_invalid_values_name_the_key(tmp_path: Path, old: str, new: str, message: str) -> None:
    (tmp_path / "pw").write_text("pw", encoding="utf-8")
    path = example_with(tmp_path, old, new)
    with pytest.raises(ConfigError) as error:
        load_config(path, env=ENV)
    text = str(error.value)
    assert text.startswith(f"{path}: ")
    assert message in text
    assert SECRET not in text


def test_not_toml_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"config.toml: not valid TOML"):
        load_config(write(tmp_path, "[game\n"), env=ENV)
    with pytest.raises(ConfigError, match=r"nothing.toml: cannot read"):
        load_config(tmp_path / "nothing.toml", env=ENV)


def test_the_environment_is_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WOLFBOT_PASSWORD", SECRET)
    assert load_config(EXAMPLE).forum.password.get_secret_value() == SECRET
    monkeypatch.delenv("WOLFBOT_PASSWORD")
    with pytest.raises(ConfigError, match="WOLFBOT_PASSWORD is not set"):
        load_config(EXAMPLE)
