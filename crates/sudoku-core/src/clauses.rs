//! What both engines' learning searches (conflict-driven clause learning, as SAT solvers do) share,
//! whatever their propositions stand for: the assignments with the reason and decision level of
//! each, the learnt clauses watched by two literals, and the analysis of a contradiction into
//! the clause it teaches. Each search adds its own groups (propositions of which exactly one
//! holds: a cell's digits, a digit's places in a unit) and how it decides.

use crate::activity::Ranking;

/// A literal: `2 * v` says proposition `v` holds, `2 * v + 1` that it does not.
pub(crate) type Literal = u32;

/// Why a proposition has its value.
#[derive(Clone, Copy)]
pub(crate) enum Reason {
    /// A decision, or a fact of the start.
    Decision,
    /// The clause at this index, whose first literal it made true.
    Clause(u32),
    /// The proposition of this index, which shares a group with it, holds.
    Excluded(u32),
    /// It is the last proposition of the group of this index not yet false.
    Last(u32),
}

/// The work (in units where looking at one watched clause is one) of making a proposition true
/// or false, with what that excludes.
const WORK_PER_ASSIGNMENT: u64 = 8;

/// The assignments of a search: each proposition's value, with the decision level and the
/// reason it took it at, in the order they were made.
pub(crate) struct Assignments {
    /// Per literal: 1 true, -1 false, 0 unassigned (a proposition's value is its positive
    /// literal's). Kept per literal so that reading one costs no sign to apply.
    values: Vec<i8>,
    levels: Vec<u32>,
    reasons: Vec<Reason>,
    /// The literals made true, in order; `decisions[k]` is where level `k + 1` begins.
    trail: Vec<Literal>,
    decisions: Vec<usize>,
    /// The trail's literals whose consequences are still to be drawn start here.
    head: usize,
    /// The work done so far: assignments, watched clauses looked at, and what the search adds.
    pub(crate) work: u64,
}

impl Assignments {
    /// No proposition of `count` assigned.
    pub(crate) fn new(count: usize) -> Assignments {
        Assignments {
            values: vec![0; 2 * count],
            levels: vec![0; count],
            reasons: vec![Reason::Decision; count],
            trail: Vec::new(),
            decisions: Vec::new(),
            head: 0,
            work: 0,
        }
    }

    /// The value of `literal`: 1 true, -1 false, 0 unassigned.
    pub(crate) fn value(&self, literal: Literal) -> i8 {
        self.values[literal as usize]
    }

    /// The decision level proposition `v` took its value at.
    pub(crate) fn level_of(&self, v: usize) -> u32 {
        self.levels[v]
    }

    /// Why proposition `v` has its value.
    pub(crate) fn reason(&self, v: usize) -> Reason {
        self.reasons[v]
    }

    /// The current decision level: how many decisions stand.
    pub(crate) fn level(&self) -> usize {
        self.decisions.len()
    }

    /// Makes `literal` true at the current decision level, for `reason`.
    pub(crate) fn assign(&mut self, literal: Literal, reason: Reason) {
        self.work += WORK_PER_ASSIGNMENT;
        let v = (literal >> 1) as usize;
        self.values[literal as usize] = 1;
        self.values[(literal ^ 1) as usize] = -1;
        self.levels[v] = self.decisions.len() as u32;
        self.reasons[v] = reason;
        self.trail.push(literal);
    }

    /// Opens a new decision level.
    pub(crate) fn decide(&mut self, literal: Literal) {
        self.decisions.push(self.trail.len());
        self.assign(literal, Reason::Decision);
    }

    /// Opens a new decision level whose assignments the caller makes.
    pub(crate) fn open_level(&mut self) {
        self.decisions.push(self.trail.len());
    }

    /// The next literal whose consequences are still to be drawn, taken off that list.
    pub(crate) fn next_to_draw(&mut self) -> Option<Literal> {
        let literal = *self.trail.get(self.head)?;
        self.head += 1;
        Some(literal)
    }

    /// Takes back every assignment above decision level `level`, latest first, showing each
    /// literal to `undo` before it is unassigned.
    pub(crate) fn back_to(&mut self, level: u32, mut undo: impl FnMut(Literal)) {
        if let Some(&start) = self.decisions.get(level as usize) {
            while self.trail.len() > start {
                let literal = self.trail.pop().unwrap_or_default();
                undo(literal);
                let v = (literal >> 1) as usize;
                self.values[2 * v] = 0;
                self.values[2 * v + 1] = 0;
            }
            self.decisions.truncate(level as usize);
            self.head = start;
        }
    }
}

/// A clause of [`Clauses`]: where its literals are, and how many decision levels it spanned
/// when learnt (0 for one never to be forgotten, such as an exclusion of a found solution).
#[derive(Clone, Copy)]
struct Clause {
    start: u32,
    len: u32,
    span: u32,
}

impl Clause {
    /// Its literals' range in [`Clauses::literals`].
    fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

/// The clauses a search has learnt, each watched by two of its literals.
pub(crate) struct Clauses {
    clauses: Vec<Clause>,
    /// The clauses' literals, one clause after another. While a clause may still imply anything,
    /// its first two literals are the ones it is watched by.
    literals: Vec<Literal>,
    /// Per literal, the clauses watched by it (looked at when it turns false), each with
    /// another of its literals: while that one is true, the clause need not be looked at.
    watches: Vec<Vec<(u32, Literal)>>,
    /// How many it keeps before it forgets some.
    kept: usize,
}

impl Clauses {
    /// None yet, over `count` propositions, keeping `kept` before the first forgetting.
    pub(crate) fn new(count: usize, kept: usize) -> Clauses {
        Clauses {
            clauses: Vec::new(),
            literals: Vec::new(),
            watches: vec![Vec::new(); 2 * count],
            kept,
        }
    }

    /// Adds a clause whose first two literals are unassigned, or whose first it implies, and
    /// returns its index.
    pub(crate) fn add(&mut self, literals: &[Literal], span: u32) -> u32 {
        let index = self.clauses.len() as u32;
        self.watches[literals[0] as usize].push((index, literals[1]));
        self.watches[literals[1] as usize].push((index, literals[0]));
        self.clauses.push(Clause {
            start: self.literals.len() as u32,
            len: literals.len() as u32,
            span,
        });
        self.literals.extend_from_slice(literals);
        index
    }

    /// Makes the first literal of the clause `learnt` true, for that clause (added, with the
    /// `span` of decision levels it was learnt over, unless it is that literal alone), once the
    /// search has backed up to where it implies it.
    pub(crate) fn assert(&mut self, assignments: &mut Assignments, learnt: &[Literal], span: u32) {
        let reason = match learnt.len() {
            1 => Reason::Decision,
            _ => Reason::Clause(self.add(learnt, span)),
        };
        assignments.assign(learnt[0], reason);
    }

    /// Adds, at decision level 0, the clause that one of `literals` holds, never to be forgotten
    /// (those already false are left out); `false` if all are false, so that it cannot hold.
    pub(crate) fn require(
        &mut self,
        assignments: &mut Assignments,
        literals: impl Iterator<Item = Literal>,
    ) -> bool {
        let literals: Vec<Literal> = literals.filter(|&l| assignments.value(l) != -1).collect();
        match literals.len() {
            0 => return false,
            1 => assignments.assign(literals[0], Reason::Decision),
            _ => {
                self.add(&literals, 0);
            }
        }
        true
    }

    /// The literals of the clause at `index`.
    pub(crate) fn literals_of(&self, index: u32) -> &[Literal] {
        &self.literals[self.clauses[index as usize].range()]
    }

    /// Looks at the clauses watched by `falsified`, which has just turned false: each finds
    /// another literal to be watched by, implies its other watched literal, or is a
    /// contradiction (`false`, its literals left in `conflict`).
    pub(crate) fn propagate(
        &mut self,
        assignments: &mut Assignments,
        falsified: Literal,
        conflict: &mut Vec<Literal>,
    ) -> bool {
        let mut watching = std::mem::take(&mut self.watches[falsified as usize]);
        let mut consistent = true;
        let mut k = 0;
        assignments.work += watching.len() as u64;
        while k < watching.len() {
            let (index, blocker) = watching[k];
            if assignments.value(blocker) == 1 {
                k += 1;
                continue;
            }
            let range = self.clauses[index as usize].range();
            let start = range.start;
            if self.literals[start] == falsified {
                self.literals.swap(start, start + 1);
            }
            let other = self.literals[start];
            let first = assignments.value(other);
            let free = match first {
                1 => None,
                _ => (start + 2..range.end).find(|&at| assignments.value(self.literals[at]) != -1),
            };
            match free {
                Some(at) => {
                    self.literals.swap(start + 1, at);
                    self.watches[self.literals[start + 1] as usize].push((index, other));
                    watching.swap_remove(k);
                }
                _ => {
                    watching[k].1 = other;
                    k += 1;
                    if first == -1 {
                        conflict.clear();
                        conflict.extend_from_slice(&self.literals[range]);
                        consistent = false;
                        break;
                    } else if first == 0 {
                        assignments.assign(other, Reason::Clause(index));
                    }
                }
            }
        }
        // (Nothing else is watched by `falsified` meanwhile: a clause moves to a literal not
        // false.)
        self.watches[falsified as usize] = watching;
        consistent
    }

    /// Forgets, once it holds as many clauses as it keeps, the learnt clauses that spanned the
    /// most levels (of those no assignment rests on, about half), and keeps a tenth more before
    /// it forgets again.
    pub(crate) fn forget_if_full(&mut self, assignments: &mut Assignments) {
        if self.clauses.len() < self.kept {
            return;
        }
        let mut in_use = vec![false; self.clauses.len()];
        for &literal in &assignments.trail {
            if let Reason::Clause(index) = assignments.reasons[(literal >> 1) as usize] {
                in_use[index as usize] = true;
            }
        }
        let mut spans: Vec<u32> = (self.clauses.iter().zip(&in_use))
            .filter(|&(clause, &used)| clause.span > 0 && !used)
            .map(|(clause, _)| clause.span)
            .collect();
        spans.sort_unstable();
        self.kept += self.kept / 10;
        let cut = match spans.get(spans.len() / 2) {
            Some(&median) => median.max(3),
            None => return,
        };
        let mut renumbered = vec![0; self.clauses.len()];
        let clauses = std::mem::take(&mut self.clauses);
        let literals = std::mem::take(&mut self.literals);
        self.watches.iter_mut().for_each(Vec::clear);
        for (index, clause) in clauses.into_iter().enumerate() {
            if clause.span < cut || in_use[index] {
                renumbered[index] = self.add(&literals[clause.range()], clause.span);
            }
        }
        for &literal in &assignments.trail {
            if let Reason::Clause(index) = &mut assignments.reasons[(literal >> 1) as usize] {
                *index = renumbered[*index as usize];
            }
        }
    }
}

/// The groups of a search's propositions: sets of `side` propositions of which exactly one
/// holds (a cell's digits, a digit's places in a row, column or box), four to each proposition.
pub(crate) trait Groups {
    /// How many propositions each group has.
    fn side(&self) -> usize;
    /// The four groups of proposition `v`, each with `v`'s place in it.
    fn groups_of(&self, v: usize) -> [(usize, usize); 4];
    /// The proposition at place `i` of group `g`.
    fn member(&self, g: usize, i: usize) -> usize;
}

/// Draws every consequence of the assignments not yet drawn from: within `groups` (a true
/// proposition makes the rest of its groups false; the last of a group not yet false is true),
/// whose members not yet false `alive` keeps (bit `i` for place `i`), and through `clauses`.
/// `false` if it meets a contradiction, whose literals (all false) it leaves in `conflict`.
pub(crate) fn propagate(
    groups: &impl Groups,
    assignments: &mut Assignments,
    clauses: &mut Clauses,
    alive: &mut [u32],
    conflict: &mut Vec<Literal>,
) -> bool {
    while let Some(literal) = assignments.next_to_draw() {
        let v = (literal >> 1) as usize;
        for (g, place) in groups.groups_of(v) {
            if literal & 1 == 0 {
                // At most one of each group holds.
                let mut others = alive[g] & !(1 << place);
                while others != 0 {
                    let w = groups.member(g, others.trailing_zeros() as usize);
                    others &= others - 1;
                    match assignments.value(2 * w as Literal) {
                        0 => assignments.assign(2 * w as Literal + 1, Reason::Excluded(v as u32)),
                        1 => {
                            conflict.clear();
                            conflict.extend_from_slice(&[literal | 1, 2 * w as Literal + 1]);
                            return false;
                        }
                        _ => {}
                    }
                }
                continue;
            }
            // At least one of each group holds.
            let left = alive[g] & !(1 << place);
            alive[g] = left;
            if left == 0 {
                conflict.clear();
                conflict.extend((0..groups.side()).map(|i| 2 * groups.member(g, i) as Literal));
                return false;
            }
            if left & (left - 1) == 0 {
                let w = groups.member(g, left.trailing_zeros() as usize);
                if assignments.value(2 * w as Literal) == 0 {
                    assignments.assign(2 * w as Literal, Reason::Last(g as u32));
                }
            }
        }
        if !clauses.propagate(assignments, literal ^ 1, conflict) {
            return false;
        }
    }
    true
}

/// Takes back every assignment above decision level `level`: each proposition it unassigns is
/// alive again in its `groups` if it was false, keeps in `phases` the truth it had (for its next
/// decision), and goes back into `ranking`; `also` sees each literal first.
pub(crate) fn back_to(
    groups: &impl Groups,
    assignments: &mut Assignments,
    alive: &mut [u32],
    phases: &mut [bool],
    ranking: &mut Ranking,
    level: u32,
    mut also: impl FnMut(Literal),
) {
    assignments.back_to(level, |literal| {
        also(literal);
        let v = (literal >> 1) as usize;
        if literal & 1 != 0 {
            for (g, place) in groups.groups_of(v) {
                alive[g] |= 1 << place;
            }
        }
        phases[v] = literal & 1 == 0;
        ranking.insert(v as u32);
    });
}

/// The most active proposition of `ranking` not yet assigned (taking it and every assigned one
/// above it out), or `None` if every proposition is assigned.
pub(crate) fn most_active_open(ranking: &mut Ranking, assignments: &Assignments) -> Option<u32> {
    loop {
        match ranking.pop() {
            Some(v) if assignments.value(2 * v) != 0 => {}
            next => return next,
        }
    }
}

/// Puts in `out` the literals that, being false, gave proposition `v` its value: those of its
/// reason.
pub(crate) fn explain(
    groups: &impl Groups,
    assignments: &Assignments,
    clauses: &Clauses,
    v: usize,
    out: &mut Vec<Literal>,
) {
    out.clear();
    match assignments.reasons[v] {
        Reason::Decision => {}
        Reason::Clause(index) => out.extend(&clauses.literals_of(index)[1..]),
        Reason::Excluded(w) => out.push(2 * w + 1),
        Reason::Last(g) => out.extend(
            (0..groups.side())
                .map(|i| groups.member(g as usize, i))
                .filter(|&w| w != v)
                .map(|w| 2 * w as Literal),
        ),
    }
}

/// The first step of learning from the contradiction whose literals `conflict` holds: puts in
/// `learnt` the clause that rules out the first point where one assignment of the last decision
/// level explains it all (first, the negation of that assignment; then the contradiction's
/// literals of earlier levels, marked in `seen`, which the caller clears), making each
/// proposition it meets more active. `explain(v, out)` puts in `out` the literals behind `v`'s
/// value. Returns how many literals it read from reasons.
pub(crate) fn first_point(
    assignments: &Assignments,
    ranking: &mut Ranking,
    seen: &mut [bool],
    conflict: &mut Vec<Literal>,
    learnt: &mut Vec<Literal>,
    mut explain: impl FnMut(usize, &mut Vec<Literal>),
) -> u64 {
    let level = assignments.level() as u32;
    learnt.clear();
    learnt.push(0);
    let (mut pending, mut index, mut read) = (0, assignments.trail.len(), 0);
    loop {
        for &literal in conflict.iter() {
            let v = (literal >> 1) as usize;
            if !seen[v] && assignments.levels[v] > 0 {
                seen[v] = true;
                ranking.bump(v);
                if assignments.levels[v] == level {
                    pending += 1;
                } else {
                    learnt.push(literal);
                }
            }
        }
        // The latest literal of the trail that the contradiction rests on.
        index -= 1;
        while !seen[(assignments.trail[index] >> 1) as usize] {
            index -= 1;
        }
        let v = (assignments.trail[index] >> 1) as usize;
        seen[v] = false;
        pending -= 1;
        if pending == 0 {
            learnt[0] = assignments.trail[index] ^ 1;
            return read;
        }
        explain(v, conflict);
        read += conflict.len() as u64;
    }
}

/// How many decision levels the literals of `clause` were assigned at, counted in `levels`.
pub(crate) fn span(assignments: &Assignments, clause: &[Literal], levels: &mut Vec<u32>) -> u32 {
    levels.clear();
    levels.extend(
        clause
            .iter()
            .map(|&l| assignments.levels[(l >> 1) as usize]),
    );
    levels.sort_unstable();
    levels.dedup();
    levels.len() as u32
}
