"""The templates of the posts: the Spielleitung's own folder (if given), then the ruleset's
(`rules/<name>/templates/`), then the shipped ones (`wolfbot/posts/templates/`).

The shipped templates are of two kinds. The short ones every ruleset shares (the receipts,
the Spielerliste, the votes, the reminders, the Rollenmitteilung, …) hold no words: they word
the ruleset's catalog (`msg('post.…')`). The long ones (`PROSE`: the Eröffnungsbeitrag with
its Spielanleitung and Fraktionen, the Morgen, the Zwischenstand, the Dämmerung, the Abend,
the Stichwahl, the Bürgschaft, the Abschlussbeitrag) are German prose: a ruleset in another
language brings its own, and rendering one of the German ones for it is an error
(`ProseInAnotherLanguage`), never a German post in a Dutch round. docs/languages.md lists
what a new language must provide."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from jinja2 import (
    BaseLoader,
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    StrictUndefined,
    pass_context,
)
from jinja2.runtime import Context

from wolfbot.engine.spec import Ruleset
from wolfbot.posts import language
from wolfbot.rulesets.loader import RULES_DIR

TEMPLATES = Path(__file__).parent / "templates"
TEMPLATES_LANGUAGE = "de"  # the language of the shipped prose
PROSE = frozenset(
    {
        "abend.html.j2",
        "buergschaft.html.j2",
        "daemmerung.html.j2",
        "ende.html.j2",
        "eroeffnung.html.j2",
        "fraktionen.html.j2",
        "morgen.html.j2",
        "spielanleitung.html.j2",
        "stichwahl.html.j2",
        "zwischenstand.html.j2",
    }
)


class ProseInAnotherLanguage(LookupError):
    """A ruleset in another language has no template of its own for a German prose one
    (not a `TemplateNotFound`: the loaders before would pass over it)."""

    def __init__(self, ruleset: Ruleset, template: str) -> None:
        super().__init__(
            f"{template} is German prose; the ruleset {ruleset.name} ({ruleset.language}) "
            f"brings its own in rules/{ruleset.name}/templates/"
        )


def environment(override: Path | None = None) -> Environment:
    loaders: list[BaseLoader] = [FileSystemLoader(str(override))] if override else []
    loaders.append(FileSystemLoader(str(TEMPLATES)))
    env = Environment(
        loader=ChoiceLoader(loaders),
        auto_reload=False,  # read once: a receipt per command asked the disk otherwise
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["paragraphs"] = _paragraphs
    env.filters["phase_time"] = _phase_time
    return env


def for_ruleset(env: Environment, rules: Ruleset) -> Environment:
    """`env` with the ruleset's own templates (`rules/<name>/templates/`, Wolf Village's
    Morgen in its narrator's words) before the shipped ones – after the Spielleitung's own
    (`environment(override)`), which still win; for a ruleset in another language, without
    the shipped German prose."""
    folder = RULES_DIR / rules.name / "templates"
    loaders = list(env.loader.loaders) if isinstance(env.loader, ChoiceLoader) else [env.loader]
    *override, shipped = loaders
    own = [FileSystemLoader(str(folder))] if folder.is_dir() else []
    if rules.language != TEMPLATES_LANGUAGE:
        shipped = _WithoutProse(rules, shipped)
    elif not own:
        return env
    return env.overlay(loader=ChoiceLoader([*override, *own, shipped]))


class _WithoutProse(BaseLoader):
    """The shipped templates but the German prose ones."""

    def __init__(self, rules: Ruleset, shipped: BaseLoader) -> None:
        self.rules, self.shipped = rules, shipped

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool] | None]:
        if template in PROSE:
            raise ProseInAnotherLanguage(self.rules, template)
        return self.shipped.get_source(environment, template)


def _paragraphs(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


@pass_context
def _phase_time(context: Context, label: str | None) -> str:
    return language.phase_time(context["rules"], label)
