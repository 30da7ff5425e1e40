"""``charsim article``: every number the article prints, recomputed, next to the printed value.

Each check recomputes one number (§3.3, §3.4, §5.7, §6.3, §6.4, §7.4) with this package and
compares it with the article at the article's printed precision. The command fails (exit 1) if
any differs.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from functools import partial

from ..metric.explain import explain
from ..metric.models import (
    bleu_model,
    block_ratio,
    charsim_model,
    chrf_model,
    score_weighted_centroid,
    weight_share_above,
)
from ..metric.scores import score, score_base

__all__ = ["CHECKS", "Check", "main"]


@dataclass(frozen=True)
class Check:
    """One printed number of the article.

    Attributes:
        section: where it is printed (``"§3.4"``).
        quantity: what it is, in words.
        printed: the article's text for it (``"0.498"``, ``"49%"``, ``"≈5.2"``).
        compute: recomputes the value (percentages as percentages).
    """

    section: str
    quantity: str
    printed: str
    compute: Callable[[], float]

    @property
    def value(self) -> float:
        """The recomputed value."""
        return float(self.compute())

    @property
    def matches(self) -> bool:
        """Whether the recomputed value rounds to the printed one at its precision."""
        text = self.printed.lstrip("≈").rstrip("%")
        step = Decimal(1).scaleb(-len(text.split(".")[1]) if "." in text else 0)
        return Decimal(repr(self.value)).quantize(step, ROUND_HALF_UP) == Decimal(text)


def _percent_above_4(cap: int, weights: str) -> float:
    return float(100 * weight_share_above(4, cap, weights))


def _table_7_4() -> list[Check]:
    rows = [
        ("cat", ["cat"], "1", "1"),
        ("a", ["b"], "0", "0"),
        ("", [""], "1", "1"),
        ("", ["a"], "0", "0"),
        ("a", [""], "0", "0"),
        ("", ["", "a"], "0", "0.5"),
        ("ca", ["cat"], "0.498", "0.498"),
        ("a", ["a", "abcdefghij"], "0.134", "0.528"),
    ]
    checks = []
    for t, refs, mean, base in rows:
        name = f"{t!r} vs {refs!r}"
        checks.append(Check("§7.4", f"charsim {name}", mean, lambda t=t, r=refs: score(t, r)))
        checks.append(Check("§7.4", f"base {name}", base, lambda t=t, r=refs: score_base(t, r)))
    return checks


def _section_3() -> list[Check]:
    checks = [
        Check("§3.4", f"charsim {t!r} vs ['cat']", printed, lambda t=t: score(t, ["cat"]))
        for t, printed in (
            ("cat", "1.000"),
            ("ca", "0.498"),
            ("cats", "0.592"),
            ("catcat", "0.449"),
        )
    ]
    checks += [
        Check(
            "§3.4",
            "P of 'ca' vs ['cat'] (40/53)",
            "0.755",
            lambda: explain("ca", ["cat"]).precision,
        ),
        Check(
            "§3.4", "R of 'ca' vs ['cat'] (100/201)", "0.498", lambda: explain("ca", ["cat"]).recall
        ),
        Check(
            "§3.3",
            "s_2 of 'a' vs ['a', 'abcdefghij']",
            "0.0569",
            lambda: explain("a", ["a", "abcdefghij"]).reference_details[1].score,
        ),
        Check(
            "§3.3",
            "base form of 'a' vs ['a', 'abcdefghij']",
            "0.528",
            lambda: score_base("a", ["a", "abcdefghij"]),
        ),
        Check(
            "§3.3",
            "charsim of 'a' vs ['a', 'abcdefghij']",
            "0.134",
            lambda: score("a", ["a", "abcdefghij"]),
        ),
    ]
    return checks


def _section_5_and_6() -> list[Check]:
    checks = []
    for weights, printed in (("harmonic", "23% 38% 49% 56%"), ("uniform", "50% 75% 88% 94%")):
        for cap, text in zip((8, 16, 32, 64), printed.split(), strict=True):
            share = partial(_percent_above_4, cap, weights)
            checks.append(Check("§5.7", f"weight above order 4, cap {cap}, {weights}", text, share))
    spot = [
        ("charsim", charsim_model, 70, "0.56"),
        ("charsim", charsim_model, 130, "≈0.62"),
        ("chrF β=2", chrf_model, 70, "≈0.60"),
        ("chrF β=2", chrf_model, 130, "≈0.75"),
        ("BLEU", bleu_model, 20, "≈0.015"),
        ("BLEU", bleu_model, 30, "≈0.078"),
    ]
    checks += [
        Check(
            "§6.3",
            f"{name} at candidate length {j} (λ=100, p=0.8)",
            printed,
            lambda m=model, j=j: m(j, 100, 0.8),
        )
        for name, model, j, printed in spot
    ]
    checks += [
        Check(
            "§6.3",
            f"score-weighted centroid, {name}",
            printed,
            lambda m=model: score_weighted_centroid(m),
        )
        for name, model, printed in (
            ("chrF β=2", chrf_model, "≈103.3"),
            ("BLEU", bleu_model, "≈102.7"),
            ("charsim", charsim_model, "≈101.5"),
        )
    ]
    checks += [
        Check(
            "§6.4",
            f"B_N at cap {cap}, {weights} (λ=100, q=0.8)",
            printed,
            lambda c=cap, w=weights: block_ratio(c, w),
        )
        for cap, weights, printed in (
            (32, "uniform", "≈5.2"),
            (32, "harmonic", "≈1.8"),
            (100, "uniform", "≈8.1"),
            (100, "harmonic", "≈2.0"),
        )
    ]
    return checks


CHECKS: tuple[Check, ...] = (*_section_3(), *_table_7_4(), *_section_5_and_6())
"""Every reproduced number, in the article's order of sections."""


def main(argv: Sequence[str] | None = None) -> int:
    """Print every check; return 0 if all match the article, 1 otherwise."""
    parser = argparse.ArgumentParser(
        prog="charsim article",
        description="Every number the article prints, recomputed, next to the printed value.",
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args(argv)
    rows = [(c, c.value, c.matches) for c in CHECKS]
    if args.format == "json":
        records = [
            {
                "section": c.section,
                "quantity": c.quantity,
                "printed": c.printed,
                "value": value,
                "matches": ok,
            }
            for c, value, ok in rows
        ]
        print(json.dumps(records, ensure_ascii=False))
    else:
        for c, value, ok in rows:
            print(
                f"{'ok ' if ok else 'DIFF'} {c.section:<5} {c.quantity:<58} "
                f"article {c.printed:<7} here {value:.6g}"
            )
        failed = sum(not ok for _, _, ok in rows)
        print(f"{len(rows) - failed} of {len(rows)} numbers match the article", file=sys.stderr)
    return 0 if all(ok for _, _, ok in rows) else 1
