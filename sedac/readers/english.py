"""English sentences found inside programs, read with the ground-truth DCG."""
from __future__ import annotations

from ..fol import Formula
from ..vocab import Vocabulary, vocabulary_from_text


def sentence_to_formula(sentence: str, hint: Vocabulary | None = None) -> Formula | None:
    """The formula of one sentence of the simple PrOntoQA forms, or None.

    The words are classified from the sentence itself (and from `hint`, the problem's
    vocabulary, when there is one), so `alex is large` reads as `large(alex)`.
    """
    from ..nl import parse_sentences
    text = sentence.strip().rstrip(".") + "."
    vocab = vocabulary_from_text([text])
    if hint is not None:
        vocab = vocab.merged(hint)
    try:
        result = parse_sentences([text], vocab)[0]
    except Exception:  # the engine is unavailable: the sentence stays unread
        return None
    return result[1] if result else None
