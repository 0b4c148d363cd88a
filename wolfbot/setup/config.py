"""The configuration of one round: `config.toml` (see `config.example.toml`), validated.

    config = load_config("config.toml")
    config.forum.password.get_secret_value()   # only where the login needs it

The forum password never stands in the file: `forum.password_env` names an environment
variable or `forum.password_file` a file holding it (exactly one of them). It is resolved
at load time into a `SecretStr` that no `repr`, `str`, `model_dump`/`model_dump_json`,
log line or error message shows; nothing stores it. Every error names the file and the key
and, where the file says it, the line, in German ("config.toml, Zeile 18: forum.password_env:
die Umgebungsvariable WOLFBOT_PASSWORD ist nicht gesetzt"; `config_errors`).
Relative paths (`forum.password_file`, `store.path`) are relative to the config file.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from datetime import date, datetime, time
from pathlib import Path
from typing import Annotated, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    SecretStr,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from wolfbot.forum import software as forum_software
from wolfbot.outbox.values import FloodLimits, RetryPolicy
from wolfbot.rulesets import loader
from wolfbot.setup.config_errors import did_you_mean, explain
from wolfbot.setup.file_errors import config_unreadable, file_trouble, toml_trouble

_KINDS = {bool: "true oder false", int: "eine ganze Zahl", str: "einen Text"}
_DEFAULT_LIMITS = FloodLimits()
_DEFAULT_RETRY = RetryPolicy()
Seconds = Annotated[float, Field(gt=0)]


class ConfigError(ValueError):
    """The configuration file is missing, not TOML, or says something invalid."""


def _error(kind: str, message: str, **ctx: Any) -> PydanticCustomError:
    return PydanticCustomError(kind, message, ctx)


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, hide_input_in_errors=True)


class GameConfig(_Section):
    ruleset: str = "duesterliga"
    title: str
    seed: int
    timezone: str = "Europe/Berlin"
    options: dict[str, bool | int | str | list[str]] = Field(default_factory=dict)

    @field_validator("timezone")
    @classmethod
    def _zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise _error(
                "timezone", "unbekannte Zeitzone {zone} (z. B. „Europe/Berlin“)", zone=f"„{value}“"
            ) from None
        return value

    @field_validator("ruleset")
    @classmethod
    def _ruleset(cls, value: str) -> str:
        if value not in loader.available():
            raise _error(
                "ruleset",
                "kein Regelwerk heißt {name}; vorhanden: {names}",
                name=f"„{value}“",
                names=", ".join(loader.available()),
            )
        return value

    @field_validator("options")
    @classmethod
    def _options(cls, value: dict[str, bool | int | str | list[str]], info: ValidationInfo) -> dict:
        if "ruleset" not in info.data:
            return value  # the ruleset itself is wrong: that error is reported
        known = loader.load(info.data["ruleset"]).options
        for name, setting in value.items():
            spec = known.get(name)
            if spec is None:
                raise _error(
                    "option",
                    "{name} ist keine Hausregel des Regelwerks {ruleset}{hint}; bekannt: {known}",
                    name=f"„{name}“",
                    ruleset=info.data["ruleset"],
                    hint=did_you_mean(name, known).replace(" Meintest", " – meintest"),
                    known=", ".join(sorted(known)),
                    key=name,
                )
            if isinstance(spec.default, tuple):  # a list: each entry one of the choices
                if not isinstance(setting, list) or any(
                    not isinstance(entry, str) or (spec.choices and entry not in spec.choices)
                    for entry in setting
                ):
                    allowed = "eine Liste aus " + (" oder ".join(spec.choices) or "Namen")
                    raise _error(
                        "option", "{name}: erwartet {allowed}", name=name, allowed=allowed, key=name
                    )
                continue
            if type(setting) is not type(spec.default) or (
                spec.choices and setting not in spec.choices
            ):
                allowed = " oder ".join(spec.choices) or _KINDS.get(
                    type(spec.default), type(spec.default).__name__
                )
                raise _error(
                    "option", "{name}: erwartet {allowed}", name=name, allowed=allowed, key=name
                )
        return value

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)


class LimitsConfig(_Section):
    """The limits of the bot account's user group (WoltLab's defaults of the group "Users";
    the README says which values the bot's group should have)."""

    thread_post_interval: float = Field(_DEFAULT_LIMITS.thread_post_interval, ge=0)
    conversation_message_interval: float = Field(
        _DEFAULT_LIMITS.conversation_message_interval, ge=0
    )
    conversations_per_day: int = Field(_DEFAULT_LIMITS.conversations_per_day, ge=-1)
    max_participants: int = Field(_DEFAULT_LIMITS.max_participants, ge=1)

    @field_validator("conversations_per_day")
    @classmethod
    def _per_day(cls, value: int) -> int:
        if value == 0:
            raise _error("per_day", "mindestens 1, oder -1 für keine Grenze")
        return value

    def flood_limits(self) -> FloodLimits:
        return FloodLimits(**self.model_dump())


class RetryConfig(_Section):
    max_attempts: int = Field(_DEFAULT_RETRY.max_attempts, ge=1)
    backoff_seconds: float = Field(_DEFAULT_RETRY.backoff, ge=0)
    backoff_max_seconds: float = Field(_DEFAULT_RETRY.backoff_max, ge=0)

    @model_validator(mode="after")
    def _order(self) -> RetryConfig:
        if self.backoff_max_seconds < self.backoff_seconds:
            raise _error(
                "backoff", "backoff_max_seconds darf nicht kleiner als backoff_seconds sein"
            )
        return self

    def policy(self) -> RetryPolicy:
        return RetryPolicy(self.max_attempts, self.backoff_seconds, self.backoff_max_seconds)


class ForumConfig(_Section):
    software: str = forum_software.DEFAULT  # a name of `wolfbot.forum.software.SOFTWARE`
    base_url: str
    username: str = Field(min_length=1)
    password_env: str | None = None
    password_file: Path | None = None
    thread_id: int = Field(ge=0)
    conversations: dict[str, int] = Field(default_factory=dict)
    poll_seconds: Seconds = 60.0
    user_agent: str = "wolfbot/0.1 (Werwolf-Spielleitung; play-by-post)"
    request_interval: float = Field(1.0, ge=0)
    timeout: Seconds = 20.0
    limits: LimitsConfig = Field(default_factory=LimitsConfig)
    retry: RetryConfig = Field(default_factory=RetryConfig)
    _password: SecretStr = PrivateAttr(default=SecretStr(""))

    @field_validator("software")
    @classmethod
    def _software(cls, value: str) -> str:
        try:
            forum_software.named(value)
        except forum_software.UnknownSoftware as error:
            raise _error("software", "{why}", why=str(error)) from None
        return value

    @field_validator("base_url")
    @classmethod
    def _url(cls, value: str) -> str:
        if not value.startswith(("http://", "https://")) or len(value) < 10:
            raise _error("url", "keine Adresse mit http:// oder https://: {url}", url=repr(value))
        return value if value.endswith("/") else value + "/"

    @field_validator("password_env")
    @classmethod
    def _env(cls, value: str | None, info: ValidationInfo) -> str | None:
        env: Mapping[str, str] = (info.context or {}).get("env", os.environ)
        if value is not None and not env.get(value):
            raise _error(
                "password_env", "die Umgebungsvariable {name} ist nicht gesetzt", name=value
            )
        return value

    @field_validator("password_file")
    @classmethod
    def _file(cls, value: Path | None, info: ValidationInfo) -> Path | None:
        if value is None:
            return None
        base: Path = (info.context or {}).get("base_dir", Path.cwd())
        path = value.expanduser()
        path = path if path.is_absolute() else base / path
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise _error(
                "password_file", "{path} {why}", path=str(path), why=file_trouble(exc)
            ) from None
        if not text.strip():
            raise _error("password_file", "{path} ist leer", path=str(path))
        return path

    @model_validator(mode="after")
    def _password_source(self, info: ValidationInfo) -> ForumConfig:
        if (self.password_env is None) == (self.password_file is None):
            raise _error(
                "password",
                "genau eins von forum.password_env (eine Umgebungsvariable) und "
                "forum.password_file (eine Datei) angeben, für das Passwort des Forums",
            )
        if self.password_env is not None:
            env: Mapping[str, str] = (info.context or {}).get("env", os.environ)
            secret = env[self.password_env]
        else:
            assert self.password_file is not None
            secret = self.password_file.read_text(encoding="utf-8").strip("\r\n")
        self._password = SecretStr(secret)
        return self

    @property
    def password(self) -> SecretStr:
        return self._password


def _clock_time(value: object) -> time:
    if isinstance(value, time):
        return value
    try:
        hours, minutes = str(value).split(":")
        return time(int(hours), int(minutes))
    except ValueError:
        raise _error("time", "keine Uhrzeit HH:MM: {value}", value=repr(value)) from None


class ScheduleConfig(_Section):
    """Local times of day in `game.timezone`."""

    day_begins: time = time(9, 0)
    dusk_begins: time = time(19, 0)
    night_begins: time = time(21, 0)
    first_day: date | None = None  # the Tag der Bürgermeisterwahl; default: the next day
    zwischenstand_hours: float = Field(4, ge=0)  # 0: no Zwischenstand
    vote_reminder_hours: float = Field(2, ge=0)  # before the Dämmerung; 0: none
    night_reminder_hours: float = Field(2, ge=0)  # before the night ends; 0: none
    question_hours: float = Field(3, gt=0)  # a question's time (Jäger, Nachfolger, ties)
    question_reminder_hours: float = Field(1, ge=0)  # before a question's deadline; 0: none
    night_question_hours: float = Field(1, gt=0)  # the split night's questions (hold the Morgen)
    stichwahl_hours: float = Field(2, gt=0)  # a Stichwahl after a tie (gleichstand = "nochmal")

    @field_validator("day_begins", "dusk_begins", "night_begins", mode="before")
    @classmethod
    def _parse(cls, value: object) -> time:
        return _clock_time(value)


class StoreConfig(_Section):
    path: Path = Path("wolfbot.sqlite")


class SignupConfig(_Section):
    """How the Spielerliste comes about: the sign-up thread (`thread_id`, read until
    `closes`, local time in `game.timezone`) or, without one (`thread_id = 0`), the
    `players` listed here in Spielerliste order."""

    thread_id: int = Field(0, ge=0)
    closes: datetime | None = None
    min_players: int = Field(8, ge=3)
    max_players: int = Field(24, ge=3)
    players: list[str] = Field(default_factory=list)

    @field_validator("closes", mode="before")
    @classmethod
    def _closes(cls, value: object) -> object:
        if isinstance(value, str):
            try:
                return datetime.fromisoformat(value)
            except ValueError:
                raise _error(
                    "closes", "kein Zeitpunkt JJJJ-MM-TT HH:MM: {value}", value=repr(value)
                ) from None
        return value

    @model_validator(mode="after")
    def _source(self) -> SignupConfig:
        if self.max_players < self.min_players:
            raise _error("players", "max_players darf nicht kleiner als min_players sein")
        if self.thread_id and self.closes is None:
            raise _error(
                "closes", "ein Anmeldethema braucht signup.closes (wann die Runde beginnt)"
            )
        if not self.thread_id and not self.players:
            raise _error(
                "players",
                "signup.thread_id (das Anmeldethema) angeben oder signup.players auflisten",
            )
        if self.players and len({p.casefold() for p in self.players}) != len(self.players):
            raise _error("players", "ein Spieler steht zweimal in signup.players")
        return self


class RolesConfig(_Section):
    """The roles of the round: `list` (one entry per player, +2 with a Dieb; the Gaukler's
    three are set aside by `[game.options] gaukler_roles` or the seed, not listed), or empty:
    suggested per the "Rollenverteilung" advice of the ruleset."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    role_list: list[str] = Field(default_factory=list, alias="list")


class RoundConfig(_Section):
    """How the round is named and run (the posts' header, draft mode)."""

    season: int | None = None
    round_number: int | None = None
    round_type: str = "Ligarunde"
    round_name: str = ""
    game_masters: list[str] = Field(default_factory=list)  # besides the bot's account
    draft: bool = False  # every thread post waits for `wolfbot approve`
    rules_url: str = ""
    # the "Andere Offenbarungsregelungen" instead of the absolute Offenbarungs- und
    # Andeutungsverbot (the ruleset's `outing`: werwoelfe, rollen, daemmerung,
    # kein_andeutungsverbot, kein_offenbarungsverbot); `outing_roles`: the roles of `rollen`
    outing: list[str] = Field(default_factory=list)
    outing_roles: list[str] = Field(default_factory=list)


class Config(_Section):
    game: GameConfig
    forum: ForumConfig
    schedule: ScheduleConfig = Field(default_factory=ScheduleConfig)
    store: StoreConfig = Field(default_factory=StoreConfig)
    signup: SignupConfig | None = None
    roles: RolesConfig = Field(default_factory=RolesConfig)
    round: RoundConfig = Field(default_factory=RoundConfig)
    source: Path | None = Field(default=None, exclude=True)


def load_config(path: str | os.PathLike[str], env: Mapping[str, str] | None = None) -> Config:
    """Read and validate a config file; `env` replaces `os.environ` (for tests)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(config_unreadable(path, exc)) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(toml_trouble(exc, path, text)) from None
    return parse_config(data, path, env, text)


def parse_config(
    data: dict[str, Any],
    path: Path,
    env: Mapping[str, str] | None = None,
    text: str | None = None,
) -> Config:
    """Validate the TOML's `data`; `text` (the file's text) gives the errors their line."""
    base = path.resolve().parent
    context = {"env": os.environ if env is None else env, "base_dir": base}
    try:
        config = Config.model_validate(data, context=context)
    except ValidationError as exc:
        raise ConfigError("\n".join(explain(exc.errors(), path, text, Config))) from None
    store = config.store.path.expanduser()
    store = store if store.is_absolute() else base / store
    return config.model_copy(update={"source": path, "store": StoreConfig(path=store)})
