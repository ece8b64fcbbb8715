//! Removing what a submission does not need: test-only code and documentation.

use syn::visit_mut::{self, VisitMut};
use syn::{Attribute, ImplItem, Item, Meta, TraitItem};

/// Whether `attrs` hold `#[cfg(test)]` or `#[test]`.
pub fn is_cfg_test(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|attr| {
        if attr.path().is_ident("test") {
            return true;
        }
        match &attr.meta {
            Meta::List(list) if list.path.is_ident("cfg") => {
                list.tokens.to_string().trim() == "test"
            }
            _ => false,
        }
    })
}

/// Removes every test-only item (at any depth, impl and trait items included) and every doc
/// comment from `file`.
pub fn strip_tests_and_docs(file: &mut syn::File) {
    file.attrs.retain(|attr| !is_doc(attr));
    Stripper.visit_file_mut(file);
}

fn is_doc(attr: &Attribute) -> bool {
    attr.path().is_ident("doc")
}

struct Stripper;

fn is_test_item(item: &mut Item) -> bool {
    item_attrs(item).is_some_and(|attrs| is_cfg_test(attrs))
}

impl VisitMut for Stripper {
    fn visit_file_mut(&mut self, file: &mut syn::File) {
        file.items.retain_mut(|item| !is_test_item(item));
        visit_mut::visit_file_mut(self, file);
    }

    fn visit_item_mut(&mut self, item: &mut Item) {
        if let Some(attrs) = item_attrs(item) {
            attrs.retain(|attr| !is_doc(attr));
        }
        match item {
            Item::Mod(module) => {
                if let Some((_, items)) = &mut module.content {
                    items.retain_mut(|item| !is_test_item(item));
                }
            }
            Item::Impl(block) => block.items.retain_mut(|item| !impl_item_is_test(item)),
            Item::Trait(block) => block.items.retain_mut(|item| !trait_item_is_test(item)),
            _ => {}
        }
        visit_mut::visit_item_mut(self, item);
    }

    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        block.stmts.retain_mut(|stmt| match stmt {
            syn::Stmt::Item(item) => !is_test_item(item),
            _ => true,
        });
        visit_mut::visit_block_mut(self, block);
    }

    fn visit_impl_item_mut(&mut self, item: &mut ImplItem) {
        if let Some(attrs) = impl_item_attrs(item) {
            attrs.retain(|attr| !is_doc(attr));
        }
        visit_mut::visit_impl_item_mut(self, item);
    }

    fn visit_trait_item_mut(&mut self, item: &mut TraitItem) {
        if let Some(attrs) = trait_item_attrs(item) {
            attrs.retain(|attr| !is_doc(attr));
        }
        visit_mut::visit_trait_item_mut(self, item);
    }

    fn visit_field_mut(&mut self, field: &mut syn::Field) {
        field.attrs.retain(|attr| !is_doc(attr));
        visit_mut::visit_field_mut(self, field);
    }

    fn visit_variant_mut(&mut self, variant: &mut syn::Variant) {
        variant.attrs.retain(|attr| !is_doc(attr));
        visit_mut::visit_variant_mut(self, variant);
    }
}

/// The attributes of an item, for the kinds that have them.
pub fn item_attrs(item: &mut Item) -> Option<&mut Vec<Attribute>> {
    Some(match item {
        Item::Const(i) => &mut i.attrs,
        Item::Enum(i) => &mut i.attrs,
        Item::ExternCrate(i) => &mut i.attrs,
        Item::Fn(i) => &mut i.attrs,
        Item::ForeignMod(i) => &mut i.attrs,
        Item::Impl(i) => &mut i.attrs,
        Item::Macro(i) => &mut i.attrs,
        Item::Mod(i) => &mut i.attrs,
        Item::Static(i) => &mut i.attrs,
        Item::Struct(i) => &mut i.attrs,
        Item::Trait(i) => &mut i.attrs,
        Item::TraitAlias(i) => &mut i.attrs,
        Item::Type(i) => &mut i.attrs,
        Item::Union(i) => &mut i.attrs,
        Item::Use(i) => &mut i.attrs,
        _ => return None,
    })
}

fn impl_item_attrs(item: &mut ImplItem) -> Option<&mut Vec<Attribute>> {
    Some(match item {
        ImplItem::Const(i) => &mut i.attrs,
        ImplItem::Fn(i) => &mut i.attrs,
        ImplItem::Type(i) => &mut i.attrs,
        ImplItem::Macro(i) => &mut i.attrs,
        _ => return None,
    })
}

fn impl_item_is_test(item: &mut ImplItem) -> bool {
    impl_item_attrs(item).is_some_and(|attrs| is_cfg_test(attrs))
}

fn trait_item_attrs(item: &mut TraitItem) -> Option<&mut Vec<Attribute>> {
    Some(match item {
        TraitItem::Const(i) => &mut i.attrs,
        TraitItem::Fn(i) => &mut i.attrs,
        TraitItem::Type(i) => &mut i.attrs,
        TraitItem::Macro(i) => &mut i.attrs,
        _ => return None,
    })
}

fn trait_item_is_test(item: &mut TraitItem) -> bool {
    trait_item_attrs(item).is_some_and(|attrs| is_cfg_test(attrs))
}
