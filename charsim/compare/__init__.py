from .metrics import (
    COMPARE_LIMIT,
    BleuDetail,
    ChrFDetail,
    ChrFOrder,
    Comparison,
    MetricScore,
    OrderPair,
    TerDetail,
    compare,
    compared_size,
    skipped_note,
)

__all__ = [
    "COMPARE_LIMIT",
    "BleuDetail",
    "ChrFDetail",
    "ChrFOrder",
    "Comparison",
    "MetricScore",
    "OrderPair",
    "TerDetail",
    "compare",
    "compared_size",
    "skipped_note",
]
