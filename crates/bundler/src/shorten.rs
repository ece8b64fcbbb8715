//! Shorter local names for the compact layout: in each function, the parameters and local
//! bindings take the shortest names that no identifier of the bundle has, the most used first.
//!
//! Within a function, every binding of one name takes one new name, and the new names are
//! fresh, so each use still refers to the binding it referred to, shadowing included. A use is a
//! path of one segment naming the local, or, inside a macro call (which syn leaves as tokens), an
//! identifier token that is not a field or method after `.`, a path segment after `::`, a field
//! name before `:` or a lifetime. A name stays as it is where a use could mean something else:
//! where an item of the bundle has it (a function or constant that a one-segment path could
//! call), where a macro's format string captures it (`{name}`), and where it stands directly
//! inside braces in a macro call (perhaps a struct literal's shorthand field). Nested items are
//! functions of their own.

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::{Delimiter, Ident, Spacing, TokenStream, TokenTree};
use quote::ToTokens;
use syn::visit::{self, Visit};
use syn::visit_mut::{self, VisitMut};

use crate::fresh::{Case, FreshNames};

/// Renames the locals of every function of `file` as the module documentation says.
pub fn shorten_locals(file: &mut syn::File) {
    let mut taken = BTreeSet::new();
    identifiers(file.to_token_stream(), &mut taken);
    let mut items = ItemNames::default();
    items.visit_file(file);
    Functions {
        taken: &taken,
        item_names: &items.0,
    }
    .visit_file_mut(file);
}

/// Every identifier among `tokens`, at any depth, added to `names`.
fn identifiers(tokens: TokenStream, names: &mut BTreeSet<String>) {
    for token in tokens {
        match token {
            TokenTree::Ident(ident) => {
                names.insert(ident.to_string());
            }
            TokenTree::Group(group) => identifiers(group.stream(), names),
            _ => {}
        }
    }
}

/// The names of the bundle's items (and of what `use` brings in), any of which a path of one
/// segment could name.
#[derive(Default)]
struct ItemNames(BTreeSet<String>);

impl<'ast> Visit<'ast> for ItemNames {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let ident = match item {
            syn::Item::Fn(f) => Some(&f.sig.ident),
            syn::Item::Const(c) => Some(&c.ident),
            syn::Item::Static(s) => Some(&s.ident),
            syn::Item::Struct(s) => Some(&s.ident),
            syn::Item::Enum(e) => Some(&e.ident),
            syn::Item::Macro(m) => m.ident.as_ref(),
            _ => None,
        };
        if let Some(ident) = ident {
            self.0.insert(ident.to_string());
        }
        visit::visit_item(self, item);
    }

    fn visit_variant(&mut self, variant: &'ast syn::Variant) {
        self.0.insert(variant.ident.to_string());
    }

    fn visit_use_name(&mut self, name: &'ast syn::UseName) {
        self.0.insert(name.ident.to_string());
    }

    fn visit_use_rename(&mut self, rename: &'ast syn::UseRename) {
        self.0.insert(rename.rename.to_string());
    }
}

/// Finds each function, at any depth, and renames its locals.
struct Functions<'a> {
    taken: &'a BTreeSet<String>,
    item_names: &'a BTreeSet<String>,
}

impl Functions<'_> {
    /// Renames the locals of the function with `inputs` and `body`.
    fn rename(
        &self,
        inputs: &mut syn::punctuated::Punctuated<syn::FnArg, syn::Token![,]>,
        body: &mut syn::Block,
    ) {
        let mut locals = Locals::default();
        for input in inputs.iter() {
            locals.visit_fn_arg(input);
        }
        locals.visit_block(body);
        let mut names: Vec<(&String, &usize)> = (locals.uses.iter())
            .filter(|(name, _)| {
                locals.bound.contains(*name)
                    && !self.item_names.contains(*name)
                    && !locals.captured.contains(*name)
            })
            .collect();
        // The most used first, ties in the order of the names, so that a bundle never changes.
        names.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let mut fresh = FreshNames::new(self.taken);
        let renames: BTreeMap<String, Ident> = (names.into_iter())
            .map(|(name, _)| (name.clone(), fresh.next_in(Case::Lower)))
            .collect();
        if renames.is_empty() {
            return;
        }
        let mut renamer = Renamer { renames: &renames };
        for input in inputs.iter_mut() {
            renamer.visit_fn_arg_mut(input);
        }
        renamer.visit_block_mut(body);
    }
}

impl VisitMut for Functions<'_> {
    fn visit_item_fn_mut(&mut self, f: &mut syn::ItemFn) {
        self.rename(&mut f.sig.inputs, &mut f.block);
        visit_mut::visit_item_fn_mut(self, f);
    }

    fn visit_impl_item_fn_mut(&mut self, f: &mut syn::ImplItemFn) {
        self.rename(&mut f.sig.inputs, &mut f.block);
        visit_mut::visit_impl_item_fn_mut(self, f);
    }

    fn visit_trait_item_fn_mut(&mut self, f: &mut syn::TraitItemFn) {
        if let Some(body) = &mut f.default {
            self.rename(&mut f.sig.inputs, body);
        }
        visit_mut::visit_trait_item_fn_mut(self, f);
    }
}

/// Whether `name` could name a local binding worth renaming: constants and variants have
/// capitals, and a name starting with `_` says the binding goes unused, which a plain name would
/// draw a warning for.
fn is_local_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase()) && name != "self"
}

/// A function's locals: the names its patterns bind, how often each name is used, and the
/// names a macro's format string captures.
#[derive(Default)]
struct Locals {
    bound: BTreeSet<String>,
    uses: BTreeMap<String, usize>,
    captured: BTreeSet<String>,
}

impl Locals {
    fn count(&mut self, ident: &Ident) {
        *self.uses.entry(ident.to_string()).or_insert(0) += 1;
    }
}

impl<'ast> Visit<'ast> for Locals {
    fn visit_item(&mut self, _: &'ast syn::Item) {}

    fn visit_pat_ident(&mut self, pat: &'ast syn::PatIdent) {
        let name = pat.ident.to_string();
        if is_local_name(&name) {
            self.bound.insert(name);
            self.count(&pat.ident);
        }
        visit::visit_pat_ident(self, pat);
    }

    fn visit_expr_path(&mut self, path: &'ast syn::ExprPath) {
        if let Some(ident) = single_name(path) {
            self.count(ident);
        }
        visit::visit_expr_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        for_each_use(&mac.tokens, &mut |ident| self.count(ident));
        captures(mac.tokens.clone(), &mut self.captured);
    }
}

/// The identifier of a path of one segment, without generic arguments or a qualified self.
fn single_name(path: &syn::ExprPath) -> Option<&Ident> {
    let segments = &path.path.segments;
    let plain = path.qself.is_none() && path.path.leading_colon.is_none() && segments.len() == 1;
    if plain && segments[0].arguments.is_none() {
        Some(&segments[0].ident)
    } else {
        None
    }
}

/// Calls `each` on the identifier tokens of `tokens` (at any depth) that can be uses of a
/// local: not after `.` (a field or method), after `::` or `'` (a path segment or a lifetime),
/// nor before a lone `:` (a field name).
fn for_each_use(tokens: &TokenStream, each: &mut dyn FnMut(&Ident)) {
    let tokens: Vec<TokenTree> = tokens.clone().into_iter().collect();
    for (k, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Ident(ident) if is_use(&tokens, k) => each(ident),
            TokenTree::Group(group) => for_each_use(&group.stream(), each),
            _ => {}
        }
    }
}

/// Whether the identifier at `k` of `tokens` can be a use of a local (see [`for_each_use`]).
fn is_use(tokens: &[TokenTree], k: usize) -> bool {
    let punct = |i: Option<usize>| match i.and_then(|i| tokens.get(i)) {
        Some(TokenTree::Punct(p)) => Some((p.as_char(), p.spacing())),
        _ => None,
    };
    let before = punct(k.checked_sub(1));
    let two_before = punct(k.checked_sub(2));
    let after = punct(Some(k + 1));
    let member = before.is_some_and(|(c, _)| c == '.')
        && !two_before.is_some_and(|(c, s)| c == '.' && s == Spacing::Joint);
    let path_segment = before.is_some_and(|(c, _)| c == ':')
        && two_before.is_some_and(|(c, s)| c == ':' && s == Spacing::Joint);
    let lifetime = before.is_some_and(|(c, _)| c == '\'');
    let field_name = after.is_some_and(|(c, s)| c == ':' && s == Spacing::Alone);
    !(member || path_segment || lifetime || field_name)
}

/// Adds to `names` every name that a macro's `tokens` may use in a way renaming would break: a
/// name a string literal captures as `{name}` or `{name:...}`, and any name standing directly
/// inside braces, which could be a struct literal's shorthand field (`S { name }`) that syn
/// does not parse there.
fn captures(tokens: TokenStream, names: &mut BTreeSet<String>) {
    for token in tokens {
        match token {
            TokenTree::Literal(literal) => format_captures(&literal.to_string(), names),
            TokenTree::Group(group) => {
                if group.delimiter() == Delimiter::Brace {
                    for inner in group.stream() {
                        if let TokenTree::Ident(ident) = inner {
                            names.insert(ident.to_string());
                        }
                    }
                }
                captures(group.stream(), names)
            }
            _ => {}
        }
    }
}

/// Adds to `names` every name that the literal `text`, read as a format string, captures as
/// `{name}` or `{name:...}`.
pub(crate) fn format_captures(text: &str, names: &mut BTreeSet<String>) {
    for (at, _) in text.match_indices('{') {
        let name: String = text[at + 1..]
            .chars()
            .take_while(|&c| c.is_ascii_alphanumeric() || c == '_')
            .collect();
        if !name.is_empty() {
            names.insert(name);
        }
    }
}

/// What an identifier is renamed to, if it is, told the identifier, the tokens around it and
/// its index among them.
pub(crate) type NewName<'a> = &'a dyn Fn(&Ident, &[TokenTree], usize) -> Option<Ident>;

/// `tokens` with each identifier, at any depth, replaced by the name `renamed` gives it, if any;
/// spans are kept.
pub(crate) fn rename_idents(tokens: TokenStream, renamed: NewName<'_>) -> TokenStream {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    (0..tokens.len())
        .map(|k| match &tokens[k] {
            TokenTree::Ident(ident) => match renamed(ident, &tokens, k) {
                Some(mut new) => {
                    new.set_span(ident.span());
                    TokenTree::Ident(new)
                }
                None => tokens[k].clone(),
            },
            TokenTree::Group(group) => {
                let mut new = proc_macro2::Group::new(
                    group.delimiter(),
                    rename_idents(group.stream(), renamed),
                );
                new.set_span(group.span());
                TokenTree::Group(new)
            }
            other => other.clone(),
        })
        .collect()
}

/// Renames a function's locals, nested items aside.
struct Renamer<'a> {
    renames: &'a BTreeMap<String, Ident>,
}

impl Renamer<'_> {
    fn renamed(&self, ident: &Ident) -> Option<Ident> {
        self.renames.get(&ident.to_string()).cloned()
    }

    fn rename_tokens(&self, tokens: TokenStream) -> TokenStream {
        rename_idents(tokens, &|ident, tokens, k| {
            if is_use(tokens, k) {
                self.renamed(ident)
            } else {
                None
            }
        })
    }
}

impl VisitMut for Renamer<'_> {
    fn visit_item_mut(&mut self, _: &mut syn::Item) {}

    fn visit_pat_ident_mut(&mut self, pat: &mut syn::PatIdent) {
        if let Some(new) = self.renamed(&pat.ident) {
            pat.ident = new;
        }
        visit_mut::visit_pat_ident_mut(self, pat);
    }

    fn visit_expr_path_mut(&mut self, path: &mut syn::ExprPath) {
        if let Some(new) = single_name(path).and_then(|ident| self.renamed(ident)) {
            path.path.segments[0].ident = new;
        }
    }

    fn visit_field_value_mut(&mut self, field: &mut syn::FieldValue) {
        // A shorthand field whose local is renamed: `S { name }` becomes `S { name: n }`.
        if let syn::Expr::Path(path) = &field.expr {
            if single_name(path)
                .and_then(|ident| self.renamed(ident))
                .is_some()
            {
                field.colon_token = Some(Default::default());
            }
        }
        visit_mut::visit_field_value_mut(self, field);
    }

    fn visit_field_pat_mut(&mut self, field: &mut syn::FieldPat) {
        // The same in a pattern: `S { name, .. }` becomes `S { name: n, .. }`.
        if let syn::Pat::Ident(pat) = &*field.pat {
            if self.renamed(&pat.ident).is_some() {
                field.colon_token = Some(Default::default());
            }
        }
        visit_mut::visit_field_pat_mut(self, field);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        mac.tokens = self.rename_tokens(std::mem::take(&mut mac.tokens));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{rewritten, tokens};

    /// `code` with its locals shortened, as tokens printed with single spaces.
    fn shortened(code: &str) -> String {
        rewritten(code, shorten_locals)
    }

    #[test]
    fn the_most_used_local_takes_the_first_free_name() {
        // `a` is taken (a field), so the names start at `b`; `count` is used most.
        assert_eq!(
            shortened(
                "fn f(x: S, count: u32) -> u32 { let total = count + x.a; count * total * count }"
            ),
            tokens("fn f(d: S, b: u32) -> u32 { let c = b + d.a; b * c * b }")
        );
    }

    #[test]
    fn shadowing_closures_and_nested_functions_keep_their_bindings() {
        assert_eq!(
            shortened(
                "fn f(v: u32) -> u32 {
                    let v = v + 1;
                    let add = |v: u32| v * 2;
                    fn inner(v: u32) -> u32 { v }
                    add(v) + inner(v)
                }"
            ),
            tokens(
                "fn f(a: u32) -> u32 {
                    let a = a + 1;
                    let b = |a: u32| a * 2;
                    fn inner(a: u32) -> u32 { a }
                    b(a) + inner(a)
                }"
            )
        );
    }

    #[test]
    fn shorthand_fields_keep_their_field_names() {
        assert_eq!(
            shortened(
                "fn f(start: u32) -> u32 { let s = S { start }; let S { start, .. } = s; start }"
            ),
            tokens("fn f(a: u32) -> u32 { let b = S { start: a }; let S { start: a, .. } = b; a }")
        );
    }

    #[test]
    fn macro_arguments_are_renamed_but_not_fields_paths_or_captured_names() {
        assert_eq!(
            shortened(
                "fn f(items: &[u32], width: usize) -> String {
                    let len = items.len();
                    format!(\"{} {} {width}\", len, items.len(), width = 0..len)
                }"
            ),
            tokens(
                "fn f(a: &[u32], width: usize) -> String {
                    let b = a.len();
                    format!(\"{} {} {width}\", b, a.len(), width = 0..b)
                }"
            )
        );
    }

    #[test]
    fn names_inside_braces_in_a_macro_call_stay() {
        assert_eq!(
            shortened(
                "fn f(start: u32, end: u32) -> Vec<S> { vec![S { start }, S { start: (end) }] }"
            ),
            tokens("fn f(start: u32, a: u32) -> Vec<S> { vec![S { start }, S { start: (a) }] }")
        );
    }

    #[test]
    fn locals_named_like_items_or_marked_unused_stay() {
        assert_eq!(
            shortened(
                "fn helper() -> u32 { 1 }
                fn f() -> u32 { let helper = helper(); let _spare = 2; let kept = helper; kept }"
            ),
            tokens(
                "fn helper() -> u32 { 1 }
                fn f() -> u32 { let helper = helper(); let _spare = 2; let a = helper; a }"
            )
        );
    }
}
