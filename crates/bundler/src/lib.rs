//! Single-file judge submissions: one binary crate plus the parts of its library it uses, as one
//! self-contained, formatted `.rs` file.
//!
//! The library becomes a module of the binary's crate, named after the library crate, so its
//! module tree and names stay as they are and cannot clash with the binary's own. The bundler
//! reads `mod x;` files, drops `#[cfg(test)]` code and doc comments, keeps only the library items
//! the binary reaches (see [`prune`]), re-roots `crate::`, `$crate::` and `lib::` paths, and
//! lays the result out readably with `prettyplease`, or compactly (see [`compact`]) for judges
//! whose source limit the readable layout exceeds. It refuses, with a message, what a single
//! file cannot carry (see [`check`]).

pub mod check;
pub mod compact;
pub mod fresh;
pub mod indent;
pub mod load;
pub mod prune;
pub mod rewrite;
pub mod shorten;
pub mod shorten_items;
pub mod strip;
pub mod widen;
pub mod workspace;

#[cfg(test)]
mod test_support;

use std::collections::BTreeSet;
use std::fmt;
use std::path::Path;

use proc_macro2::Span;
use quote::ToTokens;
use syn::visit_mut::VisitMut;
use syn::{AttrStyle, Ident, Item, ItemMod};

use crate::indent::indent_with_tabs;
use crate::rewrite::{Rewriter, Side};

/// Why a bundle could not be made.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Error(String);

impl Error {
    /// An error saying `message`.
    pub fn new(message: impl Into<String>) -> Self {
        Error(message.into())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// What to bundle.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// The binary's root file (`src/main.rs`).
    pub binary: &'a Path,
    /// The library's root file (`src/lib.rs`).
    pub library: &'a Path,
    /// The library's crate name as the binary writes it (`sudoku_core`).
    pub library_name: &'a str,
    /// Text put before the code, such as a comment naming the problem.
    pub header: &'a str,
}

/// How a bundle's code is laid out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Layout {
    /// Formatted by `prettyplease`, indented by tabs (see [`indent`]).
    Readable,
    /// The same tokens with the least whitespace, in lines of about 1,000 bytes (see
    /// [`compact`]), the bundle's items, fields and each function's locals renamed to the
    /// shortest free names (see [`shorten_items`] and [`shorten`]) and every restricted
    /// visibility made plain `pub` (see [`widen`]): a little over half the size.
    Compact,
}

/// The width of a compact bundle's lines: long, since a line break costs a byte where none is
/// needed, but not unbounded, for editors and judges' forms.
const COMPACT_WIDTH: usize = 1000;

/// A bundle put together and not yet laid out: the header, then the binary's code, then the
/// library's reachable items inside `mod <library_name>`.
pub struct Assembled {
    header: String,
    file: syn::File,
}

impl Assembled {
    /// The bundle's text laid out as `layout` says. The same files always give the same text.
    pub fn text(&self, layout: Layout) -> String {
        let code = match layout {
            Layout::Readable => indent_with_tabs(&prettyplease::unparse(&self.file)),
            Layout::Compact => {
                let mut file = self.file.clone();
                shorten_items::shorten_items(&mut file);
                shorten::shorten_locals(&mut file);
                widen::widen_visibility(&mut file);
                compact::compact(file.to_token_stream(), COMPACT_WIDTH)
            }
        };
        format!("{}{}", self.header, code)
    }
}

/// The bundle of `request`, to be laid out either way.
pub fn assemble(request: &Request) -> Result<Assembled, Error> {
    let mut binary = load::load_crate(request.binary)?;
    let mut library = load::load_crate(request.library)?;
    strip::strip_tests_and_docs(&mut binary);
    strip::strip_tests_and_docs(&mut library);
    check::refuse_unbundleable(&binary, &request.binary.display().to_string())?;
    check::refuse_unbundleable(&library, &request.library.display().to_string())?;

    let exported_macros = exported_macros(&library.items);
    refuse_root_clashes(&binary, request.library_name, &exported_macros)?;

    prune::prune(&mut library.items, prune::binary_roots(&binary));

    Rewriter {
        module: request.library_name,
        exported_macros: &exported_macros,
        side: Side::Library,
    }
    .visit_file_mut(&mut library);
    Rewriter {
        module: request.library_name,
        exported_macros: &exported_macros,
        side: Side::Binary,
    }
    .visit_file_mut(&mut binary);

    // Pruning goes by name and keeps whole enums, so a few items the binary never uses can
    // remain, and a re-export stays while the name it re-exports is reachable, whichever path
    // the binary takes to it: the module allows dead code and unused imports, and every other
    // lint still applies. The library's own crate-level `#![allow(...)]` carries over; its other
    // crate-level attributes (lint levels for documentation and the like) do not.
    let mut attrs: Vec<syn::Attribute> =
        vec![syn::parse_quote!(#[allow(dead_code, unused_imports)])];
    attrs.extend(
        library
            .attrs
            .into_iter()
            .filter(|attr| attr.path().is_ident("allow"))
            .map(|mut attr| {
                attr.style = AttrStyle::Outer;
                attr
            }),
    );
    let module = ItemMod {
        attrs,
        vis: syn::Visibility::Inherited,
        unsafety: None,
        mod_token: Default::default(),
        ident: Ident::new(request.library_name, Span::call_site()),
        content: Some((Default::default(), library.items)),
        semi: None,
    };
    binary.items.push(Item::Mod(module));
    Ok(Assembled {
        header: request.header.to_string(),
        file: binary,
    })
}

/// Names of the `#[macro_export]` macros among `items`, at any depth.
fn exported_macros(items: &[Item]) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for item in items {
        match item {
            Item::Macro(mac) if mac.attrs.iter().any(|a| a.path().is_ident("macro_export")) => {
                if let Some(ident) = &mac.ident {
                    names.insert(ident.to_string());
                }
            }
            Item::Mod(module) => {
                if let Some((_, inner)) = &module.content {
                    names.extend(exported_macros(inner));
                }
            }
            _ => {}
        }
    }
    names
}

/// The bundle's root holds the binary's items, the library's module and the library's exported
/// macros: refuses a binary that already uses one of those names at its root.
fn refuse_root_clashes(
    binary: &syn::File,
    library_name: &str,
    exported_macros: &BTreeSet<String>,
) -> Result<(), Error> {
    for item in &binary.items {
        let name = match item {
            Item::Mod(m) => m.ident.to_string(),
            Item::Fn(f) => f.sig.ident.to_string(),
            Item::Struct(s) => s.ident.to_string(),
            Item::Enum(e) => e.ident.to_string(),
            Item::Const(c) => c.ident.to_string(),
            Item::Static(s) => s.ident.to_string(),
            Item::Type(t) => t.ident.to_string(),
            Item::Trait(t) => t.ident.to_string(),
            Item::Macro(m) => match &m.ident {
                Some(ident) => ident.to_string(),
                None => continue,
            },
            _ => continue,
        };
        if name == library_name {
            return Err(Error::new(format!(
                "the binary defines `{}` at its root, the name the library's module takes in the bundle",
                name
            )));
        }
        if exported_macros.contains(&name) {
            return Err(Error::new(format!(
                "the binary defines `{}` at its root, and so does a `#[macro_export]` macro of the library",
                name
            )));
        }
    }
    Ok(())
}
