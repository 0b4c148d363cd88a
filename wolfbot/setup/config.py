"""The configuration of one round: `config.toml` (see `config.example.toml`), validated.

    config = load_config("config.toml")
    config.forum.password.get_secret_value()   # only where the login needs it

The forum password never stands in the file: `forum.password_env` names an environment
variable or `forum.password_file` a file holding it (exactly one of them). It is resolved
at load time into a `SecretStr` that no `repr`, `str`, `model_dump`/`model_dump_json`,
log line or error message shows; nothing stores it. Every error names the file and the key
("config.toml: forum.password_env: environment variable WOLFBOT_PASSWORD is not set").
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

from wolfbot.outbox.values import FloodLimits, RetryPolicy
from wolfbot.rulesets import loader

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
            raise _error("timezone", "unknown time zone {zone}", zone=repr(value)) from None
        return value

    @field_validator("ruleset")
    @classmethod
    def _ruleset(cls, value: str) -> str:
        if value not in loader.available():
            raise _error(
                "ruleset",
                "unknown ruleset {name}; available: {names}",
                name=repr(value),
                names=", ".join(loader.available()),
            )
        return value

    @field_validator("options")
    @classmethod
    def _options(
        cls, value: dict[str, bool | int | str | list[str]], info: ValidationInfo
    ) -> dict:
        if "ruleset" not in info.data:
            return value  # the ruleset itself is wrong: that error is reported
        known = loader.load(info.data["ruleset"]).options
        for name, setting in value.items():
            spec = known.get(name)
            if spec is None:
                raise _error(
                    "option",
                    "{name} is not an option of ruleset {ruleset}; known: {known}",
                    name=repr(name),
                    ruleset=info.data["ruleset"],
                    known=", ".join(sorted(known)),
                )
            if isinstance(spec.default, tuple):  # a list: each entry one of the choices
                if not isinstance(setting, list) or any(
                    not isinstance(entry, str) or (spec.choices and entry not in spec.choices)
                    for entry in setting
                ):
                    allowed = "a list of " + (" or ".join(spec.choices) or "names")
                    raise _error("option", "{name}: expected {allowed}", name=name, allowed=allowed)
                continue
            if type(setting) is not type(spec.default) or (
                spec.choices and setting not in spec.choices
            ):
                allowed = " or ".join(spec.choices) or type(spec.default).__name__
                raise _error("option", "{name}: expected {allowed}", name=name, allowed=allowed)
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
            raise ValueError("must be at least 1, or -1 for no limit")
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
            raise _error("backoff", "backoff_max_seconds must not be below backoff_seconds")
        return self

    def policy(self) -> RetryPolicy:
        return RetryPolicy(self.max_attempts, self.backoff_seconds, self.backoff_max_seconds)


class ForumConfig(_Section):
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

    @field_validator("base_url")
    @classmethod
    def _url(cls, value: str) -> str:
        if not value.startswith(("http://", "https://")) or len(value) < 10:
            raise _error("url", "not an http:// or https:// URL: {url}", url=repr(value))
        return value if value.endswith("/") else value + "/"

    @field_validator("password_env")
    @classmethod
    def _env(cls, value: str | None, info: ValidationInfo) -> str | None:
        env: Mapping[str, str] = (info.context or {}).get("env", os.environ)
        if value is not None and not env.get(value):
            raise _error("password_env", "environment variable {name} is not set", name=value)
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
            why = exc.strerror or type(exc).__name__
            raise _error(
                "password_file", "cannot read {path}: {why}", path=str(path), why=why
            ) from None
        if not text.strip():
            raise _error("password_file", "{path} is empty", path=str(path))
        return path

    @model_validator(mode="after")
    def _password_source(self, info: ValidationInfo) -> ForumConfig:
        if (self.password_env is None) == (self.password_file is None):
            raise _error(
                "password",
                "set exactly one of forum.password_env (an environment variable) and "
                "forum.password_file (a file) for the forum password",
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
        raise _error("time", "not a time of day HH:MM: {value}", value=repr(value)) from None


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
                    "closes", "not a date and time YYYY-MM-DD HH:MM: {value}", value=repr(value)
                ) from None
        return value

    @model_validator(mode="after")
    def _source(self) -> SignupConfig:
        if self.max_players < self.min_players:
            raise _error("players", "max_players must not be below min_players")
        if self.thread_id and self.closes is None:
            raise _error("closes", "a sign-up thread needs signup.closes (when the round starts)")
        if not self.thread_id and not self.players:
            raise _error(
                "players",
                "set signup.thread_id (the sign-up thread) or list signup.players",
            )
        if self.players and len({p.casefold() for p in self.players}) != len(self.players):
            raise _error("players", "a player is listed twice in signup.players")
        return self


class RolesConfig(_Section):
    """The roles of the round: `list` (one entry per player, Dieb +2, Gaukler +3), or empty:
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
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the configuration: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    return parse_config(data, path, env)


def parse_config(data: dict[str, Any], path: Path, env: Mapping[str, str] | None = None) -> Config:
    base = path.resolve().parent
    context = {"env": os.environ if env is None else env, "base_dir": base}
    try:
        config = Config.model_validate(data, context=context)
    except ValidationError as exc:
        lines = [f"{path}: {_where(e['loc'])}: {e['msg']}" for e in exc.errors()]
        raise ConfigError("\n".join(lines)) from None
    store = config.store.path.expanduser()
    store = store if store.is_absolute() else base / store
    return config.model_copy(update={"source": path, "store": StoreConfig(path=store)})


def _where(loc: tuple[int | str, ...]) -> str:
    return ".".join(str(part) for part in loc) or "(top level)"
