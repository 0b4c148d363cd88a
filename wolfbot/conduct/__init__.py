"""The conduct rules, watched for the Spielleitung (issue 36): what a post does that the
round forbids – a quote from a conversation ("Die Spieler dürfen nicht aus Konversationen
zitieren"), a role revealed or hinted against the round's Offenbarungsregelung – found with
its evidence as a `Flag`, for the Spielleitung to decide ("entscheidet nach eigenem
Ermessen"). Pure: no forum, no store, no clock. May import `engine`, `rulesets` and
`spelling` only: it reads the ruleset and the game's facts it is given."""
