//! Refusing code that a single-file bundle cannot carry faithfully.

use quote::ToTokens;
use syn::visit::{self, Visit};
use syn::{Attribute, Item, Meta};

use crate::Error;

/// Macros whose meaning depends on files or the build environment, which a pasted submission
/// does not have.
const ENVIRONMENT_MACROS: [&str; 5] = [
    "include",
    "include_str",
    "include_bytes",
    "env",
    "option_env",
];

/// `Err` naming the first construct in `file` (described as `what`) that the bundle cannot keep
/// working: `extern crate`, raw unparsed items, Cargo feature switches, and macros that read
/// files or the build environment.
pub fn refuse_unbundleable(file: &syn::File, what: &str) -> Result<(), Error> {
    let mut finder = Finder { problem: None };
    finder.visit_file(file);
    match finder.problem {
        None => Ok(()),
        Some(problem) => Err(Error::new(format!("{}: cannot bundle: {}", what, problem))),
    }
}

struct Finder {
    problem: Option<String>,
}

impl Finder {
    fn report(&mut self, problem: String) {
        if self.problem.is_none() {
            self.problem = Some(problem);
        }
    }
}

impl<'ast> Visit<'ast> for Finder {
    fn visit_item(&mut self, item: &'ast Item) {
        match item {
            Item::ExternCrate(krate) => self.report(format!(
                "`extern crate {}`: only the standard library is available on a judge",
                krate.ident
            )),
            Item::Verbatim(tokens) => self.report(format!("unparsed item `{}`", tokens)),
            _ => {}
        }
        visit::visit_item(self, item);
    }

    fn visit_attribute(&mut self, attr: &'ast Attribute) {
        if let Meta::List(list) = &attr.meta {
            let is_cfg = list.path.is_ident("cfg") || list.path.is_ident("cfg_attr");
            if is_cfg && list.tokens.to_string().contains("feature") {
                self.report(format!(
                    "`#[{}]`: Cargo features do not exist on a judge",
                    attr.meta.to_token_stream()
                ));
            }
        }
        visit::visit_attribute(self, attr);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        if let Some(name) = mac.path.get_ident().map(|i| i.to_string()) {
            if ENVIRONMENT_MACROS.contains(&name.as_str()) {
                self.report(format!(
                    "`{}!` reads files or build variables that a judge does not have",
                    name
                ));
            }
        }
        visit::visit_macro(self, mac);
    }
}
