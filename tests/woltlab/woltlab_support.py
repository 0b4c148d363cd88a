"""What the real-server fixture and tests share (see conftest.py)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).parent
SERVER = HERE / "server"
SITE = Path("/tmp/wsc-site")
STATE = Path("/tmp/wsc-state")
BASE = "http://localhost/"
MESSAGES_PER_PAGE = 5
PASSWORDS = {
    "wolfbot": "BotPass123!",
    "alice": "AlicePass123!",
    "bob": "BobPass123!",
    "carol": "CarolPass123!",
    **{f"spieler{i:02d}": f"Spieler{i:02d}Pass!" for i in range(1, 13)},
}
GROUPS = (
    "Wolfbot:wolfbot:floodControlTime=0,maxStartedConversationsPer24Hours=-1,"
    "maxParticipants=100,maxConversations=100000",
    "Flood3:carol:floodControlTime=3",
    # the split round's players (test_split_round.py) write without waiting;
    # spieler10–12 keep the default 60 s for the flood-control tests
    "Spieler:" + ",".join(f"spieler{i:02d}" for i in range(1, 9)) + ":floodControlTime=0",
    # the suite's tests open hundreds of conversations; the default mailbox holds 100, and
    # the default "10 conversations in 24 hours" would fail a second run on the same install
    "Mailbox:"
    + ",".join(PASSWORDS)
    + ":maxConversations=100000,maxStartedConversationsPer24Hours=-1",
)
PLAYERS = [f"spieler{i:02d}" for i in range(1, 13)]


@dataclass(frozen=True)
class Server:
    base_url: str
    passwords: dict[str, str]
    reused: bool
    install_seconds: float
