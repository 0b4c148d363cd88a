"""The `Forum` of a WoltLab Suite forum (5.x/6.x) and its dialect: `dialect` (`WOLTLAB`:
its message HTML read by `markup`, neutral markup written by `html`), `client`
(`WoltLabForum`, over HTTP), `http` (the session: login, security token, one request at a
time), `errors` (WoltLab's answers read as wolfbot's errors), `pages` and `posts` (saved
pages → posts; pure), `read` (what freshly read pages mean against a read mark; pure).

May import: the rest of `wolfbot.forum` and `wolfbot.spelling`; nothing outside
`wolfbot.forum` imports it (`wolfbot.forum.software` is its door)."""
