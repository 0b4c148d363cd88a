"""WoltLab's part of a read mark: the page a channel is read on from, that page's validators
for a conditional request, and what each recent post looked like (to see edits and
deletions, see `read`). Only the adapter makes, reads and advances it; in the mark it is
JSON (`ReadMark.place`: the page; `ReadMark.memory`: the rest), which the bot stores and hands
back without looking. The keys are those of the marks stored before it had a type of its own,
so those load unchanged (`ReadMark.from_json`)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from wolfbot.forum.base import ReadMark


@dataclass(frozen=True, slots=True)
class PageCursor:
    page: int = 1
    etag: str | None = None
    last_modified: str | None = None
    # post id → (state, edit count); the state is the content hash, a marker and the page
    # the post was on (`read`)
    seen: dict[int, tuple[str, int]] = field(default_factory=dict)

    @classmethod
    def of(cls, mark: ReadMark) -> PageCursor:
        """The cursor in `mark` (a mark the adapter never wrote – a floor, a bound – starts
        at the first page, or at its page, with nothing remembered)."""
        seen = mark.memory.get("seen", {})
        return cls(
            max(int(mark.place.get("last_page", 1)), 1),
            mark.memory.get("etag"),
            mark.memory.get("last_modified"),
            {int(post_id): (state[0], int(state[1])) for post_id, state in seen.items()},
        )

    def on(self, mark: ReadMark) -> ReadMark:
        """`mark` with this cursor."""
        seen = {str(post_id): list(state) for post_id, state in self.seen.items()}
        return replace(
            mark,
            place={"last_page": self.page},
            memory={"etag": self.etag, "last_modified": self.last_modified, "seen": seen},
        )
