"""The grammar refuses what it does not understand: such a sentence is reported, never
misread, and a clause only it could justify is unverifiable, never dropped as wrong."""
from __future__ import annotations

import subprocess
import sys

import pytest

import sedac
from sedac.nl import nl_to_fof

NOT_UNDERSTOOD = [
    "Some cats are blue.",
    "Nothing is blue.",
    "Tom is a cat or a dog.",
    "Every animal that is a cat is furry.",
    "It was a dark and stormy night, and the rain fell in torrents.",
]


@pytest.mark.parametrize("sentence", NOT_UNDERSTOOD)
def test_sentence_is_reported_not_misread(sentence):
    g = nl_to_fof(f"Tom is a cat. {sentence}\nTrue or false: Tom is a cat.")
    assert [s.text for s in g.unparsed] == [sentence]
    assert [s.text for s in g.statements] == ["Tom is a cat."]


def test_check_warns_and_does_not_drop_what_only_such_a_sentence_could_say(tmp_path):
    (tmp_path / "t.txt").write_text("Tom is a cat. Some cats are blue.\nTrue or false: Tom is blue.\n")
    (tmp_path / "p.pl").write_text("cat(tom).\nblue(X) :- cat(X).\n?- blue(tom).\n")
    r = subprocess.run([sys.executable, "-m", "sedac", "check", "p.pl", "--nl", "t.txt"],
                       capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert "t.txt:1: warning: sentence 2 not understood, ignored: 'Some cats are blue.'" in r.stderr
    assert "D000" not in r.stdout
    assert "p.pl:2:1: note: unknown to sedac" in r.stdout
    report = sedac.check("cat(tom).\nblue(X) :- cat(X).\n?- blue(tom).\n",
                         nl="Tom is a cat. Some cats are blue.\nTrue or false: Tom is blue.",
                         unsafe_fixes=True)
    assert "blue(X) :- cat(X)." in report.fixed_program()
