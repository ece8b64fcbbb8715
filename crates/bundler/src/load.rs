//! Reading a crate into one syntax tree: every `mod x;` replaced by the file it names.

use std::fs;
use std::path::{Path, PathBuf};

use syn::{Attribute, Item, ItemMod};

use crate::strip::is_cfg_test;
use crate::Error;

/// The crate whose root file is `root`, with every out-of-line module read in and made inline.
/// Modules behind `#[cfg(test)]` are left out unread.
pub fn load_crate(root: &Path) -> Result<syn::File, Error> {
    let mut file = parse_file(root)?;
    let dir = root.parent().unwrap_or_else(|| Path::new("."));
    inline_modules(&mut file.items, dir, root)?;
    Ok(file)
}

fn parse_file(path: &Path) -> Result<syn::File, Error> {
    let text = fs::read_to_string(path)
        .map_err(|e| Error::new(format!("cannot read {}: {}", path.display(), e)))?;
    syn::parse_file(&text).map_err(|e| {
        let at = e.span().start();
        Error::new(format!(
            "{}:{}:{}: cannot parse: {}",
            path.display(),
            at.line,
            at.column + 1,
            e
        ))
    })
}

/// Inlines the modules among `items`, whose child module files live in `dir`; `file` is where
/// `items` came from, for messages.
fn inline_modules(items: &mut Vec<Item>, dir: &Path, file: &Path) -> Result<(), Error> {
    items.retain(|item| !matches!(item, Item::Mod(m) if is_cfg_test(&m.attrs)));
    for item in items.iter_mut() {
        if let Item::Mod(module) = item {
            inline_module(module, dir, file)?;
        }
    }
    Ok(())
}

fn inline_module(module: &mut ItemMod, dir: &Path, file: &Path) -> Result<(), Error> {
    let name = module.ident.to_string();
    if has_path_attribute(&module.attrs) {
        return Err(Error::new(format!(
            "{}: module `{}` uses #[path]; name module files by the usual convention instead",
            file.display(),
            name
        )));
    }
    let child_dir = dir.join(&name);
    match &mut module.content {
        Some((_, items)) => inline_modules(items, &child_dir, file),
        None => {
            let path = module_file(dir, &name).ok_or_else(|| {
                Error::new(format!(
                    "{}: no file for `mod {};` (looked for {} and {})",
                    file.display(),
                    name,
                    dir.join(format!("{}.rs", name)).display(),
                    child_dir.join("mod.rs").display()
                ))
            })?;
            let mut loaded = parse_file(&path)?;
            inline_modules(&mut loaded.items, &child_dir, &path)?;
            // The file's inner attributes (`#![...]`, `//!`) belong to the module.
            module
                .attrs
                .extend(loaded.attrs.into_iter().map(|mut attr| {
                    attr.style = syn::AttrStyle::Outer;
                    attr
                }));
            module.content = Some((Default::default(), loaded.items));
            module.semi = None;
            Ok(())
        }
    }
}

fn module_file(dir: &Path, name: &str) -> Option<PathBuf> {
    let flat = dir.join(format!("{}.rs", name));
    let nested = dir.join(name).join("mod.rs");
    if flat.is_file() {
        Some(flat)
    } else if nested.is_file() {
        Some(nested)
    } else {
        None
    }
}

fn has_path_attribute(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|attr| attr.path().is_ident("path"))
}
