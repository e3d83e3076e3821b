"""Unit propagation and DPLL on clauses of integer literals (the ground prover's search):
`BUDGET` bounds the steps of one question's search, past which it gives the question back."""
from __future__ import annotations

BUDGET = 20_000          # propagation and branching steps per question before giving up


def _propagate(units, clauses, index, extra, eindex, assign, steps, trail=None) -> bool:
    """Unit propagation from `units` (literals made true); False on a conflict. `assign`
    is updated in place; `steps` counts the work (one cell, shared with the search);
    `trail`, when given, gets every atom made true."""
    queue = list(units)
    while queue:
        lit = queue.pop()
        v = abs(lit)
        val = lit > 0
        cur = assign.get(v)
        if cur is not None:
            if cur != val:
                return False
            continue
        assign[v] = val
        if trail is not None and val:
            trail.append(v)
        for cs, idx in ((clauses, index), (extra, eindex)):
            if idx is None:
                continue
            for i in idx.get(lit, ()):
                steps[0] += 1
                free = None
                n_free = 0
                for l in cs[i]:
                    a = assign.get(abs(l))
                    if a is None:
                        n_free += 1
                        if n_free > 1:
                            break
                        free = l
                    elif a == (l > 0):
                        n_free = -1
                        break
                if n_free == 0:
                    return False
                if n_free == 1:
                    queue.append(free)
    return True


def _unit_refutation(clauses: list[tuple]) -> set[int] | None:
    """The indices of clauses from which unit propagation alone derives a conflict (a
    refutation of them all), or None when propagation ends without one."""
    index: dict[int, list[int]] = {}
    for i, c in enumerate(clauses):
        if not c:
            return {i}
        for lit in c:
            index.setdefault(-lit, []).append(i)
    assign: dict[int, bool] = {}
    reason: dict[int, int] = {}          # atom -> the clause that made it so
    queue = [(c[0], i) for i, c in enumerate(clauses) if len(c) == 1]
    conflict = None
    while queue and conflict is None:
        lit, why = queue.pop()
        v = abs(lit)
        cur = assign.get(v)
        if cur is not None:
            if cur != (lit > 0):
                conflict = (why, reason[v])
            continue
        assign[v] = lit > 0
        reason[v] = why
        for i in index.get(lit, ()):
            free = None
            n_free = 0
            for l in clauses[i]:
                a = assign.get(abs(l))
                if a is None:
                    n_free += 1
                    if n_free > 1:
                        break
                    free = l
                elif a == (l > 0):
                    n_free = -1
                    break
            if n_free == 0:
                conflict = (i,)
                break
            if n_free == 1:
                queue.append((free, i))
    if conflict is None:
        return None
    used: set[int] = set()
    stack = list(conflict)
    while stack:
        i = stack.pop()
        if i in used:
            continue
        used.add(i)
        for l in clauses[i]:
            r = reason.get(abs(l))
            if r is not None and r not in used:
                stack.append(r)
    return used


def _satisfiable(clauses: list[tuple]) -> bool | None:
    """Whether a clause list has a model; None past the budget."""
    if any(not c for c in clauses):
        return False
    index: dict[int, list[int]] = {}
    for i, c in enumerate(clauses):
        for lit in c:
            index.setdefault(-lit, []).append(i)
    assign: dict[int, bool] = {}
    steps = [0]
    if not _propagate([c[0] for c in clauses if len(c) == 1], clauses, index, None, None,
                      assign, steps):
        return False
    return _search(clauses, index, [], None, assign, steps)


def _qualifies(c: tuple, assign) -> bool:
    """Whether `c` is not yet true and keeps no unassigned negative literal."""
    for lit in c:
        a = assign.get(abs(lit))
        if a is None:
            if lit < 0:
                return False
        elif a == (lit > 0):
            return False
    return True


def _open_positive(cs, assign):
    """An atom of a clause not yet true whose unassigned literals are all positive (None
    when every clause not yet true has an unassigned negative literal: then making every
    unassigned atom false is a model)."""
    for c in cs:
        pos = None
        for l in c:
            a = assign.get(abs(l))
            if a is None:
                if l < 0:
                    break
                if pos is None:
                    pos = l
            elif a == (l > 0):
                break
        else:
            if pos is not None:
                return pos
    return None


def _search(clauses, index, extra, eindex, assign, steps, cands=None) -> bool | None:
    """DPLL from `assign`. `cands`, when given, holds (a superset of) the clauses that may
    be open with only positive literals left (`_qualifies`): they are the only ones
    `_open_positive` must look at, in their order, so a question's search costs what it
    touches, not the whole clause list."""
    lit = _open_positive(clauses if cands is None else [clauses[i] for i in sorted(cands)],
                         assign)
    if lit is None:
        lit = _open_positive(extra, assign)
    if lit is None:
        return True
    if steps[0] > BUDGET:
        return None
    for choice in (lit, -lit):
        trial = dict(assign)
        steps[0] += 1
        trail = None if cands is None else []
        if _propagate([choice], clauses, index, extra, eindex, trial, steps, trail):
            more = cands if cands is None else \
                cands | {i for v in trail for i in index.get(v, ())}
            r = _search(clauses, index, extra, eindex, trial, steps, more)
            if r is None or r:
                if r:
                    assign.update(trial)
                return r
        if steps[0] > BUDGET:
            return None
    return False
