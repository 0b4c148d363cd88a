"""The conduct rules, watched for the Spielleitung (issue 36): what a post does that the
round forbids – a quote from a conversation ("Die Spieler dürfen nicht aus Konversationen
zitieren"), a role revealed or hinted against the round's Offenbarungsregelung – found with
its evidence as a `Flag`, for the Spielleitung to decide ("entscheidet nach eigenem
Ermessen"). Pure: no forum, no store, no clock; it reads the ruleset and the game's facts
it is given.

`watch`: one round's watch, fed every post and every message of the Spielleitung;
`quotes`: passages a post shares with a conversation; `lexicon`: the ruleset's words for
roles and its phrasing of reveals; `reveals`: the claims of a role in a post; `outing`: the
round's Offenbarungsregelung applied to them (`RevealWatch`); `situation`: the game's facts
a post is judged by; `flags`: what a breach becomes.

May import: `wolfbot.engine`, `wolfbot.rulesets` and `wolfbot.spelling`."""
