"""Tables that read well at any width of the terminal (`wolfbot status` at 80 columns and at
200): rich shrinks a table that is too wide by cutting its cells anywhere, so that
"Konversation" becomes "Konversat" / "ion". A `FitTable` never breaks a word: it gives
each column at least its longest word and shares the rest of the width by how much more
each column could use; when even the longest words do not fit side by side, each row
becomes a paragraph of its own ("• Nr. 6 · Spalte: Wert · Spalte: Wert …"), wrapped between
words.
Only a word longer than the whole line (a long link) is still cut.

    table = FitTable("Warteschlange", ["Schlüssel", "Art", "Grund"])
    table.add_row("g1/rolle/Anna", "Konversation", "…")
    console.print(table)

Light: rich only (`wolfbot status` stays quick to start)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

Cell = str | Text
PADDING = 2  # a cell's padding, left and right (rich's default (0, 1))


@dataclass(frozen=True, slots=True)
class Column:
    header: str
    justify: str = "left"  # "left" or "right"


@dataclass
class FitTable:
    """A table whose words stay whole (see the module docstring). Cells are plain text
    (no rich markup: players write brackets too) or `Text`."""

    title: str | None
    columns: Sequence[Column | str]
    show_header: bool = True
    header_style: str = "bold"
    first_column_style: str = ""
    rows: list[tuple[Text, ...]] = field(default_factory=list)

    def add_row(self, *cells: Cell | None) -> None:
        if len(cells) != len(self.columns):
            raise ValueError(f"{len(cells)} cells for {len(self.columns)} columns")
        self.rows.append(tuple(_text(cell) for cell in cells))

    @property
    def _columns(self) -> list[Column]:
        return [c if isinstance(c, Column) else Column(c) for c in self.columns]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        widths = self.widths(console, options)
        if widths is None:
            yield from self._paragraphs(console, options)
            return
        yield self._table(widths)

    def widths(self, console: Console, options: ConsoleOptions) -> list[int] | None:
        """Each column's width (its text, without padding) so that no word is cut; None
        when the longest words do not fit side by side."""
        columns = self._columns
        borders = len(columns) + 1
        room = options.max_width - borders - PADDING * len(columns)
        least, most = [], []
        for index, column in enumerate(columns):
            cells = [row[index] for row in self.rows]
            if self.show_header:
                cells.append(Text(column.header))
            sizes = [Measurement.get(console, options, cell) for cell in cells]
            least.append(max((size.minimum for size in sizes), default=1) or 1)
            most.append(max((size.maximum for size in sizes), default=1) or 1)
        if sum(least) > room:
            return None
        if sum(most) <= room:
            return most
        return _share(least, most, room)

    def _table(self, widths: list[int]) -> Table:
        table = Table(
            title=self.title, show_header=self.show_header, header_style=self.header_style
        )
        for index, (column, width) in enumerate(zip(self._columns, widths, strict=True)):
            style = self.first_column_style if index == 0 else ""
            table.add_column(
                column.header,
                justify=column.justify,  # type: ignore[arg-type]
                width=width,
                overflow="fold",
                style=style,
            )
        for row in self.rows:
            table.add_row(*row)
        return table

    def _paragraphs(self, console: Console, options: ConsoleOptions) -> Iterable[Table | Text]:
        """Each row a paragraph: its first cell in bold after its column's name, then
        "Spalte: Wert · Spalte: Wert" (empty cells left out; a link on a line of its own)."""
        if self.title:
            yield Text(self.title, style="bold underline")
        for row in self.rows:
            line = Text()
            for index, (column, cell) in enumerate(zip(self._columns, row, strict=True)):
                if not cell.plain:
                    continue
                if index == 0:  # what the row is about: "Nr. 6", "Schlüssel g1/e4/0"
                    named = self.show_header and column.header
                    line.append_text(Text(f"{column.header} ") + cell if named else cell.copy())
                    line.stylize("bold")
                    continue
                if cell.plain.startswith(("http://", "https://")):
                    line.append("\n")
                elif line.plain:
                    line.append(" · ")
                if self.show_header and column.header:
                    line.append(f"{column.header}: ", style="italic")
                line.append_text(cell)
            grid = Table.grid(padding=(0, 1))
            grid.add_column(width=1)
            grid.add_column(overflow="fold")
            grid.add_row("•", line)
            yield grid


def _share(least: list[int], most: list[int], room: int) -> list[int]:
    """Widths between `least` and `most` that add up to `room`: the space beyond the least
    shared by how much more each column could use."""
    spare = room - sum(least)
    wants = [high - low for low, high in zip(least, most, strict=True)]
    total = sum(wants)
    given = [spare * want // total if total else 0 for want in wants]
    rest = spare - sum(given)
    for index in sorted(range(len(wants)), key=lambda i: wants[i] - given[i], reverse=True):
        if rest <= 0:
            break
        if given[index] < wants[index]:
            given[index] += 1
            rest -= 1
    return [low + extra for low, extra in zip(least, given, strict=True)]


def _text(cell: Cell | None) -> Text:
    if cell is None:
        return Text("")
    return cell if isinstance(cell, Text) else Text(cell)
