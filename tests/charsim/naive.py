"""A deliberately simple charsim, written straight from the article, to check the fast code against.

Every n-gram of every order 1..N of every text is counted with a Counter of tuples; boundaries are
the objects BEGIN/END, which no character can equal. Everything is an exact Fraction.
"""

from collections import Counter
from fractions import Fraction

BEGIN, END = object(), object()


def ngram_counts(text, n):
    """c_x(g) for every n-gram g of order n, boundary-only n-grams excluded (§1.2)."""
    padded = [BEGIN, *text, END]
    grams = (tuple(padded[p : p + n]) for p in range(len(padded) - n + 1))
    return Counter(g for g in grams if any(c is not BEGIN and c is not END for c in g))


def weight(n, weights):
    return Fraction(1, n) if weights == "harmonic" else Fraction(1)


def quantities(candidate, references, max_order=32, weights="harmonic"):
    """(M_i list, L_t, L_i list) as Fractions, summing every order up to the cap (§2.2, §7.2)."""
    top = min(max(len(candidate), *map(len, references)) + 2, max_order)
    big_m = [Fraction(0)] * len(references)
    length_t = Fraction(0)
    length_r = [Fraction(0)] * len(references)
    for n in range(1, top + 1):
        w = weight(n, weights)
        counts_t = ngram_counts(candidate, n)
        length_t += w * sum(counts_t.values())
        for i, reference in enumerate(references):
            counts_r = ngram_counts(reference, n)
            length_r[i] += w * sum(counts_r.values())
            big_m[i] += w * sum(min(c, counts_r[g]) for g, c in counts_t.items())
    return big_m, length_t, length_r


def score(candidate, references, **settings):
    big_m, length_t, length_r = quantities(candidate, references, **settings)
    mean_m = sum(big_m) / len(references)
    mean_l = sum(length_r) / len(references)
    if length_t == 0 or mean_l == 0:
        return Fraction(int(length_t == mean_l))
    return mean_m / max(length_t, mean_l)


def reference_scores(candidate, references, **settings):
    big_m, length_t, length_r = quantities(candidate, references, **settings)
    return [
        Fraction(int(length_t == l_i)) if length_t == 0 or l_i == 0 else m / max(length_t, l_i)
        for m, l_i in zip(big_m, length_r, strict=True)
    ]


def score_base(candidate, references, **settings):
    scores = reference_scores(candidate, references, **settings)
    return sum(scores) / len(scores)


def score_max(candidate, references, **settings):
    return max(reference_scores(candidate, references, **settings))


def order_overlaps(candidate, reference, top):
    """m_n = Σ_g min(c_t(g), c_r(g)) for n = 1..top (§2.1)."""
    result = []
    for n in range(1, top + 1):
        counts_t, counts_r = ngram_counts(candidate, n), ngram_counts(reference, n)
        result.append(sum(min(c, counts_r[g]) for g, c in counts_t.items()))
    return result


def coverage(candidate, references, max_order=32):
    """For each candidate character, the highest order n of a shared n-gram occurrence spanning
    it (0 if none): every occurrence of every order checked against every reference."""
    top = min(max(len(candidate), *map(len, references)) + 2, max_order)
    padded = [BEGIN, *candidate, END]
    result = [0] * len(candidate)
    for n in range(1, top + 1):
        in_references = set().union(*(ngram_counts(r, n) for r in references))
        shared = ngram_counts(candidate, n).keys() & in_references
        for p in range(len(padded) - n + 1):
            if tuple(padded[p : p + n]) in shared:
                for q in range(max(p, 1), min(p + n, len(candidate) + 1)):
                    result[q - 1] = n
    return result
