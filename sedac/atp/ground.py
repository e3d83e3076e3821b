"""A ground prover: function-free universal problems decided by unit propagation and DPLL.

sedac's questions are almost all in the Bernays-Schönfinkel class: universal axioms over a
handful of individuals, a goal whose negation has only outer existentials. Grounded over the
constants (plus one element per Skolem constant, at least one), satisfiability is that of a
small propositional clause set, here decided in Python without building solver objects:

- each formula (in NNF) is grounded once into clauses of integer literals (a disjunction of
  big conjunctions gets a Tseitin variable, so nothing blows up);
- an axiom list is propagated once (its units and their consequences); each question adds
  the clauses of its negated goal to that state and propagates from them;
- after a propagation without conflict, a clause set in which every clause not yet true
  keeps an unassigned negative literal is satisfied by making the rest false (the Horn
  case, nearly all of them); otherwise DPLL branches on an atom of an all-positive clause.

The procedure is complete for the fragment: `Theorem` when the ground set is unsatisfiable,
`CounterSatisfiable` when it is satisfiable, exactly Z3's answer on the same grounding. It
never times out: past `BUDGET` steps of search it gives the question back (None) and the
caller asks Z3, whose time limit and `Timeout` then apply as before. It gives no evidence
(unsat cores, countermodels): questions that need them are Z3's.
"""
from __future__ import annotations

from ..fol import Formula
from .dpll import (BUDGET, Groups, _open_positive, _propagate, _qualifies, _satisfiable,  # noqa: F401
                   _search, _unit_refutation)
from .ground_clauses import (TEMPLATE_CLAUSES, TSEITIN_AT, GroundClauses,  # noqa: F401
                             Unsupported, _body_cnf, _clean, _literal, _template, instances,
                             witnesses)

PRIMED_PER_KEY = 256     # primed states kept per axiom list (`GroundSolver._primed_state`),
PRIMED_CELLS = 2_000_000  # ... and at most about this many assigned atoms in all


class GroundSolver(GroundClauses):
    """Clauses over one finite universe, and questions of the form `axioms ∧ extra` sat?"""

    def __init__(self, universe: tuple[str, ...]):
        super().__init__(universe)
        self._bases: dict = {}                    # axiom key -> propagated base state
        self._owners: dict = {}                   # axiom key -> (clause -> axiom, satisfiable alone)
        self._open: dict = {}                     # axiom key -> its base's `_qualifies` clauses
        self._primed: dict = {}                   # axiom key -> {positive units: primed state}
        self._horn: dict = {}                     # axiom key -> whether its clauses are Horn

    # ------------------------------------------------------------ deciding

    def base(self, key, axioms: list[Formula]):
        """The propagated state of an axiom list (cached under `key`): (clauses, watch index,
        assignment, conflict)."""
        hit = self._bases.get(key)
        if hit is None:
            clauses: list[tuple] = []
            for a in axioms:
                clauses += self.formula_clauses(a)
            index: dict[int, list[int]] = {}
            for i, c in enumerate(clauses):
                for lit in c:
                    index.setdefault(-lit, []).append(i)   # clauses a literal may make unit
            assign: dict[int, bool] = {}
            units = [c[0] for c in clauses if len(c) == 1]
            conflict = () in clauses or \
                not _propagate(units, clauses, index, None, None, assign, [0])
            hit = self._bases[key] = (clauses, index, assign, conflict)
        return hit

    def extend(self, old, key, axioms: list[Formula]):
        """`key`'s base from `old`'s, whose list `key`'s extends by `axioms` (a chain's
        steps so far, one more each time): the new clauses are added and propagated in
        place, so a list grown step by step costs its growth, not its length each time.
        `old`'s base is given up (built again if it is asked again). The propagated state
        is the one `base` builds (unit propagation reaches one fixpoint in any order)."""
        clauses, index, assign, conflict = self._bases.pop(old)
        self._owners.pop(old, None)
        self._primed.pop(old, None)
        was_open = self._open.pop(old, None)
        was_horn = self._horn.pop(old, None)
        new: list[tuple] = []
        for a in axioms:
            new += self.formula_clauses(a)
        start = len(clauses)
        clauses += new
        if was_horn is not None:
            self._horn[key] = was_horn and all(map(_horn, new))
        for i, c in enumerate(new, start):
            for lit in c:
                index.setdefault(-lit, []).append(i)
        if not conflict:
            units = []
            for c in new:
                if any(assign.get(abs(lit)) == (lit > 0) for lit in c):
                    continue
                free = [lit for lit in c if assign.get(abs(lit)) is None]
                if not free:
                    conflict = True
                    break
                if len(free) == 1:
                    units.append(free[0])
            trail: list[int] = []
            conflict = conflict or not _propagate(units, clauses, index, None, None, assign,
                                                  [0], trail)
            if was_open is not None and not conflict:
                # the open clauses: the shorter list's still open, the new ones, and those
                # whose negative literal's atom the new clauses made true
                maybe = set(was_open).union(range(start, len(clauses)))
                for v in trail:
                    maybe.update(index.get(v, ()))
                self._open[key] = sorted(i for i in maybe if _qualifies(clauses[i], assign))
        self._bases[key] = (clauses, index, assign, conflict)

    def core(self, key, axioms: list[Formula], prepared, extra: list[tuple]) -> tuple | None:
        """A minimal unsat core of the axiom list with `extra` (the indices of the axioms
        it needs, an axiom written twice with both), from the ground clauses connected to
        `extra`'s through shared atoms; None when the list alone is not known satisfiable,
        when `extra` is satisfiable with it, or past the budget.

        For satisfiable axioms every minimal unsatisfiable subset with `extra` lies within
        that connected part (clauses that split into parts sharing no atom are
        unsatisfiable only if one part is, and a part without `extra` is the axioms'
        alone), so the core is one of the whole list's, found at the cost of that part:
        each axiom of it (in order) is left out when the rest stays unsatisfiable. The
        owner table (clause -> axiom) is built once per list; `prepared()` gives the
        axioms' NNF forms as `base` takes them, and is called only then."""
        hit = self._owners.get(key)
        if hit is None:
            forms = prepared()
            owner: list[int] = []
            for i, a in enumerate(forms):
                owner += [i] * len(self.formula_clauses(a))
            sat = self.satisfiable(key, forms, [])
            hit = self._owners[key] = (owner, sat is True)
        owner, consistent = hit
        if not consistent:
            return None
        clauses, index, _, _ = self._bases[key]
        seen_atoms = {abs(lit) for c in extra for lit in c}
        queue = list(seen_atoms)
        part: dict[int, list[int]] = {}        # axiom -> its clauses in the connected part
        seen: set[int] = set()
        while queue:
            v = queue.pop()
            for i in (*index.get(v, ()), *index.get(-v, ())):
                if i in seen:
                    continue
                seen.add(i)
                part.setdefault(owner[i], []).append(i)
                for lit in clauses[i]:
                    if abs(lit) not in seen_atoms:
                        seen_atoms.add(abs(lit))
                        queue.append(abs(lit))
        groups: dict[Formula, list[int]] = {}   # one formula written twice: one group
        for i in sorted(part):
            groups.setdefault(axioms[i], []).append(i)

        # Each group in order is left out when the rest stays unsatisfiable. A group outside
        # the last refutation found is left out without asking (the rest still holds that
        # refutation): the questions are about the core's groups, not every group of the
        # part (quadratic over a big part), and the core is the one asking each would give.
        return _marked_core(groups, lambda ms: [clauses[j] for i in ms for j in part[i]], extra)

    def axioms_core(self, key, axioms: list[Formula], prepared) -> tuple | None:
        """A minimal unsatisfiable subset of an axiom list the ground procedure found
        unsatisfiable alone (the indices of its axioms, an axiom written twice with both):
        each axiom in order is left out when the rest stays unsatisfiable, so the core is
        the same whatever was asked before (Z3's depends on its solver's history). None
        when the list is not unsatisfiable or past the budget."""
        forms = prepared()
        if self.satisfiable(key, forms, []) is not False:
            return None
        hit = self._owners.get(key)
        if hit is None:
            owner: list[int] = []
            for i, a in enumerate(forms):
                owner += [i] * len(self.formula_clauses(a))
            hit = self._owners[key] = (owner, False)
        owner = hit[0]
        clauses = self._bases[key][0]
        part: dict[int, list[int]] = {}
        for j, i in enumerate(owner):
            part.setdefault(i, []).append(j)
        groups: dict[Formula, list[int]] = {}
        for i in range(len(axioms)):
            groups.setdefault(axioms[i], []).append(i)

        return _marked_core(groups, lambda ms: [clauses[j] for i in ms for j in part.get(i, ())], [])

    def unique_core(self, key, axioms: list[Formula], prepared,
                    extra: list[tuple]) -> tuple | None:
        """The unsat core of the axiom list with `extra` when it has only one minimal core
        (the indices of the axioms in it, an axiom written twice with both); None when it
        has several, when the list alone is not known satisfiable, when `extra` is
        satisfiable with it, or past the budget.

        Every minimal core contains each axiom without which the rest is satisfiable with
        `extra` (the necessary ones); when the necessary axioms are themselves
        unsatisfiable with `extra`, they are the one minimal core, the one any exact
        minimisation finds (Z3's `core.minimize` among them), whatever its search order.
        Only the part connected to `extra` is looked at (as `core` does)."""
        found = self._part(key, axioms, prepared, extra)
        if found is None:
            return None
        clauses, part, groups = found
        extra = list(extra)
        # A group outside a refutation of the whole part is not necessary (the rest still
        # holds that refutation): only the groups a unit refutation uses are asked about,
        # and the necessary ones are the same (necessity is semantic, not the search's).
        cs, owner = [], []
        for g, ms in groups.items():
            for i in ms:
                for j in part[i]:
                    cs.append(clauses[j])
                    owner.append(g)
        used = _unit_refutation(cs + extra)
        cert = None if used is None else {owner[j] for j in used if j < len(owner)}
        necessary = []
        for g, members in groups.items():
            if cert is not None and g not in cert:
                continue
            cs = [clauses[j] for h, ms in groups.items() if h is not g for i in ms
                  for j in part[i]]
            sat = _satisfiable(cs + extra)
            if sat is None:
                return None
            if sat:
                necessary.append(g)
        cs = [clauses[j] for g in necessary for i in groups[g] for j in part[i]]
        if _satisfiable(cs + extra) is not False:
            return None
        return tuple(sorted(i for g in necessary for i in groups[g]))

    def consistent(self, key, prepared) -> bool:
        """Whether the axiom list (its base built) is known satisfiable (`_part`'s test)."""
        hit = self._owners.get(key)
        if hit is None:
            forms = prepared()
            owner: list[int] = []
            for i, a in enumerate(forms):
                owner += [i] * len(self.formula_clauses(a))
            sat = self.satisfiable(key, forms, [])
            hit = self._owners[key] = (owner, sat is True)
        return hit[1]

    def _part(self, key, axioms, prepared, extra):
        """(the base's clauses, axiom -> its clauses connected to `extra`, formula -> its
        axioms among them) for a consistent axiom list; None when it is not known
        consistent."""
        if not self.consistent(key, prepared):
            return None
        owner = self._owners[key][0]
        clauses, index, _, _ = self._bases[key]
        seen_atoms = {abs(lit) for c in extra for lit in c}
        queue = list(seen_atoms)
        part: dict[int, list[int]] = {}
        seen: set[int] = set()
        while queue:
            v = queue.pop()
            for i in (*index.get(v, ()), *index.get(-v, ())):
                if i in seen:
                    continue
                seen.add(i)
                part.setdefault(owner[i], []).append(i)
                for lit in clauses[i]:
                    if abs(lit) not in seen_atoms:
                        seen_atoms.add(abs(lit))
                        queue.append(abs(lit))
        groups: dict[Formula, list[int]] = {}
        for i in sorted(part):
            groups.setdefault(axioms[i], []).append(i)
        return clauses, part, groups

    def satisfiable(self, key, axioms: list[Formula], extra: list[tuple]) -> bool | None:
        """Whether the axioms' clauses and `extra` have a model; None past the budget.

        The positive unit clauses of `extra` (a rule's negated goal: `big(e)`, `kind(e)`
        and `¬red(e)` for "all big, kind things are red") are propagated over the axioms
        first, once per set of them (`_primed`): questions that share them (every rule of
        one condition) then cost what their other clauses touch, not the closure of the
        condition over all the rules again (quadratic in a program of thousands of rules).
        Unit propagation reaches the same fixpoint in any order, and the search starts
        from the same open clauses, so the answer is the one propagating all at once gives."""
        clauses, index, assign0, conflict = self.base(key, axioms)
        if conflict or () in extra:
            return False
        positive = frozenset([c[0] for c in extra if len(c) == 1 and c[0] > 0])
        if positive:
            primed = self._primed_state(key, clauses, index, assign0, positive)
            if primed is None:
                return False
            return self._finish(key, clauses, index, primed[0], primed, extra, primed[1])
        return self._finish(key, clauses, index, assign0, None, extra, 0)

    def _primed_state(self, key, clauses, index, assign0, positive: frozenset):
        """[assignment, steps, the atoms made true, the open clauses (`_primed_open`, made
        when a question first searches)] of the base state with the atoms of `positive`
        made true and propagated over the axioms' clauses; None on a conflict. Cached per
        axiom key, a bounded number of sets per key (fewer the bigger the assignment)."""
        table = self._primed.setdefault(key, {})
        hit = table.get(positive, False)
        if hit is not False:
            return hit
        assign = dict(assign0)
        steps = [0]
        trail: list[int] = []
        if not _propagate(sorted(positive), clauses, index, None, None, assign, steps, trail):
            hit = None
        else:
            hit = [assign, steps[0], trail, None]
        if len(table) >= max(1, min(PRIMED_PER_KEY, PRIMED_CELLS // (len(assign0) + 1))):
            table.clear()
        table[positive] = hit
        return hit

    def _primed_open(self, key, clauses, index, primed) -> list[int]:
        """The clauses of a primed state that may be open with only positive literals left:
        of those of the base state, and those whose negative literal's atom it made true,
        the ones still so (a clause true now stays true; one with an unassigned negative
        literal can qualify later only through an atom the question makes true)."""
        if primed[3] is None:
            assign = primed[0]
            cands = set(self._open_of(key, clauses, self._bases[key][2]))
            for v in primed[2]:
                cands.update(index.get(v, ()))
            primed[3] = [i for i in sorted(cands) if _qualifies(clauses[i], assign)]
        return primed[3]

    def _finish(self, key, clauses, index, assign0, primed, extra, steps0) -> bool | None:
        """`satisfiable` from a propagated state `assign0`: the base's (`primed` None), or
        the primed state `primed` (`_primed_state`) with the `steps0` it took."""
        assign = dict(assign0)
        eindex: dict[int, list[int]] = {}
        for i, c in enumerate(extra):
            for lit in c:
                eindex.setdefault(-lit, []).append(i)
        # the extra clauses' units, and any extra clause the base state already makes unit
        units = []
        for c in extra:
            free = []
            for l in c:
                a = assign.get(abs(l))
                if a is None:
                    free.append(l)
                elif a == (l > 0):
                    break
            else:
                if not free:
                    return False
                if len(free) == 1:
                    units.append(free[0])
        steps = [steps0]
        trail: list[int] = []
        if not _propagate(units, clauses, index, extra, eindex, assign, steps, trail):
            return False
        horn = self._horn.get(key)
        if horn is None:
            horn = self._horn[key] = all(map(_horn, clauses))
        if horn and all(map(_horn, extra)):
            # Horn clauses after a propagation without conflict: every clause not yet true
            # keeps two unassigned literals (one would have been propagated), so an
            # unassigned negative one, and making the rest false is a model (the search
            # below finds no clause to branch on and says so)
            return True
        # a clause can be open with only positive literals left only if it was so in the
        # base state, or one of its negative literals' atoms has been made true since
        cands = set(self._open_of(key, clauses, assign0) if primed is None else
                    self._primed_open(key, clauses, index, primed))
        for v in trail:
            cands.update(index.get(v, ()))
        return _search(clauses, index, extra, eindex, assign, steps, cands)

    def least_model(self, key, axioms: list[Formula], extra: list[tuple]) -> list | None:
        """The atoms (pred, args) true in the least model of the axioms' clauses and
        `extra` when unit propagation alone reaches a model (every clause not yet true then
        keeps an unassigned negative literal, and the atoms left unassigned are false);
        None when it needs a choice or finds a conflict."""
        clauses, index, assign0, conflict = self.base(key, axioms)
        if conflict or any(not c for c in extra):
            return None
        assign = dict(assign0)
        eindex: dict[int, list[int]] = {}
        for i, c in enumerate(extra):
            for lit in c:
                eindex.setdefault(-lit, []).append(i)
        units = []
        for c in extra:
            if any(assign.get(abs(l)) == (l > 0) for l in c):
                continue
            free = [l for l in c if assign.get(abs(l)) is None]
            if not free:
                return None
            if len(free) == 1:
                units.append(free[0])
        if not _propagate(units, clauses, index, extra, eindex, assign, [0]):
            return None
        if _open_positive(clauses, assign) is not None or \
                _open_positive(extra, assign) is not None:
            return None
        names = {v: k for k, v in self.atoms.items()}
        return [names[v] for v, val in assign.items() if val and v in names]

    def _open_of(self, key, clauses, assign) -> list[int]:
        """The clauses of a base state open with only positive literals left (cached)."""
        hit = self._open.get(key)
        if hit is None:
            hit = self._open[key] = [i for i, c in enumerate(clauses) if _qualifies(c, assign)]
        return hit


def _horn(c: tuple) -> bool:
    """Whether a clause has at most one positive literal."""
    positive = False
    for lit in c:
        if lit > 0:
            if positive:
                return False
            positive = True
    return True


def _marked_core(groups: dict, clauses_of, extra: list[tuple]) -> tuple | None:
    """`_deletion_core` of `groups` ({formula: its axioms}) with `extra`, a group's clauses
    `clauses_of(its axioms)`, its questions asked of one `Groups` index (the groups
    numbered in order: a question's sets are of small integers)."""
    numbered = dict(enumerate(groups.values()))
    marked = Groups([(k, clauses_of(ms)) for k, ms in numbered.items()], extra)

    def unsat(keep, leave=None) -> tuple[bool | None, set | None]:
        """(whether the groups of `keep` but `leave` are unsatisfiable with `extra`, the
        groups a unit refutation of them used when one was found)."""
        out = {k for k in numbered if k not in keep}
        if leave is not None:
            out.add(leave)
        used = marked.refutation(out)
        if used is not None:
            return True, used
        if marked.horn:
            return False, None     # (what the search below finds: propagation left a model)
        sat = _satisfiable(marked.clauses(out))
        return (None if sat is None else not sat), None

    return _deletion_core(numbered, unsat)


def _deletion_core(groups: dict, unsat) -> tuple | None:
    """The indices of a minimal unsatisfiable union of `groups` ({group: indices}), found by
    leaving each group out in order when the rest stays unsatisfiable; `unsat(keep, without)`
    answers (True, the groups its refutation used, or None) / (False or None, None). A group
    outside the last refutation found is left out without asking: the rest still holds that
    refutation. None when the whole is not found unsatisfiable or a question is undecided."""
    keep = dict.fromkeys(groups)
    r, cert = unsat(keep)
    if r is not True:
        return None
    for g in list(keep):
        if cert is not None and g not in cert:
            del keep[g]
            continue
        r, found = unsat(keep, g)
        if r is None:
            return None
        if r:
            del keep[g]
            cert = found
    return tuple(sorted(i for g in keep for i in groups[g]))
