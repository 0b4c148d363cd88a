"""What German looks like in a Dutch text (the Weerwolven's tests): the letters Dutch does
not write and the words only German has – the Düsterliga's catalog says them all the time –
so that a Dutch text saying one is German that slipped in."""

from __future__ import annotations

import re

GERMAN = re.compile(
    r"[äöüßÄÖÜ]|\b(und|oder|der|dem|nicht|ist|sind|wird|wurde|auch|kein|keine|mit|von|auf|"
    r"nur|sich|Spieler|Spielern|Spielleitung|Stimme|Stimmen|Gegenstimmen?|Bürger|Werwolf|"
    r"Werwölfe|Dorf|Rolle|Befehl|Konversation|Mitteilung|Runde|Nacht des|Tag|Tages|Uhr|"
    r"Heiltrank|Gifttrank|Meintest|Abgelehnt|Angenommen|Nachfolger|Erinnerung)\b"
)
