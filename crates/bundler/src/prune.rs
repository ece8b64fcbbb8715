//! Keeping only the library items a binary can reach.
//!
//! Reachability goes by name: a public item is kept when its name occurs in the binary (but for
//! the names of the binary's own items where it only uses them bare, see [`binary_roots`]) or in
//! an item already kept; a private item (which only its module and the modules inside it can see)
//! when its name occurs in a kept item of that part of the tree. That over-approximates (two
//! visible items sharing a name are kept together) but never drops anything a kept item needs, as
//! long as the library names items in its own code (no names built by macros from pieces).

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use syn::{ImplItem, Item, Type, UseTree, Visibility};

/// Names mentioned so far.
pub type Names = BTreeSet<String>;

/// Adds every identifier in `tokens`, at any depth, to `names` (raw identifiers without `r#`).
pub fn collect_identifiers(tokens: TokenStream, names: &mut Names) {
    for tree in tokens {
        match tree {
            TokenTree::Ident(ident) => {
                let text = ident.to_string();
                names.insert(text.strip_prefix("r#").unwrap_or(&text).to_string());
            }
            TokenTree::Group(group) => collect_identifiers(group.stream(), names),
            TokenTree::Punct(_) | TokenTree::Literal(_) => {}
        }
    }
}

/// The names the binary `file` may reach the library by: every identifier in it but the names
/// of its own top-level items where it only ever uses them bare (never after `.` or next to
/// `::`, and not as a macro's name). A bare use of such a name is the binary's own item, which
/// shadows any the library has (a binary helper named like a library function must not keep
/// that function); a method call, a field or a path may still be the library's.
pub fn binary_roots(file: &syn::File) -> Names {
    let mut names = Names::new();
    collect_identifiers(file.to_token_stream(), &mut names);
    let mut qualified = Names::new();
    collect_qualified(file.to_token_stream(), &mut qualified);
    for own in file.items.iter().filter_map(item_name) {
        if !qualified.contains(&own) {
            names.remove(&own);
        }
    }
    names
}

/// Adds to `names` every identifier in `tokens` that follows `.`, or stands next to `::` or
/// before `!`.
fn collect_qualified(tokens: TokenStream, names: &mut Names) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let is_punct = |at: Option<&TokenTree>, ch: char| matches!(at, Some(TokenTree::Punct(punct)) if punct.as_char() == ch);
    for (k, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Ident(ident) => {
                let before = k.checked_sub(1).and_then(|j| trees.get(j));
                let after = trees.get(k + 1);
                if is_punct(before, '.')
                    || is_punct(before, ':')
                    || is_punct(after, ':')
                    || is_punct(after, '!')
                {
                    let text = ident.to_string();
                    names.insert(text.strip_prefix("r#").unwrap_or(&text).to_string());
                }
            }
            TokenTree::Group(group) => collect_qualified(group.stream(), names),
            TokenTree::Punct(_) | TokenTree::Literal(_) => {}
        }
    }
}

fn identifiers_of(node: &impl ToTokens) -> Names {
    let mut names = Names::new();
    collect_identifiers(node.to_token_stream(), &mut names);
    names
}

/// The visibility of an item, for the kinds that have one (`None`: visible wherever named).
fn item_visibility(item: &Item) -> Option<&Visibility> {
    match item {
        Item::Const(i) => Some(&i.vis),
        Item::Enum(i) => Some(&i.vis),
        Item::Fn(i) => Some(&i.vis),
        Item::Static(i) => Some(&i.vis),
        Item::Struct(i) => Some(&i.vis),
        Item::Trait(i) => Some(&i.vis),
        Item::TraitAlias(i) => Some(&i.vis),
        Item::Type(i) => Some(&i.vis),
        Item::Union(i) => Some(&i.vis),
        _ => None,
    }
}

/// The module whose items alone can see an item declared in `module` with `visibility` (private,
/// `pub(self)`, `pub(super)` or `pub(in crate::...)`); `None` where the whole library can.
fn seen_from(module: &[String], visibility: Option<&Visibility>) -> Option<ModulePath> {
    let restricted = match visibility {
        Some(Visibility::Inherited) => return Some(module.to_vec()),
        Some(Visibility::Restricted(restricted)) => restricted,
        _ => return None,
    };
    let segments: Vec<String> = restricted
        .path
        .segments
        .iter()
        .map(|segment| segment.ident.to_string())
        .collect();
    match segments.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["self"] => Some(module.to_vec()),
        ["super"] => module.split_last().map(|(_, parent)| parent.to_vec()),
        ["crate", ref inner @ ..] if !inner.is_empty() => {
            Some(inner.iter().map(|s| s.to_string()).collect())
        }
        _ => None,
    }
}

fn impl_item_visibility(item: &ImplItem) -> Option<&Visibility> {
    match item {
        ImplItem::Const(i) => Some(&i.vis),
        ImplItem::Fn(i) => Some(&i.vis),
        ImplItem::Type(i) => Some(&i.vis),
        _ => None,
    }
}

/// The name an item defines, if it defines one by name.
pub(crate) fn item_name(item: &Item) -> Option<String> {
    let ident = match item {
        Item::Const(i) => &i.ident,
        Item::Enum(i) => &i.ident,
        Item::Fn(i) => &i.sig.ident,
        Item::Static(i) => &i.ident,
        Item::Struct(i) => &i.ident,
        Item::Trait(i) => &i.ident,
        Item::TraitAlias(i) => &i.ident,
        Item::Type(i) => &i.ident,
        Item::Union(i) => &i.ident,
        Item::Macro(i) => i.ident.as_ref()?,
        _ => return None,
    };
    Some(ident.to_string())
}

/// The name an associated item defines, if it defines one by name.
pub(crate) fn impl_item_name(item: &ImplItem) -> Option<String> {
    match item {
        ImplItem::Const(i) => Some(i.ident.to_string()),
        ImplItem::Fn(i) => Some(i.sig.ident.to_string()),
        ImplItem::Type(i) => Some(i.ident.to_string()),
        _ => None,
    }
}

/// The last identifier of a path type (`Grid` for `crate::grid::Grid<'a>`), looking through
/// references.
fn type_name(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(path) => path.path.segments.last().map(|s| s.ident.to_string()),
        Type::Reference(reference) => type_name(&reference.elem),
        _ => None,
    }
}

fn traits_defined(items: &[Item], traits: &mut Names) {
    for item in items {
        match item {
            Item::Trait(t) => {
                traits.insert(t.ident.to_string());
            }
            Item::Mod(m) => {
                if let Some((_, items)) = &m.content {
                    traits_defined(items, traits);
                }
            }
            _ => {}
        }
    }
}

/// Records where each struct, enum, union and type alias among `items` of `module` (and the
/// modules inside it) can be seen.
fn types_declared(
    module: &mut ModulePath,
    items: &[Item],
    types: &mut BTreeMap<String, Vec<Option<ModulePath>>>,
) {
    for item in items {
        match item {
            Item::Struct(_) | Item::Enum(_) | Item::Union(_) | Item::Type(_) => {
                if let Some(name) = item_name(item) {
                    let scope = seen_from(module, item_visibility(item));
                    types.entry(name).or_default().push(scope);
                }
            }
            Item::Mod(m) => {
                if let Some((_, inner)) = &m.content {
                    module.push(m.ident.to_string());
                    types_declared(module, inner, types);
                    module.pop();
                }
            }
            _ => {}
        }
    }
}

/// A module's place in the library: the names of the modules leading to it.
type ModulePath = Vec<String>;

/// What decides whether items stay.
struct Reach {
    /// Names mentioned by the binary or by any kept item.
    everywhere: Names,
    /// Names mentioned by the kept items of each module.
    by_module: BTreeMap<ModulePath, Names>,
    /// Traits the library defines: kept whole, with their imports, since calling a trait's
    /// methods does not name the trait.
    own_traits: Names,
    /// For each type the library declares, where each declaration of that name can be seen
    /// (see [`seen_from`]): its impl blocks stay with it.
    types: BTreeMap<String, Vec<Option<ModulePath>>>,
}

impl Reach {
    /// Whether an item named `name`, declared with `visibility` in `module`, is mentioned where
    /// it can be seen.
    fn mentioned(&self, module: &[String], name: &str, visibility: Option<&Visibility>) -> bool {
        self.mentioned_within(seen_from(module, visibility).as_deref(), name)
    }

    /// Whether `name` is mentioned by the binary or a kept item in `scope` (the whole library
    /// for `None`).
    fn mentioned_within(&self, scope: Option<&[String]>, name: &str) -> bool {
        match scope {
            Some(scope) => self
                .by_module
                .iter()
                .any(|(path, names)| path.starts_with(scope) && names.contains(name)),
            None => self.everywhere.contains(name),
        }
    }

    fn add(&mut self, module: &[String], found: Names) {
        self.everywhere.extend(found.iter().cloned());
        self.by_module
            .entry(module.to_vec())
            .or_default()
            .extend(found);
    }

    fn size(&self) -> usize {
        self.everywhere.len() + self.by_module.values().map(BTreeSet::len).sum::<usize>()
    }

    fn keeps_item(&self, module: &[String], item: &Item) -> bool {
        match item {
            Item::Impl(block) => self.keeps_impl(module, block),
            // A trait may be used through its methods alone, which name it nowhere.
            Item::Mod(_) | Item::Use(_) | Item::Trait(_) => true,
            // An anonymous item (such as a macro call) stays.
            _ => item_name(item)
                .is_none_or(|name| self.mentioned(module, &name, item_visibility(item))),
        }
    }

    /// An impl block in `module` stays with its type: with the declaration of that name the
    /// module can see, where that declaration can be seen (trait impls whole, as traits always
    /// stay).
    fn keeps_impl(&self, module: &[String], block: &syn::ItemImpl) -> bool {
        let name = match type_name(&block.self_ty) {
            Some(name) => name,
            None => return true,
        };
        match self.types.get(&name) {
            Some(scopes) => scopes
                .iter()
                .filter(|scope| scope.as_ref().is_none_or(|s| module.starts_with(s)))
                .any(|scope| self.mentioned_within(scope.as_deref(), &name)),
            None => self.everywhere.contains(&name),
        }
    }

    fn keeps_impl_item(&self, module: &[String], block: &syn::ItemImpl, item: &ImplItem) -> bool {
        block.trait_.is_some()
            || impl_item_name(item)
                .is_none_or(|name| self.mentioned(module, &name, impl_item_visibility(item)))
    }

    /// Adds the names mentioned by every kept item among `items` of `module`.
    fn grow(&mut self, module: &mut ModulePath, items: &[Item]) {
        for item in items {
            if !self.keeps_item(module, item) {
                continue;
            }
            match item {
                Item::Mod(m) => {
                    if let Some((_, items)) = &m.content {
                        module.push(m.ident.to_string());
                        self.grow(module, items);
                        module.pop();
                    }
                }
                Item::Use(_) => {}
                Item::Impl(block) => {
                    let mut found = identifiers_of(&block.self_ty);
                    found.extend(identifiers_of(&block.generics));
                    if let Some((_, path, _)) = &block.trait_ {
                        found.extend(identifiers_of(path));
                    }
                    for inner in &block.items {
                        if self.keeps_impl_item(module, block, inner) {
                            found.extend(identifiers_of(inner));
                        }
                    }
                    self.add(module, found);
                }
                _ => {
                    let found = identifiers_of(item);
                    self.add(module, found);
                }
            }
        }
    }

    /// Drops every item not kept, and modules left with nothing but imports.
    fn cut(&self, module: &mut ModulePath, items: &mut Vec<Item>) {
        items.retain(|item| self.keeps_item(module, item));
        for item in items.iter_mut() {
            match item {
                Item::Mod(m) => {
                    if let Some((_, inner)) = &mut m.content {
                        module.push(m.ident.to_string());
                        self.cut(module, inner);
                        module.pop();
                    }
                }
                Item::Impl(block) => {
                    let kept: Vec<ImplItem> = block
                        .items
                        .iter()
                        .filter(|inner| self.keeps_impl_item(module, block, inner))
                        .cloned()
                        .collect();
                    block.items = kept;
                }
                _ => {}
            }
        }
        prune_imports(items, &self.everywhere, &self.own_traits);
        items.retain(|item| match item {
            Item::Mod(m) => m
                .content
                .as_ref()
                .is_none_or(|(_, inner)| inner.iter().any(|i| !matches!(i, Item::Use(_)))),
            _ => true,
        });
    }
}

/// Removes from `items` every item of the library that no name reachable from `roots` (the
/// binary's identifiers) leads to, at any depth, and the imports nothing kept uses.
pub fn prune(items: &mut Vec<Item>, roots: Names) {
    let mut own_traits = Names::new();
    traits_defined(items, &mut own_traits);
    let mut types = BTreeMap::new();
    types_declared(&mut Vec::new(), items, &mut types);
    let mut reach = Reach {
        everywhere: roots,
        by_module: BTreeMap::new(),
        own_traits,
        types,
    };
    loop {
        let before = reach.size();
        reach.grow(&mut Vec::new(), items);
        if reach.size() == before {
            break;
        }
    }
    reach.cut(&mut Vec::new(), items);
}

/// Traits of the standard library a module may import only to call their methods, with those
/// methods (and the macros that call them).
const STD_TRAIT_METHODS: [(&str, &[&str]); 9] = [
    (
        "Read",
        &[
            "read",
            "read_to_end",
            "read_to_string",
            "read_exact",
            "bytes",
            "take",
            "chain",
        ],
    ),
    (
        "BufRead",
        &[
            "lines",
            "read_line",
            "read_until",
            "split",
            "fill_buf",
            "consume",
        ],
    ),
    (
        "Write",
        &[
            "write",
            "writeln",
            "write_all",
            "write_fmt",
            "write_str",
            "write_char",
            "flush",
        ],
    ),
    ("Seek", &["seek", "rewind", "stream_position"]),
    ("FromStr", &["from_str"]),
    ("FromIterator", &["from_iter"]),
    ("TryFrom", &["try_from"]),
    ("TryInto", &["try_into"]),
    (
        "Hasher",
        &[
            "finish",
            "write_u8",
            "write_u16",
            "write_u32",
            "write_u64",
            "write_usize",
        ],
    ),
];

/// Whether an import of `name` (bound as `bound`, `_` for a trait imported only for its
/// methods) is still needed where `used` are the names mentioned. `public` imports are re-exports
/// and judged by `reachable` instead; traits the library defines are always kept.
struct ImportUse<'a> {
    used: &'a Names,
    reachable: &'a Names,
    own_traits: &'a Names,
    public: bool,
}

impl ImportUse<'_> {
    fn needs(&self, name: &str, bound: &str) -> bool {
        if self.own_traits.contains(name) {
            return true;
        }
        if self.public {
            return self.reachable.contains(bound);
        }
        if bound != "_" && self.used.contains(bound) {
            return true;
        }
        match STD_TRAIT_METHODS.iter().find(|(t, _)| *t == name) {
            Some((_, methods)) => methods.iter().any(|m| self.used.contains(*m)),
            None => false,
        }
    }
}

/// Drops the imported names that no item of this module (or below) mentions.
fn prune_imports(items: &mut Vec<Item>, reachable: &Names, own_traits: &Names) {
    let mut used = Names::new();
    for item in items.iter() {
        match item {
            Item::Use(_) => {}
            // A module's own name is no use of an import that shares it; what the module holds
            // may be (through `super::`).
            Item::Mod(module) => {
                for inner in module.content.iter().flat_map(|(_, inner)| inner) {
                    collect_identifiers(inner.to_token_stream(), &mut used);
                }
            }
            _ => collect_identifiers(item.to_token_stream(), &mut used),
        }
    }
    items.retain_mut(|item| match item {
        Item::Use(import) => {
            let judge = ImportUse {
                used: &used,
                reachable,
                own_traits,
                public: !matches!(import.vis, Visibility::Inherited),
            };
            retain_use_tree(&mut import.tree, None, &judge)
        }
        _ => true,
    });
}

/// Keeps the leaves of `tree` that `judge` finds needed; whether anything is left. `parent` is
/// the last path segment above `tree` (the name `self` binds).
fn retain_use_tree(tree: &mut UseTree, parent: Option<&str>, judge: &ImportUse) -> bool {
    match tree {
        UseTree::Path(path) => {
            let ident = path.ident.to_string();
            retain_use_tree(&mut path.tree, Some(&ident), judge)
        }
        UseTree::Name(name) => {
            let ident = name.ident.to_string();
            let ident = if ident == "self" {
                parent.unwrap_or("self").to_string()
            } else {
                ident
            };
            judge.needs(&ident, &ident)
        }
        UseTree::Rename(rename) => {
            judge.needs(&rename.ident.to_string(), &rename.rename.to_string())
        }
        UseTree::Glob(_) => true,
        UseTree::Group(group) => {
            let kept: Vec<UseTree> = group
                .items
                .iter()
                .cloned()
                .filter_map(|mut inner| {
                    if retain_use_tree(&mut inner, parent, judge) {
                        Some(inner)
                    } else {
                        None
                    }
                })
                .collect();
            group.items = kept.into_iter().collect();
            !group.items.is_empty()
        }
    }
}
