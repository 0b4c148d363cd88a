"""The only code that speaks HTTP: the `Forum` protocol, its WoltLab implementation, the
local forum (a WoltLab look-alike for demo and end-to-end tests) and the write queue."""
