"""The data that ships with the repository, where every test reads it."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TED = ROOT / "data" / "ted-en"
"""The TED example (compare-mt's data, BSD licence): ted.ref.txt, ted.sys1.txt, ted.sys2.txt,
2,445 line-aligned sentences each."""
