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
    return _refute(clauses, index, [(c[0], i) for i, c in enumerate(clauses) if len(c) == 1], {})


def _refute(clauses, index, queue, assign) -> set[int] | None:
    """`_unit_refutation`'s propagation from `queue` ((unit literal, its clause), the last
    first) over `clauses` and their `index` (literal -> the clauses it falsifies a literal
    of), `assign` holding what is true or false beforehand."""
    reason: dict[int, int] = {}          # atom -> the clause that made it so
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


class Groups:
    """Clauses in groups (then `extra`, in no group), asked again and again with some
    groups left out (a deletion core's questions): indexed once, each group's clauses led by
    a marker atom of its own, made true when the group is left out (its clauses are then
    true, passed over at their first literal) and false when it is kept (a literal that
    changes nothing). A question's unit refutation is then `_unit_refutation`'s on the kept
    clauses in their order, step for step (same propagation, same refutation), without
    copying and indexing the kept clauses for each question."""

    def __init__(self, groups: list[tuple], extra: list[tuple]):
        top = max((abs(lit) for _, cs in groups for c in cs for lit in c), default=0)
        top = max([top, *(abs(lit) for c in extra for lit in c)])
        self.marker = {g: top + 1 + k for k, (g, _) in enumerate(groups)}
        self._kept = dict.fromkeys(self.marker.values(), False)    # every group kept
        self.plain: list[tuple] = []     # the clauses as given, in order
        self.owner: list = []            # clause -> its group (None: extra's)
        self.marked: list[tuple] = []
        self.index: dict[int, list[int]] = {}
        self.units: list[tuple] = []     # (literal, clause, group) of the unit clauses
        self.empty: list[int] = []       # the empty clauses
        # Horn (no clause with two positive literals): then so is every subset, and unit
        # propagation that ends without a conflict leaves a model (the rest false), so a
        # question `refutation` answers None is satisfiable without a search
        self.horn = True
        for g, cs in [*groups, (None, extra)]:
            m = self.marker.get(g)
            for c in cs:
                i = len(self.plain)
                self.plain.append(c)
                self.owner.append(g)
                self.marked.append(c if m is None else (m, *c))
                if not c:
                    self.empty.append(i)
                    continue
                if len(c) == 1:
                    self.units.append((c[0], i, g))
                positive = 0
                for lit in c:
                    self.index.setdefault(-lit, []).append(i)
                    if lit > 0:
                        positive += 1
                if positive > 1:
                    self.horn = False

    def refutation(self, left_out) -> set | None:
        """The groups (not extra's) a unit refutation of the clauses of every group but
        those in `left_out` (with extra's) used, or None when propagation finds none."""
        owner = self.owner
        for i in self.empty:
            if owner[i] not in left_out:
                return {owner[i]} - {None}
        assign = dict(self._kept)
        for g in left_out:
            assign[self.marker[g]] = True
        used = _refute(self.marked, self.index,
                       [(lit, i) for lit, i, g in self.units if g not in left_out], assign)
        return None if used is None else {owner[i] for i in used} - {None}

    def clauses(self, left_out) -> list[tuple]:
        """The clauses of every group but those in `left_out`, then extra's, in order."""
        return [c for c, g in zip(self.plain, self.owner) if g not in left_out]


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
