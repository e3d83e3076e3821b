"""A fix written back into a z3py script (`sedac.reply_z3`) as z3py: a formula in the
script's own declared names, prefix and bound variables (`write`), over the one asserted
expression the fix falls in (`rewrite`); None whenever the script could not say it so.
"""
from __future__ import annotations

import re

from .reply_z3 import Script, _Untranslatable

def write(formula, script: Script) -> str | None:
    """A formula as a z3py expression in the script's own names, or None when it uses a
    name the script does not declare (or has no z3py spelling here)."""
    from .readers.sections import camel_to_snake
    preds = {camel_to_snake(n): n for n in script.preds}
    consts = {camel_to_snake(n): n for n in script.consts}
    consts.update({n: n for n in script.consts})
    bools = {camel_to_snake(n): n for n in script.bools}
    from .fol import And, Atom, Eq, Exists, Forall, Iff, Implies, Not, Or, Var, Xor

    env: dict[str, str] = {}          # a bound variable -> the script's name for it
    z = script.prefix

    def term(t) -> str:
        name = env.get(t.name) if isinstance(t, Var) else consts.get(t.name)
        if name is None:
            raise _Untranslatable(t.name)
        return name

    def bind(vs) -> tuple[list[str], dict]:
        """The script's names for the variables a quantifier binds (its own when it binds
        them, else the first it binds elsewhere that is free here)."""
        saved = dict(env)
        names = []
        for v in vs:
            used = set(env.values()) | set(names)
            own = v.name if v.name in script.bound else camel_to_snake(v.name)
            pick = own if own in script.bound and own not in used else \
                next((n for n in script.bound if n not in used), None)
            if pick is None:
                raise _Untranslatable(v.name)
            names.append(pick)
            env[v.name] = pick
        return names, saved

    def go(f) -> str:
        if isinstance(f, Atom):
            if not f.args:
                if f.pred not in bools:
                    raise _Untranslatable(f.pred)
                return bools[f.pred]
            name = preds.get(f.pred)
            if name is None or script.preds[name] != len(f.args):
                raise _Untranslatable(f.pred)
            return f"{name}({', '.join(term(a) for a in f.args)})"
        if isinstance(f, Eq):
            return f"{term(f.left)} == {term(f.right)}"
        if isinstance(f, Not):
            return f"{z}Not({go(f.arg)})"
        if isinstance(f, (And, Or)):
            return f"{z}{type(f).__name__}({', '.join(go(a) for a in f.args)})"
        if isinstance(f, Implies):
            return f"{z}Implies({go(f.left)}, {go(f.right)})"
        if isinstance(f, Xor):
            return f"{z}Xor({go(f.left)}, {go(f.right)})"
        if isinstance(f, Iff):
            return f"{go(f.left)} == {go(f.right)}"
        if isinstance(f, (Forall, Exists)):
            names, saved = bind(f.vars)
            body = go(f.body)
            env.clear()
            env.update(saved)
            return f"{z}{'ForAll' if isinstance(f, Forall) else 'Exists'}([{', '.join(names)}], {body})"
        raise _Untranslatable(type(f).__name__)

    try:
        out = go(formula)
    except _Untranslatable:
        return None
    finally:
        del go          # (it calls itself: a reference cycle until the name lets go of it)
    if script.prefix == "" and script.imported is not None:
        used = set(re.findall(r"\b(Not|And|Or|Implies|Xor|ForAll|Exists)\(", out))
        if not used <= script.imported:
            return None        # (a name `from z3 import ...` did not bring)
    return out


def rewrite(text: str, unwrapped_text: str, script: Script, s: int, e: int,
            replacement: str) -> tuple[int, int, str] | None:
    """A fix replacing text[s:e] by `replacement` (FOL text) as a z3py edit of the script:
    (start, end, z3py text) over the one asserted expression it falls in, or None when it
    cannot be written so (a query, across expressions, a name the script lacks)."""
    for a, b in script.statements:
        if a <= s and e <= b:
            break
    else:
        return None
    new = unwrapped_text[a:s] + replacement + unwrapped_text[e:b]
    if "\n" in replacement or ":::" in replacement:
        return None
    from .readers.foltext import parse_formula_text
    try:
        formula = parse_formula_text(new.strip())
    except Exception:        # (a replacement the FOL reader does not read back: withheld)
        return None
    z3 = write(formula, script)
    if z3 is None:
        return None
    return a, b, z3
