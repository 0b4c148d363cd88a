"""Scenario files (see ../shared/scenarios/FORMAT.md): load, run, check."""
