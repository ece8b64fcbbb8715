//! Shorter item names for the compact layout: every function, module, type, trait, constant,
//! static, enum variant and named field the bundle defines takes the shortest name no
//! identifier of the bundle has, in the letter case of the name it replaces (see [`Case`]), the
//! most used first. Functions, modules and fields start at two letters, leaving the single
//! letters to the locals, which every function uses afresh.
//!
//! A name is replaced at every occurrence, whatever it names there (a local or a label sharing
//! it is renamed alike), and the new name clashes with no other, so every name still resolves to
//! what it did. That holds while every occurrence names something of the bundle; so a name
//! stays where any occurrence might name something else:
//! - after `.` as a method (called, perhaps with a turbofish), or as a field that is not one of
//!   the bundle's or that a standard type also has in public (see [`STANDARD_FIELDS`]); before
//!   `!` (a macro);
//! - as a segment of a path, or of a `use` tree, whose first segment is neither `crate`, `self`,
//!   `super`, `Self` nor a name that is renamed (`std::fmt::Write`, `u32::MAX`, `T::default`);
//! - as a method, associated constant or associated type (of an impl, which may implement a
//!   standard trait, or of a trait);
//! - as the name of a field of a struct from outside the bundle (`Range { start, end }`);
//! - in an attribute (`derive(Debug)`), in `stringify!`, as a format string's `{name}`, as a
//!   macro's fragment specifier, as a name of the prelude or a primitive type, as `main`, or as a
//!   raw identifier;
//! - for the names of types, variants and fields, if any string formats with `{:?}`: what
//!   `Debug` prints is the name.
//!
//! A file that glob-imports from outside the bundle keeps every name, since what such an import
//! brings in is unknown.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use quote::ToTokens;
use syn::visit::{self, Visit};

use crate::fresh::{Case, FreshNames};
use crate::prune::{impl_item_name, item_name};
use crate::shorten::{format_captures, rename_idents};

/// Renames the items of `file` as the module documentation says.
pub fn shorten_items(file: &mut syn::File) {
    let mut definitions = Definitions::default();
    definitions.visit_file(file);
    let tokens = file.to_token_stream();
    let mut kept = definitions.kept;
    kept.extend(UNRENAMEABLE.iter().map(|name| name.to_string()));
    // A root that stays may name something outside: what follows it stays too, which may in
    // turn make other roots stay.
    let scan = loop {
        let mut scan = Scan {
            defined: &definitions.defined,
            fields: &definitions.fields,
            kept: kept.clone(),
            uses: BTreeMap::new(),
            outside_glob: false,
            debug_formatting: false,
        };
        scan.tokens(tokens.clone(), None);
        if scan.kept.len() == kept.len() {
            break scan;
        }
        kept = scan.kept;
    };
    if scan.outside_glob {
        return;
    }
    if scan.debug_formatting {
        kept.extend(
            (definitions.defined.iter())
                .filter(|name| Case::of(name) != Case::Lower || definitions.fields.contains(*name))
                .cloned(),
        );
    }
    let mut names: Vec<(&String, usize)> = (definitions.defined.iter())
        .filter(|name| !kept.contains(*name))
        .map(|name| (name, scan.uses.get(name).copied().unwrap_or(0)))
        .collect();
    // The most used first, ties in the order of the names, so that a bundle never changes.
    names.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let taken: BTreeSet<String> = scan.uses.keys().cloned().collect();
    let mut lower = FreshNames::of_two_letters_on(&taken);
    let mut capital = FreshNames::new(&taken);
    let mut renames = BTreeMap::new();
    for (name, _) in names {
        let case = Case::of(name);
        let new = match case {
            Case::Lower => lower.next_in(case),
            Case::Capitalized | Case::Upper => capital.next_in(case),
        };
        if new.to_string().len() < name.len() {
            renames.insert(name.clone(), new);
        }
    }
    let renamed = rename_idents(tokens, &|ident, _, _| {
        renames.get(&ident.to_string()).cloned()
    });
    if let Ok(renamed) = syn::parse2(renamed) {
        *file = renamed;
    }
}

/// Names that always stay: names of the prelude and primitive types that a bundle may use bare,
/// the standard crates, and `main`.
const UNRENAMEABLE: [&str; 60] = [
    "main",
    "Copy",
    "Send",
    "Sized",
    "Sync",
    "Unpin",
    "Drop",
    "Fn",
    "FnMut",
    "FnOnce",
    "drop",
    "Box",
    "ToOwned",
    "Clone",
    "PartialEq",
    "PartialOrd",
    "Eq",
    "Ord",
    "AsRef",
    "AsMut",
    "Into",
    "From",
    "Default",
    "Iterator",
    "Extend",
    "IntoIterator",
    "DoubleEndedIterator",
    "ExactSizeIterator",
    "Option",
    "Some",
    "None",
    "Result",
    "Ok",
    "Err",
    "String",
    "ToString",
    "Vec",
    "TryFrom",
    "TryInto",
    "FromIterator",
    "bool",
    "char",
    "str",
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "usize",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "isize",
    "f32",
    "f64",
    "std",
    "core",
    "alloc",
];

/// The names of the public fields of standard types (`Range`, `process::Output`, an x86
/// `CpuidResult`): after `.` such a name may read a standard value's field, so it stays even
/// where the bundle's own fields have it.
const STANDARD_FIELDS: [&str; 9] = [
    "start", "end", "status", "stdout", "stderr", "eax", "ebx", "ecx", "edx",
];

/// The names the bundle defines as items, variants or named fields, the fields' names also on
/// their own, and the names that stay whatever the rest of the file says: associated items,
/// macros and foreign items.
#[derive(Default)]
struct Definitions {
    defined: BTreeSet<String>,
    fields: BTreeSet<String>,
    kept: BTreeSet<String>,
}

impl<'ast> Visit<'ast> for Definitions {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        match item {
            syn::Item::Macro(m) => self.kept.extend(m.ident.as_ref().map(|i| i.to_string())),
            syn::Item::Mod(m) => {
                self.defined.insert(m.ident.to_string());
            }
            _ => self.defined.extend(item_name(item)),
        }
        visit::visit_item(self, item);
    }

    fn visit_variant(&mut self, variant: &'ast syn::Variant) {
        self.defined.insert(variant.ident.to_string());
        visit::visit_variant(self, variant);
    }

    fn visit_field(&mut self, field: &'ast syn::Field) {
        if let Some(ident) = &field.ident {
            self.defined.insert(ident.to_string());
            self.fields.insert(ident.to_string());
        }
        visit::visit_field(self, field);
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        self.kept.extend(impl_item_name(item));
        visit::visit_impl_item(self, item);
    }

    fn visit_trait_item(&mut self, item: &'ast syn::TraitItem) {
        match item {
            syn::TraitItem::Fn(f) => self.kept.insert(f.sig.ident.to_string()),
            syn::TraitItem::Const(c) => self.kept.insert(c.ident.to_string()),
            syn::TraitItem::Type(t) => self.kept.insert(t.ident.to_string()),
            _ => false,
        };
        visit::visit_trait_item(self, item);
    }

    fn visit_foreign_item(&mut self, item: &'ast syn::ForeignItem) {
        if let syn::ForeignItem::Fn(f) = item {
            self.kept.insert(f.sig.ident.to_string());
        }
        visit::visit_foreign_item(self, item);
    }
}

/// Where a path starts: in the bundle (`crate`, `self`, `super`, `Self` or a name to rename), or
/// possibly outside it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Root {
    Inside,
    Outside,
}

/// One pass over the file's tokens: which names must stay, and how often each name occurs.
struct Scan<'a> {
    defined: &'a BTreeSet<String>,
    fields: &'a BTreeSet<String>,
    kept: BTreeSet<String>,
    uses: BTreeMap<String, usize>,
    outside_glob: bool,
    debug_formatting: bool,
}

impl Scan<'_> {
    fn root(&self, name: &str) -> Root {
        let inside = matches!(name, "crate" | "self" | "super" | "Self")
            || (self.defined.contains(name) && !self.kept.contains(name));
        if inside {
            Root::Inside
        } else {
            Root::Outside
        }
    }

    /// Where the path ending at the identifier `tokens[at]` starts. `entry` is where the path
    /// before a `use` tree's braces starts, when `tokens` are inside them.
    fn root_of(&self, tokens: &[TokenTree], mut at: usize, entry: Option<Root>) -> Root {
        loop {
            if !follows_path_separator(tokens, at) {
                let starts_entry = at == 0 || is_punct(&tokens[at - 1], ',');
                return match (entry, &tokens[at]) {
                    (Some(root), _) if starts_entry => root,
                    (_, TokenTree::Ident(ident)) => self.root(&ident.to_string()),
                    _ => Root::Outside,
                };
            }
            // `tokens[at - 2..at]` is `::`; before it, a segment, or turbofish arguments after
            // one, or nothing the path could start with inside the bundle.
            let before = match at.checked_sub(3) {
                Some(before) => before,
                None => return Root::Outside,
            };
            at = match &tokens[before] {
                TokenTree::Ident(_) => before,
                TokenTree::Punct(p) if p.as_char() == '>' => match opening_angle(tokens, before) {
                    Some(open) if follows_path_separator(tokens, open) && open >= 3 => {
                        match tokens[open - 3] {
                            TokenTree::Ident(_) => open - 3,
                            _ => return Root::Outside,
                        }
                    }
                    _ => return Root::Outside,
                },
                _ => return Root::Outside,
            };
        }
    }

    /// Where the path before the `::` that `tokens[k]` follows starts (outside the bundle if
    /// no segment comes before the `::`).
    fn root_before(&self, tokens: &[TokenTree], k: usize, entry: Option<Root>) -> Root {
        match k.checked_sub(3).map(|at| &tokens[at]) {
            Some(TokenTree::Ident(_)) => self.root_of(tokens, k - 3, entry),
            _ => Root::Outside,
        }
    }

    fn keep_all(&mut self, tokens: TokenStream) {
        for token in tokens {
            match token {
                TokenTree::Ident(ident) => {
                    self.count(&ident.to_string());
                    self.kept.insert(ident.to_string());
                }
                TokenTree::Group(group) => self.keep_all(group.stream()),
                TokenTree::Literal(_) | TokenTree::Punct(_) => {}
            }
        }
    }

    fn count(&mut self, name: &str) {
        *self.uses.entry(name.to_string()).or_default() += 1;
    }

    /// Scans `tokens`, which are inside a `use` tree's braces if `entry` says where the path
    /// before them starts.
    fn tokens(&mut self, tokens: TokenStream, entry: Option<Root>) {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        for (k, token) in tokens.iter().enumerate() {
            match token {
                TokenTree::Ident(ident) => {
                    let name = ident.to_string();
                    self.count(&name);
                    if self.stays(&tokens, k, entry) {
                        self.kept.insert(name);
                    }
                }
                TokenTree::Group(group) => {
                    let attribute = group.delimiter() == Delimiter::Bracket
                        && (k >= 1 && is_punct(&tokens[k - 1], '#')
                            || k >= 2
                                && is_punct(&tokens[k - 1], '!')
                                && is_punct(&tokens[k - 2], '#'));
                    let stringified = k >= 2
                        && is_punct(&tokens[k - 1], '!')
                        && matches!(&tokens[k - 2], TokenTree::Ident(i) if i == "stringify");
                    if attribute || stringified {
                        self.keep_all(group.stream());
                    } else if self.outside_struct(&tokens, k, entry) {
                        self.keep_field_names(group.stream());
                        self.tokens(group.stream(), None);
                    } else if group.delimiter() == Delimiter::Brace
                        && follows_path_separator(&tokens, k)
                    {
                        let root = self.root_before(&tokens, k, entry);
                        self.tokens(group.stream(), Some(root));
                    } else {
                        self.tokens(group.stream(), None);
                    }
                }
                TokenTree::Punct(p) => {
                    if p.as_char() == '*' && follows_path_separator(&tokens, k) {
                        let root = self.root_before(&tokens, k, entry);
                        self.outside_glob |= root == Root::Outside;
                    }
                }
                TokenTree::Literal(literal) => {
                    let text = literal.to_string();
                    self.debug_formatting |= text.contains(":?") || text.contains(":#?");
                    format_captures(&text, &mut self.kept);
                }
            }
        }
    }

    /// Whether the group `tokens[k]` may be the fields of a struct from outside the bundle,
    /// written by name (`Range { start, end }`): braces after a capitalized name that may
    /// name something outside.
    fn outside_struct(&self, tokens: &[TokenTree], k: usize, entry: Option<Root>) -> bool {
        matches!(&tokens[k], TokenTree::Group(g) if g.delimiter() == Delimiter::Brace)
            && k >= 1
            && matches!(&tokens[k - 1], TokenTree::Ident(name)
                if Case::of(&name.to_string()) == Case::Capitalized)
            && self.root_of(tokens, k - 1, entry) == Root::Outside
    }

    /// Keeps the names among `fields` that stand where a field's name would: first in an
    /// entry, before `:`, `,` or the end.
    fn keep_field_names(&mut self, fields: TokenStream) {
        let fields: Vec<TokenTree> = fields.into_iter().collect();
        for (k, token) in fields.iter().enumerate() {
            if let TokenTree::Ident(ident) = token {
                let starts_entry = k == 0 || is_punct(&fields[k - 1], ',');
                let ends_name = match fields.get(k + 1) {
                    None => true,
                    Some(TokenTree::Punct(p)) => {
                        p.as_char() == ',' || p.as_char() == ':' && p.spacing() == Spacing::Alone
                    }
                    Some(_) => false,
                };
                if starts_entry && ends_name {
                    self.kept.insert(ident.to_string());
                }
            }
        }
    }

    /// Whether the identifier `tokens[k]` may name something outside the bundle.
    fn stays(&self, tokens: &[TokenTree], k: usize, entry: Option<Root>) -> bool {
        let name = tokens[k].to_string();
        let after_dot =
            k >= 1 && is_punct(&tokens[k - 1], '.') && !(k >= 2 && is_punct(&tokens[k - 2], '.'));
        let called = match tokens.get(k + 1) {
            Some(TokenTree::Group(group)) => group.delimiter() == Delimiter::Parenthesis,
            Some(TokenTree::Punct(p)) => p.as_char() == ':' && p.spacing() == Spacing::Joint,
            _ => false,
        };
        let own_field = self.fields.contains(&name) && !STANDARD_FIELDS.contains(&name.as_str());
        let macro_name = matches!(tokens.get(k + 1), Some(TokenTree::Punct(p))
            if p.as_char() == '!' && p.spacing() == Spacing::Alone);
        let fragment = k >= 3
            && is_punct(&tokens[k - 1], ':')
            && matches!(tokens[k - 2], TokenTree::Ident(_))
            && is_punct(&tokens[k - 3], '$');
        let segment = (follows_path_separator(tokens, k)
            || entry.is_some() && (k == 0 || is_punct(&tokens[k - 1], ',')))
            && self.root_of(tokens, k, entry) == Root::Outside;
        name.starts_with("r#")
            || after_dot && (called || !own_field)
            || macro_name
            || fragment
            || segment
    }
}

fn is_punct(token: &TokenTree, ch: char) -> bool {
    matches!(token, TokenTree::Punct(p) if p.as_char() == ch)
}

/// Whether `tokens[at]` comes right after `::`.
fn follows_path_separator(tokens: &[TokenTree], at: usize) -> bool {
    at >= 2
        && matches!(&tokens[at - 2], TokenTree::Punct(p) if p.as_char() == ':' && p.spacing() == Spacing::Joint)
        && is_punct(&tokens[at - 1], ':')
}

/// The `<` that the `>` at `tokens[close]` closes, if there is one.
fn opening_angle(tokens: &[TokenTree], close: usize) -> Option<usize> {
    let mut depth = 0usize;
    for at in (0..=close).rev() {
        if is_punct(&tokens[at], '>') {
            depth += 1;
        } else if is_punct(&tokens[at], '<') {
            depth -= 1;
            if depth == 0 {
                return Some(at);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{rewritten, tokens};

    /// `code` with its items shortened, as tokens printed with single spaces.
    fn shortened(code: &str) -> String {
        rewritten(code, shorten_items)
    }

    #[test]
    fn items_take_short_names_in_their_case_the_most_used_first() {
        assert_eq!(
            shortened(
                "const SIDE_LENGTH: usize = 9;
                struct Geometry { side: usize }
                enum Branching { ReadingOrder, FewestPlaces }
                fn geometry_of(side: usize) -> Geometry { Geometry { side } }
                fn main() { let g = geometry_of(SIDE_LENGTH); let _ = (g.side, Branching::ReadingOrder, Branching::FewestPlaces); }"
            ),
            tokens(
                "const E: usize = 9;
                struct B { aa: usize }
                enum A { D, C }
                fn ba(aa: usize) -> B { B { aa } }
                fn main() { let g = ba(E); let _ = (g.aa, A::D, A::C); }"
            )
        );
    }

    #[test]
    fn names_that_may_name_something_outside_stay() {
        // `len` follows `.` as a method, `end` as a field that `Range` also has, `write` is a
        // method, `Display` and `MAX` sit in paths from outside, `Debug` in an attribute,
        // `stringify` names its argument, `format` is a macro, `label` a captured name: their
        // items keep their names, wherever they are.
        assert_eq!(
            shortened(
                "use std::fmt::{self, Display};
                mod inner { pub fn len() -> usize { 1 } pub fn end() {} pub fn MAX() {} pub fn label() {} pub fn format() {} pub fn named() {} }
                #[derive(Debug)] struct Debug;
                struct Display;
                struct Shown { end: u8 }
                impl Shown { fn write(&self) -> String { format!(\"{label}\", label = stringify!(named)) } }
                fn main() { let v = vec![1]; let s = Shown { end: 1 }; let _ = (v.len(), s.end, u32::MAX, inner::len(), s.write()); }"
            ),
            tokens(
                "use std::fmt::{self, Display};
                mod aa { pub fn len() -> usize { 1 } pub fn end() {} pub fn MAX() {} pub fn label() {} pub fn format() {} pub fn named() {} }
                #[derive(Debug)] struct Debug;
                struct Display;
                struct A { end: u8 }
                impl A { fn write(&self) -> String { format!(\"{label}\", label = stringify!(named)) } }
                fn main() { let v = vec![1]; let s = A { end: 1 }; let _ = (v.len(), s.end, u32::MAX, aa::len(), s.write()); }"
            )
        );
    }

    #[test]
    fn fields_take_short_names_unless_a_method_or_a_standard_field_has_theirs() {
        // `weight` is read, built by shorthand and taken apart; `len` is also a method called
        // (perhaps on a `Vec`), `start` also `Range`'s field; `score` is called through the
        // field, `total` as a method, with a turbofish.
        assert_eq!(
            shortened(
                "struct Tally { weight: u8, len: usize, start: u8, score: fn() -> u8 }
                enum Shape { Rect { weight: u8 } }
                impl Tally { fn total<T>(&self) -> u8 { self.weight + self.start } }
                fn main() { let weight = 1; let t = Tally { weight, len: 2, start: 3, score: || 4 };
                    let Shape::Rect { weight } = Shape::Rect { weight: t.weight };
                    let _ = (weight, t.len, vec![1].len(), (t.score)(), t.total::<u8>(), (0..2).start); }"
            ),
            tokens(
                "struct C { aa: u8, len: usize, start: u8, ba: fn() -> u8 }
                enum B { A { aa: u8 } }
                impl C { fn total<T>(&self) -> u8 { self.aa + self.start } }
                fn main() { let aa = 1; let t = C { aa, len: 2, start: 3, ba: || 4 };
                    let B::A { aa } = B::A { aa: t.aa };
                    let _ = (aa, t.len, vec![1].len(), (t.ba)(), t.total::<u8>(), (0..2).start); }"
            )
        );
    }

    #[test]
    fn paths_from_the_bundle_are_renamed_through_use_trees_turbofish_and_macros() {
        assert_eq!(
            shortened(
                "mod shapes { pub mod corner { pub struct Corner<T>(pub T); pub fn make() -> Corner<u8> { Corner(1) } } }
                use crate::shapes::{corner::{self, Corner}};
                macro_rules! build { () => { $crate::shapes::corner::make() } }
                fn main() { let _: Corner<u8> = build!(); let _ = corner::Corner::<u16>(2); let _ = self::shapes::corner::make(); }"
            ),
            tokens(
                "mod ba { pub mod aa { pub struct A<T>(pub T); pub fn ca() -> A<u8> { A(1) } } }
                use crate::ba::{aa::{self, A}};
                macro_rules! build { () => { $crate::ba::aa::ca() } }
                fn main() { let _: A<u8> = build!(); let _ = aa::A::<u16>(2); let _ = self::ba::aa::ca(); }"
            )
        );
    }

    #[test]
    fn fields_of_a_struct_from_outside_keep_their_names() {
        let code = "use std::ops::Range;
            fn start() -> u8 { 0 }
            fn main() { let Range { start, end: _ } = Range { start: start(), end: 2 }; let _ = std::ops::Range { start, end: 3 }; }";
        assert_eq!(shortened(code), tokens(code));
    }

    #[test]
    fn a_name_both_defined_and_imported_from_outside_stays_with_what_follows_it() {
        let code = "mod a { use std::cmp::Ordering; pub fn f() -> Ordering { Ordering::Less } }
            mod b { pub enum Ordering { Less, Greater } pub fn g() -> Ordering { Ordering::Greater } }
            fn main() { a::f(); b::g(); }";
        assert_eq!(shortened(code), tokens(code));
    }

    #[test]
    fn a_glob_import_from_outside_or_debug_formatting_keeps_names() {
        let globbed = "use std::collections::*; struct Counter; fn main() { let _ = Counter; }";
        assert_eq!(shortened(globbed), tokens(globbed));
        assert_eq!(
            shortened(
                "#[derive(Debug)] struct Counter { seen: u8 } fn counted() {} fn main() { counted(); println!(\"{:?}\", Counter { seen: 1 }); }"
            ),
            tokens(
                "#[derive(Debug)] struct Counter { seen: u8 } fn aa() {} fn main() { aa(); println!(\"{:?}\", Counter { seen: 1 }); }"
            )
        );
    }
}
