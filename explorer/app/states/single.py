"""The explorer's single source of truth: inputs, settings and the explanation derived from them.

No Panel import here: views read this object and write its parameters; tests drive it directly.

An input change is answered in two steps: first ``summary``, every number of the explanation
(``charsim.explain(..., matches=False)``, a third of the time of the full one for a
1,000-character candidate and four references), which the score card shows; then
``explanation`` with the shared n-grams listed, for the views that show them. The second step
runs through ``deferred`` (in the browser: once typing pauses, so the next keystroke's score does
not wait for it; anywhere else at once), with the inputs as they are then, so a burst of typing
costs one full explanation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import param

import charsim
from charsim.metric.explain import explain_steps

from ..i18n import DEFAULT_LANGUAGE, Message
from ..sources.examples import Example
from ..sources.judged import Judged
from ..sources.link import MAX_ADDRESS_QUERY, LinkState, decode_link, encode_link, with_language
from ..sources.references import REFERENCE_FORMATS, format_references, parse_references
from ..staging import Staging

__all__ = [
    "LINK_FIELDS",
    "LIVE_LIMIT",
    "MATCHES_LIMIT",
    "ExplorerState",
    "Source",
    "address_query",
]

LINK_FIELDS = [
    "candidate",
    "references",
    "max_order",
    "weights",
    "order",
    "reference_format",
    "judged",
]
"""The parameters of :class:`ExplorerState` a link holds (``to_link``), watched by what mirrors
the link."""
LIVE_LIMIT = 200_000
"""Most characters (candidate plus references) scored live; above it the explorer keeps the text
but pauses scoring (charsim's work is at most 32 orders per character, §7.5, but a paste of
millions of characters would still keep the page busy for minutes)."""

MATCHES_LIMIT = 20_000
"""Most characters whose shared n-grams are listed (the n-gram and coverage views); above it
every number is still computed (``charsim.explain(..., matches=False)``) and those views say
why they are empty: the list itself takes seconds and hundreds of MB at 200,000 characters."""


@dataclass(frozen=True)
class Source:
    """Where the candidate and references shown came from, when the user did not type them: an
    example of the article, an item of the batch page or a disagreement of the Agreement page.

    Attributes:
        candidate: the candidate it gave.
        references: the reference set it gave.
        example: the key of the article's example (:data:`~explorer.app.sources.examples.EXAMPLES`)
            when ``item`` is 0; for a batch item, the key of the built-in batch example it belongs
            to, or ``""`` for files the user loaded.
        system: a batch item's system, 1-based (0 for an article's example).
        item: a batch item's number (its line), 1-based (0 for an article's example).
        system_name: a batch item's system file name (``""`` for an article's example).
        judged: a disagreement's judged texts (``example`` is then ``""`` and ``item`` 0); either
            of its candidates is what it gave.
    """

    candidate: str
    references: tuple[str, ...]
    example: str
    system: int = 0
    item: int = 0
    system_name: str = ""
    judged: Judged | None = None

    def edited(self, candidate: str, references: list[str]) -> bool:
        """Whether ``candidate`` and ``references`` differ from what this source gave."""
        given = candidate == self.candidate or (
            self.judged is not None and self.judged.of(candidate) is not None
        )
        return not given or tuple(references) != self.references


_RESTORED = (
    "candidate",
    "references_text",
    "reference_format",
    "max_order",
    "weights",
    "order",
    "judged",
)
"""What :meth:`ExplorerState.undo` restores: the inputs as typed (the reference editor's text,
unreadable or not), the settings and the judged texts shown with them."""


class ExplorerState(param.Parameterized):
    """Inputs, settings and derived explanation of the single-item explorer."""

    candidate = param.String(default="ca", doc="The candidate text t.")
    references_text = param.String(default="cat", doc="The reference editor's contents.")
    reference_format = param.Selector(
        default="lines", objects=list(REFERENCE_FORMATS), doc="How references_text is read."
    )
    max_order = param.Integer(default=32, bounds=(1, 64), doc="Order cap (32 is standard).")
    weights = param.Selector(
        default="harmonic", objects=["harmonic", "uniform"], doc="1/n (standard) or uniform."
    )
    order = param.Integer(default=1, bounds=(1, 64), doc="Order shown in the n-gram view.")
    judged = param.ClassSelector(
        class_=Judged,
        default=None,
        doc="The judged texts of an item the candidate is one of (people's spans), or None.",
    )

    references = param.List(default=[], item_type=str, constant=True, doc="Parsed reference set.")
    summary = param.Parameter(
        default=None,
        constant=True,
        doc="charsim.Explanation without the n-gram lists (every number), or None; set first.",
    )
    explanation = param.Parameter(
        default=None,
        constant=True,
        doc="charsim.Explanation (with the n-gram lists up to MATCHES_LIMIT) or None; set second.",
    )
    coverage = param.Parameter(
        default=(), constant=True, doc="charsim.coverage: longest matched order per character."
    )
    message = param.ClassSelector(
        class_=Message, default=None, constant=True, doc="Why there is no explanation, if none."
    )
    matches_note = param.ClassSelector(
        class_=Message,
        default=None,
        constant=True,
        doc="Why the explanation lists no shared n-grams although it has numbers, if so.",
    )
    link_problems = param.List(
        default=[], item_type=Message, constant=True, doc="What was wrong with the link."
    )
    source = param.ClassSelector(
        class_=Source,
        default=None,
        constant=True,
        doc="Where the inputs came from (open_source), until a link is loaded; None if typed.",
    )
    previous = param.Dict(
        default=None,
        allow_None=True,
        constant=True,
        doc="The inputs and settings that open_source replaced (undo() brings them back).",
    )
    undone = param.Boolean(
        default=False, constant=True, doc="Whether undo() has brought the previous inputs back."
    )
    entries = param.Integer(
        default=0,
        constant=True,
        doc="Times open_source replaced inputs: each is a new entry of the browser's history.",
    )

    def __init__(
        self, deferred: Callable[[Callable[[], None]], Callable[[], None]] | None = None, **params
    ) -> None:
        """Args:
        deferred: wraps the step that lists the shared n-grams (a generator function) into a
            call that runs it later (``explorer.app.staging.after_pause``); None runs it at once.
        **params: initial values of the parameters.
        """
        self._matches_due, self._inputs = False, object()
        self._list_matches = (deferred or Staging().after_pause)(self._explain_in_full)
        super().__init__(**params)

    @param.depends(
        "candidate",
        "references_text",
        "reference_format",
        "max_order",
        "weights",
        watch=True,
        on_init=True,
    )
    def _recompute(self) -> None:
        summary, message, references, matches_note = None, None, [], None
        try:
            references = parse_references(self.references_text, self.reference_format)
        except ValueError as error:
            message = Message("state.unreadable_references", {"error": str(error)})
        size = len(self.candidate) + sum(map(len, references))
        if message:
            pass
        elif not references:
            message = Message("state.no_references")
        elif size > LIVE_LIMIT:
            message = Message("state.paused", {"size": size, "limit": LIVE_LIMIT})
        else:
            if size > MATCHES_LIMIT:
                matches_note = Message(
                    "state.matches_not_listed", {"size": size, "limit": MATCHES_LIMIT}
                )
            summary = charsim.explain(
                self.candidate,
                references,
                max_order=self.max_order,
                weights=self.weights,
                matches=False,
            )
        self._matches_due = summary is not None and matches_note is None
        self._inputs = object()  # what the second step was started for is known by this
        with param.edit_constant(self):  # at once: watchers see a consistent state
            self.param.update(
                references=references,
                summary=summary,
                message=message,
                matches_note=matches_note,
                **({} if self._matches_due else {"explanation": summary, "coverage": ()}),
            )
        if summary is not None and self.order > summary.order_cap:
            self.order = summary.order_cap
        if self._matches_due:
            self._list_matches()

    def _explain_in_full(self) -> Iterator[int]:
        """The second step, in steps (one per order, :func:`charsim.metric.explain.explain_steps`):
        the explanation with its n-gram lists, for the inputs as they are now; dropped if a later
        input was scored meanwhile."""
        if not self._matches_due:
            return
        self._matches_due = False
        inputs = self._inputs
        steps = explain_steps(
            self.candidate, self.references, max_order=self.max_order, weights=self.weights
        )
        explanation = yield from steps  # a runtime closes it early when a newer input is due
        if self._inputs is not inputs:  # scored meanwhile, without n-gram lists
            return
        with param.edit_constant(self):
            self.param.update(explanation=explanation, coverage=charsim.coverage(explanation))

    def set_inputs(self, candidate: str, references: list[str], fmt: str = "lines", **settings):
        """Replace candidate and references at once (one recomputation), plus any settings
        (``judged`` too: the judged texts the candidate is one of)."""
        fmt, text = format_references(references, fmt)
        self.param.update(
            candidate=candidate, reference_format=fmt, references_text=text, **settings
        )

    def change_format(self, fmt: str) -> None:
        """Show the references in the editor format ``fmt`` (one of
        :data:`~explorer.app.sources.references.REFERENCE_FORMATS`): the same reference set,
        rewritten; when the editor's text is unreadable, only the format changes, so the user
        can mend the text."""
        if fmt == self.reference_format:
            return
        if self.references_unreadable:
            self.reference_format = fmt
            return
        self.set_inputs(self.candidate, list(self.references), fmt)

    def load_example(self, example: Example) -> None:
        """Load one of the article's examples, with the standard settings (see
        :meth:`open_source`: undo() brings back what it replaced)."""
        source = Source(example.candidate, example.references, example.key)
        self.open_source(source, max_order=32, weights="harmonic", order=1, judged=None)

    def open_source(self, source: Source, *, undoable: bool = True, **settings) -> None:
        """Show the candidate and references of ``source``, with ``settings`` (as
        :meth:`set_inputs` takes them). If they replace other inputs and ``undoable``, those
        are kept (``previous``, for :meth:`undo`) and ``entries`` grows by one, before the
        inputs change: a page starts a new history entry there, so that the browser's Back
        shows the inputs replaced. ``undoable`` is False for an item a link opened: the inputs
        it replaces were not the user's."""
        replaced = source.edited(self.candidate, self.references) or any(
            getattr(self, name) != value for name, value in settings.items()
        )
        with param.edit_constant(self):
            if replaced and undoable:
                self.param.update(previous=self._settings(), undone=False)
                self.entries += 1
            elif not undoable:
                self.param.update(previous=None, undone=False)
            self.source = source
        self.set_inputs(source.candidate, list(source.references), **settings)

    def undo(self) -> None:
        """Swap the inputs shown with those :meth:`open_source` replaced (``previous``): the
        first call brings the user's inputs back, the next shows the source's again (its edits
        kept); ``undone`` says which. Nothing happens when nothing was replaced."""
        if self.previous is None:
            return
        shown = self._settings()
        self.param.update(**self.previous)
        with param.edit_constant(self):
            self.param.update(previous=shown, undone=not self.undone)

    def _settings(self) -> dict:
        """The inputs and settings as they are now, as :meth:`undo` restores them."""
        return {name: getattr(self, name) for name in _RESTORED}

    @property
    def references_unreadable(self) -> bool:
        """Whether the reference editor's text could not be read (the user is mending it)."""
        return self.message is not None and self.message.key == "state.unreadable_references"

    def to_link(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The query string that reproduces this state, shown in ``language`` (see
        :mod:`explorer.app.sources.link`)."""
        return encode_link(
            LinkState(
                candidate=self.candidate,
                references=list(self.references),
                max_order=self.max_order,
                weights=self.weights,
                order=self.order,
                reference_format=self.reference_format,
                language=language,
                judged=self.judged,
            )
        )

    def load_link(self, query: str) -> LinkState:
        """Restore the state a link describes; problems are listed in ``link_problems``.

        Returns:
            The link read, for what it holds beyond this state (its ``language``).
        """
        link, problems = decode_link(query)
        with param.edit_constant(self):
            self.param.update(source=None, previous=None, undone=False)
        self.set_inputs(
            link.candidate,
            link.references,
            link.reference_format,
            max_order=link.max_order,
            weights=link.weights,
            order=link.order,
            judged=link.judged,
        )
        with param.edit_constant(self):
            self.link_problems = problems
        return link


def address_query(state: ExplorerState, language: str) -> str:
    """The query string the address bar mirrors: the link of ``state`` in ``language``. A link
    longer than :data:`~explorer.app.sources.link.MAX_ADDRESS_QUERY` would break a reload (servers
    answer 414), so then only the language is kept (empty in the default language)."""
    query = state.to_link(language)
    return query if len(query) <= MAX_ADDRESS_QUERY else with_language("", language)
