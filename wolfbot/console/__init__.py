"""The Spielleitung's console (issue 37): the web pages and the data behind them (`boards`)."""
