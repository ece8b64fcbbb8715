//! Fresh names for the compact layout's renaming: the shortest names that no identifier of the
//! bundle has, written in the letter case the renamed name's kind asks for.

use std::collections::BTreeSet;

use proc_macro2::Ident;

/// How a name is written, which decides the lints it passes: functions, modules and locals in
/// lower case, types, traits and variants capitalized, constants and statics in capitals.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Case {
    /// `ab`.
    Lower,
    /// `Ab`.
    Capitalized,
    /// `AB`.
    Upper,
}

impl Case {
    /// The case `name` is written in (a name with no lower-case letter is in capitals).
    pub fn of(name: &str) -> Case {
        if !name.chars().any(|c| c.is_ascii_lowercase()) {
            Case::Upper
        } else if name.starts_with(|c: char| c.is_ascii_uppercase()) {
            Case::Capitalized
        } else {
            Case::Lower
        }
    }

    fn write(self, lower: &str) -> String {
        match self {
            Case::Lower => lower.to_string(),
            Case::Upper => lower.to_ascii_uppercase(),
            Case::Capitalized => {
                let mut chars = lower.chars();
                let first = chars.next().map(|c| c.to_ascii_uppercase());
                first.into_iter().chain(chars).collect()
            }
        }
    }
}

/// Names no identifier of the bundle has and no keyword or primitive type is: `a` to `z`, then
/// two characters, and so on. Each name is handed out once, in one case only, so names of
/// different cases never differ by case alone.
pub struct FreshNames<'a> {
    taken: &'a BTreeSet<String>,
    counter: usize,
}

/// Keywords and primitive types of two or three characters, and `Self`, which a fresh name must
/// not be (nor any other keyword, which syn would not read as a name).
const RESERVED: [&str; 21] = [
    "as", "do", "fn", "if", "in", "dyn", "for", "let", "mod", "mut", "pub", "ref", "try", "use",
    "box", "gen", "i8", "u8", "f32", "f64", "Self",
];

impl<'a> FreshNames<'a> {
    /// Names not among `taken`, from the shortest.
    pub fn new(taken: &'a BTreeSet<String>) -> Self {
        FreshNames { taken, counter: 0 }
    }

    /// Names not among `taken`, from the shortest of two characters: the single letters are
    /// left to the locals, which every function uses afresh.
    pub fn of_two_letters_on(taken: &'a BTreeSet<String>) -> Self {
        FreshNames { taken, counter: 26 }
    }

    /// The next fresh name, written in `case`.
    pub fn next_in(&mut self, case: Case) -> Ident {
        const FIRST: &[u8] = b"abcdefghijklmnopqrstuvwxyz";
        const REST: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
        loop {
            let (mut k, mut lower) = (self.counter, String::new());
            self.counter += 1;
            lower.push(FIRST[k % FIRST.len()] as char);
            k /= FIRST.len();
            while k > 0 {
                k -= 1;
                lower.push(REST[k % REST.len()] as char);
                k /= REST.len();
            }
            let name = case.write(&lower);
            if !self.taken.contains(&name)
                && !RESERVED.contains(&name.as_str())
                && !RESERVED.contains(&lower.as_str())
                && syn::parse_str::<syn::Ident>(&name).is_ok()
            {
                return Ident::new(&name, proc_macro2::Span::call_site());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_names_skip_taken_names_and_keywords() {
        let taken: BTreeSet<String> = ["a", "c"].iter().map(|s| s.to_string()).collect();
        let mut fresh = FreshNames::new(&taken);
        let names: Vec<String> = (0..30)
            .map(|_| fresh.next_in(Case::Lower).to_string())
            .collect();
        assert_eq!(names[..3], ["b", "d", "e"]);
        assert!(!names.iter().any(|name| RESERVED.contains(&name.as_str())));
        assert_eq!(names.iter().collect::<BTreeSet<_>>().len(), 30);
        assert!(names[24..].iter().all(|name| name.len() == 2));
    }

    #[test]
    fn each_name_is_handed_out_once_in_the_case_asked_for() {
        let taken: BTreeSet<String> = ["B", "c"].iter().map(|s| s.to_string()).collect();
        let mut fresh = FreshNames::new(&taken);
        let names: Vec<String> = [Case::Upper, Case::Capitalized, Case::Lower, Case::Lower]
            .iter()
            .map(|&case| fresh.next_in(case).to_string())
            .collect();
        // `B` and `c` are taken; `b` is passed over with `B`, so no two names differ by case.
        assert_eq!(names, ["A", "C", "d", "e"]);
        let mut fresh = FreshNames::new(&taken);
        let long: Vec<String> = (0..40)
            .map(|_| fresh.next_in(Case::Capitalized).to_string())
            .collect();
        assert!(long.iter().all(|name| Case::of(name) != Case::Lower));
        assert!(long.contains(&"Aa".to_string()));
        let mut fresh = FreshNames::of_two_letters_on(&taken);
        assert_eq!(fresh.next_in(Case::Lower).to_string(), "aa");
    }

    #[test]
    fn a_names_case_is_read_from_its_letters() {
        assert_eq!(Case::of("SIDE_LENGTH"), Case::Upper);
        assert_eq!(Case::of("N2"), Case::Upper);
        assert_eq!(Case::of("Geometry"), Case::Capitalized);
        assert_eq!(Case::of("geometry_of"), Case::Lower);
    }
}
