"""A role of the ruleset (`roles/*.yaml`), and the adjective forms a role name may take."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from pydantic import Field

from wolfbot.engine.spec.base import Channel, _Frozen
from wolfbot.engine.spec.commands import CommandUse


class RoleSpec(_Frozen):
    name: str
    heading: str
    aliases: tuple[str, ...] = ()
    faction: str
    pack: bool = False  # attacks with the pack and shares the Wolfshöhle
    # the pack's commands this member has (None: all – the Junge Wolf has only !Alpha)
    pack_words: tuple[str, ...] | None = None
    # told the identities of all Werwölfe at the start of his role (the Wolfshelfer), or
    # made known to the pack (the Wolfsknecht)
    knows_werwolves: bool = False
    knows_werwolves_option: str | None = None  # a house rule that decides it instead
    known_to_pack: bool = False
    # his role is shown at his death even where the round hides the roles of the dead (Wolf
    # Village's Jäger: "erfahren alle seine Rolle, auch wenn die Rollen der Toten verborgen
    # bleiben")
    always_revealed: bool = False
    # causes whose attacks on him fail ("Wenn die Werwölfe den Mörder angreifen, so schlägt
    # dieser Angriff fehl": [Werwolf])
    immune_to: tuple[str, ...] = ()
    stage: str | None = None
    behaviour: str | None = None
    # the variant it belongs to (dealt only when the round plays it: the Sektenführer)
    variant: str | None = None
    dealt: bool = True  # False: a role players only become (the Ghul)
    # the group conversation the role shares, opened with its first two members (the Gruft)
    conversation: Channel | None = None
    # the team wins it takes for himself while he lives and is not in love (the Fuchs:
    # "Lebt der Fuchs noch, wenn das Dorf oder die Werwölfe gewinnen würden, gewinnt
    # stattdessen er allein (außer er ist verliebt)")
    takes_win: tuple[str, ...] = ()
    commands: tuple[CommandUse, ...] = ()
    kill_phrase: str | None = None
    params: dict[str, Any] = Field(default_factory=dict)  # the behaviour's parameters
    text: str = ""
    # a Werwolf whatever his name says (None: by name) – the Düsterwald's Wolf im Schafspelz
    werwolf: bool | None = None

    @cached_property  # read in every victory check: once for a role
    def is_werwolf(self) -> bool:
        """Werwolf by name: "Die Werwölfe sind alle Spieler, deren Rollenname auf "Wolf"
        oder "-wolf" auslautet." – unless the role says so itself (`werwolf`)."""
        if self.werwolf is not None:
            return self.werwolf
        return self.name.casefold().endswith("wolf")


def adjective_forms(name: str) -> set[str]:
    """Spellings of a role name with its adjectives in any form people write: Grauer or
    Graue Wolf, Kleines or Kleine Mädchen, Großer Böser or Große Böse Wolf."""
    words = name.split()
    forms = {name}
    if len(words) > 1:
        stems = [w[:-1] if w.endswith(("er", "es", "en")) else w for w in words[:-1]]
        for ending in ("", "r", "s", "n"):
            forms.add(" ".join([*(s + ending if s.endswith("e") else s for s in stems), words[-1]]))
    return forms
