//! Plain `pub` for the compact layout: every restricted visibility (`pub(crate)`, `pub(super)`,
//! `pub(in path)`) becomes `pub`, seven bytes or more shorter each.
//!
//! The program stays the same. A bundle is one binary crate, which exports nothing, so no item
//! becomes visible outside it. An item's signature may only name items at least as visible as
//! itself, and those become `pub` as well, so no private type ends up in a public interface.
//! Privacy does not steer name resolution, with one exception: a glob import (`use a::*`) brings
//! in what is visible where it stands, so more names could arrive through it and clash or
//! shadow. A file with a glob import therefore keeps its visibilities.

use syn::visit::{self, Visit};
use syn::visit_mut::VisitMut;

/// Makes every restricted visibility of `file` plain `pub`, unless `file` has a glob import.
pub fn widen_visibility(file: &mut syn::File) {
    let mut globs = GlobImports(false);
    globs.visit_file(file);
    if !globs.0 {
        Widen.visit_file_mut(file);
    }
}

/// Whether a glob import has been met.
struct GlobImports(bool);

impl<'ast> Visit<'ast> for GlobImports {
    fn visit_use_glob(&mut self, glob: &'ast syn::UseGlob) {
        self.0 = true;
        visit::visit_use_glob(self, glob);
    }
}

/// Rewrites restricted visibilities as `pub`.
struct Widen;

impl VisitMut for Widen {
    fn visit_visibility_mut(&mut self, visibility: &mut syn::Visibility) {
        if let syn::Visibility::Restricted(restricted) = visibility {
            *visibility = syn::Visibility::Public(restricted.pub_token);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{rewritten, tokens};

    /// `code` with its visibilities widened, as tokens printed with single spaces.
    fn widened(code: &str) -> String {
        rewritten(code, widen_visibility)
    }

    #[test]
    fn every_restricted_visibility_becomes_pub() {
        assert_eq!(
            widened(
                "mod m { pub(crate) struct S { pub(super) a: u8, b: u8 } \
                 pub(in crate::m) fn f() {} pub(super) use self::S as T; fn g() {} \
                 pub fn h() {} }"
            ),
            tokens(
                "mod m { pub struct S { pub a: u8, b: u8 } pub fn f() {} pub use self::S as T; \
                 fn g() {} pub fn h() {} }"
            )
        );
    }

    #[test]
    fn a_file_with_a_glob_import_keeps_its_visibilities() {
        let code = "mod a { pub(super) fn f() {} } mod b { use super::a::*; pub(crate) fn g() {} }";
        assert_eq!(widened(code), tokens(code));
    }
}
