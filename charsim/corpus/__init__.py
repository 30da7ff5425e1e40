from .rows import (
    CHUNK_SIZE,
    CorpusResult,
    common_nrefs,
    score_rows,
    score_systems,
)

__all__ = [
    "CHUNK_SIZE",
    "CorpusResult",
    "common_nrefs",
    "score_rows",
    "score_systems",
]
