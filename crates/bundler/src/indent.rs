//! Tab indentation for a bundle: prettyplease indents by four spaces, and every level of the
//! library's module tree costs four bytes a line, which judges count against their source limit.
//! A tab costs one and still shows the structure in any editor, and a module's items are not
//! indented further than the `mod` line that holds them: the library's tree nests three or four
//! modules deep, and those levels alone were a tenth of the largest bundle.

use std::collections::BTreeSet;
use std::str::FromStr;

use proc_macro2::{TokenStream, TokenTree};

/// `code` (valid Rust as prettyplease prints it, indented by multiples of four spaces) with each
/// four leading spaces of a line made a tab, less one for each module the line is inside, except
/// on the lines inside a literal that spans several lines, which keep their text.
pub fn indent_with_tabs(code: &str) -> String {
    let mut inside_literals = BTreeSet::new();
    if let Ok(tokens) = TokenStream::from_str(code) {
        lines_inside_literals(tokens, &mut inside_literals);
    }
    // The indentation levels of the `mod` lines whose bodies are open, outermost first.
    let mut modules: Vec<usize> = Vec::new();
    let mut out = String::with_capacity(code.len());
    for (index, line) in code.split_inclusive('\n').enumerate() {
        // Span lines count from 1.
        if inside_literals.contains(&(index + 1)) {
            out.push_str(line);
            continue;
        }
        let body = line.trim_start_matches(' ');
        let spaces = line.len() - body.len();
        let level = spaces / 4;
        // A module ends at the closing brace level with its `mod` line.
        if modules.last() == Some(&level) && body.trim_end() == "}" {
            modules.pop();
        }
        out.extend(std::iter::repeat_n(
            '\t',
            level.saturating_sub(modules.len()),
        ));
        out.extend(std::iter::repeat_n(' ', spaces % 4));
        out.push_str(body);
        if opens_module(body) {
            modules.push(level);
        }
    }
    out
}

/// Whether `line` (without its indentation) starts an inline module: `mod name {`, after a
/// visibility if any.
fn opens_module(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.len().checked_sub(3) {
        Some(at) => {
            words[at] == "mod" && words[at + 2] == "{" && (at == 0 || words[0].starts_with("pub"))
        }
        None => false,
    }
}

/// Adds to `lines` the lines a literal of `tokens` continues on, after the one it starts on.
fn lines_inside_literals(tokens: TokenStream, lines: &mut BTreeSet<usize>) {
    for token in tokens {
        match token {
            TokenTree::Group(group) => lines_inside_literals(group.stream(), lines),
            TokenTree::Literal(literal) => {
                let span = literal.span();
                lines.extend(span.start().line + 1..=span.end().line);
            }
            TokenTree::Ident(_) | TokenTree::Punct(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indentation_becomes_tabs_but_literals_keep_their_text() {
        let code = "fn f() -> &'static str {\n    if true {\n        \"a\n        b\"\n    } else {\n        \"\"\n    }\n}\n";
        assert_eq!(
            indent_with_tabs(code),
            "fn f() -> &'static str {\n\tif true {\n\t\t\"a\n        b\"\n\t} else {\n\t\t\"\"\n\t}\n}\n"
        );
    }

    #[test]
    fn a_module_indents_its_items_no_further_than_itself() {
        let code = concat!(
            "mod a {\n",
            "    pub(crate) mod b {\n",
            "        pub fn f() {\n",
            "            g();\n",
            "        }\n",
            "    }\n",
            "    struct S {\n",
            "        x: u8,\n",
            "    }\n",
            "}\n",
            "fn g() {}\n",
        );
        let expected = concat!(
            "mod a {\n",
            "pub(crate) mod b {\n",
            "pub fn f() {\n",
            "\tg();\n",
            "}\n",
            "}\n",
            "struct S {\n",
            "\tx: u8,\n",
            "}\n",
            "}\n",
            "fn g() {}\n",
        );
        assert_eq!(indent_with_tabs(code), expected);
    }
}
