"""The Spielleitung's commands beside the running bot: look (`readonly`: `wolfbot status`,
`audit`, `replay`; `explain`), decide (`interventions`: `accept`, `reject`, `override`;
`drafts`: draft mode and approval), run (`run`: `init`, `run`; `check_config`), choose the
roles before a round (`setups`: `wolfbot setup RULESET`, printed by `setup_view`). `rounds`
opens a store file and picks the round. They write to the store only what the bot applies.

May import every package but the demo, the scenarios and the command line (`wolfbot.cli`)."""
