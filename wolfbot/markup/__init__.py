"""A post's HTML → its text, the quotes in it and the bold command lines at its end.

    message    `parse_message`: the inner HTML of WoltLab's ``.messageText`` → `MessageBody`
    elements   what an element means to the reader: hidden, a block, bold, a box
    nesting    how libxml2 nests, and `flatten_deep` for markup nested deeper than it reads

It may import only `wolfbot.spelling`. Its callers read `MessageBody`, `Stray` and
`parse_message` from here."""

from wolfbot.markup.message import MessageBody, Stray, parse_message

__all__ = ["MessageBody", "Stray", "parse_message"]
