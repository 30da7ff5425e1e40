"""Tables and paragraphs rendered as plain text, TSV, Markdown, LaTeX or HTML, with user text
escaped.

A document is a list of blocks (:class:`Paragraph`, :class:`Table`); a cell is a ``str`` (text,
escaped for the format), a :class:`~fractions.Fraction` (exact: ``a/b``, in LaTeX
``\\frac{a}{b}``), a :class:`Label` (one spelling per format, e.g. math in LaTeX) or None (a
dash). The command line, the exports (:mod:`charsim.render.export`) and the notebook HTML
(:mod:`charsim.render.html`) render through these functions, so every format shows the same
numbers.
"""

from __future__ import annotations

import html
import unicodedata
from dataclasses import dataclass
from fractions import Fraction

__all__ = [
    "FORMATS",
    "MARKUP_FORMATS",
    "Heading",
    "Label",
    "Paragraph",
    "Table",
    "latex_escape",
    "markdown_escape",
    "render",
]

FORMATS = ("text", "tsv", "markdown", "latex")
"""The formats of the command line and the exports."""
MARKUP_FORMATS = (*FORMATS, "html")
"""The formats :func:`render` writes: :data:`FORMATS` and ``"html"``, fragments for a notebook
(:mod:`charsim.render.html`; every text escaped with :func:`html.escape`)."""


@dataclass(frozen=True)
class Label:
    """A fixed label (a column or row name) spelled for each format.

    Attributes:
        plain: the text and Markdown spelling (escaped for Markdown like any text).
        latex: LaTeX source, inserted as is (math allowed: ``"$\\bar m_n$"``).
    """

    plain: str
    latex: str


Cell = str | Fraction | Label | None


@dataclass(frozen=True)
class Paragraph:
    """A line of text: cells joined by spaces (e.g. a label and a value)."""

    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Heading:
    """A heading line: ``== text ==``, ``# text`` in TSV, ``### text`` in Markdown,
    ``\\subsection*{text}`` in LaTeX."""

    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Table:
    """A table: a header row and body rows of cells (rows as long as the header).

    Attributes:
        header: the header row.
        rows: the body rows.
        text_columns: the indices of the columns that hold running text (a candidate, a
            signature): left-aligned, in LaTeX a paragraph column that wraps. The first column is
            always left-aligned, the others (numbers) right-aligned.
    """

    header: tuple[Cell, ...]
    rows: tuple[tuple[Cell, ...], ...]
    text_columns: tuple[int, ...] = ()


_MARKDOWN_SPECIAL = set("\\|`*_[]<>~&$")
_LATEX_SPECIAL = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "$": r"\$",
    "&": r"\&",
    "#": r"\#",
    "^": r"\textasciicircum{}",
    "_": r"\_",
    "%": r"\%",
    "~": r"\textasciitilde{}",
    "<": r"\textless{}",
    ">": r"\textgreater{}",
    "|": r"\textbar{}",
    "'": r"\textquotesingle{}",
    "`": r"\textasciigrave{}",
    '"': r"\textquotedbl{}",
    "-": "-{}",
}
"""LaTeX's commands for the characters it reads otherwise; quotes, the backquote and the hyphen
too, so that quotes and ``--`` print as typed (not as typographic quotes and dashes)."""


def markdown_escape(text: str) -> str:
    """``text`` for a Markdown (GitHub) table cell or paragraph: ``\\ | ` * _ [ ] < > ~ & $``
    backslash-escaped, line breaks as ``<br>``.

        >>> markdown_escape("a|b_c")
        'a\\\\|b\\\\_c'
    """
    escaped = "".join("\\" + c if c in _MARKDOWN_SPECIAL else c for c in text)
    return escaped.replace("\r\n", "<br>").replace("\n", "<br>").replace("\r", "<br>")


def latex_escape(text: str) -> str:
    """``text`` for LaTeX text mode: ``\\ { } $ & # ^ _ % ~ < > | ' ` "`` written as commands
    and ``-`` as ``-{}`` (:data:`_LATEX_SPECIAL`), line breaks as ``\\newline``. Other
    characters are kept (non-ASCII text needs XeLaTeX or LuaLaTeX, or ``inputenc`` with fonts
    that have them).

        >>> latex_escape("50% of $x_1$")
        '50\\\\% of \\\\$x\\\\_1\\\\$'
    """
    escaped = "".join(_LATEX_SPECIAL.get(c, c) for c in text)
    return escaped.replace("\r\n", "\n").replace("\r", "\n").replace("\n", r"\newline{}")


def _cell(value: Cell, fmt: str) -> str:
    if value is None:
        return "—" if fmt != "latex" else "---"
    if isinstance(value, Label):
        return value.latex if fmt == "latex" else _cell(value.plain, fmt)
    if isinstance(value, Fraction):
        if fmt != "latex":
            return str(value)
        if value.denominator == 1:
            return f"${value.numerator}$"
        sign = "-" if value < 0 else ""
        return f"${sign}\\frac{{{abs(value.numerator)}}}{{{value.denominator}}}$"
    if fmt == "markdown":
        return markdown_escape(value)
    if fmt == "html":
        return html.escape(value)
    if fmt == "latex":
        return latex_escape(value)
    if fmt == "tsv":
        return value.replace("\t", " ").replace("\n", " ")
    return value


def render(blocks: list[Heading | Paragraph | Table], fmt: str) -> str:
    """The blocks in ``fmt`` (one of :data:`MARKUP_FORMATS`), ending with a newline.

    Text aligns columns with spaces; TSV writes tab-separated rows; Markdown writes GitHub
    tables; LaTeX writes ``tabular`` environments (the caller wraps them in a document); HTML
    writes ``<table>``, ``<p>`` and ``<h4>`` elements (the caller wraps them in a ``<div>``).

    Raises:
        ValueError: an unknown format.
    """
    if fmt not in MARKUP_FORMATS:
        raise ValueError(f"format must be one of {MARKUP_FORMATS}, got {fmt!r}")
    parts = []
    for previous, block in zip([None, *blocks], blocks, strict=False):
        if previous is not None:  # tables stand apart; consecutive lines of text follow
            lines = isinstance(block, Paragraph) and isinstance(previous, Paragraph)
            parts.append("\n" if fmt == "tsv" or (lines and fmt != "markdown") else "\n\n")
        parts.append(_block(block, fmt))
    return "".join(parts) + "\n"


def _block(block: Heading | Paragraph | Table, fmt: str) -> str:
    if isinstance(block, Table):
        rows = [[_cell(c, fmt) for c in row] for row in (block.header, *block.rows)]
        left = {0, *block.text_columns}
        return _TABLE_WRITERS[fmt](rows, [i in left for i in range(len(block.header))])
    text = " ".join(_cell(c, fmt) for c in block.cells)
    if isinstance(block, Heading):
        return _HEADINGS[fmt].format(text)
    return _PARAGRAPHS.get(fmt, "{}").format(text)


def _width(text: str) -> int:
    """Columns ``text`` takes in a terminal: combining marks take none."""
    return sum(not unicodedata.combining(c) for c in text)


def _text_table(rows: list[list[str]], left: list[bool]) -> str:
    widths = [max(_width(row[i]) for row in rows) for i in range(len(rows[0]))]

    def pad(i: int, cell: str) -> str:
        space = " " * (widths[i] - _width(cell))
        return cell + space if left[i] else space + cell

    return "\n".join("  ".join(pad(i, c) for i, c in enumerate(row)).rstrip() for row in rows)


def _markdown_table(rows: list[list[str]], left: list[bool]) -> str:
    lines = ["| " + " | ".join(row) + " |" for row in rows]
    lines.insert(1, "|" + "---|" * len(rows[0]))
    return "\n".join(lines)


_LATEX_TEXT_COLUMN = r"p{0.6\linewidth}"
"""The LaTeX column of running text: left-aligned, wrapped at 60 % of the line width."""


def _latex_table(rows: list[list[str]], left: list[bool]) -> str:
    body = [" & ".join(row) + r" \\" for row in rows]
    spec = "".join("l" if i == 0 else _LATEX_TEXT_COLUMN if x else "r" for i, x in enumerate(left))
    return "\n".join(
        [
            r"\begin{tabular}{" + spec + "}",
            r"\hline",
            body[0],
            r"\hline",
            *body[1:],
            r"\hline",
            r"\end{tabular}",
        ]
    )


def _html_table(rows: list[list[str]], left: list[bool]) -> str:
    align = ["left" if x else "right" for x in left]

    def row(cells: list[str], tag: str) -> str:
        return (
            "<tr>"
            + "".join(
                f'<{tag} style="text-align:{a}">{c}</{tag}>'
                for c, a in zip(cells, align, strict=True)
            )
            + "</tr>"
        )

    body = "\n".join(row(cells, "td") for cells in rows[1:])
    return f"<table>\n<thead>{row(rows[0], 'th')}</thead>\n<tbody>\n{body}\n</tbody>\n</table>"


_HEADINGS = {
    "text": "== {} ==",
    "tsv": "# {}",
    "markdown": "### {}",
    "latex": r"\subsection*{{{}}}",
    "html": "<h4>{}</h4>",
}
_PARAGRAPHS = {"latex": r"{} \par", "html": "<p>{}</p>"}

_TABLE_WRITERS = {
    "text": _text_table,
    "tsv": lambda rows, left: "\n".join("\t".join(row) for row in rows),
    "markdown": _markdown_table,
    "latex": _latex_table,
    "html": _html_table,
}
