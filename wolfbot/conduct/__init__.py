"""The conduct rules, watched for the Spielleitung (issue 36): what a post does that the
Düsterliga forbids – "Die Spieler dürfen nicht aus Konversationen zitieren" – found with its
evidence, for the Spielleitung to decide ("entscheidet nach eigenem Ermessen"). Pure text
functions: no forum, no store, no engine. May import `spelling` only."""
