//! Re-rooting paths once the library becomes a module of the binary's crate.
//!
//! In the library, `crate::x` (and `$crate::x` in macros) becomes `crate::<lib>::x`; in the
//! binary, `<lib>::x` becomes `crate::<lib>::x`. Macros the library exports with
//! `#[macro_export]` live at the crate root, so paths to them become `crate::name`.

use std::collections::BTreeSet;

use proc_macro2::{Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use syn::visit_mut::{self, VisitMut};
use syn::{Path, PathSegment, UseTree};

/// Where the library sits in the bundle and what it exports at the root.
pub struct Rewriter<'a> {
    /// The library's module name in the bundle (its crate name).
    pub module: &'a str,
    /// Names of the library's `#[macro_export]` macros.
    pub exported_macros: &'a BTreeSet<String>,
    /// Which side of the bundle is being rewritten.
    pub side: Side,
}

/// The code being rewritten.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The library: its `crate::` paths move under the library's module.
    Library,
    /// The binary: its paths through the library's crate name start at `crate::`.
    Binary,
}

impl Rewriter<'_> {
    /// The first segment this side rewrites: `crate` in the library, the library's name in the
    /// binary.
    fn anchor(&self) -> &str {
        match self.side {
            Side::Library => "crate",
            Side::Binary => self.module,
        }
    }

    /// The segments that replace the anchor when the path goes on to `next`.
    fn replacement(&self, next: &str) -> Vec<&str> {
        if self.exported_macros.contains(next) {
            vec!["crate"]
        } else {
            vec!["crate", self.module]
        }
    }

    fn rewrite_path(&self, path: &mut Path) {
        if path.segments.len() < 2 || path.segments[0].ident != self.anchor() {
            return;
        }
        if self.side == Side::Library && path.leading_colon.is_some() {
            return;
        }
        let next = path.segments[1].ident.to_string();
        let mut segments: Vec<PathSegment> = self
            .replacement(&next)
            .into_iter()
            .map(|name| PathSegment::from(Ident::new(name, Span::call_site())))
            .collect();
        segments.extend(path.segments.iter().skip(1).cloned());
        path.segments = segments.into_iter().collect();
        path.leading_colon = None;
    }

    fn rewrite_use(&self, tree: &mut UseTree) {
        let path = match tree {
            UseTree::Path(path) if path.ident == self.anchor() => path,
            _ => return,
        };
        let next = match &*path.tree {
            UseTree::Path(p) => p.ident.to_string(),
            UseTree::Name(n) => n.ident.to_string(),
            UseTree::Rename(r) => r.ident.to_string(),
            UseTree::Glob(_) | UseTree::Group(_) => String::new(),
        };
        path.ident = Ident::new("crate", path.ident.span());
        if self.replacement(&next).len() > 1 {
            let placeholder = UseTree::Glob(syn::UseGlob {
                star_token: Default::default(),
            });
            let rest = std::mem::replace(&mut *path.tree, placeholder);
            *path.tree = UseTree::Path(syn::UsePath {
                ident: Ident::new(self.module, Span::call_site()),
                colon2_token: Default::default(),
                tree: Box::new(rest),
            });
        }
    }

    /// Rewrites paths inside macro tokens (`crate :: x`, `$crate :: x`, `lib :: x`), where no
    /// syntax tree exists.
    fn rewrite_tokens(&self, tokens: TokenStream) -> TokenStream {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out = Vec::with_capacity(trees.len());
        for (i, tree) in trees.iter().enumerate() {
            match tree {
                TokenTree::Group(group) => {
                    let mut rewritten = proc_macro2::Group::new(
                        group.delimiter(),
                        self.rewrite_tokens(group.stream()),
                    );
                    rewritten.set_span(group.span());
                    out.push(TokenTree::Group(rewritten));
                }
                TokenTree::Ident(ident)
                    if *ident == self.anchor() && self.starts_path(&trees, i) =>
                {
                    let next = match trees.get(i + 3) {
                        Some(TokenTree::Ident(next)) => next.to_string(),
                        _ => String::new(),
                    };
                    let names = self.replacement(&next);
                    for (k, name) in names.iter().enumerate() {
                        if k > 0 {
                            out.push(TokenTree::Punct(Punct::new(':', Spacing::Joint)));
                            out.push(TokenTree::Punct(Punct::new(':', Spacing::Alone)));
                        }
                        out.push(TokenTree::Ident(Ident::new(name, ident.span())));
                    }
                }
                other => out.push(other.clone()),
            }
        }
        out.into_iter().collect()
    }

    /// Whether the identifier at `i` opens a path: `::` follows, and (in the binary) no `::`
    /// or `$` comes before it.
    fn starts_path(&self, trees: &[TokenTree], i: usize) -> bool {
        let colon =
            |k: usize| matches!(trees.get(k), Some(TokenTree::Punct(p)) if p.as_char() == ':');
        if !(colon(i + 1) && colon(i + 2)) {
            return false;
        }
        match self.side {
            Side::Library => true,
            Side::Binary => i < 2 || !(colon(i - 1) && colon(i - 2)),
        }
    }
}

impl VisitMut for Rewriter<'_> {
    fn visit_path_mut(&mut self, path: &mut Path) {
        self.rewrite_path(path);
        visit_mut::visit_path_mut(self, path);
    }

    fn visit_item_use_mut(&mut self, import: &mut syn::ItemUse) {
        if self.side == Side::Binary && import.leading_colon.is_some() {
            if let UseTree::Path(path) = &import.tree {
                if path.ident == self.module {
                    import.leading_colon = None;
                }
            }
        }
        if import.leading_colon.is_none() {
            self.rewrite_use(&mut import.tree);
        }
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        mac.tokens = self.rewrite_tokens(std::mem::take(&mut mac.tokens));
        visit_mut::visit_macro_mut(self, mac);
    }
}
