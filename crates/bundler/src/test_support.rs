//! What the modules' tests share: code parsed, rewritten and printed back as tokens.

use quote::ToTokens;

/// `code` parsed, changed by `change`, and printed as tokens with single spaces.
pub(crate) fn rewritten(code: &str, change: impl FnOnce(&mut syn::File)) -> String {
    let mut file = syn::parse_file(code).unwrap();
    change(&mut file);
    file.to_token_stream().to_string()
}

/// `code` parsed and printed as tokens with single spaces, as [`rewritten`] prints.
pub(crate) fn tokens(code: &str) -> String {
    rewritten(code, |_| {})
}
