"""WoltLab's message HTML → `wolfbot.forum.body.MessageBody`: its text, the quotes in it
and the bold command lines at its end.

    message    `parse_message`: the inner HTML of WoltLab's ``.messageText`` → `MessageBody`
    elements   what an element means to the reader: hidden, a block, bold, a box
    nesting    how libxml2 nests, and `flatten_deep` for markup nested deeper than it reads

It imports only `wolfbot.forum.body` and `wolfbot.spelling`; the rest of wolfbot reads it
through the dialect (`wolfbot.forum.woltlab.dialect`)."""
