"""Where a printed PDF paints: the boxes of what each page of a PDF made by Chromium (Skia's PDF
backend, Playwright's ``page.pdf``) draws, read from its content streams with the standard
library alone (``zlib``), to check that nothing printed is wider than the page.

Each page's content is clipped to its printable area (the page less its ``@page`` margins) by
the first clipping rectangle it sets, but a page that begins inside a clipped element (a region
that scrolls on screen) may set that element's clip first: the pages share one printable area
(one ``@page`` rule), the first clip that most pages set. What a page lays out beyond it is
drawn still (cut by the clip), so its box shows it. A box is in PDF points (1/72 in), as
``(x0, y0, x1, y1)`` on the page: of each image or form drawn (its bounding box), each path
filled or stroked, and each run of text (its origin only: a glyph's width would need the font's
metrics).

Reads what Chromium writes, not any PDF: uncompressed or Flate-compressed streams, indirect
objects ``N 0 obj``, a page's ``/Contents`` one stream, its ``/XObject`` resources by name.
"""

from __future__ import annotations

import re
import zlib
from typing import NamedTuple

__all__ = ["Page", "pages"]

_OBJECT = re.compile(rb"(\d+) 0 obj\s*(.*?)endobj", re.S)
_STREAM = re.compile(rb"stream\r?\n(.*?)endstream", re.S)
_TOKEN = re.compile(
    rb"<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)|\[|\]|/[^\s/\[\]()<>]+|[-+]?(?:\d+\.?\d*|\.\d+)"
    rb"|[A-Za-z'\"*]+"
)
_PAINT = {b"f", b"F", b"f*", b"S", b"s", b"B", b"B*", b"b", b"b*"}


class Page(NamedTuple):
    """A printed page: its printable area and the boxes of what it draws (points)."""

    area: tuple[float, float, float, float]
    boxes: list[tuple[float, float, float, float]]


def _objects(data: bytes) -> dict[int, bytes]:
    return {int(number): body for number, body in _OBJECT.findall(data)}


def _stream(body: bytes) -> bytes:
    raw = _STREAM.search(body).group(1)
    return zlib.decompress(raw) if b"/FlateDecode" in body.split(b"stream", 1)[0] else raw


def _multiply(a: tuple, b: tuple) -> tuple:
    """The matrix product ``a × b`` of two PDF matrices ``(a, b, c, d, e, f)``."""
    return (
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    )


def _box(points: list[tuple[float, float]], m: tuple) -> tuple[float, float, float, float]:
    xs = [m[0] * x + m[2] * y + m[4] for x, y in points]
    ys = [m[1] * x + m[3] * y + m[5] for x, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def _draw(content: bytes, ctm: tuple, xobjects: dict, objects: dict, page: dict) -> None:
    """Interpret ``content`` from the matrix ``ctm``: its boxes (and its first clip, the
    printable area, if the page has none yet) go into ``page``."""
    stack, path, operands, text = [], [], [], (1, 0, 0, 1, 0, 0)
    line = text
    for token in _TOKEN.findall(content):
        if token[:1].isalpha() or token[:1] in b"'\"*":
            op, args = token, operands
            operands = []
            if op == b"q":
                stack.append(ctm)
            elif op == b"Q":
                ctm = stack.pop()
            elif op == b"cm":
                ctm = _multiply(tuple(map(float, args)), ctm)
            elif op == b"re":
                x, y, w, h = map(float, args)
                path += [(x, y), (x + w, y + h)]
            elif op in (b"m", b"l"):
                path.append(tuple(map(float, args)))
            elif op in (b"c", b"v", b"y"):
                values = list(map(float, args))
                path += list(zip(values[::2], values[1::2], strict=True))
            elif op in (b"W", b"W*") and page["area"] is None and path:
                page["area"] = _box(path, ctm)
            elif op in _PAINT and path:
                page["boxes"].append(_box(path, ctm))
            if op in _PAINT or op == b"n":
                path = []
            elif op == b"BT":
                text = line = (1, 0, 0, 1, 0, 0)
            elif op == b"Tm":
                text = line = tuple(map(float, args))
            elif op == b"Td":
                text = line = _multiply((1, 0, 0, 1, float(args[0]), float(args[1])), line)
            elif op in (b"Tj", b"TJ", b"'", b'"'):
                page["boxes"].append(_box([(0, 0)], _multiply(text, ctm)))
            elif op == b"Do":
                _xobject(objects[xobjects[args[0][1:]]], ctm, objects, page)
        else:
            operands.append(token)


def _xobjects(resources: bytes) -> dict[bytes, int]:
    """The ``/XObject`` resources of a page or form: name → object number."""
    if block := re.search(rb"/XObject <<(.*?)>>", resources, re.S):
        return {name: int(n) for name, n in re.findall(rb"/(\w+) (\d+) 0 R", block.group(1))}
    return {}


def _xobject(body: bytes, ctm: tuple, objects: dict, page: dict) -> None:
    """An image's box, or what a form draws: its content, with its own resources (a form's
    ``/BBox`` only bounds it: Skia gives a transparency group, e.g. a canvas printed as its
    drawing under a mask, the whole page)."""
    head = body.split(b"stream", 1)[0]
    if b"/Subtype /Image" in head:
        page["boxes"].append(_box([(0, 0), (1, 1)], ctm))
        return
    matrix = re.search(rb"/Matrix \[([^\]]*)\]", head)
    if matrix:
        ctm = _multiply(tuple(float(v) for v in matrix.group(1).split()), ctm)
    _draw(_stream(body), ctm, _xobjects(head), objects, page)


def pages(data: bytes) -> list[Page]:
    """The pages of the PDF ``data``, in the order of its page objects."""
    objects = _objects(data)
    found = []
    for body in objects.values():
        head = body.split(b"stream", 1)[0]
        if not re.search(rb"/Type /Page\b", head):
            continue
        resources = head
        if ref := re.search(rb"/Resources (\d+) 0 R", head):
            resources = objects[int(ref.group(1))]
        xobjects = _xobjects(resources)
        content = objects[int(re.search(rb"/Contents (\d+) 0 R", head).group(1))]
        page = {"area": None, "boxes": []}
        _draw(_stream(content), (1, 0, 0, 1, 0, 0), xobjects, objects, page)
        media = [float(v) for v in re.search(rb"/MediaBox \[([^\]]*)\]", head).group(1).split()]
        found.append(Page(page["area"] or tuple(media), page["boxes"]))
    areas = [page.area for page in found]
    area = max(areas, key=lambda a: (areas.count(a), (a[2] - a[0]) * (a[3] - a[1])), default=None)
    return [Page(area, page.boxes) for page in found]
