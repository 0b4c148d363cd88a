"""The typed specification of a ruleset: what `rules/<name>/` says, validated (pure data).

The modules: `base` (phase and channel names, the problems of a ruleset's files, the
unknown role), `commands` (the command words and their uses), `roles` (a role), `parts`
(factions and victory, conversations, outing rules, Spielvarianten, house rules), `day`
(the day's procedures, the election and its successor) and `ruleset` (the whole, with its
lookups). This package gathers their API for its many callers.
"""

from __future__ import annotations

from wolfbot.engine.spec.base import Channel, FactionKind, PhaseKind, UnknownRole
from wolfbot.engine.spec.commands import ARGUMENT_KINDS, NAMED_KINDS, CommandSpec, CommandUse
from wolfbot.engine.spec.day import DayProcedureSpec, DaySpec, ElectionSpec, SuccessorSpec
from wolfbot.engine.spec.parts import (
    ConductSpec,
    ConversationSpec,
    FactionSpec,
    OptionSpec,
    OutingRule,
    RevealWords,
    VariantSpec,
    VictorySpec,
)
from wolfbot.engine.spec.roles import RoleSpec, adjective_forms
from wolfbot.engine.spec.ruleset import Ruleset

__all__ = [
    "ARGUMENT_KINDS",
    "NAMED_KINDS",
    "Channel",
    "CommandSpec",
    "CommandUse",
    "ConversationSpec",
    "DayProcedureSpec",
    "DaySpec",
    "ElectionSpec",
    "FactionKind",
    "FactionSpec",
    "OptionSpec",
    "ConductSpec",
    "OutingRule",
    "RevealWords",
    "PhaseKind",
    "RoleSpec",
    "Ruleset",
    "SuccessorSpec",
    "UnknownRole",
    "VariantSpec",
    "VictorySpec",
    "adjective_forms",
]
