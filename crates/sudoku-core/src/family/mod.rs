//! The sudoku family beyond 9x9: boards of `n x n` boxes for `n` from 1 to 5 (1x1, 4x4, 9x9,
//! 16x16 and 25x25 cells), with any solution, the smallest solution in reading order, and
//! counting up to a limit.
//!
//! A general engine beside the 9x9 one, which stays the faster on 9x9 boards. Its positions
//! (`position`, private) keep candidates as bit masks and narrow them by singles, locked
//! candidates, pairs and the segment rules; like the 9x9 engine it runs a portfolio of
//! branching rules on growing guess budgets (the fewest-candidates cell first, then also
//! failed-literal probing near the root and fewest places), so that a board has to stall every
//! rule to be slow.
//! Some turns start afresh on a tally of where contradictions showed that they share, starting
//! from the first turn's (the cell rules weigh a cell's candidates against it, so later turns
//! start where earlier ones failed); others resume their own search where their last turn
//! stopped, the first turn's among them, so that a board costs at most a bounded multiple of
//! what the best of them needs alone ([`Sudoku::measure`] measures each alone). One more turn
//! looks for a band or stack that has no completion on its own, which proves the board has
//! none. More than half of every round's time goes to a search unlike the rest, which learns a
//! clause from each contradiction as SAT solvers do: the boards that stall every cell rule (a
//! contradiction the rules rediscover in branch after branch) take it a few thousand decisions.
//!
//! The internals are private, one job a module: `geometry` (cells, units and segments of a
//! size), `position` (a position and the reasoning that narrows it), `search` (the depth-first
//! search and the rules it branches by), `learning` (the clause-learning search, which shares
//! with the 9x9 engine's when to start over, `crate::restarts`, and the ranking of its
//! decisions, `crate::activity`), `portfolio` (the turns each [`Method`] takes, and the
//! searches for any completion and for a count), `smallest` (the smallest completion) and
//! `tuning` (every setting chosen by board size, with what each was measured to do).
//!
//! ```
//! use sudoku_core::family::Sudoku;
//!
//! // A 4x4 board (boxes of 2x2) with a 1 in its first cell and in row 2, column 3.
//! let mut puzzle = Sudoku::empty(2).unwrap();
//! puzzle.set(0, 1);
//! puzzle.set(6, 1);
//! let smallest = puzzle.smallest_solution().unwrap();
//! assert_eq!(smallest.cells(), &[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1][..]);
//! assert!(puzzle.solution().unwrap().solves(&puzzle));
//! assert_eq!(puzzle.count_solutions(100), 36);
//! ```

mod geometry;
mod learning;
mod portfolio;
mod position;
mod search;
mod smallest;
mod tuning;

use self::geometry::Geometry;
use self::portfolio::{count_completions, first};
use self::position::Position;
use self::smallest::smallest;
use crate::engine::{Answer, Measured, Question};
use crate::schedule::Effort;

/// The largest box side the engine takes: 25x25 boards, whose 25 digits fit a candidate mask.
pub const MAX_BOX: usize = 5;

/// A board of `n x n` boxes: `n * n` rows and columns of cells numbered row by row, each holding
/// a digit `1..=n * n` or 0 for a blank.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Sudoku {
    n: usize,
    cells: Vec<u8>,
}

impl Sudoku {
    /// The blank board of `n x n` boxes; `None` unless `1 <= n <= MAX_BOX`.
    pub fn empty(n: usize) -> Option<Sudoku> {
        if (1..=MAX_BOX).contains(&n) {
            Some(Sudoku {
                n,
                cells: vec![0; n.pow(4)],
            })
        } else {
            None
        }
    }

    /// The board of `n x n` boxes holding `cells` (row by row, 0 for a blank); `None` if `n` is
    /// out of range, the number of cells is not `n⁴` or a digit is above `n * n`.
    pub fn from_cells(n: usize, cells: Vec<u8>) -> Option<Sudoku> {
        let board = Sudoku::empty(n)?;
        let side = n * n;
        if cells.len() == board.cells.len() && cells.iter().all(|&d| usize::from(d) <= side) {
            Some(Sudoku { n, cells })
        } else {
            None
        }
    }

    /// The side of a box, `n`.
    pub fn box_size(&self) -> usize {
        self.n
    }

    /// The side of the board, `n * n`, which is also the largest digit.
    pub fn side(&self) -> usize {
        self.n * self.n
    }

    /// Every cell, row by row.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The digit in `cell`, 0 if blank.
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Puts `digit` (0 to blank it) in `cell`.
    ///
    /// # Panics
    /// If `digit` is above the side of the board or `cell` is off the board.
    pub fn set(&mut self, cell: usize, digit: u8) {
        assert!(
            usize::from(digit) <= self.side(),
            "digit {} is too large",
            digit
        );
        self.cells[cell] = digit;
    }

    /// Whether this board is full, obeys the rules and keeps every filled cell of `puzzle`.
    pub fn solves(&self, puzzle: &Sudoku) -> bool {
        if self.n != puzzle.n {
            return false;
        }
        let geometry = Geometry::of(self.n);
        let full = u32::MAX >> (32 - self.side());
        let keeps = self
            .cells
            .iter()
            .zip(&puzzle.cells)
            .all(|(&mine, &given)| mine != 0 && (given == 0 || given == mine));
        keeps
            && geometry.units().all(|unit| {
                unit.iter()
                    .fold(0u32, |seen, &cell| seen | 1 << (self.cells[cell] - 1))
                    == full
            })
    }

    /// A completion of this puzzle: a full, rule-abiding board keeping every filled cell; `None` if
    /// there is none.
    pub fn solution(&self) -> Option<Sudoku> {
        self.solution_within(Method::Portfolio, &mut Effort::unlimited())
            .flatten()
    }

    /// The number of completions of this puzzle, counting no further than `limit`.
    pub fn count_solutions(&self, limit: usize) -> usize {
        self.count_within(limit, Method::Portfolio, &mut Effort::unlimited())
            .unwrap_or(0)
    }

    /// The completion of this puzzle that comes first in reading order (compared cell by cell
    /// from the top left); `None` if there is none.
    pub fn smallest_solution(&self) -> Option<Sudoku> {
        self.smallest_within(Method::Portfolio, &mut Effort::unlimited())
            .flatten()
    }

    /// Answers `question` about this puzzle by `method`, making at most `max_guesses` guesses
    /// (placements tried and propagated), and says how many it made: for benchmarks and
    /// adversaries that measure the engine's work. The answer is the one the solving methods
    /// give, whatever the method.
    pub fn measure(
        &self,
        question: Question,
        method: Method,
        max_guesses: u64,
    ) -> Measured<Sudoku> {
        let mut effort = Effort::limited(max_guesses);
        let answer = match question {
            Question::First => self
                .solution_within(method, &mut effort)
                .map(Answer::Solution),
            Question::CountTo(limit) => self
                .count_within(limit, method, &mut effort)
                .map(Answer::Count),
            Question::Smallest => self
                .smallest_within(method, &mut effort)
                .map(Answer::Solution),
        };
        Measured {
            answer,
            guesses: effort.spent,
        }
    }

    /// [`Sudoku::solution`] by `method` within `effort`; `None` if it runs out.
    fn solution_within(&self, method: Method, effort: &mut Effort) -> Option<Option<Sudoku>> {
        let geometry = Geometry::of(self.n);
        let found = match Position::new(&geometry, &self.cells) {
            Some(start) => first(&geometry, &start, &method.schedule(self.n), effort)?,
            None => None,
        };
        Some(found.map(|cells| Sudoku { n: self.n, cells }))
    }

    /// [`Sudoku::count_solutions`] by `method` within `effort`; `None` if it runs out.
    fn count_within(&self, limit: usize, method: Method, effort: &mut Effort) -> Option<usize> {
        let geometry = Geometry::of(self.n);
        match Position::new(&geometry, &self.cells) {
            Some(start) if limit > 0 => {
                count_completions(&geometry, &start, limit, &method.schedule(self.n), effort)
            }
            _ => Some(0),
        }
    }

    /// [`Sudoku::smallest_solution`] by `method` within `effort`; `None` if it runs out.
    fn smallest_within(&self, method: Method, effort: &mut Effort) -> Option<Option<Sudoku>> {
        let found = smallest(&Geometry::of(self.n), &self.cells, method, effort)?;
        Some(found.map(|cells| Sudoku { n: self.n, cells }))
    }
}

/// A way the engine can search (the family's counterpart of the 9x9 engine's strategies), for
/// measuring each on its own: the solving methods always use [`Method::Portfolio`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The methods below but reading order (with which the smallest solution starts), and a
    /// search of each band and stack alone, which can only refute, taken in turn on growing
    /// guess budgets, some turns starting afresh on a tally of where contradictions showed that
    /// they share, others resuming their own search: the cell rule first, on a budget that
    /// covers ordinary boards, then rounds of doubling budgets, in which the learning searches
    /// (one from the likeliest propositions, one from reading order) take their turns first and
    /// more than half of the time. A board costs at most a bounded multiple of what the best of
    /// the others needs alone.
    Portfolio,
    /// Branch on an open cell with the fewest candidates for the contradictions its units have
    /// shown (the weighted-degree rule of constraint solvers), trying first the digits with the
    /// fewest places left in its row, column and box.
    FewestCandidatesPerConflict,
    /// As [`Method::FewestCandidatesPerConflict`], each contradiction weighing more than the
    /// one before it, so that the latest ones lead.
    FewestCandidatesPerRecentConflict,
    /// Branch on the places of a digit in the unit where it has the fewest, where that is fewer
    /// than any cell's candidates; otherwise as [`Method::FewestCandidatesPerConflict`].
    FewestPlaces,
    /// Branch on the first open cell in reading order, trying digits in increasing order.
    ReadingOrder,
    /// As [`Method::FewestCandidatesPerConflict`], after removing near the root every
    /// candidate whose placement propagation refutes, and refuting there every position where
    /// some unit's open cells cannot take its missing digits one each. Each probe counts as a
    /// guess.
    Probing,
    /// Decide "cell holds digit" propositions (those of recent contradictions first, and before
    /// any, in the cell rule's order), learn a clause from each contradiction, as SAT solvers do,
    /// and restart now and then, keeping what was learnt. Each decision counts as the guesses
    /// of the other methods that its work is worth in time (at least one).
    Learning,
    /// As [`Method::Learning`], deciding in reading order before any contradiction.
    LearningInReadingOrder,
}

impl Method {
    /// Every method but the portfolio.
    pub const ALONE: [Method; 7] = [
        Method::FewestCandidatesPerConflict,
        Method::FewestCandidatesPerRecentConflict,
        Method::FewestPlaces,
        Method::ReadingOrder,
        Method::Probing,
        Method::Learning,
        Method::LearningInReadingOrder,
    ];
}

#[cfg(test)]
mod tests {
    use super::learning::FirstOrder;
    use super::portfolio::{portfolio, refute_by_parts, Turn};
    use super::search::Branching;
    use super::*;

    #[test]
    fn boards_check_their_size_and_digits() {
        assert_eq!(Sudoku::empty(0), None);
        assert_eq!(Sudoku::empty(6), None);
        assert_eq!(Sudoku::empty(4).unwrap().cells().len(), 256);
        assert_eq!(Sudoku::from_cells(2, vec![0; 15]), None);
        assert_eq!(Sudoku::from_cells(2, vec![5; 16]), None);
        assert!(Sudoku::from_cells(2, vec![4; 16]).is_some());
    }

    #[test]
    fn every_size_has_a_smallest_completion_of_the_empty_board() {
        for n in 1..=MAX_BOX {
            let empty = Sudoku::empty(n).unwrap();
            let smallest = empty.smallest_solution().unwrap();
            assert!(smallest.solves(&empty), "n = {}", n);
            let side = n * n;
            let first_row: Vec<u8> = (1..=side as u8).collect();
            assert_eq!(&smallest.cells()[..side], &first_row[..], "n = {}", n);
            assert!(empty.solution().unwrap().solves(&empty), "n = {}", n);
        }
        // 1x1 has one board; 4x4 has 288.
        assert_eq!(Sudoku::empty(1).unwrap().count_solutions(5), 1);
        assert_eq!(Sudoku::empty(2).unwrap().count_solutions(1000), 288);
    }

    #[test]
    fn boards_breaking_no_rule_can_still_be_unsolvable() {
        // Row 1 of a 4x4 board needs its 4 in the last cell, which column 4 already holds.
        let mut puzzle = Sudoku::empty(2).unwrap();
        for (cell, digit) in [(0, 1), (1, 2), (2, 3), (11, 4)] {
            puzzle.set(cell, digit);
        }
        assert_eq!(puzzle.solution(), None);
        assert_eq!(puzzle.smallest_solution(), None);
        assert_eq!(puzzle.count_solutions(2), 0);
        // A digit twice in a row.
        let mut puzzle = Sudoku::empty(3).unwrap();
        puzzle.set(0, 5);
        puzzle.set(8, 5);
        assert_eq!(puzzle.solution(), None);
    }

    /// The guesses the portfolio makes to answer `question` about `board`; `None` past `cap`.
    fn guesses(board: &Sudoku, question: Question, cap: u64) -> Option<u64> {
        let measured = board.measure(question, Method::Portfolio, cap);
        measured.answer.map(|_| measured.guesses)
    }

    #[test]
    fn guesses_are_counted_and_capped_for_every_strategy() {
        let empty = Sudoku::empty(3).unwrap();
        let solved = empty.smallest_solution().unwrap();
        let strategies = std::iter::once(Method::Portfolio).chain(Method::ALONE);
        for strategy in strategies {
            for question in [Question::First, Question::CountTo(2), Question::Smallest] {
                let label = format!("{:?}, {:?}", strategy, question);
                let measure = |cap| empty.measure(question, strategy, cap);
                let unlimited = measure(u64::MAX);
                let needed = unlimited.guesses;
                assert!(needed > 0, "{}", label);
                assert_eq!(measure(needed), unlimited, "{}", label);
                let short = measure(needed - 1);
                assert_eq!(
                    (short.answer, short.guesses),
                    (None, needed - 1),
                    "{}",
                    label
                );
                let expected = match question {
                    Question::CountTo(limit) => Answer::Count(limit),
                    Question::Smallest => Answer::Solution(Some(solved.clone())),
                    Question::First => match unlimited.answer {
                        Some(Answer::Solution(Some(ref any))) if any.solves(&empty) => continue,
                        _ => panic!("{}: no completion", label),
                    },
                };
                assert_eq!(unlimited.answer, Some(expected), "{}", label);
            }
            // A board whose givens settle it needs no guess.
            let measured = solved.measure(Question::CountTo(2), strategy, 0);
            assert_eq!(measured.answer, Some(Answer::Count(1)), "{:?}", strategy);
        }
    }

    /// A 16x16 board the adversary found, with no completion: its last stack's digits alone
    /// have none. The whole-board searches took 3.8 million guesses to refute it before the
    /// parts turn; the segment rules now refute it without a guess.
    const STACK_REFUTED: &str = ".KN.........H....H.............................................L....K.........F.P.D....I...B..E..F.......H..D.........PCG.D...B.....GM....I...D..C.JD........E...............F..H........J...B........H..L.IFD..M....J......EH...................A...I..N...B...";

    /// Another, with 39 givens: its second stack's digits alone have no completion, which
    /// propagation does not see (2.1 million guesses before the parts turn).
    const PART_REFUTED: &str = ".M..D.....K..........B..L.M.AJ.K.K..OF...N.....E.AN.E........B....M...J..............E.....................J............P.............IB.............GN...............M.........N......L.............D....B.........FO...........................H.DJ..N.....P..";

    /// A 16x16 board with no completion the adversary found before naked and hidden pairs (3.7
    /// million guesses then); fewest places alone refutes it in 26 guesses.
    const PAIR_REFUTED: &str = ".K.....A.....B..L......HD.......G..B..P.....A.K...H....E.O..GND...........O.CL.E..G..L.C...........D...B.M.....O.C..O..M.H..J..PA....H...............I....A..............N....JL..M.......G...........A...F...G...OF.D...B...K...........L....E....KF.......BDA.";

    /// A 16x16 board with no completion the adversary found before the segment rules (174,044
    /// guesses then); probing alone refutes it in 7,130 guesses.
    const SEGMENT_REFUTED: &str = ".K.NG.M..A.....FB...J.EDL....OI.E.JA...IO....M....L.O.P..G.M..D.......B...FJ..ALP........I....H....D...A....B.NC..E..............L.F....G.M....I..GM.B..H....E......EM.C...I.........I......M.......B....O..C.......P.......L.BH...LH...BC.....A..B.D.....E.O..N";

    /// Boards the adversary found where one cell rule alone needs far fewer guesses than the
    /// others: the per-conflict rule 1,132 (the portfolio took 50,478 while that rule had no
    /// resumed turn of its own), the recency-weighted rule 12,259 (1,054,757).
    const ONE_RULE_ANSWERS: [&str; 2] = [".GOJ.......HFLBN....M.........G.....E...INP...............E................A..........P....G..................P.K...I.....D.......E...................N...FL..............CO.......M.JK....INEH.........LP............I..E................G.............K.M.....", ".....E.........G..D.I...E.M.............HB.....E.........I......MF....KO.G..JHIP....H..P....KE.O.E.C.B....NJ....................F......B............O......H......B.KJ.I........G...N......F.....D...L..G..C.K.......D....I.....C....N.........A..F.M.......IDP."];

    /// The worst board of a ten-minute climb against the portfolio: 842,993 guesses to a first
    /// solution, where the per-conflict rule alone needs 117,320 and probing alone 130,080.
    const CLIMBED_WORST: &str = "....M.O.....N...........O..H.D...H......B.....J...C...F.P.......C..J..L..E..MH.....E......M...OL.......G.O..I.....AB...P.JK...GN....O...D..C..............H.....DFH.....A.EIJ......O..HE...L..C...F.DO.J..G..L..HD...............J..P..A.N.........I......F...KE";

    /// The worst boards of ten-minute climbs against the portfolio before it had the learning
    /// search, neither with a completion: 1,724,863 guesses to count to 2 and 918,161 to a first
    /// solution, where every cell rule alone needs 150 thousand or more.
    const STALL_EVERY_CELL_RULE: [&str; 2] = ["E.ID.....K.........K.P.......E..A..............P....O........A...........JL.C.E.........PNCF.I....B.DOA.H.......KM..CG.H........N....D.O......P.....JKI......O...PE........O.LB...............H.I...P.....JBH..E.N..H.MF.....K.J.JCGI..A.......N...M...B......A.", "...P.A..K.....O....L..ND...B..H..K.E....L.....ND.F..E..J........G.....F.......M...O..G.........J.......N......DG.EL.P.MO.....CFIB..F........CL......H.B...I..K.....M.DI.F.G..E..........B....P.......CGL....AB......N..A.........JFN......L.........J.....P....."];

    /// The worst board known: a refutation that a ten-minute climb against the portfolio of the
    /// tenth pass found counting (see [`CLIMBED_WORST_LATELY`]).
    const WORST_REFUTATION: &str = ".MJ...PD..N....F..O........A.......P..L......H.....E..M.L.....N.....AE....FH..I.C...B...D.......LI.GO.....E...H..D...F..K..B....GN.OI.....J.DB...L.A.....B.....OF...NK......C........B..........A......JN......DO.....HG...E.JK........C.................G......";

    /// The worst boards of the adversary's climbs against the portfolio from its eighth pass on,
    /// in the order they were found, each with the question it was climbed for and the guesses
    /// the present engine takes over it, re-measured whenever the engine changes (the test
    /// allows a third more). Many took the engine they were climbed against hundreds of
    /// thousands of guesses, some over a second; BENCHMARKS.md tells, pass by pass, which climb
    /// found each and what each engine since has taken over it.
    const CLIMBED_WORST_LATELY: [(&str, Question, u64); 59] = [
        (
            "....A....O..............K..............K....J....BA...............B....L...........................GI..A......C.............................M............M..K...............A.......M.....C...G..IM.C...P.G........L..A.FH............OP.......NHGFPK...MNIL....",
            Question::CountTo(2),
            0,
        ),
        (
            "L.KI.M.N...DB.A.A..H..F...L....MJ...E.L.O.......F....H.O..JGEKL...L.........OA.G..J......G.....E......P......J...C.EOGH.JD..K...E.........D....O.........N.......L.O...........K..H.F...I....LD...B...K..................A....C..HDF..O......EKL.PE.............",
            Question::First,
            4_404,
        ),
        (
            "J....KE......F..A....H.....GJ.B.CB.L...F......D..D....O.N.....M....O..H.G..I..JD.JG.F.KA..H....P.....O.....N..H......IDC.J..B......A..L.....FJNB........J.........N........F...M.......DL....C...KJ.E..HDGI.........NGF...E....L..A..L......N.K...L.....F..H...A",
            Question::CountTo(2),
            0,
        ),
        (
            "J.......I.C.....I......H.G...N.......P......L...M....C..B.........K....M.....C...L..................PF..LC...K..GM...............FL...J............E....G......N.A.D...........F........C............G.....M......B.........O.L.....D........E..................",
            Question::Smallest,
            582,
        ),
        (
            "F..G.M.....K.......D.............................M...C...J..L.........G.B...........P.........B.....BO..D................N......................KO.FM.......G.L.N............I..........C...A..........B....DC....OC...A........H......P.....L..B..AK.M.....NJ..",
            Question::Smallest,
            629,
        ),
        (
            "FK.......GL..C...DN...ECF.A.....J.H...K.IE......IE....GHPD.......PJH..FL...N.A.....C....KP..M..GGFA...C.......I....B..I.G..L.O.ENC..EO..A..........L.AB.O...........P...N....FB.A...DN...MG.....M.GF.B..H..........IJ..EB............M..DO.....P............O.L.",
            Question::CountTo(2),
            19_009,
        ),
        (
            "...CA....L....F.JG.E.......A...B...F..B....CKJ..H.P...ND...K.I.MB....KJ.G..E......O.E...B..L.N....E...D......BC...FK..I.......PH...........JIL.CL..MJ..G...HDON....NB..EL....FG..E.P.....NA.....A......PC.OM..H......JF...E..C.........C.....K.L..M......IL.N...",
            Question::First,
            4_597,
        ),
        (
            "FM..N....GH.BC..KDB....CF.A.....J.......IE......I.C...GHP...A...P..H..FL...N...K......J.KP..M..GGF......EC....I...AB.DI......O.P.C..EO....K..J..L..G..B.O....P.N....P.M.N...EFB.A...DN...MGJ......GF....H...I..J.P..J...B....K.M.....M...O.........N.C........D.",
            Question::CountTo(2),
            24,
        ),
        (
            ".E.....L......P........B...........F..............M.......HIO........J..I.........K.....H..F......B...O..............FH..........A...................K.P.H..F...P..DN...........E.G.O.....CM.....K.......F......D.....C....H..F...........K.....F..P.......J.A..",
            Question::Smallest,
            608,
        ),
        (
            "...........A.CG......CP..B.....J........P.....I..OG.......NL..E........N..G..A..J....BC..HE.....BG.........PE.F..M..EKF.A.I....D..K..D.MB.C..N.IDL....K....FC.B.H..G...I....FO......C....E.O..PMM..AK.H.....P.DL..D.........J...I..F..D.HOB..M....H.J..A...G.I..",
            Question::Smallest,
            2_788,
        ),
        (
            "M.F....G.....I..........................L....H.F....M..................D....P...H.........................N...........M........K....L..CJ.I......M..G.......I..D......F..........K.........P...........F.E.J..................C.............M...L....C.I.....E..",
            Question::Smallest,
            621,
        ),
        (
            ".....ED.FI.........PLG.B......MH.....N..CL.....E......JF.P...NI...D........K........JFC....B....E.............KM.I..D.....M.....D.L.H...IE.........E.C...N....HFJ.H...I...C.L..K..I..K.N.H..J..........P..JG.E....J....I.KA.......AB......O.....L..KCM.H..D....O",
            Question::First,
            8_515,
        ),
        (
            ".......C...I....A.........................EJ..F..H.........................K.....GF.....HM.....N..P.E...A.....JM..............GP.......G..N.........B...........G..IC.P......J..N.........G.......D.........F......................................E.MF.....P...",
            Question::Smallest,
            624,
        ),
        (
            "...N..I.J..E.......AC..N.O.....F.....J........MAF....D....AC.O..C.....O.....B.N.K.FP..AG...................N........N...............P....C...K...PE...L......G.IHK.....D............I....L.F.P...F.....E....C..................PI.....JL..P..A.G.......P...M.F.K",
            Question::CountTo(2),
            0,
        ),
        (
            ".G.....O...................M.L....I.C.....J....KA...MH......EC.........F.N....OE...B..........G.....G...J.......I..........B..D....JAE..........ML................................N.....H........................F.N...............L..O.........O......M........",
            Question::Smallest,
            630,
        ),
        (
            ".K.N......F.O......H.D.B.O.J.....L..IP.OA.........F.....KN..GHB.L.........M.I.GOA..B......D..........A...FGP.E..H.G..L....K...M.I.A.....GM.F...DED.P......N......G..CO....J....M...............J..................LJ.F.M.....D.E........D..ON.....PK..I....N...H",
            Question::First,
            88,
        ),
        (
            "I..................................H...A..K...............H..KOI............PC....GC.................IJ.G....L...............I.......A.......O.B....D..............AG.....JB...EFK.................D....P.......E......................M.J.....O................",
            Question::Smallest,
            618,
        ),
        (
            WORST_REFUTATION,
            Question::CountTo(2),
            25_292,
        ),
        (
            "..O.I.C.....P.....H.....M....B..........G........P.A.G...K....C.P.....K....F...N......O..........A...B.G....E.................JF...............................J.....J............PL............................CI.....F.....................M.....GC......I....",
            Question::Smallest,
            576,
        ),
        (
            "......G..NL.............B........M...IEC.................KJ...........J...B......O.P.C.M..........................A.K...ND..H...M..............PE..A............G..K..DO.E...........EB...................................F..G......B...........................",
            Question::CountTo(2),
            424,
        ),
        (
            ".......K.P.............G...................................O....O..JIF..................H.........C....ND.G...H..BA..J.......FMI....O.K....M.............K.B..I........P..N............A...I.........NJ.L.OF...........C.............B.....JFO......MI.L..C.....",
            Question::First,
            0,
        ),
        (
            "................JI..CAP....K....L..D....I........GB......MO..N................B......P....A........K..............F.E...........AB..P....F...............O............G......B.PE....................L......K.....DH........BC...C...I..........O.M...BAE.......",
            Question::Smallest,
            581,
        ),
        (
            ".I..O..A...........G....N.......A...L..M.D.O.IFB..........L..HC....O........P.G......D.O....A.........H..B..O....E...M...............OEFPH...N...DK........EI.B...E.G.CHA.N.......JL..K......M.......P......K...F..KBLN..E........N...D.I.P.....E...KF.....DJ.L.",
            Question::First,
            4_974,
        ),
        (
            ".......M....D.H..G...JI.........A....N...P..................K....N.M........A.E.........JN.....O............I..........HDG..LM..I.........H.E..K..GK..DIM...H..........A.L.......AE...O....B..F......C.......................G.I..K......H...N.LG..............C",
            Question::CountTo(2),
            225,
        ),
        (
            "...........J..B..G...N.........E.M......I.H......L...C.......J.F.......J........E.............O....M.A...........N..E.....DL.I...........GC........N........O...............N............H....................F..HM..D..OLE.................MN..........A.......",
            Question::Smallest,
            561,
        ),
        (
            ".KL..F...NB..G............L.....B......K........DC.M...G..I....L..A.H..M..............I...A........OG..A....NE..P...........B....BJHI..N.........NC....B....G.AK.I.D.G.P..J....C.......L....H...H....EK.F..J......GP.C..A...M.BHC..........M.AN........DILO.....",
            Question::First,
            5_798,
        ),
        (
            "DO...PN.C..K....H..F..O.M....I........G.O.....N.N.....L.GFH.....C.M.K..E..B...A.A..H.F.M.N.EL...P...A.....C.....K..E.....H...P.....B.K...........NF...HI...P..E..H............P.............AD......G.C.K..F........N....OG......B..P.A..MINEK..................",
            Question::Smallest,
            4_618,
        ),
        (
            ".......BJC.D.N..G.L..P......F..H.EH..........ML.....AOIDP....C...D...........................A.K....J.P....O...MH...G......E.....I..F........D......N.L.........PL.....O............B...L..............F.N....K.M.....C...O....A....HDM........G..G...NK...FE...",
            Question::CountTo(2),
            4_050,
        ),
        (
            "........M.H....B..........B.......GPC......I...O..C..B..KL...GD..F......I...G....GD..K.I.O.N...P.M..FP..............D.N.......O.....E.....A.P...K.......L.E.NC....B.L...F...............B.....G...K..AM..JLP.HC.JL....C..I.G.D........E..C.MB.............N.....",
            Question::CountTo(2),
            564,
        ),
        (
            "........GAB......NC.AK.G...............N.L.H....H.........C..G..I........F..H...AM...P.....J..E.J.H....B..OMK.....EK.......AD....D......E.P....G..............................L..........N............N.P...................A....A...........................E..",
            Question::Smallest,
            598,
        ),
        (
            "..M...J.......B..H............I..P....N....F.................F..B..ILJ...............N......O..............K..E.................C..E...............................O......L.........N....J.....I..A..G.....H............B.............C..........CFK..........AM",
            Question::CountTo(2),
            1_565,
        ),
        (
            ".C..........B............................FE....N..G.A...C........OJC....G............H..........L.FE............A........N...........MKI....A............BH...................G....N...............L..H.........P...............F....D............O....P....L...",
            Question::Smallest,
            613,
        ),
        (
            "H...K....B.........N..B..L.....P......ED......F...O.H....A......PK..ICM.........E.......B..FJ..A...A....J..HND.FO..C...L..........E..........H.....J.F..................O...M..E............I........M.............E...O.....C.K.........IG....N..MO......A.L...",
            Question::CountTo(2),
            32_359,
        ),
        (
            ".LI..N.M........FHP....C.E..JB....O....F...JC.AI...E...K.......M..D.H.G..L.K...J.....MD.I...GAF..F.HA........L..J...L.B.D.....MK......I...M....NH.M.....B......LL...J...........N...........PC....E..P........C..B.PKO...G........N..C.E.K.........O.....M.ELK.D",
            Question::CountTo(2),
            38_744,
        ),
        (
            ".....G....L.I....B...........H............G......F.....M.J.D........H.........D....AP...............O.....I....P....DK.........E..I.................M........L....GD...N....................M...........B......C..J........L......C........I...........I.......D",
            Question::Smallest,
            569,
        ),
        (
            "..L....N....I..H.H...L...I............HJ............A...D..........L.EK.I...J..N......OL......I.....C....F.......N...BI.......H..PA.LI..........F..H...E.M...BK.C...G...F....H.......O.D..........JI.C....A..M.............MK.G.P......I....NJ....N..FM..HJ.....",
            Question::Smallest,
            4_208,
        ),
        (
            ".....NCE....B.K..P.H....O..F...JOL.......G.M..........JI.....DA..GC........................NG.E..E...........H...........K.................E.......A........I........P...L.K...HJ..I...KDP..M.....M....................H...C....D.......HA.J............B..I....",
            Question::CountTo(2),
            114_980,
        ),
        (
            ".....NCE....B.K..P.H....O..F...JOL.......G.M..........JI.....DA..GK........................NG.E..............H...........K.................E.......A........I........P...L.K...HJ..I...KDP..M.....M.............P......H...C....D.......HA.J............B..I....",
            Question::CountTo(2),
            154_904,
        ),
        (
            "...L....K..F......P....M...G..H.K.C..............J....B........IM....F......A...........N..K.DCP........A..J.ON......L.C........PD.......G.....H.........D....K.....F....LK.....AO...CP..F.......H...A......D..J.......O.B...H..............E....F.....G....LP..",
            Question::Smallest,
            6_746,
        ),
        (
            ".G.............J....P.............F......P.I.M.......A..................N...E..H............K.....H....OKC..A..........BDI....M....D........G.........D........KP...J..M...E......O..K................K........I...................L.......N....................",
            Question::Smallest,
            604,
        ),
        (
            "...B.O.D..PE...H...........CLNAE.E........GJI..D.............B.......L......G.M.G..JBC........................H....K..M.L...B.C.A..IHP.......F...........P.........P..G......L.....E.....MF.H.G.N.A....O.FK..M..JF..EKL....P.DIN.LE...I.D...C.....CHJ.FGN.......",
            Question::Smallest,
            581,
        ),
        (
            "....C....E.IBNO....E....M.P....JB....LA.C.F.G..I.FJDH...BN..ML..H.M....LJ......BI..O.P.N.....KD....K....H...AFL..........AE.....DC.J.I.......A...M..D..CEI..N....G...H.BL..FDJ....P...F..J....G...N.P.L..C.DK.....L...J.K....GIN........P........J..OB....H.FC..",
            Question::Smallest,
            4_534,
        ),
        (
            "............................E.D.............F....FJ..K.........P.....N...P....CE......H...F..M.......D.BM....................A......................N...B..........L.G....N...............................B.............EFD....O......B....N.EA...OD...E........",
            Question::Smallest,
            596,
        ),
        (
            "..G..E....M....B.....F...K.E...............IH..PD........N.A..K...D.O......B...........E......O..M.......D.........G.BM.............B.EJF.H......JB...D........FG....KI..............G....JN.IML..EM...............B....M......G.......................KP....B.N",
            Question::CountTo(2),
            5_038,
        ),
        (
            "....L........P....I.......E......C..K..M..L...B.BL.....P..KC...A....A................L...P..M......O..M...........D...........A......G...L........L.................P......G....MG.......B.........E..........................H...........N........KI.....O.C.M.",
            Question::Smallest,
            576,
        ),
        (
            "..PJ..LM.......C.G....N......L...............N................BM...F....C..HL.P.E.OKBF.I..L.NDAJ...P.K.O...JIM....NA.P......O.K.OF...M.J.HE.K...I..........O........O.F.PG.N...I..G.........B.CO.J......BO....M.KE.LF....N.P.J.AF..O.I..E...P..G...M....J.......",
            Question::First,
            4_417,
        ),
        (
            "M..H...............JE..MA...PD.BD..BAL...K..E.N.F..O.I..E..N....O.LA..P...E..J....C.NF.HLOA...MP.....K...J........N......B..........O..NJ..G..E....KH........C..IE....K.....O......F....H.ME.L...O...B......KA...BD....EK..J.....JK.MHI.....D.....MI.JLA..CB..HN",
            Question::CountTo(2),
            4_769,
        ),
        (
            "....P......K.....K......A........G......F..D..LE......K.........HI........OG.ACN.D........N.I....................JN.H....ML..G....AHI......E............K..............N....L...............N..A.....P......................ME.DG.J.....MF....................A.",
            Question::Smallest,
            563,
        ),
        (
            ".....B.LP..G..IO...M..O...................B...D...D.....C..MB...O.......M...F..I....K..A.......LK.A.M....N.E.........P.........G....N......H.M..N..CA.P...E.H....O...E....L.........B.C......G....F...B.E...GPH......M.F.P..O........G....MA......P.....LC......",
            Question::First,
            4_563,
        ),
        (
            "..G..FI.OB.NL..DL...ON........M.....JH.A....N...NOA..L...IM...B.....KI...J.GD.A...MF.DJH.P..G....AJ.E.M...........P.CG...K...LE..D.P..F.G........B.O.K...A.E.J.N......N..........G..........KPDH.......BN.G......FE..P.....O...C..KI......D..B.E.N..L.....B..D.A",
            Question::CountTo(2),
            5_319,
        ),
        (
            "...E..............D....................H.........P.............J.B..L...DJ......P.....GM....D....D.........M..........K.............C..........................P..E.H....F................D..J.....B.N......C.............KA......H.......J..O....CA.......B....",
            Question::Smallest,
            7_140,
        ),
        (
            "D.....OA..IG.HC...C......A......A..J.......HD.....G..H..L.P...OJ..J.H.K..G...E.......A........J.N.......K.HD....L..FME......C...P.F...MJ.......I.....O...JE.......I............E....BC.I..........A...PM............L.D...O.M..............PF...H.......E.L..KBC",
            Question::Smallest,
            577,
        ),
        (
            "M......N.E..............K....................KJ......H......B...E........BH.....I.......F......P......I...............J...GO.........A............AH.....NB...........K......J...............IO....IG.....NK.........C.............P.........C.....G....D.C.....",
            Question::Smallest,
            692,
        ),
        (
            "D..O..P......C...F.HC.....KG..M..EC.....AM..H...A.......IE...G...O...P.....KF...N..B.H.J............I.E.N.B..A........FK..E.......E...A........F.....F......A......A...E....DP........D.FNAH.......JE...P...N...O.....G........L.A..F.......GB....BG....L..F...O",
            Question::Smallest,
            8_628,
        ),
        (
            "..DM...N..............M...F...O.P...O.........D.F.........K.....MD.......G...A...O..C..........HEB..............AK..N..D...........JID....G..O....IK..C.E....B......HO.....F..I....L....KA.IF.....N....J..CMP.E...KG...E..................D.........M.K.....JN..",
            Question::Smallest,
            14_435,
        ),
        (
            "A.E..NL...I......N............GP........N...F..O.K...P.I...C.JL...OE...FL..P...M.B..OG..M.AK.....L.IK.H...............I..FE....B.......M....G.O.NA...C.....FL..J.CI.HO.....D.F.AK....J......BH......G..O.A..P..D.......P.E...B..C.BPD.A..JN..G.I.I.O.H..D.......",
            Question::Smallest,
            14_672,
        ),
        (
            "KG.E....NMF....I.P.D....J.......F....HC...OD.G......B....L...P.......M...PB..A..........A.......B..OF...EJ...........OP...MFI..................P...L..H.......K.NO.......H.B.FA.........KE.......E...P.....N.........G.....M..E...K.H.....AGP....B....K.....GM..",
            Question::CountTo(2),
            6_511,
        ),
        (
            "I.CN....OB........AE.IPCDL........L.H...J....P...HB.J....CE.N.D...J.P.I...C.......DC.H..E...A..........J....C..D.PFI...D...OB........PF........KG.OD.MH.A..J..CNM.K.....C...G..OP.NFL....K...J...I.....G...L.B.......JA..GF.DL.....L....I...F.N..........E..JA.P",
            Question::First,
            4_437,
        ),
        (
            "CF.....M.G...L....L.AGBH......J.A.B....E..D..NK.K..O......P.......AD.I....CE..B.....E.C.J.N.L...F......BG......P........KI.F...J.LPE...A.F.B.....CJ....O....G..A...H...LCE..K..N.....M....GD.I....F.P..K..HJ...I.OM.G......KC.A....LJ....N.G...O.....LE.O...F...",
            Question::Smallest,
            18_983,
        ),
    ];

    fn sixteen(text: &str) -> Sudoku {
        board(4, text)
    }

    /// The board of `n x n` boxes written in `text` as letters from `A`, `.` for a blank.
    fn board(n: usize, text: &str) -> Sudoku {
        let cells = text
            .bytes()
            .map(|b| if b == b'.' { 0 } else { b - b'A' + 1 })
            .collect();
        Sudoku::from_cells(n, cells).unwrap()
    }

    /// The worst 25x25 board of a five-minute climb to a first solution by guesses against the
    /// engine of the twelfth pass (33,690 guesses, 42 ms; 30,469 since the learning searches
    /// make their clauses shorter; 16,021 since contradictions show first where propagation
    /// looks at the changed place masks unit by unit).
    const CLIMBED_25: &str = "..AF..M..........Q.LR.B......PNQY.I....H...FA......I.....R.....ST......W...G...L..OA.M........W..IQ..DJUOPX......I....RV.........Y..I..VTB..M..SO..XJ...TB.UA.OM.....Q.W.....LRA.O..KJD....E....LI.BT........Y...........A..S...U..HI.....CA..MU....P.N.W...BL.C.....D..M...JE.IN.Q....XQ.W.........F.SAD....O....K..PG........B..T.C.N...G.LB..SVTCOM...J.P...T..CI..D..EJ.........H...F...AS.M.D.O.JY..P.NG.I...G..V.H.F..TU.....X..Y....M..J...K...Y.RL.NG.C....K.......Y.......BH........QP.LI...B.H...A.T..XKDJ....B......K.........RLNI....S.OQ..P.X.......GFVHB..K.DE.X...R.LI..H......A....IB.....UCAS.D.M.X....PW.X..N...H.G...S......O.";

    #[test]
    fn the_latest_25x25_climbs_worst_board_stays_within_a_third_more_than_it_took() {
        let puzzle = board(5, CLIMBED_25);
        let took = 16_021;
        let measured = puzzle.measure(Question::First, Method::Portfolio, took + took / 3);
        match measured.answer {
            Some(Answer::Solution(Some(solution))) => assert!(solution.solves(&puzzle)),
            other => panic!("{:?} after {} guesses", other, measured.guesses),
        }
    }

    #[test]
    fn pairs_refute_boards_that_took_unit_propagation_millions_of_guesses() {
        // Found by the adversary before naked and hidden pairs: 3.7 and 1.5 million guesses.
        let refuted = [
            PAIR_REFUTED,
            ".M...P.....O.........K....B....M.J.............D....A.....C....G...G............J.B....EFI....M........M.L.B.JG..I...H.....A....P...B...GH...A....L.....E...........J........M.........O.........PJ.G....K..........ID.HA.MP..N.NL...F.....G..K.....K...H.IDM..A",
        ];
        for text in refuted {
            let board = sixteen(text);
            assert!(guesses(&board, Question::First, 20_000).is_some());
            assert_eq!(board.solution(), None);
        }
    }

    #[test]
    fn the_latest_climbs_worst_boards_stay_within_a_third_more_than_they_took() {
        for (text, question, took) in CLIMBED_WORST_LATELY {
            let board = sixteen(text);
            let budget = took + took / 3;
            match board.measure(question, Method::Portfolio, budget).answer {
                Some(Answer::Solution(Some(solution))) if question == Question::First => {
                    assert!(solution.solves(&board))
                }
                // The smallest completion, checked against the learning search from the
                // likeliest alone, which fixes cells one by one (the portfolio may have found it
                // by a search in reading order).
                Some(answer) if question == Question::Smallest => {
                    let alone = board.measure(question, Method::Learning, u64::MAX);
                    assert_eq!(alone.answer, Some(answer));
                }
                // A refutation or a count, checked against the learning search alone, which
                // shares no reasoning with the cell rules (from reading order: from the likeliest
                // it takes 47 s over one of these boards).
                Some(answer) => {
                    let alone = board.measure(question, Method::LearningInReadingOrder, u64::MAX);
                    assert_eq!(alone.answer, Some(answer));
                }
                None => panic!("{:?} unanswered within {} guesses", question, budget),
            }
        }
    }

    #[test]
    fn the_learning_search_from_reading_order_refutes_the_worst_board_known_ruling_candidates_out()
    {
        // Deciding true first, it took 95,830 guesses restarting on Luby's runs of 64
        // contradictions, 29,582 on runs of 32 and 91,540 on Glucose's rule; ruling candidates
        // out first, 13,441, 6,156 and 11,905; making its clauses shorter, 12,510 on Glucose's
        // rule, and keeping four times the clauses, 13,004. (From the likeliest the board takes
        // 0.2 to 0.6 million guesses either way.)
        let board = sixteen(WORST_REFUTATION);
        let took = 13_004;
        let measured = board.measure(
            Question::CountTo(2),
            Method::LearningInReadingOrder,
            took + took / 3,
        );
        assert_eq!(measured.answer, Some(Answer::Count(0)));
    }

    #[test]
    fn the_segment_rules_cut_a_refutation_the_portfolio_took_long_over() {
        // Found by the adversary before the segment rules: the portfolio refuted it in 174,044
        // guesses, 18,186 with them.
        let board = sixteen(SEGMENT_REFUTED);
        assert!(guesses(&board, Question::First, 40_000).is_some());
        assert_eq!(board.count_solutions(2), 0);
    }

    #[test]
    fn the_portfolio_costs_a_bounded_multiple_of_its_best_strategy_alone() {
        // Every strategy but reading order has a turn of one share or more in each round that
        // resumes its own search: it gets at least a share of every round, on a budget that
        // doubles, so the portfolio stops at the latest in the round after the one where that
        // share covers what the strategy needs alone.
        let schedule = portfolio(4);
        let resumed = |wanted| {
            schedule
                .rounds
                .iter()
                .any(|&(turn, share)| turn == wanted && share >= 1)
        };
        // The learning searches first: on refutations that stall every cell rule, their guesses
        // cap the cell rules' searches, which alone would run for hundreds of thousands.
        let with_resumed_turns = [
            (Method::Learning, Turn::Learning(FirstOrder::Likeliest)),
            (
                Method::LearningInReadingOrder,
                Turn::Learning(FirstOrder::ReadingOrder),
            ),
            (
                Method::FewestCandidatesPerConflict,
                Turn::Resumed(Branching::FewestCandidatesPerConflict),
            ),
            (
                Method::FewestCandidatesPerRecentConflict,
                Turn::Resumed(Branching::FewestCandidatesPerRecentConflict),
            ),
            (Method::FewestPlaces, Turn::Resumed(Branching::FewestPlaces)),
            (Method::Probing, Turn::Resumed(Branching::Probing)),
        ];
        let shares: u64 = schedule.rounds.iter().map(|&(_, share)| share).sum();
        let mut boards = vec![PAIR_REFUTED, SEGMENT_REFUTED];
        boards.extend(ONE_RULE_ANSWERS);
        boards.push(CLIMBED_WORST);
        boards.extend(STALL_EVERY_CELL_RULE);
        boards.extend(CLIMBED_WORST_LATELY.iter().map(|&(text, _, _)| text));
        for text in boards {
            let board = sixteen(text);
            let mut best = u64::MAX;
            for (strategy, turn) in with_resumed_turns {
                assert!(resumed(turn), "{:?} has no resumed turn", turn);
                let measured = board.measure(Question::First, strategy, best);
                if measured.answer.is_some() {
                    best = measured.guesses;
                }
            }
            let bound = schedule.first.1 + shares * (2 * best + schedule.round_budget);
            let portfolio = guesses(&board, Question::First, bound);
            assert!(portfolio.is_some(), "best alone {}: {}", best, text);
        }
    }

    #[test]
    fn learning_answers_boards_that_stall_every_cell_rule() {
        // Each cell rule alone needs over 60 thousand guesses on these (the fewest, 66,826, the
        // per-conflict rule on the first); the learning search 1,158 and 555 decisions, whose
        // work is worth 3,661 and 1,985 guesses, and the portfolio 12,109 and 6,081 guesses.
        for text in STALL_EVERY_CELL_RULE {
            let board = sixteen(text);
            for strategy in Method::ALONE {
                if !matches!(strategy, Method::Learning | Method::LearningInReadingOrder) {
                    let measured = board.measure(Question::CountTo(2), strategy, 60_000);
                    assert_eq!(measured.answer, None, "{:?}", strategy);
                }
            }
            for (question, expected) in [
                (Question::CountTo(2), Answer::Count(0)),
                (Question::First, Answer::Solution(None)),
            ] {
                let learning = board.measure(question, Method::Learning, 5_000);
                assert_eq!(learning.answer, Some(expected.clone()), "{:?}", question);
                let portfolio = board.measure(question, Method::Portfolio, 20_000);
                assert_eq!(portfolio.answer, Some(expected), "{:?}", question);
            }
        }
    }

    #[test]
    fn the_learning_search_counts_every_completion_once_and_resumes_where_it_stopped() {
        // 288 boards of 4x4; one given leaves a quarter, two different ones in a row a twelfth.
        let mut puzzles = vec![Sudoku::empty(2).unwrap()];
        for givens in [&[(0, 1)][..], &[(0, 1), (2, 2)]] {
            let mut puzzle = Sudoku::empty(2).unwrap();
            for &(cell, digit) in givens {
                puzzle.set(cell, digit);
            }
            puzzles.push(puzzle);
        }
        let orders = [
            (FirstOrder::Likeliest, Method::Learning),
            (FirstOrder::ReadingOrder, Method::LearningInReadingOrder),
        ];
        for (puzzle, expected) in puzzles.iter().zip([288, 72, 24]) {
            for (order, method) in orders {
                let geometry = Geometry::new(2);
                let start = Position::new(&geometry, puzzle.cells()).unwrap();
                let mut learning = super::learning::Learning::new(&geometry, &start, order);
                let mut seen = std::collections::HashSet::new();
                loop {
                    // One decision a run: a run stopped for its budget goes on where it stopped.
                    let mut budget = 1;
                    match learning.run(&geometry, &mut budget) {
                        None => continue,
                        Some(None) => break,
                        Some(Some(digits)) => {
                            let found = Sudoku::from_cells(2, digits.clone()).unwrap();
                            assert!(found.solves(puzzle));
                            assert!(seen.insert(digits.clone()), "found twice");
                            learning.exclude(&geometry, &digits);
                        }
                    }
                }
                assert_eq!(seen.len(), expected, "{:?}", order);
                let counted = puzzle.measure(Question::CountTo(1000), method, u64::MAX);
                assert_eq!(counted.answer, Some(Answer::Count(expected)), "{:?}", order);
            }
        }
    }

    #[test]
    fn the_learning_search_deciding_in_reading_order_meets_the_smallest_completion_first() {
        // The search's first completion (`None` for none) after runs of `each` guesses, or
        // `None` if `budget` guesses in all did not find it.
        let lexicographic = |board: &Sudoku, each: u64, budget: u64| {
            let geometry = Geometry::new(board.box_size());
            let start = match Position::new(&geometry, board.cells()) {
                Some(start) => start,
                None => return Some(Answer::Solution(None)),
            };
            let mut learning = super::learning::Learning::lexicographic(&geometry, &start);
            let mut left = budget;
            while left > 0 {
                let mut run = each.min(left);
                left -= run;
                if let Some(found) = learning.run(&geometry, &mut run) {
                    let found = found.map(|cells| Sudoku::from_cells(board.box_size(), cells));
                    return Some(Answer::Solution(found.map(Option::unwrap)));
                }
                left += run;
            }
            None
        };
        // Sparse 4x4 and 9x9 boards with many completions, some made unsolvable by one more
        // given, against the plain reading-order search, one guess a run (so that every run but
        // the last stops for its budget).
        let mut rng = crate::random::Rng::new(1309);
        let mut refuted = 0;
        for n in [2, 3] {
            let full = Sudoku::empty(n).unwrap().solution().unwrap();
            let side = n * n;
            for k in 0..150 {
                let mut digits: Vec<u8> = (1..=side as u8).collect();
                rng.shuffle(&mut digits);
                let mut board = Sudoku::empty(n).unwrap();
                for _ in 0..rng.below(side * side / 3) + 1 {
                    let cell = rng.below(side * side);
                    board.set(cell, digits[usize::from(full.get(cell)) - 1]);
                }
                if k % 3 == 0 {
                    board.set(rng.below(side * side), rng.below(side) as u8 + 1);
                }
                let plain = board.measure(Question::Smallest, Method::ReadingOrder, u64::MAX);
                refuted += usize::from(plain.answer == Some(Answer::Solution(None)));
                assert_eq!(
                    lexicographic(&board, 1, 100_000),
                    plain.answer,
                    "{:?}",
                    board
                );
            }
        }
        assert!(
            refuted >= 20,
            "only {} boards without a completion",
            refuted
        );
        // The climbed 16x16 smallest solutions it answers within 3,000 guesses (six when
        // written, in 421 to 2,837), against the learning search fixing cells one by one.
        let mut answered = 0;
        let boards = CLIMBED_WORST_LATELY.iter();
        for &(text, _, _) in boards.filter(|board| board.1 == Question::Smallest) {
            let board = sixteen(text);
            if let Some(found) = lexicographic(&board, 3_000, 3_000) {
                let cell_by_cell = board.measure(Question::Smallest, Method::Learning, u64::MAX);
                assert_eq!(Some(found), cell_by_cell.answer, "{}", text);
                answered += 1;
            }
        }
        assert!(answered >= 5, "only {} answered", answered);
    }

    #[test]
    fn a_learning_search_kept_across_questions_answers_each_as_a_fresh_one_would() {
        // The questions that lead to the smallest solutions of the boards climbed for them (is
        // there a solution with the cells fixed so far and this digit in the next cell?), asked
        // of one search that keeps what it learnt from one question to the next, and of a fresh
        // one. A few of those questions have no solution that propagation alone shows.
        let geometry = Geometry::new(4);
        let answer = |learning: &mut super::learning::Learning| {
            let mut unlimited = u64::MAX;
            learning.run(&geometry, &mut unlimited).unwrap()
        };
        let mut refuted = 0;
        let boards = CLIMBED_WORST_LATELY.iter();
        for &(text, _, _) in boards.filter(|board| board.1 == Question::Smallest) {
            let puzzle = sixteen(text);
            let base = Position::new(&geometry, puzzle.cells()).unwrap();
            for order in [FirstOrder::Likeliest, FirstOrder::ReadingOrder] {
                let mut kept = super::learning::Learning::new(&geometry, &base, order);
                let mut fixed = puzzle.cells().to_vec();
                for cell in 0..fixed.len() {
                    if fixed[cell] != 0 {
                        continue;
                    }
                    for digit in 1..=16 {
                        fixed[cell] = digit;
                        let position = match Position::new(&geometry, &fixed) {
                            Some(position) => position,
                            None => continue,
                        };
                        kept.assume(&geometry, &position);
                        let found = answer(&mut kept);
                        let mut fresh = super::learning::Learning::new(&geometry, &position, order);
                        assert_eq!(found.is_some(), answer(&mut fresh).is_some());
                        match found {
                            Some(found) => {
                                let question = Sudoku::from_cells(4, fixed.clone()).unwrap();
                                assert!(Sudoku::from_cells(4, found).unwrap().solves(&question));
                                break;
                            }
                            None => refuted += 1,
                        }
                    }
                }
                assert_eq!(puzzle.smallest_solution().unwrap().cells(), &fixed[..]);
                // The board itself once more, with nothing assumed.
                kept.assume(&geometry, &base);
                assert!(answer(&mut kept).is_some());
            }
        }
        assert!(refuted >= 20, "{}", refuted);
    }

    #[test]
    fn the_smallest_solution_takes_reading_order_in_turns_with_cell_by_cell() {
        // Boards the adversary found climbing against the smallest solution when reading order
        // had one turn of 4,096 guesses: cell by cell took 498,710 and 777,733 guesses, reading
        // order alone takes 43,647 and 122,871. The portfolio takes 6,849 and 6,941 (a third
        // more is allowed).
        let boards = [
            ("...............L...FM.........I...MA.J..................J...G...........I..............K...........E.....AL..G.......F..............J.....N.....J........G...H...CF.......J.IE.....O.......P.......D.......K.............I...N.......................C......L...", 9_132),
            ("...........G......H............K......B.......................P......P...J.....L...........I......DH...........I....E.A......P....I......G.....J.B.A..N....P.O.............J..............CD....IH.G.N.........P..C......................F.......E.O............", 9_254),
        ];
        for (text, budget) in boards {
            let board = sixteen(text);
            let measured = board.measure(Question::Smallest, Method::Portfolio, budget);
            let reading = board.measure(Question::Smallest, Method::ReadingOrder, u64::MAX);
            assert!(measured.answer.is_some(), "{}", text);
            assert_eq!(measured.answer, reading.answer);
        }
    }

    #[test]
    fn a_band_or_stack_without_a_completion_refutes_the_board() {
        let geometry = Geometry::new(4);
        assert!(Position::new(&geometry, sixteen(STACK_REFUTED).cells()).is_none());
        let board = sixteen(PART_REFUTED);
        let start = Position::new(&geometry, board.cells()).unwrap();
        let (mut budget, mut completed) = (100_000, 0);
        assert_eq!(
            refute_by_parts(&geometry, &start, &mut budget, &mut completed),
            Some(())
        );
        assert_eq!(completed, 0b1_1111, "the second stack has no completion");
        assert_eq!(
            guesses(&board, Question::First, 200_000).map(|_| board.solution()),
            Some(None)
        );
        // A board with completions: every part has one, and nothing is refuted.
        let mut puzzle = Sudoku::empty(4).unwrap().solution().unwrap();
        for cell in (0..256).filter(|cell| cell % 3 != 0) {
            puzzle.set(cell, 0);
        }
        let start = Position::new(&geometry, puzzle.cells()).unwrap();
        let (mut budget, mut completed) = (100_000, 0);
        assert_eq!(
            refute_by_parts(&geometry, &start, &mut budget, &mut completed),
            None
        );
        assert_eq!(completed, 0xff);
    }
}
