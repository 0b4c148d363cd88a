"""Role behaviours looked up by the names the ruleset data gives (`behaviour:` of a role,
groups in the night order, command words, question kinds). Static tables, no registration
at run time. (Not in the package's `__init__`: a module the tables name imports
importing any role module runs it, and the tables import every role module.)"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from wolfbot.engine import day, offices, voting
from wolfbot.engine.port import Behaviour, GamePort, GroupBehaviour, QuestionHandler, WordHandler
from wolfbot.engine.roles import (
    amor,
    aussaetzige,
    awakening,
    baecker,
    baerenfuehrer,
    blocker,
    brandstifter,
    common,
    day_marks,
    day_outcomes,
    deaths_and_wounds,
    dieb,
    disguises,
    doppelgaenger,
    dorfnutte,
    druide,
    einsiedler,
    floetenspieler,
    fuchs,
    gaukler,
    gestaltwandler,
    healer,
    hexe,
    informed,
    investigators,
    jaeger,
    ketzer,
    killers,
    lehrling,
    lone_wins,
    night_info,
    own_attacks,
    pack,
    pack_attacks,
    priester,
    protector,
    resignation,
    ruhelose_geister,
    scharfschuetze,
    schwarze_pest,
    see_role,
    sekte,
    spaeher,
    totenreich,
    trunkenbold,
    unruhestifterin,
    vampirismus,
    vanishing,
    wildes_kind,
    wolf_deaths,
)
from wolfbot.engine.spec import RoleSpec

PLAIN = Behaviour()  # a role without abilities

BEHAVIOURS: Mapping[str, Behaviour] = MappingProxyType(
    {
        "pack": PLAIN,
        "see_role": see_role.SeeRole(),
        "hexe": hexe.Potions(),
        "heks": hexe.Heks(),
        "amor": amor.Amor(),
        "jaeger": jaeger.Jaeger(),
        "lone_win": lone_wins.LynchWin(),
        "grudge": lone_wins.Grudge(),
        "own_attack": own_attacks.OwnAttack(),
        "block": blocker.Block(),
        "take_abilities": blocker.TakeAbilities(),
        "day_mark": day_marks.DayMark(),
        "puppeteer": day_marks.Puppeteer(),
        "day_signal": day_marks.DaySignal(),
        "day_on_death": day_marks.DayOnDeath(),
        "suendenbock": day_outcomes.Suendenbock(),
        "spared": day_outcomes.Spared(),
        "dorfaeltester": day_outcomes.Dorfaeltester(),
        "raecher": deaths_and_wounds.Raecher(),
        "schlaeger": deaths_and_wounds.Schlaeger(),
        "rotkaeppchen": deaths_and_wounds.Rotkaeppchen(),
        "harter_bursche": deaths_and_wounds.HarterBursche(),
        "ritter": deaths_and_wounds.Ritter(),
        "lehrling": lehrling.Lehrling(),
        "doppelgaenger": doppelgaenger.Doppelgaenger(),
        "gaukler": gaukler.Gaukler(),
        "protect": protector.Protect(),
        "guard": protector.Guard(),
        "heal": healer.Heal(),
        "aura": investigators.Aura(),
        "wolf_check": investigators.WolfCheck(),
        "spy_on_pack": investigators.SpyOnPack(),
        "compare": investigators.Compare(),
        "reveal": investigators.Reveal(),
        "auge": informed.Auge(),
        "siblings": informed.Siblings(),
        "reine_seele": informed.ReineSeele(),
        "schlafwandlerin": informed.Schlafwandlerin(),
        "assassin": killers.Assassin(),
        "baecker": baecker.Baecker(),
        "fuchs": fuchs.Fuchs(),
        "druide": druide.Druide(),
        "dorfnutte": dorfnutte.Dorfnutte(),
        "alchemist": hexe.Alchemist(),
        "baerenfuehrer": baerenfuehrer.Baerenfuehrer(),
        "trunkenbold": trunkenbold.Trunkenbold(),
        "scharfschuetze": scharfschuetze.Scharfschuetze(),
        "dorfschoenheit": night_info.Dorfschoenheit(),
        "gute_fee": night_info.GuteFee(),
        "treue_magd": night_info.TreueMagd(),
        "priester": priester.Priester(),
        "totenreich": totenreich.Totenreich(),
        "totenbeschwoerer": totenreich.Totenbeschwoerer(),
        "wiedergaenger": totenreich.Wiedergaenger(),
        "spaeher": spaeher.Spaeher(),
        "hide": disguises.Hide(),
        "hypnotise": disguises.Hypnotise(),
        "dark_ritual": disguises.DarkRitual(),
        "standing_disguise": disguises.StandingDisguise(),
        "take_role": disguises.TakeRole(),
        "first_death_awakens": awakening.FirstDeathAwakens(),
        "last_death_awakens": awakening.LastDeathAwakens(),
        "transform": awakening.Transform(),
        "cursed": awakening.Cursed(),
        "model": wildes_kind.Model(),
        "hermit": einsiedler.Hermit(),
        "dieb": dieb.Dieb(),
        "gestaltwandler": gestaltwandler.Gestaltwandler(),
        "floetenspieler": floetenspieler.Floetenspieler(),
        "brandstifter": brandstifter.Brandstifter(),
        "aussaetzige": aussaetzige.Aussaetzige(),
        "unruhestifterin": unruhestifterin.Unruhestifterin(),
        "devour": pack_attacks.Devour(),
        "bite": pack_attacks.Bite(),
        "plague": wolf_deaths.Plague(),
        "poisonous": wolf_deaths.Poisonous(),
        "rabid": wolf_deaths.Rabid(),
        "knecht": wolf_deaths.Knecht(),
        "role_search": investigators.RoleSearch(),
        "sektenfuehrer": sekte.Sektenfuehrer(),
        "ketzer": ketzer.Ketzer(),
        "vampir": vampirismus.Vampir(),
        "ghul": vampirismus.Ghul(),
        "vanishes_when_seen": vanishing.VanishesWhenSeen(),
    }
)

GROUPS: Mapping[str, GroupBehaviour] = MappingProxyType(
    {
        pack.PACK_STAGE: pack.Pack(),
        # the variants' (`Ruleset.variant_entries`: they act only in a round that plays them)
        vampirismus.GHULE: vampirismus.Ghule(),
        schwarze_pest.ENTRY: schwarze_pest.SpielleitungVictim(),
        ruhelose_geister.SPIRITS_NAME: ruhelose_geister.RuheloseGeister(),
        trunkenbold.DORFFEST: trunkenbold.Dorffest(),
    }
)

# the mechanisms of the commands everybody (or the pack) gives, by the name a ruleset's
# `handler:` gives them (each ruleset has its own words for them)
WORDS: Mapping[str, WordHandler] = MappingProxyType(
    {
        "lynch": voting.LynchVote(),
        "withdraw": voting.WithdrawVote(),
        "election": voting.MayorVote(),
        "friends": voting.FriendsVote(),
        "vouch": voting.VouchVote(),
        "alpha": pack.AlphaVote(),
        "attack": pack.AttackVote(),
        "accuse": ruhelose_geister.Accuse(),
        "declare_plague": schwarze_pest.DeclarePlague(),
        "resign": resignation.Resign(),
    }
)

QUESTIONS: Mapping[str, QuestionHandler] = MappingProxyType(
    {
        "shot": jaeger.Shot(),
        "revenge": deaths_and_wounds.Revenge(),
        "buerge": day_marks.FirstVouch(),
        "vouch": day.Vouch(),
        "strike": deaths_and_wounds.Strike(),
        "maul": wolf_deaths.Maul(),
        "successor_mayor": offices.MayorSuccessor(),
        "successor_alpha": offices.AlphaSuccessor(),
        "lynch_tie": day.LynchTie(),
        "attack_tie": pack.AttackTie(),
        "choice": common.Choice(),
        "sacrifice": sekte.Sacrifice(),
        "ghoul_tie": vampirismus.GhoulTie(),
        "accusation_tie": ruhelose_geister.AccusationTie(),
    }
)


def behaviour_of(role: RoleSpec) -> Behaviour:
    if role.behaviour is None:
        return PLAIN
    return BEHAVIOURS[role.behaviour]


def votes_for(game: GamePort, word: str) -> dict[str, str] | None:
    """The votes standing now for a vote word, voter → target (`WordHandler.votes`: the
    state's own dict); None when the word is no vote."""
    handler = word_handler(game, word)
    return None if handler is None else handler.votes(game)


def word_handler(game: GamePort, word: str) -> WordHandler | None:
    """The mechanism of a command word everybody (or the pack) gives, if it has one."""
    name = game.rules.word_handlers.get(word)
    return None if name is None else WORDS[name]
