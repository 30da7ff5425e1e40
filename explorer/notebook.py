"""The explorer's single-item page as a Panel component, for a notebook cell on given texts.

In a Jupyter notebook (CPython with Panel, ``pip install '.[explorer]'``, run from the
repository's root or with it on ``sys.path``)::

    import panel as pn
    from explorer.notebook import Explorer
    pn.extension(); Explorer("Thank you. (Applause)", ["Thank you."])

shows the page the site's first tab shows, built from the same state and views
(:func:`explorer.app.page.single_item_page`): the inputs (editable: with a live kernel, a change
scores again), the score card with P, R and the precision-versus-recall decision (§3.1), the
per-order contributions, the shared n-grams with their boundaries, and the details tabs; with
the error spans people marked in the candidate (``spans=``, e.g. an MQM segment's
:attr:`charsim.agreement.Judgments.spans`), the candidate drawn with them beside the characters
charsim leaves unmatched, as the site draws a judged item. Every text it shows is escaped, as
on the site.

A host of the app, as the browser's runtime is: the app never imports it (``tests/test_layers.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from explorer.app import EXTRA_HINT

try:
    from panel.viewable import Viewer
except ModuleNotFoundError as error:  # the wheel holds the explorer; its extra installs Panel
    raise ModuleNotFoundError(f"{error}: {EXTRA_HINT}", name=error.name) from error

from charsim.metric.config import DEFAULT_MAX_ORDER, DEFAULT_WEIGHTS
from charsim.metric.values import as_tuple
from explorer.app.i18n import DEFAULT_LANGUAGE, UIText
from explorer.app.page import single_item_page
from explorer.app.sources.judged import Judged, JudgedText
from explorer.app.states.single import ExplorerState

__all__ = ["Explorer", "script_safe"]


class Explorer(Viewer):
    """The single-item explorer on ``candidate`` and ``references``, as a Panel viewable.

    Displayed by a notebook cell (Panel's display protocol), by ``pn.panel(explorer)`` or
    ``explorer.servable()``. Its state is :attr:`state` (an
    :class:`~explorer.app.states.single.ExplorerState`): set ``explorer.state.candidate`` or
    call ``explorer.state.set_inputs(candidate, references)`` and the page follows.

    Args:
        candidate: the candidate text ``t`` (characters are Unicode code points).
        references: the reference set, ``K`` texts (a list, a tuple, a pandas ``Series``, ...;
            not one ``str``: wrap it in a list). ``[]`` shows the page's "no references" note,
            as the site does; ``[""]`` is one empty reference. Texts above the explorer's live
            limit (:data:`~explorer.app.states.single.LIVE_LIMIT` characters in all) are kept
            and not scored, as on the site.
        max_order: the order cap, 1 to 64 (32, the article's, by default; §2.5).
        weights: ``"harmonic"`` (``1/n``, the article's) or ``"uniform"`` (§6.4).
        language: the UI's language, ``"en"`` or ``"ja"``.
        spans: the errors people marked in the candidate
            (:class:`charsim.agreement.ErrorSpan`, in code points of ``candidate``), or None.
        human_name: what the people's judgments are (``"MQM"``), shown with ``spans``.
        **params: Panel's parameters of a ``Viewer``.

    Attributes:
        state: the single-item state the page draws.
        text: the UI language (:class:`~explorer.app.i18n.UIText`), which can be switched.

    Raises:
        TypeError: ``candidate`` is not a ``str``, ``references`` not a sequence of ``str``.
        ValueError: ``max_order``, ``weights`` or ``language`` out of range (param's message),
            or a span outside the candidate.
    """

    def __init__(
        self,
        candidate: str,
        references: Sequence[str],
        *,
        max_order: int = DEFAULT_MAX_ORDER,
        weights: str = DEFAULT_WEIGHTS,
        language: str = DEFAULT_LANGUAGE,
        spans: Sequence | None = None,
        human_name: str = "MQM",
        **params,
    ) -> None:
        if not isinstance(candidate, str):
            raise TypeError(f"candidate must be a str, got {type(candidate).__name__}")
        references = list(as_tuple(references, "references must be a sequence of str"))
        for number, reference in enumerate(references, start=1):
            if not isinstance(reference, str):
                kind = type(reference).__name__
                raise TypeError(f"reference {number} must be a str, got {kind}")
        super().__init__(**params)
        self.text = UIText(language=language)
        self.state = ExplorerState()
        judged = None
        if spans is not None:
            for span in spans:
                if span.located and not 0 <= span.start <= span.end <= len(candidate):
                    size = len(candidate)
                    raise ValueError(f"{span} lies outside the candidate's {size} characters")
            judged = Judged("", human_name, (JudgedText("", candidate, None, tuple(spans)),))
        self.state.set_inputs(
            candidate, references, max_order=max_order, weights=weights, judged=judged
        )
        self._page = single_item_page(self.state, self.text)

    def __panel__(self):
        """The page (Panel's ``Viewer`` protocol)."""
        return self._page

    def _repr_mimebundle_(self, include=None, exclude=None):
        """Jupyter's display: Panel's, with the page's data made safe inside its ``<script>``
        (:func:`script_safe`): what a cell ending in ``Explorer(...)`` shows, as in
        ``docs/notebooks/charsim-in-a-notebook.ipynb``. Panel 1.9.4 writes the Bokeh document
        as a JavaScript literal into a ``<script>`` element of the cell's HTML without escaping
        ``</``, so a ``</script>`` typed in a text (the text areas hold the texts as typed)
        would end that element: the page would not load and the rest of the text would be read
        as HTML, scripts included. Later updates (a live kernel's comms) send JSON messages,
        not HTML. A Panel layout holding the explorer (``pn.Column(explorer)``) is displayed
        by Panel itself, without this: display the explorer on its own.

        Returns:
            ``(data, metadata)`` as Panel's; None where Panel gives None (its extension not
            loaded: ``pn.extension()``).
        """
        bundle = super()._repr_mimebundle_(include, exclude)
        if bundle is None:
            return None
        data, metadata = bundle
        if "text/html" in data:
            data = {**data, "text/html": script_safe(data["text/html"])}
        return data, metadata


_SCRIPT = '<script type="application/javascript">'
_END = "</script>"


def script_safe(html: str) -> str:
    r"""Panel's notebook HTML (a ``<div>``, then one ``<script>`` element holding the page's
    JavaScript) with each ``<`` inside the script written ``\u003c``, the same character in
    JavaScript, so that no text in it can end the element, open a comment that would keep it
    from ending (the HTML standard's "restrictions for contents of script elements") or even
    read as a tag: the element's own ``<script`` and ``</script>`` are the only ones in the
    HTML. Panel's template has no ``<`` of its own (``tests/explorer/test_notebook.py`` checks
    it): each one in the script is inside a string of the document's data. HTML of another
    shape is returned as it is.

        >>> print(script_safe('<div></div><script type="application/javascript">'
        ...                   'f("<!--<b></b>")</script>'))
        <div></div><script type="application/javascript">f("\u003c!--\u003cb>\u003c/b>")</script>
    """
    head, opening, script = html.partition(_SCRIPT)
    if not opening or not script.endswith(_END):
        return html
    return head + opening + script[: -len(_END)].replace("<", "\\u003c") + _END
